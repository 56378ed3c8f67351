import { and, eq } from 'drizzle-orm'
import { cardPaymentProvider, chargeSavedCard } from '../cards/charge.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { orders, payments } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { shopOrigin } from '../http/shop-origin.ts'
import type { CardProvider } from '../integrations/payments/card-provider.ts'
import { clickPayUrl } from '../integrations/payments/click/checkout-url.ts'
import { paymeCheckoutUrl } from '../integrations/payments/payme/checkout-url.ts'
import type { ProviderName } from '../integrations/payments/provider.ts'
import { openUzumSimulation } from '../integrations/payments/sandbox/uzum.ts'
import { uzumPayUrl } from '../integrations/payments/uzum/checkout-url.ts'
import { uzumService } from '../integrations/payments/uzum/protocol.ts'
import { extraDue } from '../orders/balance.ts'
import { isPayable } from '../orders/states.ts'

type Ctx = { lang: Lang; config: Config; now: Date }

/** Which provider takes an online payment: the sandbox for all, else Payme, Click or Uzum by method. */
export function providerFor(config: Config, method: string): ProviderName {
  if (config.PAYMENT_PROVIDER === 'sandbox') return 'sandbox'
  if (method === 'payme' || method === 'click' || method === 'uzum') return method
  return config.PAYMENT_PROVIDER
}

/** Settings the chosen provider needs; checked once when the API is built. */
export function checkPaymentConfig(config: Config) {
  if (config.PAYMENT_PROVIDER === 'payme' && (!config.PAYME_MERCHANT_ID || !config.PAYME_KEY))
    throw new Error('PAYMENT_PROVIDER=payme needs PAYME_MERCHANT_ID and PAYME_KEY')
  if (
    config.PAYMENT_PROVIDER === 'click' &&
    (!config.CLICK_SERVICE_ID || !config.CLICK_MERCHANT_ID || !config.CLICK_SECRET_KEY)
  )
    throw new Error('PAYMENT_PROVIDER=click needs CLICK_SERVICE_ID, CLICK_MERCHANT_ID and CLICK_SECRET_KEY')
  if (config.PAYMENT_PROVIDER === 'uzum' && !uzumService(config))
    throw new Error('PAYMENT_PROVIDER=uzum needs UZUM_SERVICE_ID, UZUM_LOGIN and UZUM_PASSWORD')
}

/** Where the provider sends the customer back: the storefront's payment result page. */
export const returnUrl = (config: Config, lang: Lang, orderId: number) =>
  `${config.PUBLIC_URL?.replace(/\/$/, '') ?? ''}/${lang}/payment/result/${orderId}`

type PayableOrder = { id: number; total: number }

/** The Payme, Click or Uzum Bank page where `order` is paid (anyone holding the link may pay it). */
export function providerCheckoutUrl(
  config: Config,
  provider: 'payme' | 'click' | 'uzum',
  order: PayableOrder,
  lang: Lang,
) {
  const back = returnUrl(config, lang, order.id)
  if (provider === 'uzum')
    return uzumPayUrl({
      baseUrl: config.UZUM_PAY_URL,
      serviceId: config.UZUM_SERVICE_ID ?? '',
      orderId: order.id,
      amount: order.total,
      returnUrl: back,
    })
  if (provider === 'payme')
    return paymeCheckoutUrl({
      baseUrl: config.PAYME_CHECKOUT_URL,
      merchantId: config.PAYME_MERCHANT_ID ?? '',
      orderId: order.id,
      amount: order.total,
      lang: lang === 'ru' ? 'ru' : 'uz',
      returnUrl: back,
    })
  return clickPayUrl({
    baseUrl: config.CLICK_PAY_URL,
    serviceId: config.CLICK_SERVICE_ID ?? '',
    merchantId: config.CLICK_MERCHANT_ID ?? '',
    orderId: order.id,
    amount: order.total,
    returnUrl: back,
  })
}

type OrderMoney = Parameters<typeof extraDue>[0] & { id: number }

/**
 * What the order can be paid online now, and through whom: its total while
 * it awaits payment; or, once paid, the extra an edit added before it ships
 * (the sandbox, Click and Uzum take it as a second payment; Payme's checkout
 * fiscalises the whole order per transaction, so there the courier or the
 * pickup point collects the extra). Null when nothing is payable online.
 */
export function payableNow(config: Config, order: OrderMoney): { provider: ProviderName; amount: number } | null {
  const provider = providerFor(config, order.paymentMethod)
  if (isPayable(order)) return { provider, amount: order.total }
  const extra = extraDue(order)
  if (extra > 0 && provider !== 'payme') return { provider, amount: extra }
  return null
}

/**
 * A link that lets the customer pay their unpaid online order, or the extra
 * of an edited one (staff send it from the back office): the Payme, Click or
 * Uzum Bank page, or with the sandbox the storefront's pay page (the customer
 * signs in there and pays as from their orders), always absolute (`shopOrigin`). 409 when nothing is
 * payable online.
 */
export function paymentLinkOf(config: Config, order: OrderMoney, lang: Lang) {
  const payable = payableNow(config, order)
  if (!payable) throw new ApiError(409, message(lang, 'order_not_payable'))
  const { provider, amount } = payable
  // The link leaves the shop (SMS, Telegram): absolute, and so is the provider's way back.
  const origin = shopOrigin(config)
  const url =
    provider === 'sandbox'
      ? `${origin}/${lang}/payment/pay/${order.id}`
      : providerCheckoutUrl({ ...config, PUBLIC_URL: origin }, provider, { id: order.id, total: amount }, lang)
  return { provider, url, amount }
}

/**
 * Starts paying the customer's order online: 409 unless it awaits payment.
 * A card order with a saved card (`card_id` of the order, or chosen now) is
 * charged at once and answers the result page; `card_id: null` chooses a new
 * card instead. Otherwise the sandbox gets a payment row and its local page
 * (for an order paid by Uzum, an Uzum transaction the page plays Uzum for);
 * Payme, Click and Uzum get their pages (their own calls then create the
 * payment).
 */
export async function startPayment(
  db: Db,
  userId: number,
  orderId: number,
  ctx: Ctx & { cards: () => CardProvider },
  choice: { card_id?: number | null } = {},
) {
  const { lang, config } = ctx
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  if (!order) throw new ApiError(404, message(lang, 'order_not_found'))
  const payable = payableNow(config, order)
  if (!payable) throw new ApiError(409, message(lang, 'order_not_payable'))
  // The extra of an edited order goes through the provider's page, never a saved card's charge.
  const extra = !isPayable(order)

  const back = returnUrl(config, lang, order.id)
  if (order.paymentMethod !== 'card' && choice.card_id != null) {
    const detail = message(lang, 'card_only_for_card_method')
    throw new ApiError(400, detail, [{ field: 'card_id', message: detail }])
  }
  const cardId = choice.card_id === undefined ? order.cardId : choice.card_id
  if (order.paymentMethod === 'card' && cardId !== null && !extra) {
    const paymentId = await chargeSavedCard(db, order, cardId, ctx)
    return {
      order_id: order.id,
      provider: cardPaymentProvider(ctx.cards()) as 'card:sandbox' | 'card:payme',
      payment_id: paymentId,
      amount: order.total,
      redirect_url: `/${lang}/payment/result/${order.id}`,
      return_url: back,
    }
  }
  // A new card this time: the order no longer names a saved one.
  if (order.cardId !== null && !extra) await db.update(orders).set({ cardId: null }).where(eq(orders.id, order.id))

  const { provider, amount } = payable
  let paymentId: number | null = null
  let redirect: string
  const simulatesUzum = provider === 'sandbox' && order.paymentMethod === 'uzum'
  if (simulatesUzum) {
    paymentId = await openUzumSimulation(db, order, amount, ctx)
    redirect = `/${lang}/payment/sandbox/${paymentId}`
  } else if (provider === 'sandbox') {
    const [payment] = await db
      .insert(payments)
      .values({ orderId: order.id, provider, amount, status: 'pending', createdAt: ctx.now })
      .returning({ id: payments.id })
    paymentId = payment!.id
    redirect = `/${lang}/payment/sandbox/${paymentId}`
  } else redirect = providerCheckoutUrl(config, provider, { id: order.id, total: amount }, lang)
  return {
    order_id: order.id,
    provider: simulatesUzum ? ('uzum' as const) : provider,
    payment_id: paymentId,
    amount,
    redirect_url: redirect,
    return_url: back,
  }
}
