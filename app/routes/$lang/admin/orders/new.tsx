import { randomUUID } from 'node:crypto'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect } from 'react-router'
import type { PhoneOrderPreview } from '#api/types.ts'
import { requestLang } from '#app/utils/auth.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { languages } from '#contract/languages.ts'
import { PaymentMethod } from '#contract/orders.ts'
import { nationalDigits } from '#contract/phone-format.ts'
import { staffLoad } from '../forms.server.ts'
import {
  addedId,
  type Draft,
  DraftIntent,
  type DraftProblem,
  type FoundProduct,
  TASHKENT_CITY,
} from './+shared/draft.ts'
import { DraftFooter, DraftLines, DraftProblemNote, PlaceFields, TextField } from './+shared/draft-fields.tsx'
import type { Route } from './+types/new'
import {
  apiPlace,
  apiReceiver,
  findProducts,
  lineOf,
  linesOf,
  placeChoices,
  problemOf,
  readDraft,
} from './draft.server.ts'
import './+shared/orders.css'
import './+shared/order-changes.css'

/** Who ordered by phone and how they pay, as the form carries it between posts. */
type Caller = {
  phone: string
  name: string
  lang: string
  payment_method: string
  promo_code: string
  use_cashback: boolean
  send_link: boolean
  idempotency_key: string
}

const emptyDraft: Draft = {
  items: [],
  delivery: 'pickup',
  address: { region: TASHKENT_CITY, district: '', district_text: '', street: '', house: '', flat: '', landmark: '' },
  pickup_point: '',
  receiver: { name: '', phone: '', extra_phone: '' },
  reason: '',
}

export async function loader({ context }: Route.LoaderArgs) {
  const lang = requestLang(context)
  const place = await placeChoices(context)
  return {
    lang,
    place,
    // Pickup at the first point unless staff choose otherwise: the preview has a whole order from the first line.
    draft: { ...emptyDraft, pickup_point: place.points[0]?.id ?? '' },
    caller: {
      phone: '',
      name: '',
      lang,
      payment_method: 'cash',
      promo_code: '',
      use_cashback: false,
      send_link: true,
      // One order per form: sent twice (a double tap, a retry), the API answers the same order.
      idempotency_key: randomUUID(),
    } satisfies Caller,
    title: serverT(context, 'admin-orders')('phone.meta_title'),
  }
}

function readCaller(form: FormData): Caller {
  const text = (name: string) => String(form.get(name) ?? '').trim()
  return {
    phone: text('customer_phone'),
    name: text('customer_name'),
    lang: text('lang'),
    payment_method: text('payment_method'),
    promo_code: text('promo_code'),
    use_cashback: form.get('use_cashback') === 'on',
    send_link: form.get('send_link') === 'on',
    idempotency_key: text('idempotency_key'),
  }
}

type Found = { name: string; cashback: number; orders: number; blocked: boolean } | null

/**
 * The phone order's posts: find the customer by the phone, find and add
 * products, recompute (the API's preview of exactly this order), place it.
 * Each post carries the whole form; the API decides.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(context)
  const form = await request.formData()
  const intent = form.get('intent')
  const draft = readDraft(form)
  const caller = readCaller(form)
  const query = String(form.get('q') ?? '').trim()
  const answer = (
    a: { preview?: PhoneOrderPreview; found?: FoundProduct[]; customer?: Found; problem?: DraftProblem },
    status = 200,
  ) =>
    data(
      {
        intent: String(intent),
        draft,
        caller,
        query,
        preview: a.preview ?? null,
        found: a.found ?? null,
        customer: a.customer === undefined ? undefined : a.customer,
        problem: a.problem ?? null,
      },
      { status },
    )
  const body = () => ({
    customer: { phone: caller.phone, name: caller.name || null },
    lang: caller.lang,
    ...apiPlace(draft),
    receiver: draft.receiver.name || draft.receiver.phone ? apiReceiver(draft) : null,
    payment_method: caller.payment_method,
    promo_code: caller.promo_code || null,
    use_cashback: caller.use_cashback,
    send_payment_link: caller.send_link,
    idempotency_key: caller.idempotency_key,
  })
  const previewed = async () => {
    try {
      const preview = await staffApi(context).send('POST', 'admin/orders/preview/', body())
      draft.items = linesOf(preview.items)
      return answer({ preview })
    } catch (error) {
      const problem = problemOf(error)
      return answer({ problem }, problem.status)
    }
  }
  if (intent === 'lookup') {
    const national = nationalDigits(caller.phone)
    if (!national) return answer({ customer: null })
    const { results } = await staffLoad(context, 'admin/customers/', { q: national, size: 5 })
    const same = results.find((c) => nationalDigits(c.phone ?? '') === national)
    if (same && !caller.name) caller.name = same.name
    return answer({
      customer: same
        ? {
            name: same.name,
            cashback: same.cashback_balance,
            orders: same.orders_count,
            blocked: Boolean(same.blocked),
          }
        : null,
    })
  }
  if (intent === DraftIntent.find) return answer({ found: await findProducts(context, query) })
  const added = addedId(intent)
  if (added !== null) {
    if (!draft.items.some((l) => l.product_id === added)) draft.items.push(await lineOf(context, added))
    return previewed()
  }
  if (intent === DraftIntent.recalc) return previewed()
  if (intent !== 'place') throw data(null, { status: 400 })
  let placed: { id: number; number: string }
  try {
    placed = await staffApi(context).send('POST', 'admin/orders/', body())
  } catch (error) {
    const problem = problemOf(error)
    return answer({ problem }, problem.status)
  }
  flash(context, {
    type: 'success',
    message: serverT(context, 'admin-orders')('phone.placed', { number: placed.number }),
  })
  return redirect(`/${lang}/admin/orders/${placed.id}`)
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

export default function PhoneOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, place } = loaderData
  const { t } = useTranslation('admin-orders')
  const draft = actionData?.draft ?? loaderData.draft
  const caller = actionData?.caller ?? loaderData.caller
  const problem = actionData?.problem ?? null
  const customer = actionData?.customer
  return (
    <div className="desk-page">
      <p>
        <Link to={`/${lang}/admin/orders`}>{t('order.back')}</Link>
      </p>
      <h1>{t('phone.title')}</h1>
      <Form method="post" className="desk-draft" key={JSON.stringify([draft, caller])}>
        <input type="hidden" name="idempotency_key" value={caller.idempotency_key} />
        <DraftProblemNote problem={problem} />
        <fieldset className="desk-card">
          <legend>{t('phone.customer')}</legend>
          <div className="desk-filters__grid">
            <TextField
              name="customer_phone"
              label={t('phone.phone')}
              value={caller.phone}
              problem={problem}
              inputMode="tel"
            />
            <TextField name="customer_name" label={t('phone.name')} value={caller.name} problem={problem} />
            <div className="field">
              <label htmlFor="phone-lang" className="field__label">
                {t('phone.lang')}
              </label>
              <select id="phone-lang" name="lang" defaultValue={caller.lang} className="field__input">
                {languages.map((l) => (
                  <option key={l} value={l}>
                    {t(`phone.langs.${l}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="desk-actions__row">
            <button type="submit" name="intent" value="lookup" className="admin-button">
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
        <DraftLines
          lang={lang}
          draft={draft}
          found={actionData?.found ?? null}
          query={actionData?.query ?? ''}
          problem={problem}
        />
        <PlaceFields draft={draft} place={place} problem={problem} receiverOptional />
        <fieldset className="desk-card">
          <legend>{t('order.payment_method')}</legend>
          <div className="desk-choice">
            {PaymentMethod.map((m) => (
              <label key={m} className="admin-check">
                <input type="radio" name="payment_method" value={m} defaultChecked={caller.payment_method === m} />{' '}
                {t(`methods.${m}`)}
              </label>
            ))}
          </div>
          <label className="admin-check">
            <input type="checkbox" name="send_link" defaultChecked={caller.send_link} /> {t('phone.send_link')}
          </label>
          <TextField name="promo_code" label={t('order.promo_code')} value={caller.promo_code} problem={problem} />
          <label className="admin-check">
            <input type="checkbox" name="use_cashback" defaultChecked={caller.use_cashback} /> {t('phone.use_cashback')}
          </label>
        </fieldset>
        <DraftFooter lang={lang} preview={actionData?.preview} submit={{ intent: 'place', label: t('phone.place') }} />
      </Form>
    </div>
  )
}
