import { randomUUID } from 'node:crypto'
import { type RouterContextProvider, redirect } from 'react-router'
import { getConfig } from '#api/config.ts'
import { deliveryPrice, VAT_PERCENT } from '#api/orders/service.ts'
import type { Cart, Order } from '#api/types.ts'
import { deliveryWays } from '#app/components/checkout/schemas.ts'
import { ApiResponseError, apiClientContext } from '#app/utils/api-client.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import type { CheckoutState } from './state.server.ts'

type Context = Readonly<RouterContextProvider>

/** The promo code's discount on the basket, or the API's reason why not. */
export async function checkPromo(context: Context, code: string) {
  try {
    const preview = await context.get(apiClientContext).send('POST', 'promo/check/', { code })
    return { ok: true as const, preview }
  } catch (error) {
    if (!(error instanceof ApiResponseError) || error.status >= 500 || error.status === 401) throw error
    const message = error.body.errors?.find((e) => e.field === 'promo_code')?.message ?? error.body.detail ?? ''
    return { ok: false as const, message }
  }
}

/**
 * What step 3 shows: the goods, the promo discount, the cashback that would be
 * spent, both delivery prices and the VAT rate. The API computes the same again
 * when the order is placed; this is only the preview.
 */
export async function paymentPreview(context: Context, cart: Cart, state: CheckoutState, balance: number) {
  const goods = cart.total
  const code = state.payment?.promo_code
  let discount = 0
  let promoError: string | null = null
  if (code) {
    const result = await checkPromo(context, code)
    if (result.ok) discount = result.preview.discount
    else promoError = result.message
  }
  const region = state.address?.region ?? ''
  const config = getConfig()
  const delivery = Object.fromEntries(
    deliveryWays.map((way) => [way, deliveryPrice(config, way, region, goods - discount)]),
  ) as Record<(typeof deliveryWays)[number], number>
  return {
    goods,
    discount,
    promoError,
    balance,
    cashback: Math.min(balance, Math.max(0, goods - discount)),
    delivery,
    vatPercent: VAT_PERCENT,
    idempotencyKey: randomUUID(),
  }
}

/** The customer's confirmed cards, for paying with one. */
export function savedCards(context: Context) {
  return context.get(apiClientContext).get('cards/')
}

/** Payme keeps the saved cards (its logo goes with them, REFERENCE-UZ). */
export const paymeKeepsCards = () => getConfig().PAYMENT_PROVIDER === 'payme'

/**
 * The API's reason a payment did not start (a declined card, a provider not
 * answering: the API's client throws its 503 as a Response), or null.
 */
export async function startFailure(error: unknown): Promise<string | null> {
  if (error instanceof ApiResponseError) return error.body.detail || null
  if (error instanceof Response && error.status === 503) {
    const body = (await error.json().catch(() => null)) as { detail?: string } | null
    return body?.detail || null
  }
  return null
}

/**
 * Where to send the customer after a form started a payment: the sandbox page
 * directly; an external provider through /payment/pay/{id}, because CSP
 * form-action 'self' stops a form's redirect chain from leaving the shop.
 */
export function payRedirect(lang: string, orderId: number, url: string) {
  return /^https?:\/\//.test(url) ? `/${lang}/payment/pay/${orderId}` : url
}

/**
 * After an online order: the provider's page (the sandbox page locally), or,
 * for a saved card the API charged at once, the payment result. If that
 * fails, the order page (where it can be paid again) with the reason.
 */
export async function startPayment(context: Context, lang: string, order: Order, failedText: string) {
  try {
    const start = await context.get(apiClientContext).send('POST', `payments/${order.id}/start/`)
    return redirect(payRedirect(lang, order.id, start.redirect_url))
  } catch (error) {
    const reason = await startFailure(error)
    if (reason === null) console.error(error)
    flash(context, { type: 'error', message: reason ?? failedText })
    return redirect(`/${lang}/order/${order.id}`)
  }
}
