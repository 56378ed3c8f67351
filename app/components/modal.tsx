import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from './icon.tsx'
import { lockScroll } from './scroll-lock.ts'

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export type ModalProps = {
  open: boolean
  /** Escape, the close icon and (where allowed) the backdrop ask to close; the owner sets `open`. */
  onClose: () => void
  /** The visible title, also the dialog's accessible name. */
  title: ReactNode
  /** Hides the title visually (it still names the dialog). */
  hideTitle?: boolean
  /** 782 px instead of 400 px (SPEC §9). */
  wide?: boolean
  /** A backdrop click closes; otherwise it shakes the dialog for 500 ms. */
  closeOnBackdrop?: boolean
  className?: string
  children: ReactNode
}

/**
 * The shop's one modal, on the native <dialog> (showModal: the page behind is
 * inert, Escape works, the top layer is handled by the browser). Adds what the
 * shop wants on top: focus kept inside and returned to the opener, the page
 * scroll locked, the backdrop click that closes or shakes. It opens only with
 * JavaScript; every flow behind a modal also exists as a page.
 */
export function Modal({
  open,
  onClose,
  title,
  hideTitle,
  wide,
  closeOnBackdrop = false,
  className,
  children,
}: ModalProps) {
  const { t } = useTranslation('account')
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const [shaking, setShaking] = useState(false)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const pressedOnBackdrop = useRef(false)

  useShownModal(ref, open)

  useEffect(() => {
    if (!shaking) return
    const timer = setTimeout(() => setShaking(false), 500)
    return () => clearTimeout(timer)
  }, [shaking])

  return (
    <dialog
      ref={ref}
      className={['modal', wide ? 'modal--wide' : '', shaking ? 'modal--shake' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the owner decides (it sets `open`), so React state and the dialog never disagree.
        event.preventDefault()
        onCloseRef.current()
      }}
      onClose={() => {
        // Closed by the browser anyway (e.g. a second Escape): tell the owner.
        if (open) onCloseRef.current()
      }}
      onKeyDown={(event) => keepFocusInside(ref.current, event)}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = onBackdrop(ref.current, event)
      }}
      onClick={(event) => {
        if (!pressedOnBackdrop.current || !onBackdrop(ref.current, event)) return
        pressedOnBackdrop.current = false
        if (closeOnBackdrop) onCloseRef.current()
        else setShaking(true)
      }}
    >
      {open ? (
        <div className="modal__box">
          <div className={hideTitle ? 'modal__header modal__header--bare' : 'modal__header'}>
            <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label={t('modal.close')} onClick={() => onClose()}>
              <Icon name="close" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  )
}

/** While `open`: the dialog shown modal with the focus in it and the page's scroll locked; then the focus back. */
function useShownModal(ref: React.RefObject<HTMLDialogElement | null>, open: boolean) {
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    // showModal focuses the first control, the close icon; start at the content instead.
    const start =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      [...dialog.querySelectorAll<HTMLElement>(focusable)].find((el) => !el.classList.contains('modal__close'))
    start?.focus()
    const unlock = lockScroll()
    return () => {
      unlock()
      if (dialog.open) dialog.close()
      // Back to the control that opened it, if it is still on the page.
      if (opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [ref, open])
}

/** Tab and Shift+Tab go round the dialog's visible controls, never out of it. */
function keepFocusInside(dialog: HTMLDialogElement | null, event: React.KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return
  const items = [...(dialog?.querySelectorAll<HTMLElement>(focusable) ?? [])].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  )
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) return
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

/** Whether a press on the dialog element itself fell outside its box: on the backdrop. */
function onBackdrop(dialog: HTMLDialogElement | null, event: React.MouseEvent | React.PointerEvent) {
  if (!dialog || event.target !== dialog) return false
  const box = dialog.getBoundingClientRect()
  const { clientX: x, clientY: y } = event
  return x < box.left || x > box.right || y < box.top || y > box.bottom
}
