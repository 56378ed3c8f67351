import { randomUUID } from 'node:crypto'
import { useTranslation } from 'react-i18next'
import { Form, Link, type RouterContextProvider, redirect } from 'react-router'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { languages } from '#contract/languages.ts'
import { PaymentMethod } from '#contract/orders.ts'
import { nationalDigits } from '#contract/phone-format.ts'
import { TASHKENT_CITY } from '#contract/regions.ts'
import { byIntent, staffLoad } from '../forms.server.ts'
import { DraftIntent, type DraftProblem, draftField } from './+shared/draft.ts'
import {
  DraftFooter,
  DraftLines,
  DraftProblemNote,
  PlaceFields,
  ReceiverFields,
  TextField,
} from './+shared/draft-fields.tsx'
import { type PhoneOrderDraft, phoneOrderForm } from './+shared/draft-form.ts'
import type { Route } from './+types/new'
import { apiPlace, apiReceiver, draftActions, placeChoices, readDraft } from './draft.server.ts'
import '../+shared/desk/pages.css'
import './+shared/order-changes.css'

export async function loader({ context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const place = await placeChoices(context)
  const draft: PhoneOrderDraft = {
    items: [],
    // Pickup at the first point unless staff choose otherwise: the preview has a whole order from the first line.
    delivery: 'pickup',
    address: { region: TASHKENT_CITY, district: '', district_text: '', street: '', house: '', flat: '', landmark: '' },
    pickup_point: place.points[0]?.id ?? '',
    receiver: { name: '', phone: '', extra_phone: '' },
    q: '',
    customer: { phone: '', name: '' },
    lang,
    payment_method: 'cash',
    promo_code: '',
    use_cashback: false,
    send_payment_link: true,
    // One order per form: sent twice (a double tap, a retry), the API answers the same order.
    idempotency_key: randomUUID(),
  }
  return { lang, place, draft, title: serverT(context, 'admin-orders')('phone.meta_title') }
}

/** The phone order as the API takes it (no receiver named: the customer receives it). */
const orderBody = (draft: PhoneOrderDraft) => ({
  customer: { phone: draft.customer.phone, name: draft.customer.name || null },
  lang: draft.lang,
  ...apiPlace(draft),
  receiver: draft.receiver.name || draft.receiver.phone ? apiReceiver(draft) : null,
  payment_method: draft.payment_method,
  promo_code: draft.promo_code || null,
  use_cashback: draft.use_cashback,
  send_payment_link: draft.send_payment_link,
  idempotency_key: draft.idempotency_key,
})

/** The customer with the phone typed, if the shop has one; their name fills an empty name field. */
async function lookUp(context: Readonly<RouterContextProvider>, draft: PhoneOrderDraft) {
  const national = nationalDigits(draft.customer.phone)
  if (!national) return null
  const { results } = await staffLoad(context, 'admin/customers/', { q: national, size: 5 })
  const same = results.find((c) => nationalDigits(c.phone ?? '') === national)
  if (!same) return null
  if (!draft.customer.name) draft.customer.name = same.name
  return { name: same.name, cashback: same.cashback_balance, orders: same.orders_count, blocked: Boolean(same.blocked) }
}

/**
 * The phone order's posts: find the customer by the phone, find and add
 * products, recompute (the API's preview of exactly this order), place it.
 * Each post carries the whole form; the API decides.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const draft = readDraft(form, phoneOrderForm)
  const api = staffApi(context)
  const desk = draftActions(context, draft, (d) => api.send('POST', 'admin/orders/preview/', orderBody(d)))
  return byIntent(form, {
    ...desk.intents,
    [DraftIntent.lookup]: async () => {
      const customer = await lookUp(context, draft)
      return desk.answer(DraftIntent.lookup, {}, { customer })
    },
    [DraftIntent.place]: async () => {
      let placed: { id: number; number: string }
      try {
        placed = await api.send('POST', 'admin/orders/', orderBody(draft))
      } catch (error) {
        return desk.refused(DraftIntent.place, error)
      }
      const t = serverT(context, 'admin-orders')
      flash(context, { type: 'success', message: t('phone.placed', { number: placed.number }) })
      return redirect(`/${requestLang(context)}/admin/orders/${placed.id}`)
    },
  })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function PhoneOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, place } = loaderData
  const { t } = useTranslation('admin-orders')
  const draft = actionData?.draft ?? loaderData.draft
  const problem = actionData?.problem ?? null
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/orders`}>{t('order.back')}</Link>
      </p>
      <h1>{t('phone.title')}</h1>
      {/* A new draft (a line added, a preview, the customer found) re-renders the fields with what it holds. */}
      <Form method="post" className="desk-draft" key={JSON.stringify(draft)}>
        <input type="hidden" name={draftField('idempotency_key')} value={draft.idempotency_key} />
        <DraftProblemNote problem={problem} />
        <CallerFields
          lang={lang}
          draft={draft}
          problem={problem}
          customer={actionData?.intent === DraftIntent.lookup ? actionData.customer : undefined}
        />
        <DraftLines lang={lang} draft={draft} found={actionData?.found ?? null} problem={problem} />
        <PlaceFields draft={draft} place={place} problem={problem} />
        <ReceiverFields draft={draft} problem={problem} optional />
        <PaymentFields draft={draft} problem={problem} />
        <DraftFooter
          lang={lang}
          preview={actionData?.preview}
          submit={{ intent: DraftIntent.place, label: t('phone.place') }}
        />
      </Form>
    </div>
  )
}

/** Who calls: their phone, name and language, and what the shop knows of them once looked up. */
function CallerFields({
  lang,
  draft,
  problem,
  customer,
}: {
  lang: Lang
  draft: PhoneOrderDraft
  problem: DraftProblem | null
  /** Looked up: the customer with that phone, or null (a new one); not looked up: undefined. */
  customer: Awaited<ReturnType<typeof lookUp>> | undefined
}) {
  const { t } = useTranslation('admin-orders')
  return (
    <fieldset className="desk-card">
      <legend>{t('phone.customer')}</legend>
      <div className="desk-filters__grid">
        <TextField
          name="customer.phone"
          label={t('phone.phone')}
          value={draft.customer.phone}
          problem={problem}
          inputMode="tel"
        />
        <TextField name="customer.name" label={t('phone.name')} value={draft.customer.name} problem={problem} />
        <div className="field">
          <label htmlFor="phone-lang" className="field__label">
            {t('phone.lang')}
          </label>
          <select id="phone-lang" name={draftField('lang')} defaultValue={draft.lang} className="field__input">
            {languages.map((l) => (
              <option key={l} value={l}>
                {t(`phone.langs.${l}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="desk-actions__row">
        <button type="submit" name="intent" value={DraftIntent.lookup} className="admin-button">
          {t('phone.lookup')}
        </button>
      </p>
      {customer === undefined ? null : customer ? (
        <p className="desk-muted" role="status">
          {t('phone.found', {
            name: customer.name,
            orders: customer.orders,
            cashback: formatMoney(customer.cashback, lang),
          })}
          {customer.blocked ? ` ${t('phone.blocked')}` : ''}
        </p>
      ) : (
        <p className="desk-muted" role="status">
          {t('phone.new_customer')}
        </p>
      )}
    </fieldset>
  )
}

/** How the customer pays: the way, the payment link by SMS, a promo code, their cashback. */
function PaymentFields({ draft, problem }: { draft: PhoneOrderDraft; problem: DraftProblem | null }) {
  const { t } = useTranslation('admin-orders')
  return (
    <fieldset className="desk-card">
      <legend>{t('order.payment_method')}</legend>
      <div className="desk-choice">
        {PaymentMethod.map((m) => (
          <label key={m} className="admin-check">
            <input
              type="radio"
              name={draftField('payment_method')}
              value={m}
              defaultChecked={draft.payment_method === m}
            />{' '}
            {t(`methods.${m}`)}
          </label>
        ))}
      </div>
      <label className="admin-check">
        <input type="checkbox" name={draftField('send_payment_link')} defaultChecked={draft.send_payment_link} />{' '}
        {t('phone.send_link')}
      </label>
      <TextField name="promo_code" label={t('order.promo_code')} value={draft.promo_code} problem={problem} />
      <label className="admin-check">
        <input type="checkbox" name={draftField('use_cashback')} defaultChecked={draft.use_cashback} />{' '}
        {t('phone.use_cashback')}
      </label>
    </fieldset>
  )
}
