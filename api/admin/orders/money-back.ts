import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { orderRefunds, orders, payments } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { netPaid } from '../../orders/balance.ts'
import type { OrderRow } from '../../orders/service.ts'
import { refundShape } from '../../payments/refundable.ts'

/**
 * Money given back for part of an order that stands (an edit lowered a paid
 * total; goods came back): through the provider where it can take back that
 * part, else in cash by staff. A cancellation returns whole payments instead
 * (payments/refunds.ts).
 */

/** A paid payment of the order and what partial refunds already took from it. */
export type PaidPayment = { id: number; provider: string; amount: number; givenBack: number }

export type RefundMethod = 'provider' | 'cash'

/** The order's paid payments, oldest first, each with the provider refunds recorded against it. */
export async function paidPayments(db: Db, orderId: number): Promise<PaidPayment[]> {
  return db
    .select({
      id: payments.id,
      provider: payments.provider,
      amount: payments.amount,
      givenBack: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)`.mapWith(Number),
    })
    .from(payments)
    .leftJoin(orderRefunds, eq(orderRefunds.paymentId, payments.id))
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'paid')))
    .groupBy(payments.id)
    .orderBy(asc(payments.id))
}

/**
 * Which payment gives `amount` back at the shop's request: one that returns
 * any part (the sandbox) with that much left, else one that returns only
 * whole (Click, a saved card) of exactly that amount and untouched. Null when
 * none can: the money then goes back in cash.
 */
export function providerRoute(paid: PaidPayment[], amount: number): { payment: PaidPayment; whole: boolean } | null {
  const part = paid.find((p) => refundShape(p.provider) === 'part' && p.amount - p.givenBack >= amount)
  if (part) return { payment: part, whole: false }
  const whole = paid.find((p) => refundShape(p.provider) === 'whole' && p.givenBack === 0 && p.amount === amount)
  return whole ? { payment: whole, whole: true } : null
}

/** What a refund through the provider can be now: the most a part-returning payment has left, and the whole-only amounts. */
export function refundOptions(paid: PaidPayment[]) {
  return {
    provider: Math.max(0, ...paid.filter((p) => refundShape(p.provider) === 'part').map((p) => p.amount - p.givenBack)),
    whole: paid.filter((p) => refundShape(p.provider) === 'whole' && p.givenBack === 0).map((p) => p.amount),
  }
}

/**
 * Gives `amount` of the order back in the caller's transaction (the order
 * locked with its payments): `provider` through the payment `providerRoute`
 * finds (a part of a sandbox payment at once; a whole Click or saved-card
 * payment is marked `refund_pending` and asked once committed: `askProvider`),
 * `cash` recorded as handed back by staff now. The order's `refunded_total`
 * grows by it. 400 for more than the customer paid and was not given back;
 * 409 when the provider cannot give back this amount (the message says what it can).
 */
export async function giveBack(
  tx: Tx,
  order: OrderRow,
  refund: { amount: number; method: RefundMethod; eventId: number | null; now: Date; lang: Lang },
): Promise<{ order: OrderRow; askProvider: boolean; status: 'pending' | 'refunded' }> {
  const { amount, method, now, lang } = refund
  if (amount <= 0 || amount > netPaid(order)) {
    const detail = message(lang, 'admin_refund_above_paid', { amount: groupedNumber(netPaid(order)) })
    throw new ApiError(400, detail, [{ field: 'amount', message: detail }])
  }
  let paymentId: number | null = null
  let status: 'pending' | 'refunded' = 'refunded'
  let askProvider = false
  if (method === 'provider') {
    const paid = await paidPayments(tx, order.id)
    const route = providerRoute(paid, amount)
    if (!route) throw providerCannot(lang, paid)
    paymentId = route.payment.id
    if (route.whole) {
      // The provider is asked once this commits (payments/refunds.ts), and retried by the order jobs if it fails.
      await tx.update(payments).set({ status: 'refund_pending' }).where(eq(payments.id, route.payment.id))
      status = 'pending'
      askProvider = true
    }
  }
  await tx.insert(orderRefunds).values({
    orderId: order.id,
    eventId: refund.eventId,
    paymentId,
    amount,
    method,
    status,
    createdAt: now,
    refundedAt: status === 'refunded' ? now : null,
  })
  const [updated] = await tx
    .update(orders)
    .set({ refundedTotal: order.refundedTotal + amount, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning()
  return { order: updated!, askProvider, status }
}

/** 409: the provider cannot give back this amount; says what it can, or that only cash is left. */
function providerCannot(lang: Lang, paid: PaidPayment[]) {
  const { provider, whole } = refundOptions(paid)
  const amounts = [...(provider > 0 ? [provider] : []), ...whole].map(groupedNumber).join(', ')
  return new ApiError(
    409,
    amounts ? message(lang, 'admin_refund_provider_only', { amounts }) : message(lang, 'admin_refund_provider_none'),
    [{ field: 'method', message: message(lang, 'admin_refund_provider_none') }],
  )
}

/** The order's partial refunds for the desk, with the provider each went through. */
export async function refundsOf(db: Db, orderId: number) {
  const rows = await db
    .select({ refund: orderRefunds, provider: payments.provider })
    .from(orderRefunds)
    .leftJoin(payments, eq(payments.id, orderRefunds.paymentId))
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.id))
  return rows.map(({ refund, provider }) => ({
    id: refund.id,
    amount: refund.amount,
    method: refund.method,
    provider: provider ?? null,
    status: refund.status,
    created_at: refund.createdAt.toISOString(),
    refunded_at: refund.refundedAt ? refund.refundedAt.toISOString() : null,
  }))
}
