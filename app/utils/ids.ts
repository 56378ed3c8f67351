import { data } from 'react-router'

const idPattern = /^\d{1,9}$/

/** A row id as a form or a URL carries it (1 to 9 digits), or null: larger ones are no row of ours. */
export function idOf(value: unknown): number | null {
  return typeof value === 'string' && idPattern.test(value) ? Number(value) : null
}

/** The id in a page's URL; one that is no number is the 404 page (the API is not asked). */
export function pageId(param: string | undefined): number {
  const id = idOf(param)
  if (id === null) throw data(null, { status: 404 })
  return id
}
