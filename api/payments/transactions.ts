import { and, eq } from 'drizzle-orm'
import { invalidateCatalogue } from '../catalogue/cache.ts'
import type { Config } from '../config.ts'
import type { Db, Tx } from '../db/client.ts'
import { orders, payments } from '../db/schema/index.ts'
import {
  lockOrder,
  lockOrderAndPayments,
  markOrderPaid,
  markPaymentFailed,
  type OrderRow,
  transition,
} from '../orders/service.ts'
import { OrderStatus } from '../orders/states.ts'

/**
 * The transactions of the providers that call the shop (Payme, Click): a
 * `payments` row named by the provider's own transaction id (`external_id`,
 * one per provider), opened for what the order owes (`pending`), then
 * performed when the money arrived (`paid`, the order paid) or cancelled
 * before that (`cancelled`, the order still payable); a performed one the
 * provider itself may give back (`refunded`, the order cancelled). Each
 * provider keeps its own state numbers and times beside these (`changes`).
 *
 * Locks follow the order of every payment change: the order's payment rows,
 * then the order (docs/decisions/006-unpaid-orders-and-refunds.md).
 */
export type ProviderTransaction = typeof payments.$inferSelect
type Changes = Partial<typeof payments.$inferInsert>
type Ctx = { config: Config; now: Date }

// The providers' calls have no shopper's language: refusals inside are never shown to one.
const lang = 'ru'

/** The provider's transaction by its id, locked for a change when `lock`. */
export async function findTransaction(db: Db | Tx, provider: string, externalId: string, lock = false) {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.externalId, externalId)))
  const [payment] = lock ? await query.for('update') : await query
  return payment ?? null
}

/**
 * Opens the provider's transaction `externalId` on the order, under the
 * order's lock: `open` checks the locked order (throwing to refuse) and says
 * what to store. The same id sent again, even at the same moment (providers
 * resend a call whose answer is slow), waits for that lock and finds the
 * transaction the first call opened: `opened: false`, nothing written.
 */
export async function openTransaction(
  tx: Tx,
  orderId: number,
  id: { provider: string; externalId: string },
  open: (order: OrderRow) => Promise<Omit<Changes, 'orderId' | 'provider' | 'externalId'> & { amount: number }>,
): Promise<{ payment: ProviderTransaction; opened: boolean }> {
  const order = await lockOrderAndPayments(tx, orderId)
  if (!order) throw new Error(`order ${orderId} not found`)
  // Read after the lock: a twin that committed while this call waited is seen now.
  const twin = await findTransaction(tx, id.provider, id.externalId)
  if (twin) return { payment: twin, opened: false }
  const [payment] = await tx
    .insert(payments)
    .values({ ...(await open(order)), orderId, ...id })
    .returning()
  return { payment: payment!, opened: true }
}

/**
 * The money of an open transaction arrived: its order is paid (accepted, or
 * the extra an edit added is settled) and the transaction performed. Null,
 * nothing written, when the order no longer takes this money (cancelled, or
 * paid by another transaction).
 */
export async function performTransaction(tx: Tx, payment: ProviderTransaction, ctx: Ctx, changes: Changes = {}) {
  if (!(await markOrderPaid(tx, payment.orderId, payment.amount, { ...ctx, lang }))) return null
  const [performed] = await tx
    .update(payments)
    .set({ status: 'paid', performTime: ctx.now.getTime(), ...changes })
    .where(eq(payments.id, payment.id))
    .returning()
  return performed!
}

/** An open transaction cancelled before its money arrived: the order stays payable, its last attempt failed. */
export async function cancelOpenTransaction(tx: Tx, payment: ProviderTransaction, now: Date, changes: Changes = {}) {
  const [cancelled] = await tx
    .update(payments)
    .set({ status: 'cancelled', cancelTime: now.getTime(), ...changes })
    .where(eq(payments.id, payment.id))
    .returning()
  await markPaymentFailed(tx, payment.orderId, now)
  return cancelled!
}

/**
 * The provider gave a performed transaction's money back (the merchant did
 * it in the provider's cabinet): the order is cancelled, unless it already
 * was, with its stock, cashback and promo use returned, and refunded. Like
 * every stock change, that drops the catalogue's cached answers in every
 * shop process once it commits. Null when the order was delivered: its money
 * cannot go back this way.
 */
export async function refundPerformedTransaction(
  db: Db,
  tx: Tx,
  payment: ProviderTransaction,
  ctx: Ctx,
  changes: Changes = {},
) {
  const order = await lockOrder(tx, payment.orderId)
  if (!order || order.status === OrderStatus.delivered) return null
  if (order.status !== OrderStatus.cancelled) {
    await transition(tx, order, OrderStatus.cancelled, { ...ctx, lang, reason: payment.provider })
    await invalidateCatalogue(db, tx)
  }
  await tx.update(orders).set({ paymentStatus: 'refunded', updatedAt: ctx.now }).where(eq(orders.id, order.id))
  const [refunded] = await tx
    .update(payments)
    .set({ status: 'refunded', refundedAt: ctx.now, cancelTime: ctx.now.getTime(), ...changes })
    .where(eq(payments.id, payment.id))
    .returning()
  return refunded!
}
