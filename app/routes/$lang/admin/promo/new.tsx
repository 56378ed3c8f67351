import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { adminPath } from '../+shared/staff.ts'
import { PromoForm } from './+shared/promo-form.tsx'
import type { Route } from './+types/new'

import { savePromo } from './save.server.ts'
import '../+shared/people/people.css'

export async function loader({ context }: Route.LoaderArgs) {
  return { lang: requestLang(context), title: serverT(context, 'admin-promo')('new') }
}

export async function action({ request, context }: Route.ActionArgs) {
  return savePromo(context, await request.formData(), null)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function AdminPromoNewPage({ loaderData: { lang, title }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-promo')
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'promo')}>← {t('back')}</Link>
      </p>
      <h1>{title}</h1>
      <div className="admin-card">
        <PromoForm
          id="promo-new"
          answer={actionData}
          defaults={{ kind: 'percent', min_total: '0', active: 'on' }}
          submit={t('create')}
        />
      </div>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
