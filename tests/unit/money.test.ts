import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { currencyWord, formatAmount, formatDate, formatMomentAfter, formatMoney, isoDate } from '#app/utils/money.ts'

const nbsp = '\u00a0'

describe('formatAmount', () => {
  test.each([
    [0, '0'],
    [5, '5'],
    [999, '999'],
    [1000, `1${nbsp}000`],
    [1_250_000, `1${nbsp}250${nbsp}000`],
    [2_424_000, `2${nbsp}424${nbsp}000`],
    [1234.6, `1${nbsp}235`],
    [-15000, `-15${nbsp}000`],
  ])('%s → %s (ru-RU grouping, zero decimals)', (amount, text) => {
    expect(formatAmount(amount)).toBe(text)
  })

  test.each([null, undefined, '', '   ', 'abc', Number.NaN, Number.POSITIVE_INFINITY])(
    'an empty amount (%s) shows 0,00',
    (amount) => {
      expect(formatAmount(amount as never)).toBe('0,00')
    },
  )

  test('decimals on request, with a comma', () => {
    expect(formatAmount(1234.5, { decimals: 2 })).toBe(`1${nbsp}234,50`)
    expect(formatAmount(0, { decimals: 2 })).toBe('0,00')
  })

  test('numeric strings are read as numbers', () => {
    expect(formatAmount('2500000')).toBe(`2${nbsp}500${nbsp}000`)
    expect(formatAmount('1 000')).toBe(`1${nbsp}000`)
    expect(formatAmount('12,5', { decimals: 1 })).toBe('12,5')
  })

  test('grouping never changes the digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (n) => {
        const text = formatAmount(n)
        expect(text.replaceAll(nbsp, '')).toBe(String(n))
        expect(text).toMatch(/^\d{1,3}(\u00a0\d{3})*$/)
      }),
    )
  })
})

describe('formatMoney', () => {
  test('the currency word is in the page language', () => {
    expect(formatMoney(1_250_000, 'ru')).toBe(`1${nbsp}250${nbsp}000${nbsp}сум`)
    expect(formatMoney(1_250_000, 'uz')).toBe(`1${nbsp}250${nbsp}000${nbsp}сўм`)
    expect(formatMoney(1_250_000, 'sr')).toBe(`1${nbsp}250${nbsp}000${nbsp}soʻm`)
  })

  test('Uzbek Latin uses the modifier letter turned comma (U+02BB)', () => {
    expect(currencyWord.sr).toBe('so\u02bbm')
  })

  test('an empty amount shows 0,00 with the currency', () => {
    expect(formatMoney(null, 'ru')).toBe(`0,00${nbsp}сум`)
  })
})

describe('dates', () => {
  test('ru-RU day.month.year in Tashkent time', () => {
    expect(formatDate('2026-10-02T00:00:00.000Z')).toBe('02.10.2026')
    // 20:30 UTC is already the next day in Tashkent (UTC+5).
    expect(formatDate('2026-12-31T20:30:00.000Z')).toBe('01.01.2027')
    expect(formatDate(new Date(Date.UTC(2025, 0, 5, 12)))).toBe('05.01.2025')
  })

  test('no date or a bad one gives an empty text', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate('')).toBe('')
    expect(formatDate('not a date')).toBe('')
  })

  test('a deadline: the time in Tashkent on the same day, the date too on a later one', () => {
    // 13:40 UTC is 18:40 in Tashkent.
    expect(formatMomentAfter('2026-10-02T13:40:00.000Z', '2026-10-02T12:40:00.000Z')).toBe('18:40')
    // 19:30 UTC is 00:30 of the next Tashkent day.
    expect(formatMomentAfter('2026-10-02T19:30:00.000Z', '2026-10-02T18:30:00.000Z')).toBe('03.10.2026 00:30')
    expect(formatMomentAfter('not a date', '2026-10-02T12:40:00.000Z')).toBe('')
  })

  test('isoDate for <time dateTime>', () => {
    expect(isoDate('2026-12-31T20:30:00.000Z')).toBe('2027-01-01')
  })
})
