import type { Resource } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { createI18nextMiddleware } from 'remix-i18next'
import { defaultLang, languages } from '#app/utils/i18n.ts'
import { detectLang } from '#app/utils/locale-detection.server.ts'

// Every locales/{lang}/{namespace}.json; `api` holds the API's own texts.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' })

export const resources: Resource = {}
for (const [path, texts] of Object.entries(files)) {
  const [, lang, ns] = path.match(/locales\/(\w+)\/([\w-]+)\.json$/) ?? []
  if (!lang || !ns || ns === 'api') continue
  resources[lang] ??= {}
  resources[lang][ns] = texts
}

export const namespaces = Object.keys(resources[defaultLang] ?? {})

/** How every request's i18next instance is made (and the page cache's, app/utils/personal-slots.server.tsx). */
export const i18nextOptions = { resources, defaultNS: 'common', ns: namespaces, interpolation: { escapeValue: false } }

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLang,
    order: ['custom'],
    findLocale: async ({ request }) => detectLang(request),
  },
  i18next: i18nextOptions,
  plugins: [initReactI18next],
})
