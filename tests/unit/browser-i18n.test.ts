// The browser's translator (app/utils/browser-i18n.client.ts) must print what the
// server's i18next printed, or hydration would replace the page's texts.
// Compared here with the server's own instance (the i18next middleware), key by key.
import type { i18n as I18n, Namespace } from 'i18next'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import { getInstance, i18nextMiddleware, namespaces, resources } from '#app/middleware/i18next.ts'
import { translate } from '#app/utils/browser-i18n.client.ts'
import { languages } from '#app/utils/i18n.ts'

type Texts = { [key: string]: unknown }
const extra: Record<string, Record<string, Texts>> = {}
const source = (lang: string, ns: string) => (extra[lang]?.[ns] ?? resources[lang]?.[ns]) as Texts | undefined

const servers = new Map<string, I18n>()
beforeAll(async () => {
  for (const lang of languages) {
    const context = new RouterContextProvider()
    const request = new Request(`http://shop.test/${lang}/`)
    await i18nextMiddleware(
      { request, context, params: {}, url: new URL(request.url), pattern: '/:lang' },
      async () => new Response(),
    )
    servers.set(lang, getInstance(context))
  }
})
const server = (lang: string, ns: string) =>
  servers.get(lang)?.getFixedT(lang, ns as Namespace) as (key: string, options?: object) => string

function leaves(tree: Texts, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value as Texts, `${prefix}${key}.`),
  )
}

// Sample values for every variable a text names; `count` also as the numbers plural rules tell apart.
function variants(text: string): Record<string, unknown>[] {
  const names = [...text.matchAll(/\{\{-?\s*([^},]+?)\s*\}\}/g)].map((m) => m[1])
  const base = Object.fromEntries(names.map((name, i) => [name, i % 2 ? 1234 : `«${name}»`]))
  const counts = names.includes('count') ? [0, 1, 2, 3, 5, 11, 21, 22, 1.5] : [undefined]
  return [{}, ...counts.map((count) => (count === undefined ? base : { ...base, count }))]
}

describe('every text of every language', () => {
  for (const lang of languages) {
    test(lang, () => {
      let compared = 0
      for (const ns of namespaces) {
        for (const [key, text] of leaves(resources[lang]?.[ns] as Texts)) {
          for (const options of variants(text)) {
            expect(translate(source, lang, ns, key, options), `${lang}/${ns}:${key} ${JSON.stringify(options)}`).toBe(
              server(lang, ns)(key, options),
            )
            compared++
          }
        }
      }
      expect(compared).toBeGreaterThan(500)
    })
  }
})

describe('what i18next does beyond the texts', () => {
  beforeAll(() => {
    const plurals = {
      item: '{{count}} items',
      item_one: '{{count}} item',
      item_few: '{{count}} items (few)',
      item_many: '{{count}} items (many)',
      item_zero: 'no items',
      only_other: 'plain',
      only_other_other: 'other {{count}}',
      nested: { deep: 'deep {{person.name}}, {{- raw}}' },
    }
    for (const lang of languages) {
      extra[lang] = { plurals }
      servers.get(lang)?.addResourceBundle(lang, 'plurals', plurals)
    }
  })

  const cases: [string, string, Record<string, unknown>?][] = [
    ['common', 'no.such.key'],
    ['common', 'no.such.key', { defaultValue: 'Fallback {{x}}', x: 1 }],
    ['catalogue', 'common:shell.language'],
    ['common', 'catalogue:product.meta_title', { title: 'T' }],
    ['catalogue', 'product.meta_title'],
    ['catalogue', 'product.meta_title', { title: null, price: undefined }],
    ['catalogue', 'product'],
    ['plurals', 'nested.deep', { person: { name: 'Ann' }, raw: '<b>' }],
    ['plurals', 'only_other', { count: 3 }],
    ...[0, 1, 2, 3, 4, 5, 11, 21, 22, 25, 101, 1.5, -1, '2'].map(
      (count) => ['plurals', 'item', { count }] as [string, string, Record<string, unknown>],
    ),
  ]
  for (const lang of languages) {
    test.each(cases)(`${lang}: %s %s %j`, (ns, key, options) => {
      // An object where a text was expected: i18next 26 writes a sentence about it, 27 the key; the browser the key.
      if (key === 'product') return expect(translate(source, lang, ns, key, options)).toBe('product')
      expect(translate(source, lang, ns, key, options)).toBe(server(lang, ns)(key, options))
    })
  }
})
