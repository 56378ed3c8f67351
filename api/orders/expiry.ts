import { and, asc, eq, inArray, lte } from 'drizzle-orm'
import { type StockMove, stockMoved } from '../catalogue/cache.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { orders, payments } from '../db/schema/index.ts'
import { PaymeState, pastPaymeTimeout } from '../integrations/payments/payme/merchant.ts'
import { UZUM_CONFIRM_MS } from '../integrations/payments/uzum/merchant.ts'
import { stockMovesIn } from '../stock/movements.ts'
import { lockOrderAndPayments, transition } from './service.ts'
import { OrderStatus, onlineMethods, paymentHoldMs } from './states.ts'

/** The cancel reason of an order whose payment hold ran out. */
export const PAYMENT_TIMEOUT_REASON = 'payment_timeout'

/**
 * A payment started this recently (sandbox page open, Click prepared, a card
 * being charged) is still in flight: its order is not expired under it.
 */
export const IN_FLIGHT_MS = 30 * 60_000

type PaymentRow = typeof payments.$inferSelect

/** Why a pending payment keeps its order: Payme's own 12-hour window, Uzum's confirm window, or a payment in flight. */
export function holdsOrder(p: PaymentRow, now: Date) {
  if (p.provider === 'payme' && p.providerState === PaymeState.created) return !pastPaymeTimeout(p, now)
  const started = p.createTime ?? p.createdAt.getTime()
  return now.getTime() - started < (p.provider === 'uzum' ? UZUM_CONFIRM_MS : IN_FLIGHT_MS)
}

/**
 * Cancels the online orders left awaiting payment longer than
 * ORDER_PAYMENT_TTL_MINUTES through `transition()` (stock, cashback and promo
 * use come back), reason `payment_timeout`. An order with a Payme transaction
 * still inside Payme's 12-hour window, an Uzum transaction inside its 30
 * minutes, or a payment started in the last 30 minutes, is left alone (a
 * created Uzum transaction left then fails with its order: /status FAILED). Each order is locked and re-checked, so a payment
 * arriving at the same moment either wins or finds the order cancelled.
 * Returns the ids it cancelled.
 */
export async function expireUnpaidOrders(
  db: Db,
  ctx: { config: Config; now: Date; limit?: number },
): Promise<number[]> {
  const { config, now } = ctx
  const before = new Date(now.getTime() - paymentHoldMs(config))
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, OrderStatus.awaitingPayment),
        inArray(orders.paymentMethod, onlineMethods),
        lte(orders.createdAt, before),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(ctx.limit ?? 200)

  const cancelled: number[] = []
  const moves: StockMove[] = []
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrderAndPayments(tx, id)
      // Paid or cancelled since the scan.
      if (!order || order.status !== OrderStatus.awaitingPayment || order.paymentStatus === 'paid') return false
      const pending = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, id), eq(payments.status, 'pending')))
      if (pending.some((p) => holdsOrder(p, now))) return false
      // Created Payme transactions here are past Payme's timeout: cancelled as Payme would (state −1, reason 4).
      const timedOut = pending.filter((p) => p.provider === 'payme' && p.providerState === PaymeState.created)
      if (timedOut.length)
        await tx
          .update(payments)
          .set({ providerState: PaymeState.cancelled, cancelTime: now.getTime(), reason: 4 })
          .where(
            inArray(
              payments.id,
              timedOut.map((p) => p.id),
            ),
          )
      await transition(tx, order, OrderStatus.cancelled, {
        lang: 'ru',
        config,
        now,
        reason: PAYMENT_TIMEOUT_REASON,
      })
      moves.push(...stockMovesIn(tx))
      return true
    })
    if (done) cancelled.push(id)
  }
  await stockMoved(db, moves)
  return cancelled
}
