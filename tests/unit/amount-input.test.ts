import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { listSearch, parseListParams } from '#app/components/catalogue/list-params.ts'
import { maskAmount, maxAmount, parseAmount, showAmount, unmaskAmounts } from '#app/utils/amount-input.ts'

const nbsp = '\u00a0'

describe('parseAmount', () => {
  test.each([
    ['150000', 150_000],
    ['150 000', 150_000],
    [`150${nbsp}000`, 150_000],
    ['150\u202f000', 150_000],
    [' 1 ', 1],
    ['1 000 000 000', maxAmount],
  ])('%j is %d', (text, value) => {
    expect(parseAmount(text)).toBe(value)
  })

  test.each(['', '   '])('%j is no amount', (text) => {
    expect(parseAmount(text)).toBeNull()
  })

  test.each(['0', '000', '-5', '1,5', '1.5', 'abc', '12abc', '1 000 000 001', '99999999999', '1e6'])(
    '%j is not an amount from 1',
    (text) => {
      expect(parseAmount(text)).toBe('invalid')
    },
  )

  test('reads back what the field shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: maxAmount }), (value) => {
        expect(parseAmount(showAmount(value))).toBe(value)
      }),
    )
  })
})

describe('maskAmount', () => {
  test.each([
    ['1000', 4, `1${nbsp}000`, 5],
    ['100000', 6, `100${nbsp}000`, 7],
    ['1000a00', 7, `100${nbsp}000`, 7],
    ['0012', 4, '12', 2],
    ['0', 1, '', 0],
    ['', 0, '', 0],
    // A digit typed in the middle: the caret stays after it.
    [`15${nbsp}0000`, 4, `150${nbsp}000`, 3],
    // A digit deleted before a group space: the caret stays where it was in the digits.
    [`1${nbsp}00`, 1, '100', 1],
    ['12345678901234', 14, `1${nbsp}234${nbsp}567${nbsp}890`, 13],
  ])('%j with the caret at %d → %j, caret %d', (text, caret, masked, at) => {
    expect(maskAmount(text, caret)).toEqual({ text: masked, caret: at })
  })

  test('groups like the shop prints sums, and keeps the digits before the caret', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 14 }), fc.nat(14), (text, at) => {
        const caret = Math.min(at, text.length)
        const masked = maskAmount(text, caret)
        const digits = masked.text.replace(/\D/g, '')
        if (digits) expect(masked.text).toBe(showAmount(Number(digits)))
        expect(digits).not.toMatch(/^0/)
        const typed = text.slice(0, caret).replace(/\D/g, '').replace(/^0+/, '')
        expect(masked.text.slice(0, masked.caret).replace(/\D/g, '')).toBe(typed.slice(0, 10))
      }),
    )
  })
})

describe('price fields in the list query', () => {
  test('a reversed range is an error, not applied, and kept as typed', () => {
    const f = parseListParams(new URLSearchParams('price_from=500+000&price_to=100000&brand=dior'))
    expect(f).toMatchObject({
      priceFrom: null,
      priceTo: null,
      priceText: { from: '500 000', to: '100000' },
      priceError: 'range',
    })
    // The page links keep what was typed, so the error comes back with them.
    expect(new URLSearchParams(listSearch(f)).get('price_from')).toBe('500 000')
  })

  test.each([
    ['price_from=0', 'from'],
    ['price_from=abc&price_to=5', 'from'],
    ['price_from=5&price_to=-1', 'to'],
  ])('%s: %s is wrong', (query, side) => {
    const f = parseListParams(new URLSearchParams(query))
    expect(f.priceError).toBe(side)
    expect([f.priceFrom, f.priceTo]).toEqual([null, null])
  })

  test('a good range becomes plain digits in the URL', () => {
    const f = parseListParams(new URLSearchParams('price_from=100+000&price_to=100+000'))
    expect(f).toMatchObject({ priceFrom: 100_000, priceTo: 100_000, priceError: null })
    expect(listSearch(f)).toBe('?price_from=100000&price_to=100000')
  })
})

describe('a back-office form with amount fields', () => {
  test('reads a grouped sum as digits (any space), and leaves anything else for the schema to refuse', () => {
    const form = new FormData()
    form.set('price', '1\u00a0250 000')
    form.set('sale_price', '12 abc')
    form.set('title', 'Sauvage 100 ml')
    unmaskAmounts(form, ['price', 'sale_price', 'missing'])
    expect([form.get('price'), form.get('sale_price'), form.get('title'), form.get('missing')]).toEqual([
      '1250000',
      '12 abc',
      'Sauvage 100 ml',
      null,
    ])
  })
})
