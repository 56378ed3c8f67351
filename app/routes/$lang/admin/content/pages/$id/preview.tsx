import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { adminPath } from '#app/components/admin/staff.ts'
import { ContentPage } from '#app/components/catalogue/content-page.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { staffLoad } from '../../../forms.server.ts'
import { contentT } from '../../content.server.ts'
import type { Route } from './+types/preview'
import '#app/styles/admin-content.css'

/** The page with its draft, rendered by the shop's own component; staff only (the admin layout), never indexed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
  const page = await staffLoad(context, `admin/content/pages/${params.id}/preview/`)
  const lang = requestLang(context)
  const crumbs = [
    { name: contentT(context)('preview'), to: adminPath(lang, `content/pages/${params.id}`) },
    { name: page.title, to: `/${lang}/pages/${page.slug}` },
  ]
  return { lang, page, crumbs, id: params.id }
}

// Not indexed: the admin layout's robots meta, and the header for anything that reads only headers.
export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.page.title }]

export const headers = () => ({ 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' })

export default function AdminPagePreview({ loaderData: { lang, page, crumbs, id } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  return (
    <div className="content-preview-frame">
      <p className="content-preview-note" role="note">
        {t('preview_note')} <Link to={adminPath(lang, `content/pages/${id}`)}>{t('back_to_editor')}</Link>
      </p>
      <ContentPage page={page} crumbs={crumbs} embedded />
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
