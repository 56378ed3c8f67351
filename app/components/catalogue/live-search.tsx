import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import type { HighlightRange, ImageLinks } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { Highlighted } from './highlight.tsx'
import type { ProductCardView } from './views.ts'

// SPEC §9 "Header search": debounce 500 ms, 10 a page, list at most 280 px
// high (catalogue.css), 200 ms closing animation.
export const debounceMs = 500
export const closeMs = 200
export const minQuery = 2

export type Suggestion = {
  slug: string
  title: string
  highlight: HighlightRange[]
  image: Pick<ImageLinks, 'extra_small' | 'small'> | null
  price: number
  salePrice: number | null
  /** A fragrance listed once: its lowest price and its volumes (views.ts). */
  line: ProductCardView['line'] | null
}
export type SuggestPage = { query: string; page: number; totalPages: number; total: number; results: Suggestion[] }

type State = {
  query: string
  results: Suggestion[]
  page: number
  totalPages: number
  total: number
  loading: boolean
}
const empty: State = { query: '', results: [], page: 0, totalPages: 0, total: 0, loading: false }

/**
 * The suggestions for a query, a page at a time (a newer request cancels the one on its way): the state,
 * its setter, `load` (true once a first page is in) and `abort`.
 */
function useSuggestions(lang: Lang) {
  const [state, setState] = useState<State>(empty)
  const request = useRef<AbortController | null>(null)
  const load = useCallback(
    async (query: string, page: number) => {
      request.current?.abort()
      const controller = new AbortController()
      request.current = controller
      setState((s) => ({ ...s, loading: true }))
      try {
        const response = await fetch(`/${lang}/search-suggest?q=${encodeURIComponent(query)}&page=${page}`, {
          signal: controller.signal,
          headers: { Accept: 'application/json' },
        })
        if (!response.ok) throw new Error(`search-suggest ${response.status}`)
        const found = (await response.json()) as SuggestPage
        setState((s) => ({
          query,
          results: page === 1 ? found.results : [...s.results, ...found.results],
          page: found.page,
          totalPages: found.totalPages,
          total: found.total,
          loading: false,
        }))
        return page === 1
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setState((s) => ({ ...s, loading: false }))
        return false
      }
    },
    [lang],
  )
  const abort = useCallback(() => request.current?.abort(), [])
  useEffect(() => abort, [abort])
  return [state, setState, load, abort] as const
}

/** The popup's phase (`closing`: the 200 ms of its closing animation), `show` and `hide`. */
function usePopupPhase() {
  const [phase, setPhase] = useState<'closed' | 'open' | 'closing'>('closed')
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const show = useCallback(() => {
    clearTimeout(closeTimer.current)
    setPhase('open')
  }, [])
  const hide = useCallback(() => {
    setPhase((p) => {
      if (p !== 'open') return p
      clearTimeout(closeTimer.current)
      closeTimer.current = setTimeout(() => setPhase('closed'), closeMs)
      return 'closing'
    })
  }, [])
  useEffect(() => () => clearTimeout(closeTimer.current), [])
  return [phase, show, hide] as const
}

/**
 * The header search as an ARIA 1.2 combobox with a listbox popup: typing
 * suggests products (through the storefront's /{lang}/search-suggest, never
 * the API directly), arrows move through them, Enter on one opens it, Enter
 * otherwise submits the form to the product list, Escape closes.
 */
export function useLiveSearch(lang: Lang) {
  const navigate = useNavigate()
  const listboxId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [state, setState, load, abort] = useSuggestions(lang)
  const [phase, show, hide] = usePopupPhase()
  const [active, setActive] = useState(-1)
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(typing.current), [])

  const close = useCallback(() => {
    setActive(-1)
    hide()
  }, [hide])
  const expanded = phase === 'open' && state.results.length > 0
  const optionId = useCallback((index: number) => `${listboxId}-option-${index}`, [listboxId])
  const open = (index: number) => {
    const item = state.results[index]
    if (!item) return
    close()
    navigate(`/${lang}/products/${item.slug}`)
  }
  const loadMore = () => {
    if (!state.loading && state.page < state.totalPages) load(state.query, state.page + 1)
  }

  // Typed text waits 500 ms of quiet before it is looked up (SPEC §9); text typed before the page came alive,
  // replayed by the page (an event the browser did not make, app/utils/early-input.ts), is looked up at once.
  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const query = event.target.value.trim()
    clearTimeout(typing.current)
    if (query.length < minQuery) {
      abort()
      setState(empty)
      close()
      return
    }
    const lookUp = async () => {
      if (!(await load(query, 1))) return
      show()
      setActive(-1)
    }
    typing.current = setTimeout(lookUp, event.nativeEvent.isTrusted ? debounceMs : 0)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = state.results.length
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return
        event.preventDefault()
        if (phase !== 'open') {
          show()
          setActive(0)
        } else setActive((a) => Math.min(a + 1, count - 1))
        if (active >= count - 3) loadMore()
        return
      case 'ArrowUp':
        if (!expanded) return
        event.preventDefault()
        setActive((a) => (a <= 0 ? -1 : a - 1))
        return
      case 'Enter':
        if (expanded && active >= 0) {
          event.preventDefault()
          open(active)
        } else {
          // The form submits to the product list; a suggestion still on its way is not wanted.
          clearTimeout(typing.current)
          abort()
          close()
        }
        return
      case 'Escape':
        // A search input clears itself on Escape; only do that when nothing is open.
        if (phase === 'open') {
          event.preventDefault()
          close()
        }
        return
    }
  }

  const input = {
    ref: inputRef,
    role: 'combobox',
    'aria-expanded': expanded,
    'aria-controls': listboxId,
    'aria-autocomplete': 'list',
    'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
    onChange,
    onKeyDown,
    onBlur: close,
    onFocus: () => {
      if (state.query && state.query === inputRef.current?.value.trim()) show()
    },
  } as const

  return { input, inputRef, listboxId, optionId, state, phase, active, setActive, open, close, loadMore }
}

type PopupProps = ReturnType<typeof useLiveSearch> & { lang: Lang }

/** The product list's address for this search: what submitting the form (Enter) opens. */
export const searchHref = (lang: Lang, query: string) => `/${lang}/products?${new URLSearchParams({ search: query })}`

/**
 * The popup under the box: how many products match, the listbox of
 * suggestions (or 'nothing found') and a link to all of them; a live count
 * for screen readers.
 */
export function LiveSearchPopup({
  listboxId,
  optionId,
  state,
  phase,
  active,
  setActive,
  open,
  close,
  loadMore,
  lang,
}: PopupProps) {
  const { t } = useTranslation('catalogue')
  const popup = useRef<HTMLDivElement>(null)
  const sentinel = useRef<HTMLDivElement>(null)
  const visible = phase !== 'closed'

  // More results when the end of the list scrolls into view.
  useEndInView(popup, sentinel, visible && state.page < state.totalPages, loadMore)

  useInSight(active >= 0 ? optionId(active) : null)

  const status =
    phase === 'open' && state.query
      ? state.total
        ? t('search.found', { count: state.total })
        : t('search.not_found', { query: state.query })
      : ''
  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keeps the focus in the combobox while an option is clicked. */}
      <div
        className="live-search__popup"
        ref={popup}
        data-state={phase}
        hidden={!visible}
        onMouseDown={(event) => event.preventDefault()}
      >
        {/* The live status below says the same to screen readers. */}
        {visible && state.total > 0 ? (
          <p className="live-search__count" aria-hidden="true">
            {t('search.found', { count: state.total })}
          </p>
        ) : null}
        <div id={listboxId} role="listbox" aria-label={t('search.results')} className="live-search__list">
          {visible
            ? state.results.map((item, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard (aria-activedescendant).
                <div
                  key={item.slug}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  className="live-search__option"
                  onMouseMove={() => index !== active && setActive(index)}
                  onClick={() => open(index)}
                >
                  {item.image ? (
                    <img
                      src={item.image.extra_small}
                      srcSet={`${item.image.extra_small} 64w, ${item.image.small} 240w`}
                      sizes="40px"
                      width={40}
                      height={40}
                      alt=""
                      loading="lazy"
                    />
                  ) : (
                    <span className="live-search__noimage" />
                  )}
                  <OptionText item={item} lang={lang} />
                </div>
              ))
            : null}
        </div>
        {visible && state.query && state.total === 0 && !state.loading ? (
          <p className="live-search__empty">{t('search.not_found', { query: state.query })}</p>
        ) : null}
        <div ref={sentinel} className="live-search__end">
          {state.loading && state.page > 0 ? t('search.loading') : null}
        </div>
        {visible && state.total > 0 ? (
          // Out of the tab order: leaving the box closes the popup, and Enter in the box opens the same list.
          <Link className="live-search__all" to={searchHref(lang, state.query)} tabIndex={-1} onClick={close}>
            {t('search.all', { count: state.total })}
          </Link>
        ) : null}
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {status}
      </div>
    </>
  )
}

/** An option's words: the title with what matched, the price (a line's "from …"), a line's sizes. */
function OptionText({ item, lang }: { item: PopupProps['state']['results'][number]; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  return (
    <span className="live-search__text">
      <span className="live-search__title">
        <Highlighted text={item.title} ranges={item.highlight} />
      </span>
      <span className="live-search__price">
        {item.line && !item.line.named
          ? t('line.from', { price: formatMoney(item.line.priceFrom, lang) })
          : formatMoney(item.salePrice ?? item.price, lang)}
      </span>
      {item.line ? (
        // Inside an option, so text rather than links: the option opens the product, whose page offers them.
        <span className="live-search__sizes">
          {item.line.chips.map((chip) => (
            <span
              key={chip.volume}
              className={chip.current ? 'live-search__size live-search__size--current' : 'live-search__size'}
            >
              {chip.volume} {t(`unit.${chip.unit}`)}
            </span>
          ))}
        </span>
      ) : null}
    </span>
  )
}

/** `onEnd` whenever `end` scrolls into view inside `root` (a little before it), while `watching`. */
function useEndInView(
  root: React.RefObject<HTMLElement | null>,
  end: React.RefObject<HTMLElement | null>,
  watching: boolean,
  onEnd: () => void,
) {
  useEffect(() => {
    if (!watching || !root.current || !end.current) return
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onEnd(), {
      root: root.current,
      rootMargin: '0px 0px 60px 0px',
    })
    observer.observe(end.current)
    return () => observer.disconnect()
  }, [root, end, watching, onEnd])
}

/** Keeps the element with `id` (the active option) scrolled into sight. */
function useInSight(id: string | null) {
  useEffect(() => {
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'nearest' })
  }, [id])
}
