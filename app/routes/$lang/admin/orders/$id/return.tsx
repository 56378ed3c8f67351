import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { CANCEL_REASON_MAX, OrderStatus } from '#contract/orders.ts'
import { pageId } from '../../forms.server.ts'
import type { DraftProblem } from '../+shared/draft.ts'
import { DraftProblemNote } from '../+shared/draft-fields.tsx'
import { loadDeskOrder } from '../desk.server.ts'
import { problemOf } from '../draft.server.ts'
import type { Route } from './+types/return'
import '../../+shared/desk/pages.css'
import '../+shared/order-changes.css'

export async function loader({ params, context }: Route.LoaderArgs) {
  const order = await loadDeskOrder(context, params.id)
  return {
    lang: requestLang(context),
    order,
    // What can still come back: each line's units not yet returned.
    lines: order.items
      .map((item) => ({ id: item.id, title: item.title, left: item.quantity - item.returned_quantity }))
      .filter((line) => line.left > 0),
    title: serverT(context, 'admin-orders')('return.meta_title', { number: order.number }),
  }
}

/** The form as posted, to show it again when the API refuses it. */
type Values = {
  quantities: Record<number, number>
  keep: Record<number, boolean>
  reason: string
  method: 'provider' | 'cash'
  amount: string
}

const count = (value: FormDataEntryValue | null) => {
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : 0
  return n
}

/** Records the return through the API; refused, the form comes back as typed with the reason. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id)
  const lang = requestLang(context)
  const form = await request.formData()
  const ids = form
    .getAll('line')
    .map((v) => Number(v))
    .filter(Number.isInteger)
  const values: Values = {
    quantities: Object.fromEntries(ids.map((line) => [line, count(form.get(`quantity.${line}`))])),
    keep: Object.fromEntries(ids.map((line) => [line, form.get(`restock.${line}`) === 'on'])),
    reason: String(form.get('reason') ?? '').trim(),
    method: form.get('method') === 'cash' ? 'cash' : 'provider',
    amount: String(form.get('amount') ?? '').trim(),
  }
  const amount = /^\d{1,12}$/.test(values.amount.replace(/\s/g, ''))
    ? Number(values.amount.replace(/\s/g, ''))
    : undefined
  try {
    const order = await staffApi(context).send('POST', `admin/orders/${id}/returns/`, {
      items: ids
        .filter((line) => (values.quantities[line] ?? 0) > 0)
        .map((line) => ({ item_id: line, quantity: values.quantities[line]!, restock: values.keep[line] ?? false })),
      reason: values.reason,
      refund_method: values.method,
      ...(amount === undefined ? {} : { refund_amount: amount }),
    })
    const t = serverT(context, 'admin-orders')
    flash(context, { type: 'success', message: t('return.done', { number: order.number }) })
  } catch (error) {
    const problem: DraftProblem = problemOf(error)
    return data({ problem, values }, { status: problem.status })
  }
  return redirect(`/${lang}/admin/orders/${id}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

type Lines = Route.ComponentProps['loaderData']['lines']

export default function ReturnPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, order, lines } = loaderData
  const { t } = useTranslation('admin-orders')
  const values = actionData?.values
  const problem = actionData?.problem ?? null
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/orders/${order.id}`}>{t('edit.back', { number: order.number })}</Link>
      </p>
      <h1>{t('return.title', { number: order.number })}</h1>
      {order.status !== OrderStatus.delivered ? (
        <p className="desk-muted">{t('return.not_delivered')}</p>
      ) : !lines.length ? (
        <p className="desk-muted">{t('return.nothing_left')}</p>
      ) : (
        <Form method="post" className="desk-draft">
          <DraftProblemNote problem={problem} />
          <ReturnedLines lines={lines} values={values} />
          <div className={problem?.fields.reason ? 'desk-card field field--invalid' : 'desk-card field'}>
            <label htmlFor="return-reason" className="field__label">
              {t('return.reason')}
            </label>
            <textarea
              id="return-reason"
              name="reason"
              rows={2}
              maxLength={CANCEL_REASON_MAX}
              defaultValue={values?.reason ?? ''}
              className="desk-textarea"
              aria-invalid={problem?.fields.reason ? true : undefined}
            />
            {problem?.fields.reason ? <p className="field__error">{problem.fields.reason}</p> : null}
          </div>
          <RefundFields lang={lang} options={order.refund_options} values={values} />
          <p>
            <button type="submit" className="button">
              {t('return.submit')}
            </button>
          </p>
        </Form>
      )}
    </div>
  )
}

/** The lines that can still come back: how many of each, and whether they go back on the shelf. */
function ReturnedLines({ lines, values }: { lines: Lines; values: Values | undefined }) {
  const { t } = useTranslation('admin-orders')
  return (
    <fieldset className="desk-card">
      <legend>{t('return.what')}</legend>
      <ul className="desk-draft-lines__list">
        {lines.map((line) => (
          <li key={line.id} className="desk-draft-line">
            <input type="hidden" name="line" value={line.id} />
            <label htmlFor={`return-${line.id}`} className="desk-draft-line__title">
              {line.title} <span className="desk-muted">· {t('return.left', { count: line.left })}</span>
            </label>
            <input
              id={`return-${line.id}`}
              name={`quantity.${line.id}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.left}
              defaultValue={values?.quantities[line.id] ?? 0}
              className="field__input desk-draft-line__quantity"
            />
            <label className="admin-check">
              <input
                type="checkbox"
                name={`restock.${line.id}`}
                defaultChecked={values ? (values.keep[line.id] ?? false) : true}
              />{' '}
              {t('return.restock', { title: line.title })}
            </label>
          </li>
        ))}
      </ul>
      <p className="desk-muted">{t('return.restock_hint')}</p>
    </fieldset>
  )
}

/** How the money goes back: through the payment (what it can give back) or in cash, and how much. */
function RefundFields({
  lang,
  options,
  values,
}: {
  lang: Lang
  options: { provider: number; whole: number[] }
  values: Values | undefined
}) {
  const { t } = useTranslation('admin-orders')
  const { provider, whole } = options
  return (
    <fieldset className="desk-card">
      <legend>{t('return.money')}</legend>
      <label className="admin-check">
        <input
          type="radio"
          name="method"
          value="provider"
          defaultChecked={(values?.method ?? 'provider') === 'provider'}
        />{' '}
        {t('return.provider')}
      </label>
      <p className="desk-muted">
        {provider || whole.length
          ? t('return.provider_can', {
              amounts: [...(provider ? [provider] : []), ...whole].map((n) => formatMoney(n, lang)).join(', '),
            })
          : t('return.provider_cannot')}
      </p>
      <label className="admin-check">
        <input type="radio" name="method" value="cash" defaultChecked={values?.method === 'cash'} /> {t('return.cash')}
      </label>
      <div className="field">
        <label htmlFor="return-amount" className="field__label">
          {t('return.amount')}
        </label>
        <input
          id="return-amount"
          name="amount"
          inputMode="numeric"
          defaultValue={values?.amount ?? ''}
          className="field__input"
          aria-describedby="return-amount-hint"
        />
        <p className="field__hint" id="return-amount-hint">
          {t('return.amount_hint')}
        </p>
      </div>
    </fieldset>
  )
}
