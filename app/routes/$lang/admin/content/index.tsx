import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import { staffLoad } from '../forms.server.ts'
import type { Route } from './+types/index'

import './+shared/content.css'

export async function loader({ context }: Route.LoaderArgs) {
  // The same right as every content call: a role without it gets the API's 403 here too.
  await staffLoad(context, 'admin/content/apps/')
  return { lang: requestLang(context), title: serverT(context, 'admin-content')('title') }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const parts = ['banners', 'stories', 'pages', 'posts', 'footer', 'settings'] as const

export default function AdminContentHome({ loaderData: { lang, title } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  return (
    <section className="admin-page">
      <h1>{title}</h1>
      <ul className="content-hub">
        {parts.map((part) => (
          <li key={part} className="admin-card">
            <Link to={adminPath(lang, `content/${part}`)}>{t(`${part}.title`)}</Link>
            <p className="admin-muted">{t(`${part}.about`)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
