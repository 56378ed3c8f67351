/**
 * The orders list's filters as they stand in the page's URL (a GET form, so a
 * filtered list is a link one manager can send another). The same names go to
 * `GET admin/orders/`, which validates them; the desk only drops empty ones.
 */
export const filterNames = [
  'q',
  'status',
  'payment_status',
  'payment_method',
  'delivery',
  'region',
  'created_from',
  'created_to',
] as const
export type FilterName = (typeof filterNames)[number]
export type DeskFilters = Partial<Record<FilterName, string>> & { page: number }

// Longer values are no search anybody typed: cut, the API refuses what is left if it is wrong.
const MAX_VALUE = 100

export function parseDeskFilters(search: URLSearchParams): DeskFilters {
  const filters: DeskFilters = { page: 1 }
  for (const name of filterNames) {
    const value = search.get(name)?.trim().slice(0, MAX_VALUE)
    if (value) filters[name] = value
  }
  const page = Number(search.get('page'))
  if (Number.isInteger(page) && page > 1 && page < 100_000) filters.page = page
  return filters
}

/** `?status=3&q=…` for these filters with `changes` applied; page 1 unless given. */
export function deskSearch(filters: DeskFilters, changes: Partial<DeskFilters> = {}): string {
  const next: DeskFilters = { ...filters, page: 1, ...changes }
  const params = new URLSearchParams()
  for (const name of filterNames) {
    const value = next[name]
    if (value) params.set(name, value)
  }
  if (next.page > 1) params.set('page', String(next.page))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** Whether any filter other than the status tab is set (the reset link shows then). */
export const hasFilters = (filters: DeskFilters) => filterNames.some((n) => n !== 'status' && filters[n])
