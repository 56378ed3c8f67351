import { parse } from 'csv-parse/sync'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { escapeFormula, formulaSafeCsv, unescapeFormula } from '#api/csv.ts'

describe('CSV cells spreadsheets would take for formulas', () => {
  test.each([
    ['=HYPERLINK("http://evil.example","n")', `'=HYPERLINK("http://evil.example","n")`],
    ['+998901234567', `'+998901234567`],
    ['-1+1', `'-1+1`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    // Already behind apostrophes: one more, so the import's one off gives it back.
    [`'=1+1`, `''=1+1`],
  ])('%j is written behind an apostrophe', (text, written) => {
    expect(escapeFormula(text)).toBe(written)
    expect(unescapeFormula(written)).toBe(text)
  })

  test.each(['Chanel № 5', "L'Eau d'Issey", "'quoted'", '100 ml', '', ' =not first'])(
    '%j is written as it is',
    (text) => {
      expect(escapeFormula(text)).toBe(text)
      expect(unescapeFormula(text)).toBe(text)
    },
  )

  test('any text comes back exactly after writing and reading', () => {
    const text = fc.oneof(fc.string(), fc.stringMatching(/^'*[=+\-@\t\r'].*$/))
    fc.assert(fc.property(text, (t) => unescapeFormula(escapeFormula(t)) === t))
  })

  test('a whole CSV: text cells escaped, numbers (negative ones too) left as numbers', () => {
    const csv = formulaSafeCsv(
      [
        ['name', 'total'],
        ["=cmd|' /C calc'!A0", -5],
      ],
      { delimiter: ';' },
    )
    expect(parse(csv, { delimiter: ';' })).toEqual([
      ['name', 'total'],
      ["'=cmd|' /C calc'!A0", '-5'],
    ])
  })
})
