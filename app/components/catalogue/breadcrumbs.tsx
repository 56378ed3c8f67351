import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export type Crumb = { name: string; to: string }

/** Where the page sits; the last crumb is the page itself. The same trail goes into BreadcrumbList JSON-LD. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useTranslation('catalogue')
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.to}>
            {index === crumbs.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.to}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  )
}
