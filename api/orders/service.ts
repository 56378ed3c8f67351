import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import { type AuditActor, systemActor } from '../audit/record.ts'
import { addCashbackEntry } from '../cashback/service.ts'
import { invalidateCatalogue, stockMoved } from '../catalogue/cache.ts'
import type { Config } from '../config.ts'
import type { Db, Tx } from '../db/client.ts'
import { orderItems, orderStatusHistory, orders, payments } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import { paymentResults } from '../metrics.ts'
import { notifyOrderStatus } from '../notifications/order-notifications.ts'
import { returnsAnyPart } from '../payments/refundable.ts'
import { releasePromo } from '../promo/service.ts'
import { moveStock, stockMovesIn } from '../stock/movements.ts'
import { amountDue, extraDue, netPaid } from './balance.ts'
import { earnedCashback } from './money.ts'
import { canTransition, customerCancellable, OrderStatus } from './states.ts'

export type OrderRow = typeof orders.$inferSelect
export type OrderItemRow = typeof orderItems.$inferSelect

/** 409 with the lines that stopped the order: `{detail, items: [...]}`. */
export class OrderConflictError extends ApiError {
  constructor(
    detail: string,
    readonly items: Record<string, unknown>[],
  ) {
    super(409, detail)
  }
  override toJSON() {
    return { detail: this.detail, items: this.items }
  }
}

export async function orderItemsOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, OrderItemRow[]>()
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id))
  const byOrder = new Map<number, OrderItemRow[]>()
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row])
  return byOrder
}

export async function orderById(db: Db, orderId: number): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
  return order ?? null
}

/** The customer's order; another customer's or an unknown id → 404 (never 403: ids are not disclosed). */
export async function customerOrder(db: Db, userId: number, orderId: number, lang: Lang) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  if (!order) throw new ApiError(404, message(lang, 'order_not_found'))
  return order
}

export async function listOrders(db: Db, userId: number, statuses: number[] | null, page: number, size: number) {
  const where = and(eq(orders.userId, userId), statuses?.length ? inArray(orders.status, statuses) : undefined)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** Orders of the customer in `statuses` (the header badge). */
export async function countOrders(db: Db, userId: number, statuses: number[]) {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, statuses)))
  return row?.n ?? 0
}

/**
 * A status of an order in words, one name per status on every screen, message and export (4 is
 * "packed" for both kinds); a pickup order's 6 is "handed over", since nothing was delivered.
 */
export function statusLabel(lang: Lang, status: number, delivery?: string) {
  const pickupWords = status === OrderStatus.delivered && delivery === 'pickup'
  return message(lang, `order_status_${status}${pickupWords ? '_pickup' : ''}` as MessageKey)
}

/** A status of orders of both kinds (a tab, a count). */
export const statusGroupLabel = (lang: Lang, status: number) => statusLabel(lang, status)

/** Who moved an order, for its timeline: as in the audit log, or `customer:<id>`. */
export type StatusActor = Pick<AuditActor, 'staffId' | 'actor'> & { via: string }

export const customerActor = (userId: number): StatusActor => ({
  staffId: null,
  actor: `customer:${userId}`,
  via: 'web',
})

export type TransitionCtx = {
  lang: Lang
  config: Config
  now: Date
  reason?: string
  /** Who moves it (the timeline names them); the shop itself when left out. */
  actor?: StatusActor
}

/** One line of the order's timeline (order_status_history). */
export async function recordStatus(
  tx: Tx,
  orderId: number,
  from: number | null,
  to: number,
  actor: StatusActor,
  ctx: { now: Date; reason?: string | null },
) {
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: from,
    toStatus: to,
    staffId: actor.staffId,
    actor: actor.actor,
    via: actor.via,
    reason: ctx.reason ?? null,
    at: ctx.now,
  })
}

/**
 * What a cancel gives back, in the cancelling transaction: the stock to the batches it came from, the
 * cashback spent, the promo use; pending payments cancelled, paid ones marked for refund (`paymentStatus`:
 * the order's new one).
 */
async function undoForCancel(
  tx: Tx,
  order: OrderRow,
  paymentStatus: OrderRow['paymentStatus'] | undefined,
  ctx: TransitionCtx,
) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))
  for (const item of items) {
    if (item.productId == null) continue
    // Back to the batches the order took it from.
    await moveStock(tx, {
      productId: item.productId,
      delta: item.quantity,
      reason: 'order_cancelled',
      orderId: order.id,
      actor: ctx.actor ?? systemActor,
    })
  }
  if (order.cashbackUsed > 0)
    await addCashbackEntry(tx, {
      userId: order.userId,
      orderId: order.id,
      amount: order.cashbackUsed,
      reason: 'refund',
    })
  if (order.promoCodeId != null) {
    await releasePromo(tx, order.promoCodeId)
  }
  await tx
    .update(payments)
    .set({ status: 'cancelled' })
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
  if (paymentStatus === 'refund_pending')
    await tx
      .update(payments)
      .set({ status: 'refund_pending' })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
}

/**
 * Moves a locked order from its status to `to` with the side effects of the
 * new state; anything not in the transition table → 409. Runs in the caller's
 * transaction (payments call it when money arrives).
 *
 * - → 3 accepted from 1: only once the payment is recorded as paid.
 * - → 2 cancelled: stock returned, cashback spent refunded, the promo use
 *   released; a paid order and its paid payment become `refund_pending`
 *   (payments/refunds.ts asks the provider once this transaction has committed;
 *   an order paid wholly by promo and cashback has nothing to give back: `refunded`).
 * - → 6 delivered: a cash order is paid now, with its `cash` payment (held by the order's courier, else
 *   the mover, until handed over); cashback is earned (CASHBACK_RATE of the goods paid), once.
 */
export async function transition(tx: Tx, order: OrderRow, to: number, ctx: TransitionCtx): Promise<OrderRow> {
  const { lang, config, now } = ctx
  const refuse = () =>
    new ApiError(
      409,
      message(lang, 'order_transition_not_allowed', {
        from: statusLabel(lang, order.status, order.delivery),
        to: statusLabel(lang, to, order.delivery),
      }),
    )
  if (!canTransition(order.status, to, order.delivery)) throw refuse()
  if (order.status === OrderStatus.awaitingPayment && to === OrderStatus.accepted && order.paymentStatus !== 'paid')
    throw refuse()

  const changes: Partial<OrderRow> = { status: to, updatedAt: now }
  if (to === OrderStatus.cancelled) {
    changes.cancelledAt = now
    changes.cancelReason = ctx.reason ?? null
    if (order.paymentStatus === 'paid') {
      if (order.refundedTotal > 0) await refuseWholeReturnAfterPart(tx, order, lang)
      changes.paymentStatus = netPaid(order) > 0 ? 'refund_pending' : 'refunded'
    }
  }
  // What is taken in cash at the door: a cash order's total, or the extra an edit added to a paid one.
  const collected = to === OrderStatus.delivered ? amountDue(order) : 0
  if (to === OrderStatus.delivered) {
    changes.deliveredAt = now
    if (order.paymentStatus !== 'paid') {
      changes.paymentStatus = 'paid'
      changes.paidTotal = order.total
      changes.paidAt = now
    } else if (collected > 0) {
      changes.paidTotal = order.paidTotal + collected
    }
  }
  const [updated] = await tx
    .update(orders)
    .set(changes)
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning()
  // Someone else moved it first.
  if (!updated) throw refuse()
  // Money taken at the door is a cash payment like "cash received": held by whoever carried the order.
  if (collected > 0)
    await tx.insert(payments).values({
      orderId: order.id,
      provider: 'cash',
      amount: collected,
      status: 'paid',
      collectedBy: order.assignedStaffId ?? ctx.actor?.staffId ?? null,
      createdAt: now,
    })
  await recordStatus(tx, order.id, order.status, to, ctx.actor ?? systemActor, ctx)
  await notifyOrderStatus(tx, updated, order.status, ctx)

  if (to === OrderStatus.cancelled) await undoForCancel(tx, order, changes.paymentStatus, ctx)
  if (to === OrderStatus.delivered) {
    const earned = earnedCashback(config, order.subtotal - order.discount - order.cashbackUsed)
    if (earned > 0) {
      const added = await addCashbackEntry(tx, {
        userId: order.userId,
        orderId: order.id,
        amount: earned,
        reason: 'earned',
      })
      if (added) {
        const [withCashback] = await tx
          .update(orders)
          .set({ cashbackEarned: earned })
          .where(eq(orders.id, order.id))
          .returning()
        if (withCashback) return withCashback
      }
    }
  }
  return updated
}

/**
 * A paid order of which a part was already given back cannot be cancelled
 * when its money sits on a payment the provider returns only whole (Click, a
 * saved card, Payme): the cancellation would return that part a second time.
 * 409 saying so; the sandbox returns any part, so it may.
 */
async function refuseWholeReturnAfterPart(tx: Tx, order: OrderRow, lang: Lang) {
  const paid = await tx
    .select({ provider: payments.provider, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'paid')))
  const whole = paid.filter((p) => !returnsAnyPart(p.provider))
  if (whole.length && paid.reduce((sum, p) => sum + p.amount, 0) > netPaid(order))
    throw new ApiError(409, message(lang, 'order_cancel_after_partial_refund'))
}

/** Locks the order row for a state change. */
export async function lockOrder(tx: Tx, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
  return order
}

/**
 * Locks the order for a change that also writes its payments (cancelling):
 * the payment rows first, then the order. Payment callbacks take their
 * payment and then the order, so the same order keeps both from waiting on
 * each other (PostgreSQL would abort one as a deadlock).
 */
export async function lockOrderAndPayments(tx: Tx, orderId: number) {
  await tx
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.id))
    .for('update')
  return lockOrder(tx, orderId)
}

/** Tests: moves any order to `to` through the transition table (staff use admin/orders/status.ts). */
export async function changeOrderStatus(db: Db, orderId: number, to: number, ctx: TransitionCtx): Promise<OrderRow> {
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrderAndPayments(tx, orderId)
    if (!locked) throw new ApiError(404, message(ctx.lang, 'order_not_found'))
    return transition(tx, locked, to, ctx)
  })
  if (to === OrderStatus.cancelled) await invalidateCatalogue(db)
  return order
}

/** The customer cancels their own order while it is awaiting payment or accepted. */
export async function cancelByCustomer(
  db: Db,
  userId: number,
  orderId: number,
  ctx: { lang: Lang; config: Config; now: Date },
): Promise<OrderRow> {
  const { cancelled, moves } = await db.transaction(async (tx) => {
    const locked = await lockOrderAndPayments(tx, orderId)
    if (!locked || locked.userId !== userId) throw new ApiError(404, message(ctx.lang, 'order_not_found'))
    if (!customerCancellable.includes(locked.status as OrderStatus))
      throw new ApiError(409, message(ctx.lang, 'order_cannot_cancel'))
    const order = await transition(tx, locked, OrderStatus.cancelled, {
      ...ctx,
      reason: 'customer',
      actor: customerActor(userId),
    })
    return { cancelled: order, moves: stockMovesIn(tx) }
  })
  await stockMoved(db, moves)
  return cancelled
}

/**
 * Money for the order arrived (sandbox, Payme PerformTransaction, Click
 * complete): the payment is recorded and the order accepted. Or, for an order
 * paid before whose total an edit raised, its extra (exactly that amount):
 * the order stays where it is, paid in full. False when the order no longer
 * awaits this payment (cancelled, already paid, or an amount it does not owe).
 */
export async function markOrderPaid(
  tx: Tx,
  orderId: number,
  amount: number,
  ctx: { lang: Lang; config: Config; now: Date },
): Promise<boolean> {
  const order = await lockOrder(tx, orderId)
  if (!order) return false
  if (order.status !== OrderStatus.awaitingPayment || order.paymentStatus === 'paid') {
    if (amount <= 0 || extraDue(order) !== amount) return false
    await tx
      .update(orders)
      .set({ paidTotal: order.paidTotal + amount, updatedAt: ctx.now })
      .where(eq(orders.id, orderId))
    paymentResults.inc({ result: 'paid' })
    return true
  }
  const [paid] = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', paidTotal: amount, paidAt: ctx.now, updatedAt: ctx.now })
    .where(eq(orders.id, orderId))
    .returning()
  await transition(tx, paid!, OrderStatus.accepted, ctx)
  // Counted inside the transaction: a rollback after this (rare) counts a payment that did not stick.
  paymentResults.inc({ result: 'paid' })
  return true
}

/** A declined payment: the order stays awaiting payment and may be paid again. */
export async function markPaymentFailed(tx: Tx, orderId: number, now: Date) {
  await tx
    .update(orders)
    .set({ paymentStatus: 'failed', updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.awaitingPayment)))
  paymentResults.inc({ result: 'failed' })
}
