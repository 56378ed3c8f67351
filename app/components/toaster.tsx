import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { PersonalSlot, type PersonalText, usePersonalValue } from '#app/utils/personal.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { Icon } from './icon.tsx'
import type { PauseHandlers } from './live-toasts.tsx'

export { useHydrated }

export type ToastType = 'success' | 'error' | 'info'
/** Where a toast offers to go next ("to the basket"): a path of this shop and its words. */
export type ToastLink = { href: string; label: string }
/** A toast as the server sends it (flash cookie, action data): `id` makes it show once. */
export type ToastMessage = { id: string; type: ToastType; message: string; link?: ToastLink }

/** SPEC §9: 5000 ms, at most 3 at once, newest on top; top-right on wide screens, at the bottom on phones. */
export const DURATION = 5000
export const MAX_VISIBLE = 3

// react-hot-toast (with its styles runtime, 4 KB gzip) is downloaded with the
// first toast of a visit: most pages never show one.
const loadLive = () => import('./live-toasts.tsx')
const LiveToasts = lazy(loadLive)

let live = false
const liveListeners = new Set<() => void>()
function goLive() {
  if (live) return
  live = true
  for (const listener of liveListeners) listener()
}
const subscribeLive = (listener: () => void) => {
  liveListeners.add(listener)
  return () => liveListeners.delete(listener)
}

/** Asks for the toasts' code ahead of a toast that is coming (a form on its way); showToast says if it fails. */
export const prepareToasts = () => void loadLive().catch(() => {})

/**
 * Shows a toast from the browser (with JavaScript). A repeated `id` shows once. `ofThisPage`: it is about
 * what the shopper did on this page (a basket button), and leaves with the page.
 */
export function showToast(type: ToastType, message: string, id?: string, link?: ToastLink, ofThisPage?: boolean) {
  goLive()
  void loadLive().then((module) => module.showToast(type, message, id, link, ofThisPage))
}

/**
 * The toasts of the page (the shopper's own: a cached page gets them filled in). Server-rendered, the flash messages sit in a status
 * region (role="status") that works without JavaScript: a close link hides
 * one (CSS :target) and they fade after 5 s unless hovered. From the first
 * toast in the browser on, live-toasts.tsx fills the same region. Where they
 * sit and how several stack is the stylesheet's (account.css "Toasts").
 */
export function Toaster({ toasts }: { toasts: PersonalText<ToastMessage[]> }) {
  return (
    <PersonalSlot id="toasts" state={(value) => value(toasts)}>
      <ToastRegion toasts={toasts} />
    </PersonalSlot>
  )
}

function ToastRegion({ toasts }: { toasts: PersonalText<ToastMessage[]> }) {
  const flashed = usePersonalValue(toasts)
  const { t } = useTranslation('account')
  const hydrated = useHydrated()
  const isLive = useSyncExternalStore(
    subscribeLive,
    () => live,
    () => false,
  )
  const pause = useRef<PauseHandlers | null>(null)
  const region = useRef<HTMLElement>(null)

  useEffect(() => {
    if (flashed.length) goLive()
  }, [flashed])

  // Newest first, as react-hot-toast lists them: the newest is the one in front of the stack.
  const flashItems = [...flashed].reverse().map((item) => (
    <li key={item.id} id={`toast-${item.id}`} className={`toast toast--${item.type} toast--static`}>
      <ToastIcon type={item.type} />
      <span className="toast__message">{item.message}</span>
      {item.link ? (
        <a className="toast__link" href={item.link.href}>
          {item.link.label}
        </a>
      ) : null}
      <a className="toast__close" href={`#toast-${item.id}`} aria-label={t('toast.close')}>
        <Icon name="close" size={16} />
      </a>
    </li>
  ))

  return (
    <section
      ref={region}
      className="toaster"
      aria-label={t('toast.region')}
      onMouseEnter={hydrated ? () => pause.current?.startPause() : undefined}
      onMouseLeave={hydrated ? () => pause.current?.endPause() : undefined}
      onFocus={hydrated ? () => pause.current?.startPause() : undefined}
      onBlur={hydrated ? () => pause.current?.endPause() : undefined}
    >
      {/* One live region for both renders, so screen readers announce what is added to it. */}
      <div role="status" aria-live="polite">
        <ol className="toaster__list">
          {hydrated && isLive ? (
            // Until react-hot-toast arrives the flashes stay as the server showed them.
            <Suspense fallback={flashItems}>
              <LiveToasts flashed={flashed} pause={pause} region={region} closeLabel={t('toast.close')} />
            </Suspense>
          ) : (
            flashItems
          )}
        </ol>
      </div>
    </section>
  )
}

/** The coloured mark before a toast's text. */
export function ToastIcon({ type }: { type: ToastType | 'success' | 'error' | 'blank' | 'loading' | 'custom' }) {
  const kind = type === 'success' ? 'success' : type === 'error' ? 'error' : 'info'
  return <span className={`toast__icon toast__icon--${kind}`} aria-hidden="true" />
}
