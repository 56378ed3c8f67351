import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useFetcher } from 'react-router'
import { Icon } from '../icon.tsx'
import { lockScroll } from '../scroll-lock.ts'
import { formParams } from './filters.tsx'
import { type ListFilters, parseListParams } from './list-params.ts'

/** Time after the last change before the sheet asks for the new count. */
const COUNT_DELAY_MS = 300

type Count = { total: number; path: (filters: ListFilters) => string }
/** What the sheet's filter form gets: its apply button's words, and what to call at every change. */
type Live = { label: string; recount: (form: HTMLFormElement) => void }

/**
 * The filters on a phone: a bottom sheet on a modal <dialog> (the page behind
 * is inert, Escape and the backdrop close it). Loaded when first opened, so the
 * list page does not carry it; without JavaScript the filters have their own page.
 * Its "Show" button says how many products it will show: the list's `total`
 * until a choice changes, then what `path` (app/routes/$lang/list-count.ts)
 * answers for the form.
 */
export default function FilterSheet({
  onClose,
  count,
  children,
}: {
  onClose: () => void
  count: Count
  children: (live: Live) => ReactNode
}) {
  const { t } = useTranslation('catalogue')
  const live = useLiveCount(count)
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
        {children(live)}
      </div>
    </dialog>
  )
}

/**
 * How many products the form's choices find, asked for a moment after each change (a fetcher, so an older
 * answer never overwrites a newer one); plain "Show" while the price fields cannot be read.
 */
function useLiveCount(count: Count): Live {
  const { t } = useTranslation('catalogue')
  const fetcher = useFetcher<{ total: number }>()
  const [readable, setReadable] = useState(true)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return {
    label: readable ? t('filters.apply_count', { count: fetcher.data?.total ?? count.total }) : t('filters.apply'),
    recount(form) {
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        const filters = parseListParams(formParams(form))
        setReadable(filters.priceError === null)
        if (filters.priceError === null) fetcher.load(count.path(filters))
      }, COUNT_DELAY_MS)
    },
  }
}
