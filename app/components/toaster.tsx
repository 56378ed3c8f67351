import { useEffect, useRef, useSyncExternalStore } from 'react'
import { type Toast, toast, useToaster } from 'react-hot-toast'
import { useTranslation } from 'react-i18next'
import { Icon } from './icon.tsx'
import '#app/styles/account.css'

export type ToastType = 'success' | 'error' | 'info'
/** A toast as the server sends it (flash cookie, action data): `id` makes it show once. */
export type ToastMessage = { id: string; type: ToastType; message: string }

/** SPEC §9: 5000 ms, at most 3 at once, newest on top, top-right. */
const DURATION = 5000
const MAX_VISIBLE = 3
// A drag further than this (px) sideways dismisses the toast.
const SWIPE_DISMISS = 80

/** Shows a toast from the browser (with JavaScript). A repeated `id` shows once. */
export function showToast(type: ToastType, message: string, id?: string) {
  const options = { id, duration: DURATION, removeDelay: 250 }
  if (type === 'success') return toast.success(message, options)
  if (type === 'error') return toast.error(message, options)
  return toast(message, options)
}

const subscribeNothing = () => () => {}
/** False during the server render and hydration, true once the page runs JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  )
}

/**
 * The toasts of the page. Server-rendered, the flash messages sit in a status
 * region (role="status") that works without JavaScript: a close link hides
 * one (CSS :target) and they fade after 5 s unless hovered. Once hydrated the
 * same region is driven by react-hot-toast: close on click, pause on hover,
 * on focus inside and while the window is in the background, swipe sideways
 * to dismiss (react-hot-toast has no dragging; a few pointer events do it).
 */
export function Toaster({ toasts: flashed }: { toasts: ToastMessage[] }) {
  const { t } = useTranslation('account')
  const hydrated = useHydrated()
  const { toasts, handlers } = useToaster({ duration: DURATION })
  const { startPause, endPause } = handlers

  // Hand server flashes to react-hot-toast once per id.
  const shown = useRef(new Set<string>())
  useEffect(() => {
    for (const item of flashed) {
      if (shown.current.has(item.id)) continue
      shown.current.add(item.id)
      showToast(item.type, item.message, item.id)
    }
  }, [flashed])

  // At most three: the oldest visible ones leave first (the list is newest first).
  useEffect(() => {
    for (const old of toasts.filter((item) => item.visible).slice(MAX_VISIBLE)) toast.dismiss(old.id)
  }, [toasts])

  // Pause while the window is in the background (focus loss).
  useEffect(() => {
    const pause = () => startPause()
    const resume = () => endPause()
    window.addEventListener('blur', pause)
    window.addEventListener('focus', resume)
    return () => {
      window.removeEventListener('blur', pause)
      window.removeEventListener('focus', resume)
    }
  }, [startPause, endPause])

  return (
    <section
      className="toaster"
      aria-label={t('toast.region')}
      onMouseEnter={hydrated ? startPause : undefined}
      onMouseLeave={hydrated ? endPause : undefined}
      onFocus={hydrated ? startPause : undefined}
      onBlur={hydrated ? endPause : undefined}
    >
      {/* One live region for both renders, so screen readers announce what is added to it. */}
      <div role="status" aria-live="polite">
        <ol className="toaster__list">
          {hydrated
            ? toasts
                .filter((item) => item.visible || item.dismissed)
                .slice(0, MAX_VISIBLE + 2)
                .map((item) => <LiveToast key={item.id} item={item} closeLabel={t('toast.close')} />)
            : flashed.map((item) => (
                <li key={item.id} id={`toast-${item.id}`} className={`toast toast--${item.type} toast--static`}>
                  <ToastIcon type={item.type} />
                  <span className="toast__message">{item.message}</span>
                  <a className="toast__close" href={`#toast-${item.id}`} aria-label={t('toast.close')}>
                    <Icon name="close" size={16} />
                  </a>
                </li>
              ))}
        </ol>
      </div>
    </section>
  )
}

function ToastIcon({ type }: { type: ToastType | Toast['type'] }) {
  const kind = type === 'success' ? 'success' : type === 'error' ? 'error' : 'info'
  return <span className={`toast__icon toast__icon--${kind}`} aria-hidden="true" />
}

function LiveToast({ item, closeLabel }: { item: Toast; closeLabel: string }) {
  const ref = useRef<HTMLLIElement>(null)
  const drag = useRef<{ x: number; dx: number; moved: boolean } | null>(null)
  const dragged = useRef(false)
  const dismiss = () => toast.dismiss(item.id)
  const setOffset = (dx: number) => {
    const el = ref.current
    if (!el) return
    el.style.transform = dx ? `translateX(${dx}px)` : ''
    el.style.opacity = dx ? String(Math.max(0.2, 1 - Math.abs(dx) / (SWIPE_DISMISS * 2))) : ''
  }
  const message = typeof item.message === 'function' ? item.message(item) : item.message
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the close button inside is the keyboard way; a click anywhere is a pointer shortcut (SPEC §9 "close on click").
    <li
      ref={ref}
      className={`toast toast--${item.type === 'blank' ? 'info' : item.type}${item.visible ? '' : ' toast--leaving'}`}
      onPointerDown={(event) => {
        if (event.button !== 0) return
        drag.current = { x: event.clientX, dx: 0, moved: false }
        event.currentTarget.setPointerCapture?.(event.pointerId)
      }}
      onPointerMove={(event) => {
        const state = drag.current
        if (!state) return
        state.dx = event.clientX - state.x
        if (Math.abs(state.dx) > 4) state.moved = true
        if (state.moved) setOffset(state.dx)
      }}
      onPointerUp={() => {
        const state = drag.current
        drag.current = null
        if (!state?.moved) return
        dragged.current = true
        if (Math.abs(state.dx) >= SWIPE_DISMISS) dismiss()
        else setOffset(0)
      }}
      onPointerCancel={() => {
        drag.current = null
        setOffset(0)
      }}
      onClick={() => {
        // A drag ends with a click too; only a real click closes.
        if (dragged.current) {
          dragged.current = false
          return
        }
        dismiss()
      }}
    >
      <ToastIcon type={item.type} />
      <span className="toast__message">{message}</span>
      <button type="button" className="toast__close" aria-label={closeLabel}>
        <Icon name="close" size={16} />
      </button>
    </li>
  )
}
