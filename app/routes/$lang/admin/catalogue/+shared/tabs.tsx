import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { adminPath } from '../../+shared/staff.ts'

const lists = ['brands', 'manufacturers', 'categories', 'menu'] as const

/** The taxonomy's four lists, one link each (the current one marked). */
export function CatalogueTabs({ lang, current }: { lang: Lang; current?: string }) {
  const { t } = useTranslation('admin-catalogue')
  return (
    <nav className="catalogue-tabs" aria-label={t('index.title')}>
      <ul>
        {lists.map((kind) => (
          <li key={kind}>
            <NavLink to={adminPath(lang, `catalogue/${kind}`)} aria-current={kind === current ? 'page' : undefined}>
              {t(`lists.${kind}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
