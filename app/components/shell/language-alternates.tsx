import { useLocation } from 'react-router'
import { htmlLang, languages, switchLanguagePath } from '#app/utils/i18n.ts'

/** hreflang links to this page in every language, plus x-default (React hoists them into <head>). */
export function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation()
  return (
    <>
      {languages.map((lang) => (
        <link
          key={lang}
          rel="alternate"
          hrefLang={htmlLang[lang]}
          href={origin + switchLanguagePath(pathname, search, lang)}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + switchLanguagePath(pathname, search, 'ru')} />
    </>
  )
}
