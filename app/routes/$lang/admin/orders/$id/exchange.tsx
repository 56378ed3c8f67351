import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useFetcher } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { QUANTITY_MAX } from '#contract/basket.ts'
import { CANCEL_REASON_MAX, OrderStatus } from '#contract/orders.ts'
import { byIntent, fieldsOf, pageId } from '../../forms.server.ts'
import type { DraftProblem, FoundProduct } from '../+shared/draft.ts'
import { DraftProblemNote, FindProducts } from '../+shared/draft-fields.tsx'
import { loadDeskOrder } from '../desk.server.ts'
import { addForm, findProducts, lineOf, problemOf } from '../draft.server.ts'
import type { Route } from './+types/exchange'
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
    title: serverT(context, 'admin-orders')('exchange.meta_title', { number: order.number }),
  }
}

/** The form as posted: shown again as typed after every post (find, add, recalculate, a refusal). */
type Values = {
  expected: string
  quantities: Record<number, number>
  keep: Record<number, boolean>
  instead: { product_id: number; quantity: number; title: string; unit_price: number }[]
  q: string
  reason: string
  settle: 'provider' | 'cash'
}

type Money = { returned: number; replacement: number; difference: number; payment_link: string | null }

/** A whole number as typed (up to 12 digits), else `empty`. */
const whole = (value: FormDataEntryValue | null, empty = 0) => {
  const typed = typeof value === 'string' ? value.trim() : ''
  return /^\d{1,12}$/.test(typed) ? Number(typed) : empty
}
/** A quantity as typed, at most what one line may hold; empty: `empty`. */
const count = (value: FormDataEntryValue | null, empty = 0) => Math.min(whole(value, empty), QUANTITY_MAX)
const ids = (form: FormData, name: string) => [
  ...new Set(
    form
      .getAll(name)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  ),
]

function readExchange(form: FormData): Values {
  const lines = ids(form, 'line')
  return {
    expected: String(form.get('expected_updated_at') ?? ''),
    quantities: Object.fromEntries(lines.map((line) => [line, count(form.get(`quantity.${line}`))])),
    keep: Object.fromEntries(lines.map((line) => [line, form.get(`restock.${line}`) === 'on'])),
    instead: ids(form, 'instead')
      .map((product_id) => ({
        product_id,
        quantity: count(form.get(`instead_quantity.${product_id}`), 1),
        title: String(form.get(`instead_title.${product_id}`) ?? ''),
        unit_price: whole(form.get(`instead_price.${product_id}`)),
      }))
      .filter((line) => line.quantity > 0),
    q: String(form.get('q') ?? '').trim(),
    reason: String(form.get('reason') ?? '').trim(),
    settle: form.get('settle') === 'cash' ? 'cash' : 'provider',
  }
}

/** The exchange as the API takes it. */
const exchangeBody = (v: Values) => ({
  expected_updated_at: v.expected,
  items: Object.entries(v.quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([line, quantity]) => ({ item_id: Number(line), quantity, restock: v.keep[Number(line)] ?? false })),
  replacement: v.instead.map(({ product_id, quantity }) => ({ product_id, quantity })),
  reason: v.reason,
  settle: v.settle,
})

/**
 * The exchange form's posts: find products, add one, recalculate (the API's
 * preview of exactly this exchange), save. Every post carries the whole form,
 * and the `updated_at` the page was opened with, so a second submit is refused.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = pageId(params.id)
  const form = await request.formData()
  const values = readExchange(form)
  const api = staffApi(context)
  const answer = (
    intent: string,
    got: { preview?: Money | null; found?: FoundProduct[]; problem?: DraftProblem } = {},
  ) =>
    data(
      { intent, values, preview: got.preview ?? null, found: got.found ?? null, problem: got.problem ?? null },
      { status: got.problem?.status ?? 200 },
    )
  const previewed = async (intent: string) => {
    // The money does not wait for the reason: it is asked for when the exchange is saved.
    const body = { ...exchangeBody(values), reason: values.reason || '…' }
    // Half-filled (nothing back yet, or nothing instead): no money to show, no fault to point at.
    if (!body.items.length || !body.replacement.length) return answer(intent)
    try {
      return answer(intent, { preview: await api.send('POST', `admin/orders/${id}/exchanges/preview/`, body) })
    } catch (error) {
      return answer(intent, { problem: problemOf(error) })
    }
  }
  return byIntent(form, {
    find: async () => answer('find', { found: await findProducts(context, values.q) }),
    add: async (form: FormData) => {
      const { intent: product } = fieldsOf(form, addForm)
      if (!values.instead.some((l) => l.product_id === product)) values.instead.push(await lineOf(context, product))
      return previewed('add')
    },
    recalc: () => previewed('recalc'),
    save: async () => {
      try {
        const order = await api.send('POST', `admin/orders/${id}/exchanges/`, exchangeBody(values))
        const t = serverT(context, 'admin-orders')
        flash(context, { type: 'success', message: t('exchange.done', { number: order.number }) })
      } catch (error) {
        return answer('save', { problem: problemOf(error) })
      }
      return redirect(`/${requestLang(context)}/admin/orders/${id}`)
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

/** Controls whose change recalculates at once: choices and quantities, not text still being typed. */
const TYPED = new Set(['text', 'search', 'textarea'])

export default function ExchangePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, order, lines } = loaderData
  const { t } = useTranslation('admin-orders')
  const values = actionData?.values
  const problem = actionData?.problem ?? null
  const formKey = JSON.stringify(values ?? null)
  // With JavaScript the money follows each choice (a posted "recalculate" through a fetcher);
  // without it, the "recalculate" button does the same.
  const live = useFetcher<{ preview: Money | null; problem: DraftProblem | null }>({ key: `exchange:${formKey}` })
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const control = event.target as HTMLInputElement
    if (!control.name || TYPED.has(control.type)) return
    const form = new FormData(event.currentTarget)
    form.set('intent', 'recalc')
    void live.submit(form, { method: 'post', defaultShouldRevalidate: false })
  }
  const preview = live.data ? live.data.preview : (actionData?.preview ?? null)
  const liveProblem = live.data?.problem ?? null
  // What a refund through the provider can be now (a cheaper replacement): anything else goes back in cash.
  const { provider, whole } = order.refund_options
  const refundable = [...(provider ? [provider] : []), ...whole]
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/orders/${order.id}`}>{t('edit.back', { number: order.number })}</Link>
      </p>
      <h1>{t('exchange.title', { number: order.number })}</h1>
      {order.status !== OrderStatus.delivered ? (
        <p className="desk-muted">{t('exchange.not_delivered')}</p>
      ) : !lines.length ? (
        <p className="desk-muted">{t('return.nothing_left')}</p>
      ) : (
        <Form method="post" className="desk-draft" key={formKey} preventScrollReset onChange={onChange}>
          <input type="hidden" name="expected_updated_at" value={values?.expected ?? order.updated_at} />
          <DraftProblemNote problem={problem} />
          <ReturnedLines lines={lines} values={values} problem={problem} />
          <ReplacementLines lang={lang} values={values} problem={problem} found={actionData?.found ?? null} />
          <SettleChoice lang={lang} values={values} problem={problem} refundable={refundable} />
          <div className={problem?.fields.reason ? 'desk-card field field--invalid' : 'desk-card field'}>
            <label htmlFor="exchange-reason" className="field__label">
              {t('exchange.reason')}
            </label>
            <textarea
              id="exchange-reason"
              name="reason"
              rows={2}
              maxLength={CANCEL_REASON_MAX}
              defaultValue={values?.reason ?? ''}
              className="desk-textarea"
              aria-invalid={problem?.fields.reason ? true : undefined}
            />
            {problem?.fields.reason ? <p className="field__error">{problem.fields.reason}</p> : null}
          </div>
          {liveProblem ? <DraftProblemNote problem={liveProblem} /> : null}
          <ExchangeMoney lang={lang} preview={preview} />
          <p className="desk-actions__row">
            <button type="submit" name="intent" value="recalc" className="admin-button">
              {t('draft.recalc')}
            </button>
            <button type="submit" name="intent" value="save" className="button">
              {t('exchange.submit')}
            </button>
          </p>
        </Form>
      )}
    </div>
  )
}

/** The units coming back, each line with how many are left to return and whether they go back on the shelf. */
function ReturnedLines({
  lines,
  values,
  problem,
}: {
  lines: Route.ComponentProps['loaderData']['lines']
  values: Values | undefined
  problem: DraftProblem | null
}) {
  const { t } = useTranslation('admin-orders')
  return (
    <fieldset className="desk-card">
      <legend>{t('exchange.back')}</legend>
      <ul className="desk-draft-lines__list">
        {lines.map((line) => (
          <li key={line.id} className="desk-draft-line">
            <input type="hidden" name="line" value={line.id} />
            <label htmlFor={`exchange-back-${line.id}`} className="desk-draft-line__title">
              {t('exchange.back_line', { title: line.title })}{' '}
              <span className="desk-muted">· {t('return.left', { count: line.left })}</span>
            </label>
            <input
              id={`exchange-back-${line.id}`}
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
      {problem?.fields.items ? <p className="field__error">{problem.fields.items}</p> : null}
    </fieldset>
  )
}

/** What the customer takes instead: the lines added so far and the product search. */
function ReplacementLines({
  lang,
  values,
  problem,
  found,
}: {
  lang: Lang
  values: Values | undefined
  problem: DraftProblem | null
  found: FoundProduct[] | null
}) {
  const { t } = useTranslation('admin-orders')
  return (
    <fieldset className="desk-card">
      <legend>{t('exchange.instead')}</legend>
      {values?.instead.length ? (
        <ul className="desk-draft-lines__list">
          {values.instead.map((line) => (
            <li key={line.product_id} className="desk-draft-line">
              <input type="hidden" name="instead" value={line.product_id} />
              <input type="hidden" name={`instead_title.${line.product_id}`} value={line.title} />
              <input type="hidden" name={`instead_price.${line.product_id}`} value={line.unit_price} />
              <label htmlFor={`exchange-instead-${line.product_id}`} className="desk-draft-line__title">
                {t('exchange.instead_line', { title: line.title })}{' '}
                <span className="desk-muted">· {formatMoney(line.unit_price, lang)}</span>
              </label>
              <input
                id={`exchange-instead-${line.product_id}`}
                name={`instead_quantity.${line.product_id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={QUANTITY_MAX}
                defaultValue={line.quantity}
                className="field__input desk-draft-line__quantity"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="desk-muted">{t('exchange.instead_none')}</p>
      )}
      {problem?.fields.replacement ? <p className="field__error">{problem.fields.replacement}</p> : null}
      <FindProducts lang={lang} query={values?.q ?? ''} found={found} />
    </fieldset>
  )
}

/** How the difference is settled: through the provider the order was paid with, or in cash. */
function SettleChoice({
  lang,
  values,
  problem,
  refundable,
}: {
  lang: Lang
  values: Values | undefined
  problem: DraftProblem | null
  refundable: number[]
}) {
  const { t } = useTranslation('admin-orders')
  return (
    <fieldset className={problem?.fields.settle ? 'desk-card field--invalid' : 'desk-card'}>
      <legend>{t('exchange.money')}</legend>
      <label className="admin-check">
        <input
          type="radio"
          name="settle"
          value="provider"
          defaultChecked={(values?.settle ?? 'provider') === 'provider'}
        />{' '}
        {t('exchange.settle_provider')}
      </label>
      <label className="admin-check">
        <input type="radio" name="settle" value="cash" defaultChecked={values?.settle === 'cash'} />{' '}
        {t('exchange.settle_cash')}
      </label>
      <p className="desk-muted">{t('exchange.settle_hint')}</p>
      {refundable.length ? (
        <p className="desk-muted">
          {t('exchange.provider_can', { amounts: refundable.map((n) => formatMoney(n, lang)).join(', ') })}
        </p>
      ) : null}
      {problem?.fields.settle ? <p className="field__error">{problem.fields.settle}</p> : null}
    </fieldset>
  )
}

/** The money the exchange settles, as the API's preview computed it; waits until both sides are chosen. */
function ExchangeMoney({ lang, preview }: { lang: Lang; preview: Money | null }) {
  const { t } = useTranslation('admin-orders')
  const money = (n: number) => formatMoney(n, lang)
  return (
    <section aria-labelledby="exchange-money" className="desk-card" aria-live="polite">
      <h2 id="exchange-money">{t('exchange.difference_title')}</h2>
      {preview ? (
        <dl className="desk-facts">
          <div>
            <dt>{t('exchange.returned')}</dt>
            <dd>{money(preview.returned)}</dd>
          </div>
          <div>
            <dt>{t('exchange.replacement')}</dt>
            <dd>{money(preview.replacement)}</dd>
          </div>
          <div className="desk-facts__total">
            <dt>
              {preview.difference < 0
                ? t('exchange.to_customer')
                : preview.difference > 0
                  ? t('exchange.from_customer')
                  : t('exchange.even')}
            </dt>
            <dd>{preview.difference ? money(Math.abs(preview.difference)) : '—'}</dd>
          </div>
        </dl>
      ) : (
        <p className="desk-muted">{t('exchange.difference_pending')}</p>
      )}
    </section>
  )
}
