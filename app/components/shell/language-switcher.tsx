import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { htmlLang, type Lang, languageNames, languages, switchLanguagePath } from '#app/utils/i18n.ts'

/** Links to the same page and query in the other languages. */
export function LanguageSwitcher({ lang }: { lang: Lang }) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  return (
    <nav className="lang-switcher" aria-label={t('shell.language')}>
      <ul>
        {languages.map((code) => (
          <li key={code}>
            <Link
              to={switchLanguagePath(pathname, search, code)}
              hrefLang={htmlLang[code]}
              lang={htmlLang[code]}
              aria-current={code === lang ? 'true' : undefined}
              reloadDocument
            >
              {languageNames[code]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
