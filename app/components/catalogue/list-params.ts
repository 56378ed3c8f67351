import type { TFunction } from 'i18next'
import { parseAmount } from '#app/utils/amount-input.ts'
import { type ListingSizes, listingSizes } from '#contract/product-lines.ts'

// The query of a product list page (/products, a category, a manufacturer) as
// the shopper's URL says it, and the API query it becomes. Both the loaders and
// the components (filter form, page links) read it, so it is browser-safe.

export const audiences = ['women', 'men', 'unisex'] as const
export type Audience = (typeof audiences)[number]

/** Orderings offered in the sort menu; relevance (no ordering) only with a search. */
export const sortOptions = ['-created_at', 'popularity', 'price', '-price', '-rating'] as const
export type SortOption = (typeof sortOptions)[number]

/** What is wrong with the price fields: one of them is not an amount, or "from" is above "to". */
export type PriceError = 'from' | 'to' | 'range'

export type ListFilters = {
  search: string
  sections: string[]
  brand: string[]
  audience: Audience[]
  priceFrom: number | null
  priceTo: number | null
  /** The price fields as typed (trimmed), shown back with `priceError`. */
  priceText: { from: string; to: string }
  /** A price range that cannot be applied; the list is then not narrowed by price. */
  priceError: PriceError | null
  inStock: boolean
  sale: boolean
  recommended: boolean
  /** A line's sizes as one card or a card each, as the shopper chose; null: as the shop lists them. */
  sizes: ListingSizes | null
  ordering: SortOption | null
  page: number
}

const slug = /^[a-z0-9][a-z0-9-]{0,99}$/
const maxItems = 30

/** `a,b` or repeated `brand=a&brand=b`: valid slugs, each once. */
function slugs(params: URLSearchParams, name: string): string[] {
  const all = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toLowerCase())
  return [...new Set(all.filter((value) => slug.test(value)))].slice(0, maxItems)
}

const yes = (value: string | null) => value === '1' || value === 'true' || value === 'on'

/**
 * Reads the list query leniently: what cannot be understood is left out. The
 * price fields are the exception: the shopper typed them, so a wrong amount or
 * range is reported (`priceError`) with the text kept, and not applied.
 */
export function parseListParams(params: URLSearchParams): ListFilters {
  const ordering = params.get('ordering')
  const page = Number(params.get('page') ?? '1')
  const priceText = {
    from: (params.get('price_from') ?? '').trim().slice(0, 30),
    to: (params.get('price_to') ?? '').trim().slice(0, 30),
  }
  const from = parseAmount(priceText.from)
  const to = parseAmount(priceText.to)
  const priceError: PriceError | null =
    from === 'invalid' ? 'from' : to === 'invalid' ? 'to' : from !== null && to !== null && from > to ? 'range' : null
  const priceFrom = priceError || from === 'invalid' ? null : from
  const priceTo = priceError || to === 'invalid' ? null : to
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    sections: slugs(params, 'sections'),
    brand: slugs(params, 'brand'),
    audience: [...new Set(params.getAll('audience').flatMap((v) => v.split(',')))].filter((v): v is Audience =>
      (audiences as readonly string[]).includes(v),
    ),
    priceFrom,
    priceTo,
    priceText,
    priceError,
    inStock: yes(params.get('in_stock')),
    sale: yes(params.get('sale')),
    recommended: yes(params.get('recommended')),
    sizes: (listingSizes as readonly string[]).includes(params.get('sizes') ?? '')
      ? (params.get('sizes') as ListingSizes)
      : null,
    ordering: (sortOptions as readonly string[]).includes(ordering ?? '') ? (ordering as SortOption) : null,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  }
}

/** What the list fixes beyond the shopper's query: a category page's section, a manufacturer. */
export type FixedFilters = { sections?: string[]; manufacturer?: string }

export const pageSize = 12

/** The products/ query for the API. */
export function apiListQuery(filters: ListFilters, fixed: FixedFilters = {}, size = pageSize) {
  const sections = fixed.sections ?? filters.sections
  return {
    search: filters.search || undefined,
    sections: sections.length ? sections.join(',') : undefined,
    manufacturer: fixed.manufacturer,
    brand: filters.brand.length ? filters.brand.join(',') : undefined,
    audience: filters.audience.length ? filters.audience.join(',') : undefined,
    price__gte: filters.priceFrom ?? undefined,
    price__lte: filters.priceTo ?? undefined,
    in_stock: filters.inStock ? 'true' : undefined,
    sale_price__isnull: filters.sale ? 'false' : undefined,
    is_recommendation: filters.recommended ? 'true' : undefined,
    sizes: filters.sizes ?? undefined,
    ordering: filters.ordering ?? undefined,
    page: filters.page,
    size,
  }
}

/** The shopper-facing query for these filters; `page` 1 is left out. */
export function listSearch(filters: ListFilters, changes: Partial<ListFilters> = {}): string {
  const f = { ...filters, ...changes }
  const params = new URLSearchParams()
  if (f.search) params.set('search', f.search)
  if (f.sections.length) params.set('sections', f.sections.join(','))
  if (f.brand.length) params.set('brand', f.brand.join(','))
  if (f.audience.length) params.set('audience', f.audience.join(','))
  // A wrong range goes on as typed, so the page shows it back with its error.
  if (f.priceFrom !== null) params.set('price_from', String(f.priceFrom))
  else if (f.priceError && f.priceText.from) params.set('price_from', f.priceText.from)
  if (f.priceTo !== null) params.set('price_to', String(f.priceTo))
  else if (f.priceError && f.priceText.to) params.set('price_to', f.priceText.to)
  if (f.inStock) params.set('in_stock', '1')
  if (f.sale) params.set('sale', '1')
  if (f.recommended) params.set('recommended', '1')
  if (f.sizes) params.set('sizes', f.sizes)
  if (f.ordering) params.set('ordering', f.ordering)
  if (f.page > 1) params.set('page', String(f.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** The list with no filter chosen: the search and the sections (unless the page fixes them) stay. */
export function listReset(filters: ListFilters, basePath: string, fixedSections?: boolean) {
  const none = parseListParams(new URLSearchParams())
  return `${basePath}${listSearch({ ...none, search: filters.search, sections: fixedSections ? [] : filters.sections })}`
}

/** Filters that narrow the list (not the search, sections, ordering or page). */
export function hasNarrowingFilters(f: ListFilters): boolean {
  return Boolean(
    f.brand.length ||
      f.audience.length ||
      f.priceFrom !== null ||
      f.priceTo !== null ||
      f.inStock ||
      f.sale ||
      f.recommended,
  )
}

/**
 * Where the filter sheet asks how many products these filters find (app/routes/$lang/list-count.ts): the
 * list's query with what the page fixes (a category's section, a manufacturer).
 */
export function countPath(lang: string, filters: ListFilters, fixed: FixedFilters): string {
  const query = listSearch({ ...filters, sections: fixed.sections ?? filters.sections, ordering: null, page: 1 })
  const maker = fixed.manufacturer ? `manufacturer=${encodeURIComponent(fixed.manufacturer)}` : ''
  return `/${lang}/list-count${query}${maker ? `${query ? '&' : '?'}${maker}` : ''}`
}

/** One chosen filter as the list shows it: a chip whose link is the list without it. */
export type ChosenFilter = { key: string; label: string; href: string }

/**
 * The filters the shopper chose (not the search, the sections, the order or the page), each worded and with
 * the list without it. Their number is what the "Filters" button shows.
 */
export function chosenFilters(
  filters: ListFilters,
  basePath: string,
  words: {
    t: TFunction<'catalogue'>
    brand: (slug: string) => string
    money: (amount: number) => string
  },
): ChosenFilter[] {
  const { t, brand, money } = words
  const chip = (key: string, label: string, off: Partial<ListFilters>) => ({
    key,
    label,
    href: `${basePath}${listSearch(filters, { ...off, page: 1 })}`,
  })
  const { inStock, sale, audience, brand: brands, priceFrom, priceTo } = filters
  return [
    ...(inStock ? [chip('in_stock', t('filters.in_stock'), { inStock: false })] : []),
    ...(sale ? [chip('sale', t('filters.sale'), { sale: false })] : []),
    ...audience.map((a) => chip(`a-${a}`, t(`audience.${a}`), { audience: audience.filter((x) => x !== a) })),
    ...brands.map((b) => chip(`b-${b}`, brand(b), { brand: brands.filter((x) => x !== b) })),
    ...(priceFrom === null
      ? []
      : [chip('from', t('filters.chip_from', { amount: money(priceFrom) }), { priceFrom: null })]),
    ...(priceTo === null ? [] : [chip('to', t('filters.chip_to', { amount: money(priceTo) }), { priceTo: null })]),
  ]
}
