import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { langFromAcceptLanguage, pick } from '#api/http/locale.ts'
import { switchLanguagePath } from '#app/utils/i18n.ts'
import { detectLang, langFromBrowser } from '#app/utils/locale-detection.server.ts'

describe('API Accept-Language', () => {
  test.each([
    ['ru', 'ru'],
    ['uz', 'uz'],
    ['sr', 'sr'],
    ['uz-Cyrl-UZ', 'uz'],
    ['uz-Latn', 'sr'],
    ['en-US,uz;q=0.5', 'uz'],
    ['uz;q=0.3,ru;q=0.9', 'ru'],
    ['de', 'ru'],
    ['', 'ru'],
    [';;;,,q=', 'ru'],
  ])('%s → %s', (header, lang) => expect(langFromAcceptLanguage(header)).toBe(lang))
})

describe('browser language for the / redirect', () => {
  test.each([
    ['uz-Cyrl', 'uz'],
    ['uz-Latn-UZ', 'sr'],
    ['uz', 'sr'],
    ['ru-RU,ru;q=0.9', 'ru'],
    ['en-GB', null],
    ['sr-RS', null],
  ])('%s → %s', (header, lang) => expect(langFromBrowser(header)).toBe(lang))

  test('path, then cookie, then browser, then ru', () => {
    const req = (url: string, headers: Record<string, string> = {}) => new Request(`http://x${url}`, { headers })
    expect(detectLang(req('/uz/products', { cookie: 'i18n_redirected=sr' }))).toBe('uz')
    expect(detectLang(req('/', { cookie: 'i18n_redirected=sr', 'accept-language': 'ru' }))).toBe('sr')
    expect(detectLang(req('/', { cookie: 'i18n_redirected=xx', 'accept-language': 'uz-Cyrl' }))).toBe('uz')
    expect(detectLang(req('/'))).toBe('ru')
  })
})

test('pick falls back to Russian when a translation is empty', () => {
  expect(pick({ ru: 'Духи', uz: '', sr: 'Atir' }, 'uz')).toBe('Духи')
  expect(pick({ ru: 'Духи', uz: 'Атир', sr: 'Atir' }, 'sr')).toBe('Atir')
  expect(pick(null, 'ru')).toBe('')
})

test('switching language keeps path and query', () => {
  expect(switchLanguagePath('/uz/products', '?search=dior', 'ru')).toBe('/ru/products?search=dior')
  expect(switchLanguagePath('/sr', '', 'uz')).toBe('/uz')
  expect(switchLanguagePath('/ru/uzbek-page', '', 'sr')).toBe('/sr/uzbek-page')
})

test('the Russian texts (the API messages too) spell «кешбэк» one way', () => {
  const dir = 'locales/ru'
  const slips = readdirSync(dir).flatMap((file) =>
    (readFileSync(`${dir}/${file}`, 'utf8').match(/[^"]*кэшбэк[^"]*/gi) ?? []).map((text) => `${file}: ${text}`),
  )
  expect(slips).toEqual([])
})
