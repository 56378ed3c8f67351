import { getFormProps, useForm } from '@conform-to/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, redirect, useNavigation } from 'react-router'
import { FormMessage } from '#app/components/account/fields.tsx'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FormFields } from '#app/utils/form-fields.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatDate, formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { z } from '#contract/zod.ts'
import { AdminErrorBoundary } from '../+shared/admin-error.tsx'
import type { FormAnswer } from '../+shared/forms.tsx'
import { InputField } from '../+shared/people/inputs.tsx'
import { formatMoment } from '../+shared/people/promo-text.ts'
import { adminPath, staffCan, useStaff } from '../+shared/staff.ts'
import { TableHead } from '../+shared/table-head.tsx'
import { adminFailure, apiFailure, byIntent, parseForm, staffLoad } from '../forms.server.ts'
import type { Route } from './+types/$id'

import '../+shared/people/people.css'

const load = (context: Route.LoaderArgs['context'], id: string) => staffLoad(context, `admin/customers/${id}/`)

export async function loader({ params, context }: Route.LoaderArgs) {
  return { lang: requestLang(context), customer: await load(context, params.id) }
}

const reasonForm = z.object({ reason: z.string().trim().min(1, 'required').max(500, 'max_length') })
const adjustForm = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'required')
    .regex(/^[-+−]?\d{1,10}$/, 'invalid_type'),
  reason: z.string().trim().min(1, 'required').max(200, 'max_length'),
})

/** Block or unblock with a reason, or adjust the cashback balance: each its own form, POST-redirect-GET. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const customer = await load(context, params.id)
  const t = serverT(context, 'admin-customers')
  const path = `admin/customers/${customer.id}/` as const
  const generic = serverT(context, 'admin')('errors.generic')
  const done = (message: string) => {
    flash(context, { type: 'success', message })
    return redirect(adminPath(requestLang(context), `customers/${customer.id}`))
  }
  const block = async (intent: 'block' | 'unblock', form: FormData) => {
    const submission = parseForm(form, reasonForm)
    if (submission.status !== 'success') return adminFailure(submission, { intent, toast: t('fill_form') })
    try {
      await staffApi(context).send('POST', `${path}${intent}/`, submission.value)
    } catch (error) {
      return apiFailure(submission, intent, error, ['reason'], generic)
    }
    return done(t(intent === 'block' ? 'blocked_done' : 'unblocked_done'))
  }
  return byIntent(await request.formData(), {
    block: (form) => block('block', form),
    unblock: (form) => block('unblock', form),
    adjust: async (form) => {
      const submission = parseForm(form, adjustForm)
      if (submission.status !== 'success') return adminFailure(submission, { intent: 'adjust', toast: t('fill_form') })
      try {
        const amount = Number(submission.value.amount.replace('−', '-'))
        await staffApi(context).send('POST', `${path}cashback/`, { amount, reason: submission.value.reason })
      } catch (error) {
        return apiFailure(submission, 'adjust', error, ['amount', 'reason'], generic)
      }
      return done(t('adjusted_done'))
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.customer.name }]

type Customer = Route.ComponentProps['loaderData']['customer']

export default function AdminCustomerPage({ loaderData: { lang, customer }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('admin-customers')
  const staff = useStaff()
  const answer = actionData
  return (
    <section className="admin-page">
      <p>
        <Link to={adminPath(lang, 'customers')}>← {t('back')}</Link>
      </p>
      <div className="admin-page__head">
        <h1>{customer.name || `#${customer.id}`}</h1>
        {customer.blocked ? <span className="people-state people-state--paused">{t('blocked')}</span> : null}
      </div>
      {customer.blocked ? (
        <p className="people-blocked">
          {t('blocked_since', { date: formatMoment(customer.blocked.at), reason: customer.blocked.reason })}
        </p>
      ) : null}
      <dl className="admin-facts">
        <dt>{t('phone')}</dt>
        <dd>{customer.phone}</dd>
        <dt>{t('registered')}</dt>
        <dd>{formatDate(customer.registered_at)}</dd>
        <dt>{t('balance')}</dt>
        <dd>{formatMoney(customer.cashback_balance, lang)}</dd>
        <dt>{t('saved_cards')}</dt>
        <dd>{customer.saved_cards}</dd>
      </dl>

      <div className="people-columns">
        <BlockForm blocked={customer.blocked != null} answer={answer} />
        {staffCan(staff, 'promo.write') ? <AdjustForm answer={answer} /> : null}
      </div>
      <CustomerOrders lang={lang} customer={customer} />
      <CashbackHistory lang={lang} cashback={customer.cashback} />
      <CustomerReviews lang={lang} reviews={customer.reviews} />
    </section>
  )
}

/**
 * One of the customer's lists (`id` names it): its newest entries (`children`, when there are any) or
 * `empty`, under them how many of how many it shows, and `more`.
 */
function NewestList({
  id,
  title,
  empty,
  list,
  more,
  children,
}: {
  id: string
  title: string
  empty: string
  list: { total: number; results: unknown[] }
  more?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation('admin-customers')
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {list.results.length ? children : <p className="admin-muted">{empty}</p>}
      {list.total > list.results.length ? (
        <p className="admin-muted">{t('shown_newest', { shown: list.results.length, total: list.total })}</p>
      ) : null}
      {more}
    </section>
  )
}

/** The customer's newest orders, and all of them on the desk (found by the phone). */
function CustomerOrders({ lang, customer }: { lang: Lang; customer: Customer }) {
  const { t } = useTranslation('admin-customers')
  const { orders } = customer
  const all =
    customer.phone && !customer.phones_masked && orders.total ? (
      <p>
        <Link to={`${adminPath(lang, 'orders')}?${new URLSearchParams({ q: customer.phone })}`}>{t('orders_all')}</Link>
      </p>
    ) : null
  return (
    <NewestList id="customer-orders" title={t('orders_title')} empty={t('orders_empty')} list={orders} more={all}>
      <table className="admin-table">
        <TableHead columns={[t('order'), t('status'), t('total'), t('date')]} />
        <tbody>
          {orders.results.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to={adminPath(lang, `orders/${o.id}`)}>№{o.number}</Link>
                {o.promo_code ? ` · ${o.promo_code}` : ''}
              </td>
              <td data-label={t('status')}>{o.status_label}</td>
              <td data-label={t('total')}>{formatMoney(o.total, lang)}</td>
              <td data-label={t('date')}>{formatMoment(o.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </NewestList>
  )
}

/** The cashback balance's newest changes: earned, spent, given back, adjusted by staff. */
function CashbackHistory({ lang, cashback }: { lang: Lang; cashback: Customer['cashback'] }) {
  const { t } = useTranslation('admin-customers')
  return (
    <NewestList id="customer-cashback" title={t('history_title')} empty={t('history_empty')} list={cashback}>
      <table className="admin-table">
        <TableHead columns={[t('date'), t('reason'), t('total')]} />
        <tbody>
          {cashback.results.map((e) => (
            <tr key={e.id}>
              <td>{formatMoment(e.created_at)}</td>
              <td data-label={t('reason')}>
                {t(`reasons.${e.reason}`)}
                {e.order_id ? (
                  <>
                    {' · '}
                    <Link to={adminPath(lang, `orders/${e.order_id}`)}>№{e.order_id}</Link>
                  </>
                ) : null}
                {e.note ? `: ${e.note}` : ''}
              </td>
              <td data-label={t('total')}>{`${e.amount > 0 ? '+' : ''}${formatMoney(e.amount, lang)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </NewestList>
  )
}

/** The customer's newest reviews, each with its product. */
function CustomerReviews({ lang, reviews }: { lang: Lang; reviews: Customer['reviews'] }) {
  const { t } = useTranslation('admin-customers')
  return (
    <NewestList id="customer-reviews" title={t('reviews_title')} empty={t('reviews_empty')} list={reviews}>
      <ul className="people-reviews">
        {reviews.results.map((r) => (
          <li key={r.id}>
            <Link to={`/${lang}/products/${r.product_slug}`}>{r.product_title}</Link> · {t('rating')}: {r.rating}/5 ·{' '}
            {formatDate(r.created_at)}
            {r.comment ? <p>{r.comment}</p> : null}
          </li>
        ))}
      </ul>
    </NewestList>
  )
}

function BlockForm({ blocked, answer }: { blocked: boolean; answer?: FormAnswer }) {
  const { t } = useTranslation('admin-customers')
  const busy = useNavigation().state === 'submitting'
  const intent = blocked ? 'unblock' : 'block'
  const [form, fields] = useForm<FormFields<typeof reasonForm>>({
    id: `customer-${intent}`,
    lastResult: answer?.intent === intent ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <section className="admin-card" aria-labelledby="customer-block-title">
      <h2 id="customer-block-title">{blocked ? t('unblock_title') : t('block_title')}</h2>
      {blocked ? null : <p className="admin-muted">{t('block_explain')}</p>}
      <Form method="post" className="auth-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.intent === intent ? answer.toast : undefined} />
        <input type="hidden" name="intent" value={intent} />
        <InputField field={fields.reason} label={t('block_reason')} />
        <button
          type="submit"
          className={blocked ? 'admin-button' : 'admin-button admin-button--danger'}
          disabled={busy}
        >
          {blocked ? t('unblock') : t('block')}
        </button>
      </Form>
    </section>
  )
}

function AdjustForm({ answer }: { answer?: FormAnswer }) {
  const { t } = useTranslation('admin-customers')
  const busy = useNavigation().state === 'submitting'
  const [form, fields] = useForm<FormFields<typeof adjustForm>>({
    id: 'customer-adjust',
    lastResult: answer?.intent === 'adjust' ? answer.result : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <section className="admin-card" aria-labelledby="customer-adjust-title">
      <h2 id="customer-adjust-title">{t('adjust_title')}</h2>
      <Form method="post" className="auth-form" {...getFormProps(form)}>
        <FormMessage toast={answer?.intent === 'adjust' ? answer.toast : undefined} />
        <input type="hidden" name="intent" value="adjust" />
        <InputField field={fields.amount} label={t('adjust_amount')} inputMode="text" />
        <InputField field={fields.reason} label={t('adjust_reason')} />
        <button type="submit" className="admin-button" disabled={busy}>
          {t('adjust')}
        </button>
      </Form>
    </section>
  )
}

export const ErrorBoundary = AdminErrorBoundary
