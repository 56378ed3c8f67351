import type { z } from '@hono/zod-openapi'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import { findPickupPoint } from '../../content/pickup-points.ts'
import type { Db, Tx } from '../../db/client.ts'
import { orderItems, orders, payments } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { amountDue, owedBack } from '../../orders/balance.ts'
import { holdsOrder } from '../../orders/expiry.ts'
import { orRolledBack } from '../../orders/rolled-back.ts'
import type { addressSchema } from '../../orders/schemas.ts'
import { lockOrderAndPayments, type OrderItemRow, type OrderRow, orderById, statusLabel } from '../../orders/service.ts'
import { type Delivery, OrderStatus } from '../../orders/states.ts'
import { refundOrder } from '../../payments/refunds.ts'
import { type PricedEdit, priceEdit } from './edit-pricing.ts'
import { editChanges, recordEdit } from './edit-record.ts'
import { type NewLine, orderLinesOf } from './order-lines.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

/** Before it ships: awaiting payment, accepted, ready (to go or to collect). */
const editable: readonly number[] = [OrderStatus.awaitingPayment, OrderStatus.accepted, OrderStatus.readyForDelivery]

export type OrderEdit = {
  orderId: number
  /** The order's `updated_at` as the staff member saw it: if it changed since, 409. */
  expectedUpdatedAt: string
  /** Every line the order should have, by product (a line whose product was deleted stays as it is). */
  items: { productId: number; quantity: number }[]
  delivery: Delivery
  address: z.output<typeof addressSchema> | null
  pickupPoint: string | null
  receiver: { name: string; phone: string; extra_phone: string | null }
  /** Why (the timeline shows it). */
  reason: string | null
  actor: StaffOrderActor
}

/** What an edit makes of the order's money, for the answer and the preview. */
export type EditOutcome = {
  order: OrderRow
  items: OrderItemRow[]
  /** The promo code no longer applies (the goods fell below its minimum): dropped, its use given back. */
  promoDropped: boolean
  /** Cashback spent on the order that went back to the balance (the goods now cost less than it). */
  cashbackBack: number
  /** Given back at once through the provider; 0 when none. */
  refunded: number
  /** Still owed to the customer (the provider could not take back that part): cash, recorded later. */
  owedBack: number
  /** Still owed by the customer: a cash order's total, or the extra on a paid one. */
  amountDue: number
  changed: boolean
}

/**
 * Changes an order before it ships (awaiting payment, accepted, ready):
 * its lines (quantities, added and removed products), delivery way, address
 * or pickup point and receiver, in one transaction with everything that
 * follows, as checkout computes it (orders/money.ts):
 *
 * - stock: each product moves by the difference (`order_edit`; given back to
 *   the batches it came from, taken by expiry); short stock is 409 listing the lines;
 * - prices: kept lines keep the price the customer was quoted, new ones take today's;
 * - promo: the order's code recomputed on the new goods, dropped (its use
 *   given back) below its minimum; cashback spent never grows, and what the
 *   goods no longer cover goes back to the balance (`edit` entry);
 * - delivery price and VAT recomputed;
 * - money: an unpaid order simply costs the new total; a paid one whose total
 *   fell gets the difference back through the provider where it can take that
 *   part (else it is owed back, to give in cash), and one whose total rose
 *   owes the extra (a payment link, or collected on delivery);
 * - the customer's SMS (the new total, and the refund or extra), an `edit`
 *   event on the timeline and an `order.edit` audit row with before → after.
 *
 * In steps: the order locked if editable (lockEditable), priced
 * (edit-pricing.ts), saved (saveEdit), and what changed recorded and told
 * (edit-record.ts). `preview` runs the same and rolls back. 404, 409 (not editable now, changed
 * since the staff member saw it, a payment in flight, stock), 400 (bad input).
 */
export async function editOrder(
  db: Db,
  edit: OrderEdit,
  ctx: StaffOrderCtx,
  options: { preview?: boolean } = {},
): Promise<EditOutcome> {
  const { lang } = ctx
  const point = edit.delivery === 'pickup' && edit.pickupPoint ? await findPickupPoint(db, edit.pickupPoint) : null
  if (edit.delivery === 'pickup' && !point) {
    const detail = message(lang, 'order_unknown_pickup_point')
    throw new ApiError(400, detail, [{ field: 'pickup_point', message: detail }])
  }
  let askProvider = false
  const outcome = await orRolledBack<EditOutcome>((rollBack) =>
    db.transaction(async (tx) => {
      const locked = await lockEditable(tx, edit, ctx)
      const before = { order: locked, items: await orderLinesOf(tx, locked.id) }
      const priced = await priceEdit(tx, locked, before.items, edit, ctx)
      const saved = await saveEdit(tx, before, { ...edit, point }, priced, ctx.now)
      const changes = editChanges(before, saved)
      if (!Object.keys(changes.after).length) return noChange(before.order, before.items)
      const recorded = await recordEdit(tx, saved.order, changes, edit, ctx)
      askProvider = recorded.askProvider
      const result: EditOutcome = {
        order: recorded.order,
        items: saved.items,
        promoDropped: priced.promo.dropped,
        cashbackBack: priced.cashbackBack,
        refunded: recorded.refunded,
        owedBack: owedBack(recorded.order),
        amountDue: amountDue(recorded.order),
        changed: true,
      }
      if (options.preview) rollBack(result)
      return result
    }),
  )
  if (!outcome.changed || options.preview) return outcome
  await invalidateCatalogue(db)
  if (askProvider) {
    await refundOrder(ctx.refunds, outcome.order.id)
    outcome.order = (await orderById(db, outcome.order.id)) ?? outcome.order
  }
  return outcome
}

/**
 * The order, locked, if it may be edited now: 404 unknown; 409 once it has
 * shipped, when it changed since the staff member saw it, or under a payment
 * in flight (an awaiting order's older unfinished payments are cancelled).
 */
async function lockEditable(tx: Tx, edit: OrderEdit, ctx: StaffOrderCtx): Promise<OrderRow> {
  const { lang } = ctx
  const locked = await lockOrderAndPayments(tx, edit.orderId)
  if (!locked) throw new ApiError(404, message(lang, 'order_not_found'))
  if (!editable.includes(locked.status))
    throw new ApiError(
      409,
      message(lang, 'admin_order_not_editable', { status: statusLabel(lang, locked.status, locked.delivery) }),
    )
  if (locked.updatedAt.toISOString() !== edit.expectedUpdatedAt)
    throw new ApiError(409, message(lang, 'admin_order_changed'))
  if (locked.status === OrderStatus.awaitingPayment) await settleUnfinishedPayments(tx, locked, ctx.now, lang)
  return locked
}

/** An edit that changes nothing: nothing is recorded and the order is as it was. */
function noChange(order: OrderRow, items: OrderItemRow[]): EditOutcome {
  return {
    order,
    items,
    promoDropped: false,
    cashbackBack: 0,
    refunded: 0,
    owedBack: owedBack(order),
    amountDue: amountDue(order),
    changed: false,
  }
}

/**
 * An order awaiting payment is not changed under a payment in flight (a
 * Payme transaction within Payme's window, an Uzum transaction within its
 * confirm window, a sandbox page, a Click prepare or a card charge of the
 * last 30 minutes: it would pay the old total): 409.
 * Older unfinished ones are cancelled, so none pays the old total later.
 */
async function settleUnfinishedPayments(tx: Tx, order: OrderRow, now: Date, lang: Lang) {
  const pending = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')))
  if (pending.some((p) => holdsOrder(p, now))) throw new ApiError(409, message(lang, 'admin_order_payment_in_flight'))
  if (pending.length)
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(
        inArray(
          payments.id,
          pending.map((p) => p.id),
        ),
      )
}

/** The save step: the order row with its new place, receiver and money, and its lines as they now are. */
export async function saveEdit(
  tx: Tx,
  was: { order: OrderRow; items: OrderItemRow[] },
  edit: OrderEdit & { point: OrderRow['pickupPoint'] },
  priced: PricedEdit,
  now: Date,
): Promise<{ order: OrderRow; items: OrderItemRow[] }> {
  const address = edit.delivery === 'courier' ? edit.address : null
  const [order] = await tx
    .update(orders)
    .set({
      delivery: edit.delivery,
      region: address?.region ?? null,
      district: address?.district ?? null,
      street: address?.street ?? null,
      house: address?.house ?? null,
      flat: address?.flat ?? null,
      landmark: address?.landmark ?? null,
      latitude: address?.latitude ?? null,
      longitude: address?.longitude ?? null,
      pickupPoint: edit.point,
      receiverName: edit.receiver.name,
      receiverPhone: edit.receiver.phone,
      receiverExtraPhone: edit.receiver.extra_phone,
      subtotal: priced.subtotal,
      promoCode: priced.promo.code,
      promoCodeId: priced.promo.id,
      discount: priced.promo.discount,
      cashbackUsed: priced.money.cashbackUsed,
      deliveryPrice: priced.money.deliveryPrice,
      total: priced.money.total,
      vat: priced.money.vat,
      updatedAt: now,
    })
    .where(eq(orders.id, was.order.id))
    .returning()
  return { order: order!, items: await saveLines(tx, was.order.id, was.items, priced.lines) }
}

/** The lines as they now are: quantities updated, removed ones deleted, new ones added; answered in order. */
async function saveLines(tx: Tx, orderId: number, before: OrderItemRow[], lines: NewLine[]) {
  const kept = new Set(lines.filter((l) => l.id != null).map((l) => l.id))
  const gone = before.filter((b) => !kept.has(b.id)).map((b) => b.id)
  if (gone.length) await tx.delete(orderItems).where(inArray(orderItems.id, gone))
  for (const line of lines)
    if (line.id != null) {
      const was = before.find((b) => b.id === line.id)
      if (was && was.quantity !== line.quantity)
        await tx.update(orderItems).set({ quantity: line.quantity }).where(eq(orderItems.id, line.id))
    } else
      await tx.insert(orderItems).values({
        orderId,
        productId: line.productId,
        slug: line.slug,
        title: line.title,
        unitPrice: line.unitPrice,
        regularPrice: line.regularPrice,
        quantity: line.quantity,
      })
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))
}
