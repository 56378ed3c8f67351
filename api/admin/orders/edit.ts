import type { z } from '@hono/zod-openapi'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import { addCashbackEntry } from '../../cashback/service.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import { findPickupPoint } from '../../content/pickup-points.ts'
import type { Db, Tx } from '../../db/client.ts'
import { orderItems, orders, payments, promoCodes } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { smsToCustomer } from '../../notifications/order-notifications.ts'
import { amountDue, balanceOf, owedBack } from '../../orders/balance.ts'
import { holdsOrder } from '../../orders/expiry.ts'
import { checkGoodsWithin, orderMoney } from '../../orders/money.ts'
import type { addressSchema } from '../../orders/schemas.ts'
import {
  lockOrderAndPayments,
  markOrderPaid,
  type OrderItemRow,
  type OrderRow,
  orderById,
  statusLabel,
} from '../../orders/service.ts'
import { type Delivery, OrderStatus, orderNumber } from '../../orders/states.ts'
import { placeLine } from '../../orders/views.ts'
import { refundOrder } from '../../payments/refunds.ts'
import { payableNow, paymentLinkOf } from '../../payments/service.ts'
import { promoDiscount, releasePromo } from '../../promo/service.ts'
import { type EventChanges, type EventValue, inEveryLanguage, recordOrderEvent } from './events.ts'
import { giveBack, paidPayments, providerRoute } from './money-back.ts'
import { type NewLine, orderLinesOf, takeStockFor } from './order-lines.ts'
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

/** A preview's transaction is rolled back with its outcome: the same code as the edit, nothing written. */
class Preview extends Error {
  constructor(readonly outcome: EditOutcome) {
    super('preview')
  }
}

const itemsText = (lines: Pick<OrderItemRow, 'title' | 'quantity'>[]) =>
  inEveryLanguage((lang) => lines.map((l) => `${l.title[lang] || l.title.ru} × ${l.quantity}`).join(', '))

/** The fields of the order an edit may change, as the timeline and audit log show them. */
function snapshot(order: OrderRow, lines: OrderItemRow[]): Record<string, EventValue> {
  return {
    items: itemsText(lines),
    delivery: order.delivery,
    place: inEveryLanguage((lang) => placeLine(order, lang)),
    receiver: `${order.receiverName}, ${order.receiverPhone}${order.receiverExtraPhone ? `, ${order.receiverExtraPhone}` : ''}`,
    promo_code: order.promoCode,
    discount: order.discount,
    cashback_used: order.cashbackUsed,
    delivery_price: order.deliveryPrice,
    total: order.total,
  }
}

/** Only what differs, before and after. */
function differences(before: Record<string, EventValue>, after: Record<string, EventValue>): EventChanges {
  const changes: EventChanges = { before: {}, after: {} }
  for (const key of Object.keys(after))
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes.before[key] = before[key] ?? null
      changes.after[key] = after[key] ?? null
    }
  return changes
}

/** The audit log keeps plain values: a text in the staff's working language (Russian). */
const plain = (values: Record<string, EventValue>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v !== null && typeof v === 'object' ? v.ru : v]))

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
 * `preview` runs the same and rolls back. 404, 409 (not editable now, changed
 * since the staff member saw it, a payment in flight, stock), 400 (bad input).
 */
export async function editOrder(
  db: Db,
  edit: OrderEdit,
  ctx: StaffOrderCtx,
  options: { preview?: boolean } = {},
): Promise<EditOutcome> {
  const { lang, now } = ctx
  const point = edit.delivery === 'pickup' && edit.pickupPoint ? await findPickupPoint(db, edit.pickupPoint) : null
  if (edit.delivery === 'pickup' && !point) {
    const detail = message(lang, 'order_unknown_pickup_point')
    throw new ApiError(400, detail, [{ field: 'pickup_point', message: detail }])
  }
  let askProvider = false
  let outcome: EditOutcome
  try {
    outcome = await db.transaction(async (tx) => {
      const locked = await lockOrderAndPayments(tx, edit.orderId)
      if (!locked) throw new ApiError(404, message(lang, 'order_not_found'))
      if (!editable.includes(locked.status))
        throw new ApiError(
          409,
          message(lang, 'admin_order_not_editable', { status: statusLabel(lang, locked.status, locked.delivery) }),
        )
      if (locked.updatedAt.toISOString() !== edit.expectedUpdatedAt)
        throw new ApiError(409, message(lang, 'admin_order_changed'))
      if (locked.status === OrderStatus.awaitingPayment) await settleUnfinishedPayments(tx, locked, now, lang)

      const before = await orderLinesOf(tx, locked.id)
      const lines = await takeStockFor(tx, {
        order: locked,
        current: before,
        wanted: edit.items,
        actor: edit.actor,
        lang,
      })
      const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)
      checkGoodsWithin(lang, subtotal)
      const promo = await keptPromo(tx, locked, subtotal)
      const spentBefore = locked.cashbackUsed
      const money = orderMoney(ctx.config, {
        subtotal,
        discount: promo.discount,
        balance: spentBefore,
        // Never more cashback than the customer chose to spend; what the goods no longer cover goes back.
        useCashback: spentBefore,
        delivery: edit.delivery,
        region: edit.address?.region ?? null,
      })
      const cashbackBack = spentBefore - money.cashbackUsed
      if (cashbackBack > 0)
        await addCashbackEntry(tx, { userId: locked.userId, orderId: locked.id, amount: cashbackBack, reason: 'edit' })

      const address = edit.delivery === 'courier' ? edit.address : null
      const [updated] = await tx
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
          pickupPoint: point,
          receiverName: edit.receiver.name,
          receiverPhone: edit.receiver.phone,
          receiverExtraPhone: edit.receiver.extra_phone,
          subtotal,
          promoCode: promo.code,
          promoCodeId: promo.id,
          discount: promo.discount,
          cashbackUsed: money.cashbackUsed,
          deliveryPrice: money.deliveryPrice,
          total: money.total,
          vat: money.vat,
          updatedAt: now,
        })
        .where(eq(orders.id, locked.id))
        .returning()
      let order = updated!
      const items = await saveLines(tx, order.id, before, lines)

      const beforeValues = snapshot(locked, before)
      const changes = differences(beforeValues, snapshot(order, items))
      const changed = Object.keys(changes.after).length > 0
      if (!changed) return noChange(locked, before)

      // An online order still awaiting payment that promo and cashback now cover wholly: paid.
      if (order.status === OrderStatus.awaitingPayment && order.total === 0) {
        await markOrderPaid(tx, order.id, 0, { lang, config: ctx.config, now })
        order = (await tx.select().from(orders).where(eq(orders.id, order.id)))[0]!
      }
      const eventId = await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'edit',
        actor: edit.actor,
        text: edit.reason,
        changes,
        at: now,
      })
      // A paid order that now costs less: what the provider can take back goes back at once.
      let refunded = 0
      const owed = owedBack(order)
      if (owed > 0 && providerRoute(await paidPayments(tx, order.id), owed)) {
        const back = await giveBack(tx, order, { amount: owed, method: 'provider', eventId, now, lang })
        order = back.order
        askProvider = back.askProvider
        refunded = owed
      }
      await recordAudit(tx, {
        ...edit.actor,
        action: 'order.edit',
        entity: 'order',
        entityId: order.id,
        before: plain(changes.before),
        after: {
          ...plain(changes.after),
          ...(refunded ? { refunded } : {}),
          ...(amountDue(order) && order.paymentStatus === 'paid' ? { amount_due: amountDue(order) } : {}),
          ...(edit.reason ? { reason: edit.reason } : {}),
        },
        at: now,
      })
      await tellCustomer(tx, order, refunded, ctx)
      const result: EditOutcome = {
        order,
        items,
        promoDropped: promo.dropped,
        cashbackBack,
        refunded,
        owedBack: owedBack(order),
        amountDue: amountDue(order),
        changed,
      }
      if (options.preview) throw new Preview(result)
      return result
    })
  } catch (error) {
    if (error instanceof Preview) return error.outcome
    throw error
  }
  if (!outcome.changed) return outcome
  await invalidateCatalogue(db)
  if (askProvider) {
    await refundOrder(ctx.refunds, outcome.order.id)
    outcome.order = (await orderById(db, outcome.order.id)) ?? outcome.order
  }
  return outcome
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

/**
 * The order's promo code on the new goods: its discount recomputed, or
 * dropped (its use given back) when the goods fell below its minimum. The
 * code was valid when the order was placed; its dates and limits are not
 * asked again.
 */
async function keptPromo(tx: Tx, order: OrderRow, subtotal: number) {
  const none = { id: null, code: null, discount: 0, dropped: false }
  if (order.promoCodeId == null) return none
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, order.promoCodeId)).for('update')
  if (!promo) return { ...none, id: order.promoCodeId, code: order.promoCode, discount: order.discount }
  if (subtotal < promo.minTotal) {
    await releasePromo(tx, promo.id)
    return { ...none, dropped: true }
  }
  return { id: promo.id, code: order.promoCode, discount: promoDiscount(promo, subtotal), dropped: false }
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

/**
 * The customer's SMS, in the order's language: the new total, and for a paid
 * order what happens to the difference (back through the provider, back on
 * delivery, the extra by a payment link or on delivery).
 */
async function tellCustomer(tx: Tx, order: OrderRow, refunded: number, ctx: StaffOrderCtx) {
  const lang = order.lang as Lang
  const parts = [
    message(lang, 'sms_order_edited', { number: orderNumber(order.id), total: groupedNumber(order.total) }),
  ]
  const due = amountDue(order)
  if (refunded) parts.push(message(lang, 'sms_order_edited_refund', { amount: groupedNumber(refunded) }))
  if (owedBack(order)) parts.push(message(lang, 'sms_order_edited_owed', { amount: groupedNumber(owedBack(order)) }))
  if (due > 0 && order.paymentStatus === 'paid' && balanceOf(order) > 0) {
    const payable = payableNow(ctx.config, order)
    parts.push(
      payable
        ? message(lang, 'sms_order_edited_extra_link', {
            amount: groupedNumber(due),
            url: paymentLinkOf(ctx.config, order, lang).url,
          })
        : message(lang, 'sms_order_edited_extra', { amount: groupedNumber(due) }),
    )
  }
  await smsToCustomer(tx, order, parts.join(' '), ctx.now)
}
