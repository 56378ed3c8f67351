import type { z } from '@hono/zod-openapi'
import { and, eq, inArray } from 'drizzle-orm'
import { addCashbackEntry } from '../cashback/service.ts'
import { stockMoved } from '../catalogue/cache.ts'
import { unitPrice } from '../catalogue/products.ts'
import type { Config } from '../config.ts'
import { findPickupPoint } from '../content/pickup-points.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Db, Tx } from '../db/client.ts'
import { cartItems, orderItems, orders } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { ordersCreated } from '../metrics.ts'
import { notifyOrderStatus } from '../notifications/order-notifications.ts'
import { offeredPaymentMethods } from '../payments/offered.ts'
import { moveStock, StockError, stockMovesIn } from '../stock/movements.ts'
import { nextOrderNumber } from './numbers.ts'
import { type PricedOrder, priceOrder } from './pricing.ts'
import { orRolledBack } from './rolled-back.ts'
import type { createOrderBody } from './schemas.ts'
import {
  customerActor,
  OrderConflictError,
  type OrderItemRow,
  type OrderRow,
  orderItemsOf,
  recordStatus,
  type StatusActor,
} from './service.ts'
import { OrderStatus, onlineMethods } from './states.ts'

export type NewOrder = z.output<typeof createOrderBody>

/**
 * Where an order's lines come from: the customer's own basket at checkout, or
 * the lines a staff member takes by phone (at today's prices, in the
 * customer's language, placed by that staff member).
 */
export type OrderSource =
  | { kind: 'basket' }
  | {
      kind: 'staff'
      lines: { productId: number; quantity: number }[]
      actor: StatusActor
      /** The language the customer is told in (their SMS). */
      orderLang: Lang
      /** Runs in the order's transaction once it is placed (the staff member's audit row). */
      placed?: (tx: Tx, order: OrderRow) => Promise<void>
      /** Compute everything, write nothing: called with the order it would be, it rolls the transaction back. */
      preview?: (placed: { order: OrderRow; items: OrderItemRow[] }) => never
    }

type PlaceCtx = { lang: Lang; config: Config; now: Date; source: OrderSource }

/**
 * What placing an order from `source` would give, nothing written: the
 * order and its lines exactly as `createOrder` would make them (the same
 * stock, price, promo, cashback and delivery rules).
 */
export async function previewPlacedOrder(
  db: Db,
  userId: number,
  input: NewOrder,
  ctx: { lang: Lang; config: Config; now: Date; source: Extract<OrderSource, { kind: 'staff' }> },
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  return orRolledBack(async (rollBack) => {
    // A key already used answers the order it placed: that is what placing it would give.
    const { order } = await createOrder(db, userId, input, { ...ctx, source: { ...ctx.source, preview: rollBack } })
    return { order, items: (await orderItemsOf(db, [order.id])).get(order.id) ?? [] }
  })
}

/**
 * Creates the customer's order from their basket (owner `u:<id>`) in one
 * transaction, in three steps: price (priceOrder: the product rows locked,
 * prices and stock re-checked, promo and cashback applied), persist (the
 * order, its lines snapshotted, its timeline begun) and reserve (the stock
 * taken, the cashback spent, the ordered lines removed from the basket; they
 * name the order, so they follow it). The same idempotency key returns the
 * order it created before (`created: false`). Staff taking an order by phone
 * go the same way with their own lines (`source`), so phone orders keep every
 * rule of the checkout.
 *
 * One checkout per customer at a time (a transaction-scoped advisory lock,
 * taken before anything else): a second one sent at once reads the basket
 * and the idempotency key only after the first has committed, so it finds
 * the order of its key or the basket the first one emptied (400), never the
 * lines the first one already ordered. Nothing else takes this lock, so it
 * adds no lock order to worry about (docs/decisions/008-one-checkout-at-a-time.md).
 */
export async function createOrder(
  db: Db,
  userId: number,
  input: NewOrder,
  ctx: { lang: Lang; config: Config; now: Date; source?: OrderSource },
): Promise<{ order: OrderRow; created: boolean }> {
  const { lang } = ctx
  const source = ctx.source ?? { kind: 'basket' }
  const existing = await findByKey(db, userId, input.idempotency_key)
  if (existing) return { order: existing, created: false }
  const pickupPoint = input.pickup_point === null ? null : await findPickupPoint(db, input.pickup_point)
  if (input.delivery === 'pickup' && !pickupPoint)
    throw new ApiError(400, message(lang, 'order_unknown_pickup_point'), [
      { field: 'pickup_point', message: message(lang, 'order_unknown_pickup_point') },
    ])
  if (!offeredPaymentMethods(ctx.config).includes(input.payment_method))
    throw new ApiError(400, message(lang, 'order_payment_method_unavailable'), [
      { field: 'payment_method', message: message(lang, 'order_payment_method_unavailable') },
    ])
  const placing = { ...ctx, source, actor: source.kind === 'staff' ? source.actor : customerActor(userId) }
  const result = await db.transaction(async (tx) => {
    await lockKey(tx, `order:${userId}`)
    // The same key sent twice at once: the other request created the order while this one waited.
    const replay = await findByKey(tx, userId, input.idempotency_key)
    if (replay) return { order: replay, created: false, moves: [] }
    const priced = await priceOrder(tx, userId, input, placing)
    const order = await persistOrder(tx, { userId, input, pickupPoint, priced }, placing)
    await reserveFor(tx, order, priced, placing)
    await notifyOrderStatus(tx, order, null, { now: ctx.now })
    if (source.kind === 'staff') {
      if (source.preview) source.preview({ order, items: (await orderItemsOf(tx, [order.id])).get(order.id) ?? [] })
      await source.placed?.(tx, order)
    }
    return { order, created: true, moves: stockMovesIn(tx) }
  })
  if (result.created) {
    await stockMoved(db, result.moves)
    ordersCreated.inc({ payment_method: result.order.paymentMethod })
  }
  return { order: result.order, created: result.created }
}

/** The order of this customer's idempotency key, if it was placed. */
async function findByKey(db: Db, userId: number, key: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
  return order
}

/**
 * The persist step: the order row as priced (accepted, or awaiting its online
 * payment; paid already when promo and cashback leave nothing to pay) under
 * the next order number (taken here, after the price step's locks), its
 * lines at the prices charged, and the first step of its timeline.
 */
async function persistOrder(
  tx: Tx,
  placed: { userId: number; input: NewOrder; pickupPoint: OrderRow['pickupPoint']; priced: PricedOrder },
  ctx: PlaceCtx & { actor: StatusActor },
): Promise<OrderRow> {
  const { input, priced } = placed
  const { now, source } = ctx
  const online = onlineMethods.includes(input.payment_method)
  // Nothing left to pay online: the order is paid by promo and cashback.
  const prepaid = online && priced.total === 0
  const [order] = await tx
    .insert(orders)
    .values({
      id: await nextOrderNumber(tx),
      userId: placed.userId,
      idempotencyKey: input.idempotency_key,
      status: online && !prepaid ? OrderStatus.awaitingPayment : OrderStatus.accepted,
      paymentMethod: input.payment_method,
      paymentStatus: prepaid ? 'paid' : 'pending',
      paidAt: prepaid ? now : null,
      cardId: input.payment_method === 'card' ? input.card_id : null,
      delivery: input.delivery,
      ...input.address,
      pickupPoint: placed.pickupPoint,
      receiverName: input.receiver.name,
      receiverPhone: input.receiver.phone,
      receiverExtraPhone: input.receiver.extra_phone,
      subtotal: priced.subtotal,
      promoCode: priced.promo.code,
      promoCodeId: priced.promo.id,
      discount: priced.promo.discount,
      cashbackUsed: priced.cashbackUsed,
      deliveryPrice: priced.deliveryPrice,
      total: priced.total,
      vat: priced.vat,
      lang: source.kind === 'staff' ? source.orderLang : ctx.lang,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!order) throw new Error('order insert returned nothing')
  await recordStatus(tx, order.id, null, order.status, ctx.actor, { now })
  await tx.insert(orderItems).values(
    priced.lines.map((l) => ({
      orderId: order.id,
      productId: l.productId,
      slug: l.slug,
      title: l.title,
      unitPrice: unitPrice(l),
      regularPrice: l.price,
      quantity: l.quantity,
    })),
  )
  return order
}

/**
 * The reserve step: each line's stock taken out of its batches for the order,
 * the cashback it spends taken off the balance, and (at checkout) the ordered
 * lines removed from the basket. The products and the customer's row are
 * locked since the price step, so the stock and the balance hold; moveStock
 * and the cashback ledger still refuse to go below 0 whatever happens.
 */
async function reserveFor(tx: Tx, order: OrderRow, priced: PricedOrder, ctx: PlaceCtx & { actor: StatusActor }) {
  const { lang, source } = ctx
  for (const l of priced.lines)
    await moveStock(tx, {
      productId: l.productId,
      delta: -l.quantity,
      reason: 'order',
      orderId: order.id,
      actor: ctx.actor,
    }).catch((error: unknown) => {
      if (!(error instanceof StockError)) throw error
      throw new OrderConflictError(message(lang, 'order_stock_changed'), [
        { product_id: l.productId, title: pick(l.title, lang), requested: l.quantity, available: error.available },
      ])
    })
  if (priced.cashbackUsed > 0) {
    const spent = await addCashbackEntry(tx, {
      userId: order.userId,
      orderId: order.id,
      amount: -priced.cashbackUsed,
      reason: 'spent',
    })
    if (!spent) throw new ApiError(400, message(lang, 'cashback_above_balance', { balance: priced.balance }))
  }
  if (source.kind === 'basket')
    await tx.delete(cartItems).where(
      and(
        eq(cartItems.owner, `u:${order.userId}`),
        inArray(
          cartItems.productId,
          priced.lines.map((l) => l.productId),
        ),
      ),
    )
}
