import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import type { Route } from './+types/index'

const lists = ['brands', 'manufacturers', 'categories', 'menu'] as const

export function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: serverT(context, 'admin-catalogue')('index.title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** The catalogue section's start: its lists, each with what it holds. */
export default function CatalogueIndex({ loaderData: { lang, title } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-catalogue')
  return (
    <section className="admin-page">
      <h1>{title}</h1>
      <ul className="catalogue-index">
        {lists.map((kind) => (
          <li key={kind}>
            <Link to={adminPath(lang, `catalogue/${kind}`)}>{t(`lists.${kind}`)}</Link>
            <span className="admin-muted"> — {t(`index.${kind}`)}</span>
          </li>
        ))}
      </ul>
      <p className="admin-muted">{t('help.no_delete')}</p>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
