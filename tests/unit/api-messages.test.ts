import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { type MessageKey, message } from '#api/http/messages.ts'
import { languages } from '#contract/languages.ts'
import { expectLoggedErrors, logLines } from '../setup/log-lines.ts'

// The API's texts with values in them (limits, counts, waits): the client
// always gets the values, never a `{max}`.

const catalogue = (lang: string) =>
  JSON.parse(readFileSync(`locales/${lang}/api.json`, 'utf8')) as Record<MessageKey, string>
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
const ru = catalogue('ru')
const withValues = (Object.keys(ru) as MessageKey[]).filter((key) => placeholders(ru[key]).length)

describe('API messages with values', () => {
  test('there are such messages, and each names the same values in all three languages', () => {
    expect(withValues.length).toBeGreaterThan(40)
    for (const lang of languages) {
      const texts = catalogue(lang)
      for (const key of withValues) expect(placeholders(texts[key]), `${lang} ${key}`).toEqual(placeholders(ru[key]))
    }
  })

  test('each, given its values, is sent with no placeholder left, in every language', () => {
    for (const lang of languages)
      for (const key of withValues) {
        const vars = Object.fromEntries(placeholders(ru[key]).map((name) => [name, 7]))
        expect(message(lang, key, vars), `${lang} ${key}`).not.toMatch(/[{}]/)
      }
  })

  test('one sent without a value leaves the placeholder out and logs the bug', () => {
    expectLoggedErrors()
    const from = logLines.length
    expect(message('ru', 'sheet_too_many_rows')).toBe('Слишком много строк: не более .')
    expect(logLines.slice(from)).toEqual([
      expect.objectContaining({ level: 'error', key: 'sheet_too_many_rows', missing: ['max'] }),
    ])
  })
})
