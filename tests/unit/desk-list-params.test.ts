// The orders desk's list URL (app/routes/$lang/admin/orders/+shared/list-params.ts): a GET form's query, kept shareable.
import { describe, expect, test } from 'vitest'
import { deskSearch, hasFilters, parseDeskFilters } from '#app/routes/$lang/admin/orders/+shared/list-params.ts'

const parse = (query: string) => parseDeskFilters(new URLSearchParams(query))

describe('parseDeskFilters', () => {
  test('reads the filters and the page, trimming and dropping empty fields (as a GET form sends them)', () => {
    expect(parse('q=+%2B998+90+123+45+67+&status=3&payment_method=&delivery=courier&region=1726&page=2')).toEqual({
      q: '+998 90 123 45 67',
      status: '3',
      delivery: 'courier',
      region: '1726',
      page: 2,
    })
  })

  test.each(['0', '-1', '1.5', 'abc', '100000'])('page=%s reads as page 1', (page) => {
    expect(parse(`page=${page}`).page).toBe(1)
  })

  test('ignores parameters that are no filter and cuts overlong values', () => {
    const filters = parse(`sort=total&q=${'x'.repeat(300)}`)
    expect(filters).not.toHaveProperty('sort')
    expect(filters.q).toHaveLength(100)
  })
})

describe('deskSearch', () => {
  const filters = parse('q=Gulnoza&status=4&created_from=2026-11-01&page=3')

  test('keeps every filter in a fixed order; a change of filter goes back to page 1', () => {
    expect(deskSearch(filters)).toBe('?q=Gulnoza&status=4&created_from=2026-11-01')
    expect(deskSearch(filters, { status: '5' })).toBe('?q=Gulnoza&status=5&created_from=2026-11-01')
  })

  test('a page link keeps the filters', () => {
    expect(deskSearch(filters, { page: 4 })).toBe('?q=Gulnoza&status=4&created_from=2026-11-01&page=4')
  })

  test('the "all" tab drops the status; no filters give an empty query', () => {
    expect(deskSearch(filters, { status: undefined })).toBe('?q=Gulnoza&created_from=2026-11-01')
    expect(deskSearch(parse(''))).toBe('')
  })

  test('round-trips: the query it writes reads back as the same filters', () => {
    const next = deskSearch(filters, { page: 2 })
    expect(parse(next.slice(1))).toEqual({ ...filters, page: 2 })
  })
})

test('hasFilters ignores the status tab', () => {
  expect(hasFilters(parse('status=3'))).toBe(false)
  expect(hasFilters(parse('status=3&region=1726'))).toBe(true)
})
