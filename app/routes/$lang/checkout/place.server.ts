import { randomUUID } from 'node:crypto'
import { type RouterContextProvider, redirect } from 'react-router'
import { getConfig } from '#api/config.ts'
import { logger } from '#api/log.ts'
import type { Order, OrderPreview } from '#api/types.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError, isApiRefusal } from '#app/utils/api-errors.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { deliveryOf } from './checkout.server.ts'
import type { CheckoutState } from './state.server.ts'

type Context = Readonly<RouterContextProvider>

/** The promo code's discount on the basket, or the API's reason why not. */
export async function checkPromo(context: Context, code: string) {
  try {
    const preview = await context.get(apiClientContext).send('POST', 'promo/check/', { code })
    return { ok: true as const, preview }
  } catch (error) {
    if (!isApiRefusal(error) || error.status === 401) throw error
    const message = error.body.errors?.find((e) => e.field === 'promo_code')?.message ?? error.body.detail ?? ''
    return { ok: false as const, message }
  }
}

/** The API's reason for refusing the promo code (field `promo_code`: unusable, too many guesses), or null. */
function promoRefusal(error: unknown): string | null {
  if (!isApiRefusal(error) || error.status === 401) return null
  return error.body.errors?.find((e) => e.field === 'promo_code')?.message ?? null
}

/**
 * What step 3 shows, as the API computes it for the basket (orders/preview/):
 * per delivery way and cashback choice the delivery price, cashback spent,
 * total and VAT. A code the API now refuses (expired since it was applied,
 * used up) comes with its reason, and the money without it.
 */
export async function paymentPreview(context: Context, state: CheckoutState) {
  const api = context.get(apiClientContext)
  const delivery = deliveryOf(state)
  const region = delivery === 'courier' ? (state.address?.region ?? '') : null
  const code = state.payment?.promo_code || null
  const ask = (promo_code: string | null) => api.send('POST', 'orders/preview/', { region, delivery, promo_code })
  let promoError: string | null = null
  let preview: OrderPreview
  try {
    preview = await ask(code)
  } catch (error) {
    promoError = code ? promoRefusal(error) : null
    if (promoError === null) throw error
    preview = await ask(null)
  }
  return { ...preview, promoError, idempotencyKey: randomUUID() }
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
  if (isApiError(error)) return error.body.detail || null
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
    if (reason === null) logger().error({ err: error, order: order.id }, 'storefront: payment did not start')
    flash(context, { type: 'error', message: reason ?? failedText })
    return redirect(`/${lang}/order/${order.id}`)
  }
}
