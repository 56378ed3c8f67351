import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import type { Order } from '#api/types.ts'
import { FormMessage, TextField } from '#app/components/account/fields.tsx'
import { BackButton, CheckoutShell } from '#app/components/checkout/checkout-shell.tsx'
import { CheckoutTotals } from '#app/components/checkout/checkout-totals.tsx'
import { PayBar } from '#app/components/checkout/pay-bar.tsx'
import { chosenCard, NEW_CARD, SavedCardChoice } from '#app/components/checkout/saved-card-choice.tsx'
import { CheckoutIntent, paymentForm } from '#app/components/checkout/schemas.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { mainButtonAttribute } from '#app/components/telegram/web-app.ts'
import { useHydrated } from '#app/components/toaster.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiRefusal } from '#app/utils/api-errors.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { FieldOf, FormFields } from '#app/utils/form-fields.ts'
import { byIntent, type ProfileActionData, parseForm, toastMessage } from '#app/utils/forms.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { PaymentMethod } from '#contract/orders.ts'
import type { Route } from './+types/payment'
import {
  deliveryOf,
  loadCheckout,
  loadCheckoutAction,
  loadPickupPoints,
  personal,
  requireStep,
} from './checkout.server.ts'
import { checkPromo, paymeKeepsCards, paymentPreview, savedCards, startPayment } from './place.server.ts'
import { checkoutHeaders, pickFields } from './state.server.ts'

const keys = ['payment_method', 'card_id', 'promo_code', 'use_cashback'] as const

/** Step 3: how to pay, promo code, cashback and the total for the way chosen at step 1 (SPEC §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { lang, t, cart, state } = await loadCheckout({ request, context })
  requireStep(state, lang, 3)
  const [preview, cards, points] = await Promise.all([
    paymentPreview(context, state),
    savedCards(context),
    loadPickupPoints(context),
  ])
  const way = deliveryOf(state)
  const point = way === 'pickup' ? (points.find((p) => p.id === state.address?.pickup_point) ?? null) : null
  return data(
    {
      lang,
      cart,
      payment: state.payment ?? {},
      way,
      point,
      preview,
      cards,
      payme: paymeKeepsCards(),
      title: t('meta_title'),
    },
    { headers: personal },
  )
}

export const headers = () => personal

type Step = Awaited<ReturnType<typeof loadCheckoutAction>> & { request: Request; formData: FormData }
type Typed = Partial<Record<(typeof keys)[number], string>>

/** Step 3's forms: back (keeping what was chosen), apply or remove a promo code, place the order. */
export async function action({ request, context }: Route.ActionArgs) {
  const checkout = await loadCheckoutAction({ request, context })
  const { lang, state } = checkout
  const formData = await request.formData()
  const typed = pickFields(formData, keys)
  // The field is for another code: the applied one comes apart (`applied_promo`) and stays until removed.
  const applied = pickFields(formData, ['applied_promo'] as const).applied_promo ?? ''
  const payment = { ...typed, promo_code: typed.promo_code || applied, use_cashback: typed.use_cashback ? 'on' : '' }
  const here = `/${lang}/checkout/payment`
  const step = { ...checkout, request, formData }
  return byIntent(formData, {
    [CheckoutIntent.back]: () => save(step, `/${lang}/checkout/contact`, payment),
    [CheckoutIntent.removePromo]: () => {
      requireStep(state, lang, 3)
      return save(step, here, { ...payment, promo_code: '' })
    },
    [CheckoutIntent.applyPromo]: () => {
      requireStep(state, lang, 3)
      return applyPromo(step, context, payment)
    },
    [CheckoutIntent.place]: () => {
      requireStep(state, lang, 3)
      return place(step, context, payment)
    },
  })
}

/** What was chosen, kept in the checkout's cookie, and on to `to`. */
async function save({ request, state }: Step, to: string, payment: Typed) {
  return redirect(to, { headers: await checkoutHeaders(request, { ...state, payment }) })
}

/** The form again with what was typed, the fields flagged and a toast. */
function fail(
  submission: ReturnType<typeof parseForm>,
  message: string,
  fieldErrors?: Record<string, string[]>,
  status = 400,
) {
  return data(
    { result: submission.reply({ fieldErrors }), toast: toastMessage('error', message) } satisfies ProfileActionData,
    { status },
  )
}

/** A promo code the API knows: kept for the order, the totals with it. */
async function applyPromo(step: Step, context: Route.ActionArgs['context'], payment: Typed) {
  const { t, lang } = step
  const submission = parseForm(step.formData, paymentForm.pick({ promo_code: true }))
  const code = submission.status === 'success' ? submission.value.promo_code : undefined
  if (!code) return fail(submission, t('payment.promo_required'), { promo_code: ['required'] })
  const result = await checkPromo(context, code)
  if (!result.ok) {
    const message = result.message || t('payment.promo_not_found')
    return fail(submission, message, { promo_code: [message] })
  }
  flash(context, { type: 'success', message: t('payment.promo_applied') })
  return save(step, `/${lang}/checkout/payment`, { ...payment, promo_code: code })
}

/** The order placed, then paid (online) or shown (cash); refused, why, at the step or the basket it concerns. */
async function place(step: Step, context: Route.ActionArgs['context'], payment: Typed) {
  const { lang, t, state, request, formData } = step
  const submission = parseForm(formData, paymentForm)
  if (submission.status !== 'success') return fail(submission, t('toast.fill_form'))
  const { address, contact } = state
  const way = deliveryOf(state)
  const pickupPoint = way === 'pickup' ? address?.pickup_point : undefined
  if ((way === 'pickup' ? !pickupPoint : !address?.region) || !contact?.name || !contact.phone)
    return redirect(`/${lang}/checkout`)
  const v = submission.value
  const body = {
    pickup_point: pickupPoint ?? null,
    address:
      !address?.region || way === 'pickup'
        ? null
        : {
            region: address.region,
            district: address.district || null,
            street: address.street,
            house: address.house,
            flat: address.flat || null,
            landmark: address.landmark || null,
            latitude: address.latitude ? Number(address.latitude) : null,
            longitude: address.longitude ? Number(address.longitude) : null,
          },
    receiver: { name: contact.name, phone: contact.phone, extra_phone: contact.extra_phone || null },
    delivery: way,
    payment_method: v.payment_method,
    // A saved card is charged as soon as the order exists; "new" (or none) goes to the provider's page.
    card_id: v.payment_method === 'card' && v.card_id && v.card_id !== NEW_CARD ? Number(v.card_id) : null,
    // The code typed now, else the one applied before (kept apart from the field).
    promo_code: payment.promo_code || null,
    use_cashback: Boolean(v.use_cashback),
    idempotency_key: v.idempotency_key,
  }
  let order: Order
  try {
    order = await context.get(apiClientContext).send('POST', 'orders/', body)
  } catch (error) {
    if (!isApiRefusal(error)) throw error
    if (error.body.errors?.some((e) => e.field === 'pickup_point' || e.field === 'address')) {
      // The point was removed since step 1: choose again there.
      flash(context, { type: 'error', message: error.body.errors[0]?.message || t('toast.error') })
      return redirect(`/${lang}/checkout`)
    }
    if (error.status === 409) {
      // Stock or prices changed: the basket shows which lines and how.
      flash(context, { type: 'error', message: error.body.detail || t('toast.error') })
      return redirect(`/${lang}/basket`)
    }
    const fieldErrors: Record<string, string[]> = {}
    for (const e of error.body.errors ?? [])
      if (e.field === 'promo_code' || e.field === 'use_cashback' || e.field === 'card_id')
        fieldErrors[e.field] = [e.message]
    const message = error.body.errors?.[0]?.message || error.body.detail || t('toast.error')
    return fail(submission, message, fieldErrors, error.status === 401 ? 400 : error.status)
  }
  // The order exists: the steps are done (a resubmitted form finds the same order by its key).
  const cleared = await checkoutHeaders(request, null)
  if (order.status !== 1) {
    flash(context, { type: 'success', message: t('toast.placed', { number: order.number }) })
    return redirect(`/${lang}/order/${order.id}`, { headers: cleared })
  }
  const next = await startPayment(context, lang, order, t('toast.payment_failed'))
  next.headers.append('Set-Cookie', cleared['Set-Cookie'])
  return next
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
]

type PaymentFields = FormFields<typeof paymentForm>

export default function PaymentStep({ loaderData, actionData }: Route.ComponentProps) {
  const { lang, cart, payment, way, point, preview, cards, payme } = loaderData
  const answer = actionData
  const busy = useNavigation().state !== 'idle'
  const hydrated = useHydrated()
  // An applied code shows beside its removal; the field is for another one and starts empty (a code the API
  // refused stays in it, to be put right).
  const applied = payment.promo_code && !preview.promoError ? payment.promo_code : null
  const [form, fields] = useForm<PaymentFields>({
    id: 'checkout-payment',
    lastResult: answer?.result,
    shouldValidate: 'onSubmit',
    defaultValue: {
      payment_method: payment.payment_method || 'cash',
      card_id: chosenCard(cards, payment.card_id),
      promo_code: applied ? '' : (payment.promo_code ?? ''),
      use_cashback: payment.use_cashback ?? '',
    },
  })
  const [useCashback, setUseCashback] = useState(Boolean(fields.use_cashback.initialValue))
  const [method, setMethod] = useState(String(fields.payment_method.initialValue ?? 'cash'))
  // The API priced every choice; the page only picks one (no arithmetic here).
  const option = (d: string, cashback: boolean) =>
    preview.options.find((o) => o.delivery === d && o.use_cashback === cashback) ?? preview.options[0]!
  return (
    <CheckoutShell
      lang={lang}
      step={3}
      reached={3}
      cart={cart}
      aside={
        <CheckoutTotals
          lang={lang}
          subtotal={preview.subtotal}
          discount={preview.discount}
          option={option(way, useCashback)}
          vatPercent={preview.vat_percent}
        />
      }
    >
      <FormMessage toast={answer?.toast} />
      {preview.promoError && payment.promo_code ? (
        <p className="form-message form-message--error" role="alert">
          {preview.promoError}
        </p>
      ) : null}
      <Form method="post" className="checkout-form" {...getFormProps(form)}>
        <input type="hidden" name="idempotency_key" value={preview.idempotencyKey} />
        {applied ? <input type="hidden" name="applied_promo" value={applied} /> : null}
        <MethodChoice
          methods={preview.payment_methods}
          chosen={fields.payment_method.initialValue}
          onChoose={setMethod}
        />
        <SavedCardChoice
          lang={lang}
          cards={cards}
          selected={String(fields.card_id.initialValue)}
          payme={payme}
          error={fields.card_id.errors?.join(' ')}
          // Without JavaScript it is always there (and used only for payment by card).
          hidden={hydrated && method !== 'card'}
        />
        <DeliveryLine lang={lang} way={way} point={point} price={option(way, false).delivery_price} />
        <PromoField lang={lang} field={fields.promo_code} applied={applied} discount={preview.discount} />
        <CashbackChoice
          lang={lang}
          field={fields.use_cashback}
          balance={preview.cashback_balance}
          onChange={setUseCashback}
        />
        <PayBar
          totals={
            <CheckoutTotals
              lang={lang}
              subtotal={preview.subtotal}
              discount={preview.discount}
              option={option(way, useCashback)}
              vatPercent={preview.vat_percent}
              live={false}
            />
          }
          total={formatMoney(option(way, useCashback).total, lang)}
        >
          <PlaceButton busy={busy} method={method} />
        </PayBar>
        <div className="checkout-form__actions">
          <BackButton />
        </div>
      </Form>
    </CheckoutShell>
  )
}

/** The button that places the order; inside Telegram its Main button, "Pay" when the shopper pays online next. */
function PlaceButton({ busy, method }: { busy: boolean; method: string }) {
  const { t } = useTranslation('checkout')
  return (
    <button
      type="submit"
      name="intent"
      value={CheckoutIntent.place}
      className="button"
      disabled={busy}
      {...{ [mainButtonAttribute]: method === 'cash' ? '' : t('payment.pay') }}
    >
      {t('payment.place')}
    </button>
  )
}

/** The delivery chosen on the first step, its price and a way back to change it. */
function DeliveryLine({
  lang,
  way,
  point,
  price,
}: {
  lang: Lang
  way: 'courier' | 'pickup'
  point: { name: string; address: string } | null
  price: number
}) {
  const { t } = useTranslation('checkout')
  return (
    <p className="checkout-way">
      <strong>{t('payment.delivery')}:</strong>{' '}
      {point
        ? t('receive.chosen_pickup', { name: point.name, address: point.address })
        : t(`payment.deliveries.${way}`)}
      {' · '}
      {price ? formatMoney(price, lang) : t('payment.delivery_free')}{' '}
      <Link to={`/${lang}/checkout`}>{t('receive.change')}</Link>
    </p>
  )
}

/** How to pay: each way with what it means. */
function MethodChoice({
  methods,
  chosen,
  onChoose,
}: {
  methods: readonly PaymentMethod[]
  chosen: string | undefined
  onChoose: (method: string) => void
}) {
  const { t } = useTranslation('checkout')
  return (
    <fieldset className="checkout-choice">
      <legend>{t('payment.method')}</legend>
      {methods.map((m) => (
        <label key={m} className="checkout-choice__option">
          <input
            type="radio"
            name="payment_method"
            value={m}
            defaultChecked={m === chosen}
            onChange={() => onChoose(m)}
          />
          <span>
            {t(`payment.methods.${m}`)}
            <small>{t(`payment.methods_hint.${m}`)}</small>
          </span>
        </label>
      ))}
    </fieldset>
  )
}

/** Pay part with the cashback balance, when there is one. */
function CashbackChoice({
  lang,
  field,
  balance,
  onChange,
}: {
  lang: Lang
  field: FieldOf
  balance: number
  onChange: (use: boolean) => void
}) {
  const { t } = useTranslation('checkout')
  return (
    <>
      {balance > 0 ? (
        <label className="checkout-choice__option">
          <input
            {...getInputProps(field, { type: 'checkbox', value: 'on' })}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
          <span>{t('payment.use_cashback', { amount: formatMoney(balance, lang) })}</span>
        </label>
      ) : (
        <p className="checkout-muted">{t('payment.no_cashback')}</p>
      )}
      {field.errors?.length ? (
        <p className="field__error" id={field.errorId}>
          {field.errors.join(' ')}
        </p>
      ) : null}
    </>
  )
}

/** A promo code: typed and applied (its own button), or the one applied, with its discount and remove. */
function PromoField({
  lang,
  field,
  applied,
  discount,
}: {
  lang: Lang
  field: FieldOf
  applied: string | null
  discount: number
}) {
  const { t } = useTranslation('checkout')
  return (
    <div className="checkout-promo">
      {/* Anew once a code is applied or removed: what was typed is the code now shown beside it. */}
      <TextField key={applied ?? ''} field={field} label={t('payment.promo')} autoComplete="off" />
      <button type="submit" name="intent" value={CheckoutIntent.applyPromo} className="button button--ghost">
        {t('payment.promo_apply')}
      </button>
      {applied ? (
        <p className="checkout-promo__applied">
          {t('payment.promo_active', { code: applied, amount: formatMoney(discount, lang) })}{' '}
          <button type="submit" name="intent" value={CheckoutIntent.removePromo} className="button-link">
            {t('payment.promo_remove')}
          </button>
        </p>
      ) : null}
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
