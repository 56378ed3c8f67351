import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'
import { type Toast, toast, useToaster } from 'react-hot-toast'
import { Link, useLocation } from 'react-router'
import { Icon } from './icon.tsx'
import { DURATION, MAX_VISIBLE, ToastIcon, type ToastLink, type ToastMessage, type ToastType } from './toaster.tsx'

// The toasts once the page runs JavaScript, driven by react-hot-toast. Its own
// module: toaster.tsx downloads it when the first toast is shown.

// A drag further than this (px) sideways dismisses the toast.
const SWIPE_DISMISS = 80

// The links toasts offer, by toast id (react-hot-toast keeps only the message).
const links = new Map<string, ToastLink>()
// Toasts about what was done on the page on screen (a basket button's answer), which leave with it.
const ofThePage = new Set<string>()

export function showToast(type: ToastType, message: string, id?: string, link?: ToastLink, ofThisPage?: boolean) {
  const options = { id, duration: DURATION, removeDelay: 250 }
  const shown =
    type === 'success'
      ? toast.success(message, options)
      : type === 'error'
        ? toast.error(message, options)
        : toast(message, options)
  if (link) links.set(shown, link)
  else links.delete(shown)
  if (ofThisPage) ofThePage.add(shown)
}

export type PauseHandlers = { startPause(): void; endPause(): void }

/**
 * What a toast must not cover: a field, its label, a choice, the header's controls and what is marked
 * `data-keep-clear` (the totals, the pay bar); only what shows (not in a closed menu, not inert).
 */
const keepClear =
  'input:not([type="hidden"]), select, textarea, label, summary, [data-keep-clear], .site-header :is(a, button)'
const shows = (element: Element) => !element.closest('[inert]') && (element.checkVisibility?.() ?? true)

/** How much of what must stay clear the toasts cover where they are now (px²). */
function coveredArea(region: HTMLElement) {
  const box = region.getBoundingClientRect()
  let area = 0
  if (!box.height) return area
  for (const element of document.querySelectorAll(keepClear)) {
    if (region.contains(element) || !shows(element)) continue
    const r = element.getBoundingClientRect()
    const width = Math.min(r.right, box.right) - Math.max(r.left, box.left)
    const height = Math.min(r.bottom, box.bottom) - Math.max(r.top, box.top)
    if (width > 0 && height > 0) area += width * height
  }
  return area
}

/**
 * The toasts sit where the stylesheet puts them (account.css "Toasts": at the bottom on a phone, top right
 * on a wide screen) unless that covers a field, a choice or a total and the other end of the screen does
 * not (or covers less): on a phone under the header, on a wide screen bottom right.
 */
function placeToasts(region: HTMLElement) {
  delete region.dataset.place
  const first = region.getBoundingClientRect().top < innerHeight / 2 ? 'top' : 'bottom'
  let best = first
  let least = Number.POSITIVE_INFINITY
  for (const place of [first, first === 'top' ? 'bottom' : 'top']) {
    region.dataset.place = place
    const area = coveredArea(region)
    if (area < least) [best, least] = [place, area]
    if (!area) break
  }
  region.dataset.place = best
}

/**
 * The items of the toaster's list: close on click, pause on hover, on focus
 * inside and while the window is in the background, swipe sideways to dismiss
 * (react-hot-toast has no dragging; a few pointer events do it). The region
 * around them is toaster.tsx's, which calls `pause` on hover and focus.
 */
export default function LiveToasts({
  flashed,
  pause,
  region,
  closeLabel,
}: {
  flashed: ToastMessage[]
  pause: RefObject<PauseHandlers | null>
  region: RefObject<HTMLElement | null>
  closeLabel: string
}) {
  const { toasts, handlers } = useToaster({ duration: DURATION })
  const { startPause, endPause } = handlers
  const showing = toasts.filter((item) => item.visible).length

  // Placed before they are painted, and again when the page under them has moved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `toasts` changes what the region holds, and its size.
  useLayoutEffect(() => {
    if (region.current && showing) placeToasts(region.current)
  }, [toasts, showing, region])
  useEffect(() => {
    if (!showing) return
    const again = () => region.current && placeToasts(region.current)
    addEventListener('scrollend', again)
    addEventListener('resize', again)
    return () => {
      removeEventListener('scrollend', again)
      removeEventListener('resize', again)
    }
  }, [showing, region])

  useEffect(() => {
    pause.current = { startPause, endPause }
  }, [pause, startPause, endPause])

  // The next page starts without the toasts about this one ("added to the basket" over the basket's
  // total); those of a step that leads there (signed in, registered) come along.
  const { key } = useLocation()
  const page = useRef(key)
  useEffect(() => {
    if (page.current === key) return
    page.current = key
    for (const id of ofThePage) toast.dismiss(id)
    ofThePage.clear()
  }, [key])

  // Hand server flashes to react-hot-toast once per id.
  const shown = useRef(new Set<string>())
  useEffect(() => {
    for (const item of flashed) {
      if (shown.current.has(item.id)) continue
      shown.current.add(item.id)
      showToast(item.type, item.message, item.id, item.link)
    }
  }, [flashed])

  // At most three: the oldest visible ones leave first (the list is newest first).
  useEffect(() => {
    for (const old of toasts.filter((item) => item.visible).slice(MAX_VISIBLE)) toast.dismiss(old.id)
  }, [toasts])

  // Pause while the window is in the background (focus loss).
  useEffect(() => {
    const pauseAll = () => startPause()
    const resume = () => endPause()
    window.addEventListener('blur', pauseAll)
    window.addEventListener('focus', resume)
    return () => {
      window.removeEventListener('blur', pauseAll)
      window.removeEventListener('focus', resume)
    }
  }, [startPause, endPause])

  return toasts
    .filter((item) => item.visible || item.dismissed)
    .slice(0, MAX_VISIBLE + 2)
    .map((item) => <LiveToast key={item.id} item={item} closeLabel={closeLabel} />)
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
  const link = links.get(item.id)
  // Its link goes with it.
  useEffect(() => () => void links.delete(item.id), [item.id])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the close button inside is the keyboard way; a click anywhere is a pointer shortcut (SPEC §9 "close on click").
    <li
      ref={ref}
      className={`toast toast--${item.type === 'blank' ? 'info' : item.type}${item.visible ? '' : ' toast--leaving'}`}
      onPointerDown={(event) => {
        // A press on the toast's link is the link's: no drag (pointer capture would take its click).
        if (event.button !== 0 || (event.target as Element).closest('a')) return
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
      {link ? (
        <Link className="toast__link" to={link.href}>
          {link.label}
        </Link>
      ) : null}
      <button type="button" className="toast__close" aria-label={closeLabel}>
        <Icon name="close" size={16} />
      </button>
    </li>
  )
}
