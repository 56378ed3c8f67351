import { useTranslation } from 'react-i18next'
import { Link, useNavigation } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { pageId } from '#app/utils/ids.ts'
import { AdminErrorBoundary } from '../../../+shared/admin-error.tsx'
import { adminPath } from '../../../+shared/staff.ts'
import { byIntent, staffLoad } from '../../../forms.server.ts'
import { TextsForm } from '../../+shared/texts-form.tsx'
import { textsActions } from '../../content.server.ts'
import type { Route } from './+types/index'
import '../../+shared/content.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  pageId(params.id)
  const page = await staffLoad(context, `admin/content/pages/${params.id}/`)
  return { lang: requestLang(context), page }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return byIntent(await request.formData(), textsActions(context, 'pages', params.id))
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.page.published.title.ru }]

export default function AdminPageEditor({ loaderData: { lang, page }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-content')
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'content/pages')}>← {t('pages.title')}</Link>
      </p>
      <h1>{page.published.title.ru}</h1>
      <p className="admin-muted">
        {`/${lang}/pages/${page.slug}`} · {t(page.is_published ? 'pages.published' : 'pages.unpublished')}
        {page.draft ? ` · ${t('pages.has_draft')}` : ''}
      </p>
      <TextsForm id={`page-${page.id}`} texts={page.draft ?? page.published} answer={actionData} busy={busy} />
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
