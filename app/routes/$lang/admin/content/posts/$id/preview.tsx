import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { AdminErrorBoundary } from '#app/components/admin/admin-error.tsx'
import { adminPath } from '#app/components/admin/staff.ts'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { PostArticle } from '#app/components/catalogue/post-article.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { staffLoad } from '../../../forms.server.ts'
import { contentT } from '../../content.server.ts'
import type { Route } from './+types/preview'
import '#app/styles/admin-content.css'

/** The post with its draft, rendered by the shop's own component; staff only (the admin layout), never indexed. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 })
  const post = await staffLoad(context, `admin/content/posts/${params.id}/preview/`)
  const lang = requestLang(context)
  const crumbs = [
    { name: contentT(context)('preview'), to: adminPath(lang, `content/posts/${params.id}`) },
    { name: post.title, to: `/${lang}/posts/${post.id}` },
  ]
  return { lang, post, crumbs, id: params.id }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.post.title }]

export const headers = () => ({ 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' })

export default function AdminPostPreview({ loaderData: { lang, post, crumbs, id } }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  return (
    <div className="content-preview-frame">
      <p className="content-preview-note" role="note">
        {t('preview_note')} <Link to={adminPath(lang, `content/posts/${id}`)}>{t('back_to_editor')}</Link>
      </p>
      <div className="container text-page">
        <Breadcrumbs crumbs={crumbs} />
        <PostArticle post={post} />
      </div>
    </div>
  )
}

export const ErrorBoundary = AdminErrorBoundary
