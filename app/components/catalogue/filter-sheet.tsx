import { type ReactNode, useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon } from '../icon.tsx'
import { lockScroll } from '../scroll-lock.ts'

/**
 * The filters on a phone: a bottom sheet on a modal <dialog> (the page behind
 * is inert, Escape and the backdrop close it). Loaded when first opened, so the
 * list page does not carry it; without JavaScript the filters have their own page.
 */
export default function FilterSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation('catalogue')
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.showModal()
    const unlock = lockScroll()
    return () => {
      unlock()
      dialog.close()
      if (opener?.isConnected) opener.focus({ preventScroll: true })
    }
  }, [])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (cancel); the click is the backdrop's.
    <dialog
      ref={ref}
      className="filter-sheet"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCloseRef.current()
      }}
      onClick={(event) => {
        // A click on the dialog itself, not its contents, is on the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current()
      }}
    >
      <div className="filter-sheet__box">
        <div className="filter-sheet__head">
          <h2 id={titleId}>{t('filters.title')}</h2>
          <button type="button" className="filter-sheet__close" aria-label={t('filters.close')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  )
}
