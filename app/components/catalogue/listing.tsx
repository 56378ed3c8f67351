import type { TFunction } from 'i18next'
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useFetcher, useNavigate, useSearchParams } from 'react-router'
import type { ListingView, ProductCardView, SearchHelp } from '#app/components/catalogue/views.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { Icon } from '../icon.tsx'
import { CategoryTiles } from './category-tiles.tsx'
import { Filters, formParams } from './filters.tsx'
import {
  type ChosenFilter,
  chosenFilters,
  countPath,
  type ListFilters,
  listReset,
  listSearch,
  parseListParams,
  type SortOption,
  sortOptions,
} from './list-params.ts'
import { Pagination } from './pagination.tsx'
import { ProductGrid } from './product-card.tsx'
import { HomeSection } from './section.tsx'

type Props = {
  listing: ListingView
  lang: Lang
  /** The page's path: page links and the filter form go here. */
  basePath: string
  /** Sections fixed by the page (a category); not part of the form. */
  fixedSections?: boolean
  /** The heading above the grid, for the screen reader's list of headings. */
  label: string
}

const FilterSheet = lazy(() => import('./filter-sheet.tsx'))

/**
 * A product list with filters, sorting, page links and, with JavaScript, "show more". Phones without
 * JavaScript get the filters on their own page (`?filters=1`), which is also where a wrong price range
 * comes back (the side panel is folded away there).
 */
export function ProductListing({ listing, lang, basePath, fixedSections, label }: Props) {
  const { t } = useTranslation('catalogue')
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const formId = useId()
  const { filters } = listing
  const [searchParams] = useSearchParams()
  const filtersPage = searchParams.get('filters') === '1' || filters.priceError !== null
  const [sheet, setSheet] = useState(false)
  const [more, fetcher] = useMorePages(listing)
  const href = (page: number) => `${basePath}${listSearch(filters, { page })}`
  const apply = (form: HTMLFormElement) => {
    const query = parseListParams(formParams(form))
    if (fixedSections) query.sections = []
    navigate(`${basePath}${listSearch(query)}`, { preventScrollReset: true })
  }
  const shown = listing.products.length + more.products.length
  const lastPage = more.page
  const listHref = `${basePath}${listSearch(filters, { priceError: null, priceText: { from: '', to: '' } })}`
  const query = listSearch(filters)
  const filtersHref = `${basePath}${query}${query ? '&' : '?'}filters=1`
  const chosen = chosenOf(listing, basePath, lang, t)
  return (
    <div className={filtersPage ? 'listing listing--filters-page' : 'listing'}>
      <div className="filters">
        <div className="filters__page-head">
          <h2>{t('filters.title')}</h2>
          <Link to={listHref} className="filters__close" aria-label={t('filters.close')}>
            <Icon name="close" />
          </Link>
        </div>
        <Filters
          id={formId}
          listing={listing}
          lang={lang}
          basePath={basePath}
          fixedSections={fixedSections}
          onApply={hydrated ? apply : undefined}
          autoApply={!filtersPage}
        />
      </div>
      {sheet ? (
        <PhoneSheet
          listing={listing}
          lang={lang}
          basePath={basePath}
          fixedSections={fixedSections}
          apply={apply}
          onClose={() => setSheet(false)}
        />
      ) : null}
      <section className="listing__main" aria-label={label}>
        <p className="listing__filters-open">
          <a
            href={filtersHref}
            className="button button--outline"
            aria-haspopup={hydrated ? 'dialog' : undefined}
            onClick={(event) => {
              if (!hydrated) return
              event.preventDefault()
              setSheet(true)
            }}
          >
            <span>{t('filters.title')}</span>{' '}
            {chosen.length ? (
              <span className="listing__filters-count">
                <span className="visually-hidden">{t('filters.chosen', { count: chosen.length })}</span>
                <span aria-hidden="true">{chosen.length}</span>
              </span>
            ) : null}
          </a>
        </p>
        {chosen.length ? <ChosenFilters chosen={chosen} reset={listReset(filters, basePath, fixedSections)} /> : null}
        <div className="listing__toolbar">
          <p className="listing__count" role="status">
            {t('list.count', { count: listing.total })}
          </p>
          {listing.total > 0 ? <SortSelect formId={formId} filters={filters} hydrated={hydrated} /> : null}
        </div>
        {listing.total === 0 ? (
          <>
            <EmptyState filters={filters} basePath={basePath} fixedSections={fixedSections} help={listing.searchHelp} />
            {listing.searchHelp ? <SearchHelpLists help={listing.searchHelp} lang={lang} /> : null}
          </>
        ) : (
          <ProductGrid products={[...listing.products, ...more.products]} lang={lang} level={2} eagerCount={4} />
        )}
        {hydrated && lastPage < listing.totalPages ? (
          <ShowMore
            busy={fetcher.state !== 'idle'}
            onMore={() => fetcher.load(href(lastPage + 1))}
            shown={more.products.length ? t('list.shown', { shown, total: listing.total }) : ''}
          />
        ) : null}
        <Pagination page={lastPage} totalPages={listing.totalPages} href={href} />
      </section>
    </div>
  )
}

function SortSelect({ formId, filters, hydrated }: { formId: string; filters: ListFilters; hydrated: boolean }) {
  const { t } = useTranslation('catalogue')
  const selectId = useId()
  return (
    <div className="sort">
      <label htmlFor={selectId}>{t('sort.label')}</label>
      <select
        id={selectId}
        name="ordering"
        form={formId}
        defaultValue={filters.ordering ?? ''}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        <option value="">{filters.search ? t('sort.relevance') : t('sort.newest')}</option>
        {sortOptions
          .filter((o) => filters.search || o !== '-created_at')
          .map((option) => (
            <option key={option} value={option}>
              {t(`sort.${sortKey[option]}`)}
            </option>
          ))}
      </select>
      {hydrated ? null : (
        <button type="submit" form={formId} className="button button--small">
          {t('sort.apply')}
        </button>
      )}
    </div>
  )
}

const sortKey = {
  '-created_at': 'newest',
  popularity: 'popular',
  price: 'price_asc',
  '-price': 'price_desc',
  '-rating': 'rating',
} as const satisfies Record<SortOption, string>

/** The chosen filters above the list, each a link to the list without it; all of them at once from two on. */
function ChosenFilters({ chosen, reset }: { chosen: ChosenFilter[]; reset: string }) {
  const { t } = useTranslation('catalogue')
  return (
    <ul className="chosen-filters" aria-label={t('filters.chosen_label')}>
      {chosen.map((filter) => (
        <li key={filter.key}>
          <Link
            to={filter.href}
            className="chosen-filters__chip"
            preventScrollReset
            aria-label={t('filters.remove', { name: filter.label })}
          >
            <span>{filter.label}</span>
            <Icon name="close" size={14} />
          </Link>
        </li>
      ))}
      {chosen.length > 1 ? (
        <li>
          <Link to={reset} className="chosen-filters__reset" preventScrollReset>
            {t('filters.reset')}
          </Link>
        </li>
      ) : null}
    </ul>
  )
}

function EmptyState({
  filters,
  basePath,
  fixedSections,
  help,
}: {
  filters: ListFilters
  basePath: string
  fixedSections?: boolean
  help?: SearchHelp
}) {
  const { t } = useTranslation('catalogue')
  const reset = listReset(filters, basePath, fixedSections)
  const filtered = reset !== `${basePath}${listSearch({ ...filters, page: 1 })}`
  return (
    <div className="empty-state">
      {filters.search ? (
        <>
          <h2>{t('list.empty_search', { query: filters.search })}</h2>
          {help?.spellings.length || help?.brands.length ? (
            <>
              <p>{t('list.near_matches')}</p>
              <ul className="near-matches">
                {[
                  ...help.spellings.map((s) => [`?search=${encodeURIComponent(s.query)}`, s.query, s.total] as const),
                  ...help.brands.map(
                    (b) => [`?brand=${b.slug}`, t('list.near_brand', { name: b.name }), null] as const,
                  ),
                ].map(([query, label, total]) => (
                  <li key={query}>
                    <Link to={`${basePath}${query}`} className="chosen-filters__chip">
                      {label} {total === null ? null : <span className="near-matches__count">{total}</span>}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('list.empty_search_hint')}</p>
          )}
        </>
      ) : (
        <>
          <h2>{t('list.empty')}</h2>
          <p>{t('list.empty_hint')}</p>
        </>
      )}
      {filtered ? (
        <Link className="button button--outline" to={reset}>
          {t('filters.reset')}
        </Link>
      ) : null}
    </div>
  )
}

/** Below a search that found nothing: the shop's popular products and categories. */
function SearchHelpLists({ help, lang }: { help: SearchHelp; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  return (
    <>
      <HomeSection title={t('list.popular')} className="search-help">
        <ProductGrid products={help.popular} lang={lang} level={3} anchorPrefix="popular" />
      </HomeSection>
      <HomeSection title={t('list.categories')} className="search-help">
        <CategoryTiles categories={help.categories} lang={lang} />
      </HomeSection>
    </>
  )
}

/** The filters in a bottom sheet (phones, with JavaScript): its button says how many products they would show. */
function PhoneSheet({
  listing,
  lang,
  basePath,
  fixedSections,
  apply,
  onClose,
}: Omit<Props, 'label'> & { apply: (form: HTMLFormElement) => void; onClose: () => void }) {
  const formId = useId()
  return (
    <Suspense fallback={null}>
      <FilterSheet
        onClose={onClose}
        count={{ total: listing.total, path: (shown) => countPath(lang, shown, listing.fixed) }}
      >
        {(live) => (
          <Filters
            id={formId}
            listing={listing}
            lang={lang}
            basePath={basePath}
            fixedSections={fixedSections}
            onApply={apply}
            brandSearch
            applyLabel={live.label}
            onFormChange={live.recount}
          />
        )}
      </FilterSheet>
    </Suspense>
  )
}

/** With JavaScript, "show more": each next page's products added below the ones shown. */
function useMorePages(listing: ListingView) {
  const [more, setMore] = useState<{ products: ProductCardView[]; page: number }>({ products: [], page: listing.page })
  const fetcher = useFetcher<{ listing: ListingView }>()
  const loaded = fetcher.data?.listing
  useEffect(() => {
    if (!loaded || loaded.page <= more.page) return
    setMore((m) => ({ products: [...m.products, ...loaded.products], page: loaded.page }))
  }, [loaded, more.page])
  return [more, fetcher] as const
}

/** The next page's products below these (with JavaScript), and a word for screen readers once they are there. */
function ShowMore({ busy, onMore, shown }: { busy: boolean; onMore: () => void; shown: string }) {
  const { t } = useTranslation('catalogue')
  return (
    <p className="listing__more">
      <button type="button" className="button button--outline" disabled={busy} onClick={onMore}>
        {busy ? t('list.loading') : t('list.show_more')}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {shown}
      </span>
    </p>
  )
}

/** The filters chosen, each a chip that takes it off (brands by name, sums as the shop prints them). */
function chosenOf(listing: ListingView, basePath: string, lang: Lang, t: TFunction<'catalogue'>) {
  const brandNames = new Map(listing.brandOptions.map((b) => [b.slug, b.name]))
  return chosenFilters(listing.filters, basePath, {
    t,
    brand: (slug) => brandNames.get(slug) ?? slug,
    money: (amount) => formatMoney(amount, lang),
  })
}
