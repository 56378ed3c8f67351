/**
 * A back-office list's filters as they stand in the page's URL (a GET form, so
 * a filtered list is a link one staff member can send another). The same
 * names go to the API, which validates them; the page only drops empty ones.
 */
export type ListFilters<Name extends string> = Partial<Record<Name, string>> & { page: number }

// Longer values are no search anybody typed: cut, the API refuses what is left if it is wrong.
const MAX_VALUE = 100

/** The parser and link builder of one list's filters. */
export function listParams<Name extends string>(names: readonly Name[]) {
  type Filters = ListFilters<Name>
  return {
    parse(search: URLSearchParams): Filters {
      const filters = { page: 1 } as Filters
      for (const name of names) {
        const value = search.get(name)?.trim().slice(0, MAX_VALUE)
        if (value) (filters as Record<Name, string>)[name] = value
      }
      const page = Number(search.get('page'))
      if (Number.isInteger(page) && page > 1 && page < 100_000) filters.page = page
      return filters
    },
    /** `?a=1&b=2` for these filters with `changes` applied; page 1 unless given. */
    search(filters: Filters, changes: Partial<Filters> = {}): string {
      const next = { ...filters, page: 1, ...changes } as Filters
      const params = new URLSearchParams()
      for (const name of names) {
        const value = (next as Partial<Record<Name, string>>)[name]
        if (value) params.set(name, value)
      }
      if (next.page > 1) params.set('page', String(next.page))
      const text = params.toString()
      return text ? `?${text}` : ''
    },
  }
}
