import i18next from 'i18next'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { defaultLang, isLang } from '#app/lib/i18n.ts'
import { reloadOnStaleChunks } from '#app/lib/stale-chunks.ts'

// Only the page's language is downloaded, one cached chunk per namespace.
const texts = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/api.json'], {
  import: 'default',
})

async function main() {
  reloadOnStaleChunks()
  const code = document.documentElement.dataset.lang
  const lang = isLang(code) ? code : defaultLang
  const entries = Object.entries(texts).filter(([path]) => path.includes(`/locales/${lang}/`))
  const loaded = await Promise.all(
    entries.map(async ([path, load]) => [path.replace(/.*\/|\.json$/g, ''), await load()]),
  )
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    ns: loaded.map(([ns]) => ns as string),
    defaultNS: 'common',
    resources: { [lang]: Object.fromEntries(loaded) },
    interpolation: { escapeValue: false },
  })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

main()
