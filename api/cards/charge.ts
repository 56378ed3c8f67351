import { and, eq, gt, isNotNull, like } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { orders, payments, savedCards } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { type CardProvider, CardProviderError } from '../integrations/payments/card-provider.ts'
import { logger } from '../log.ts'
import { lockOrder, markOrderPaid, markPaymentFailed, type OrderRow } from '../orders/service.ts'
import { OrderStatus } from '../orders/states.ts'
import { refundOrder } from '../payments/refunds.ts'

/**
 * Paying an order with a saved card, server-side (no provider page).
 *
 * The `payments` row: provider `card:<CardProvider.name>` (`card:sandbox`,
 * `card:payme`), amount the order total in sum, status `pending` while the
 * provider is charging, then `paid` with `external_id` = the provider's
 * receipt id, or `failed`. A paid one is refunded with
 * `CardProvider.refund(external_id)` (refunds.ts: `refund_pending`, then `refunded`).
 */
export const cardPaymentProvider = (cards: CardProvider) => `card:${cards.name}`

/** A charge younger than this blocks another one for the same order (a double click, two tabs). */
const chargeInFlightMs = 2 * 60 * 1000

type Ctx = { lang: Lang; config: Config; now: Date; cards: () => CardProvider }

const cardNotFound = (lang: Lang) => {
  const detail = message(lang, 'card_not_found')
  return new ApiError(400, detail, [{ field: 'card_id', message: detail }])
}

/**
 * Charges the customer's confirmed card `cardId` for the order (which awaits
 * payment): paid → the order is accepted like any paid order; declined or no
 * answer → the payment failed, the order still awaits payment (402 / 503 with
 * the reason). Answers the payment id.
 */
export async function chargeSavedCard(db: Db, order: OrderRow, cardId: number, ctx: Ctx): Promise<number> {
  const { lang } = ctx
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, order.userId), isNotNull(savedCards.verifiedAt)))
    .limit(1)
  const cards = ctx.cards()
  // A card saved with another provider (PAYMENT_PROVIDER changed since) has no token here.
  if (!card || card.provider !== cards.name) throw cardNotFound(lang)
  const provider = cardPaymentProvider(cards)

  const paymentId = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id)
    if (!locked || locked.status !== OrderStatus.awaitingPayment || locked.paymentStatus === 'paid')
      throw new ApiError(409, message(lang, 'order_not_payable'))
    const [running] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.orderId, order.id),
          like(payments.provider, 'card:%'),
          eq(payments.status, 'pending'),
          gt(payments.createdAt, new Date(ctx.now.getTime() - chargeInFlightMs)),
        ),
      )
      .limit(1)
    if (running) throw new ApiError(409, message(lang, 'card_charge_in_progress'))
    // An older pending charge never finished (the process stopped mid-call); its receipt was never recorded as paid.
    await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(and(eq(payments.orderId, order.id), like(payments.provider, 'card:%'), eq(payments.status, 'pending')))
    if (locked.cardId !== card.id) await tx.update(orders).set({ cardId: card.id }).where(eq(orders.id, order.id))
    const [payment] = await tx
      .insert(payments)
      .values({ orderId: order.id, provider, amount: locked.total, status: 'pending', createdAt: ctx.now })
      .returning({ id: payments.id })
    return payment!.id
  })

  let receiptId: string
  try {
    ;({ receiptId } = await cards.charge(card.token, { amount: order.total, orderId: order.id, lang }))
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ status: 'failed' }).where(eq(payments.id, paymentId))
      await markPaymentFailed(tx, order.id, ctx.now)
    })
    if (!(error instanceof CardProviderError)) throw error
    logger().warn(`payments: order ${order.id}: ${error.message}`)
    if (error.reason === 'rejected') throw new ApiError(402, message(lang, 'card_charge_declined'))
    throw new ApiError(503, message(lang, 'card_charge_unavailable'), undefined, { 'Retry-After': '30' })
  }

  // The same rules as the sandbox page: the pending payment is claimed and the order accepted in one transaction.
  const accepted = await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(payments)
      .set({ status: 'paid', externalId: receiptId, performTime: ctx.now.getTime() })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning({ id: payments.id })
    return Boolean(claimed) && (await markOrderPaid(tx, order.id, order.total, ctx))
  })
  if (!accepted) {
    // The order was cancelled (or paid another way) while the card was charged: the money goes back, through the
    // same refund path as a cancelled paid order (a failed try stays refund_pending for the periodic job).
    await db
      .update(payments)
      .set({ status: 'refund_pending', externalId: receiptId, performTime: ctx.now.getTime() })
      .where(eq(payments.id, paymentId))
    const refunds = { db, config: ctx.config, now: () => ctx.now, refundCardCharge: (id: string) => cards.refund(id) }
    await refundOrder(refunds, order.id)
    throw new ApiError(409, message(lang, 'order_not_payable'))
  }
  return paymentId
}
