/**
 * The product list's filters as they stand in the page's URL (a GET form). The
 * same names go to `GET admin/products/`, which validates them.
 */
export const filterNames = [
  'q',
  'brand',
  'category',
  'stock',
  'hidden',
  'no_picture',
  'missing_translation',
  'sort',
] as const
export type FilterName = (typeof filterNames)[number]
export type ProductFilters = Partial<Record<FilterName, string>> & { page: number }

const MAX_VALUE = 100

export function parseProductFilters(search: URLSearchParams): ProductFilters {
  const filters: ProductFilters = { page: 1 }
  for (const name of filterNames) {
    const value = search.get(name)?.trim().slice(0, MAX_VALUE)
    if (value) filters[name] = value
  }
  const page = Number(search.get('page'))
  if (Number.isInteger(page) && page > 1 && page < 100_000) filters.page = page
  return filters
}

/** `?q=…&stock=low` for these filters with `changes` applied; page 1 unless given. */
export function productSearch(filters: ProductFilters, changes: Partial<ProductFilters> = {}): string {
  const next: ProductFilters = { ...filters, page: 1, ...changes }
  const params = new URLSearchParams()
  for (const name of filterNames) {
    const value = next[name]
    if (value) params.set(name, value)
  }
  if (next.page > 1) params.set('page', String(next.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}
