import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { htmlLang, type Lang, languageNames, languages, switchLanguagePath } from '#app/utils/i18n.ts'

/** Links to the same page and query in the other languages; `segmented` draws them as one control (the phone menu). */
export function LanguageSwitcher({ lang, segmented = false }: { lang: Lang; segmented?: boolean }) {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  return (
    <nav
      className={segmented ? 'lang-switcher lang-switcher--segmented' : 'lang-switcher'}
      aria-label={t('shell.language')}
    >
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
