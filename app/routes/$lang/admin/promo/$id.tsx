import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { Pagination } from '#app/components/catalogue/pagination.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import { discountText, formatMoment } from '../+shared/people/promo-text.ts'
import { adminPath } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { byIntent, refusedAnswer, staffLoad } from '../forms.server.ts'
import { PromoForm } from './+shared/promo-form.tsx'
import { promoDefaults } from './+shared/promo-values.ts'
import type { Route } from './+types/$id'
import { loadPromo } from './promo.server.ts'
import { savePromo } from './save.server.ts'
import '../+shared/people/people.css'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const promo = await loadPromo(context, params.id)
  const page = Math.max(1, Math.min(1000, Number(new URL(request.url).searchParams.get('page')) || 1))
  const usage = await staffLoad(context, `admin/promo/${promo.id}/orders/`, { page, size: 20 })
  return { lang: requestLang(context), promo, usage }
}

/** Save the fields, or pause / resume; POST-redirect-GET with a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const promo = await loadPromo(context, params.id)
  const t = serverT(context, 'admin-promo')
  const toggle = async (intent: 'pause' | 'resume') => {
    try {
      await staffApi(context).send('POST', `admin/promo/${promo.id}/${intent}/`)
    } catch (error) {
      return refusedAnswer(intent, error)
    }
    flash(context, { type: 'success', message: t(intent === 'pause' ? 'paused_done' : 'resumed_done') })
    return redirect(adminPath(requestLang(context), `promo/${promo.id}`))
  }
  return byIntent(await request.formData(), {
    save: (form) => savePromo(context, form, promo.id),
    pause: () => toggle('pause'),
    resume: () => toggle('resume'),
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.promo.code }]

export default function AdminPromoPage({ loaderData: { lang, promo, usage }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-promo')
  const answer = actionData
  const busy = useNavigation().state === 'submitting'
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'promo')}>← {t('back')}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{promo.code}</h1>
        <span className={`people-state people-state--${promo.state}`}>{t(`states.${promo.state}`)}</span>
      </div>
      {answer?.intent !== 'save' ? <FormMessage toast={answer?.toast} /> : null}
      <dl className="admin-facts">
        <dt>{t('discount')}</dt>
        <dd>{discountText(promo, lang)}</dd>
        <dt>{t('used')}</dt>
        <dd>
          {promo.usage_limit == null
            ? promo.used_count
            : t('used_of', { used: promo.used_count, limit: promo.usage_limit })}
        </dd>
      </dl>
      <Form method="post" className="admin-actions">
        <button
          type="submit"
          name="intent"
          value={promo.active ? 'pause' : 'resume'}
          className={promo.active ? 'admin-button admin-button--danger' : 'admin-button'}
          disabled={busy}
        >
          {promo.active ? t('pause') : t('resume')}
        </button>
      </Form>
      <div className="admin-card">
        <PromoForm
          id={`promo-${promo.id}-${promo.updated_at}`}
          answer={answer}
          defaults={promoDefaults(promo)}
          submit={t('save')}
        />
      </div>
      <section className="admin-card" aria-labelledby="promo-usage">
        <h2 id="promo-usage">{t('usage_title')}</h2>
        {usage.results.length ? (
          <table className="admin-table">
            <TableHead columns={[t('order'), t('customer'), t('status'), t('discount'), t('total'), t('date')]} />
            <tbody>
              {usage.results.map((use) => (
                <tr key={use.order_id}>
                  <td>
                    <Link to={adminPath(lang, `orders/${use.order_id}`)}>№{use.number}</Link>
                  </td>
                  <td data-label={t('customer')}>
                    <Link to={adminPath(lang, `customers/${use.customer.id}`)}>{use.customer.name || '—'}</Link>{' '}
                    {use.customer.phone}
                  </td>
                  <td data-label={t('status')}>{use.status_label}</td>
                  <td data-label={t('discount')}>{formatMoney(use.discount, lang)}</td>
                  <td data-label={t('total')}>{formatMoney(use.total, lang)}</td>
                  <td data-label={t('date')}>{formatMoment(use.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="admin-muted">{t('usage_empty')}</p>
        )}
        <Pagination page={usage.current_page} totalPages={usage.total_pages} href={(n) => `?page=${n}`} />
      </section>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
