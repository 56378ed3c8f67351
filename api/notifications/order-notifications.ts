import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import type { OrderRow } from '../orders/service.ts'
import { OrderStatus, orderNumber } from '../orders/states.ts'
import { queueCustomerNews } from './customer-channel.ts'
import { enqueueNotification, STAFF_CHAT } from './outbox.ts'
import { queueOrderMessageUpdate } from './staff-chat.ts'

/**
 * The states the customer is told of by SMS: accepted, on the way, delivered,
 * cancelled; for a pickup order accepted, ready to collect (where and when),
 * handed over, cancelled.
 */
export const smsStatusesOf = (delivery: string): readonly number[] =>
  delivery === 'pickup'
    ? [OrderStatus.accepted, OrderStatus.readyForDelivery, OrderStatus.delivered, OrderStatus.cancelled]
    : [OrderStatus.accepted, OrderStatus.onTheWay, OrderStatus.delivered, OrderStatus.cancelled]

/** The customer's cancel reason (orders/service.ts `cancelByCustomer`): they know already, no SMS. */
const CUSTOMER_CANCEL = 'customer'

/**
 * The customer's SMS text for their order reaching `status`, in the order's
 * language. A pickup order's texts never promise a courier; "ready" names the
 * point, its address and hours as the order keeps them.
 */
export function statusSmsText(
  order: Pick<OrderRow, 'id' | 'lang' | 'delivery' | 'pickupPoint'>,
  status: number,
): string {
  const lang = order.lang as Lang
  const number = orderNumber(order.id)
  if (order.delivery !== 'pickup' || status === OrderStatus.cancelled)
    return message(lang, `sms_order_status_${status}` as MessageKey, { number })
  const point = order.pickupPoint
  if (status !== OrderStatus.readyForDelivery)
    return message(lang, `sms_order_status_${status}_pickup` as MessageKey, { number })
  // Pickup orders placed before the shop had points keep no point to name.
  if (!point) return message(lang, 'sms_order_status_4_pickup_plain', { number })
  return message(lang, 'sms_order_status_4_pickup', {
    number,
    point: pick(point.name, lang),
    address: pick(point.address, lang),
    hours: point.hours,
  })
}

/**
 * Queues news about their order for the order's customer, in the caller's transaction: on their linked
 * Telegram in its language, else an SMS to their account phone in the order's language (customer-channel.ts).
 */
export async function newsToCustomer(
  tx: Tx,
  order: Pick<OrderRow, 'id' | 'userId' | 'lang'>,
  text: (lang: Lang) => string,
  now: Date,
) {
  const [customer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, order.userId))
  return queueCustomerNews(tx, {
    userId: order.userId,
    phone: customer?.phone ?? null,
    smsLang: order.lang as Lang,
    text,
    orderId: order.id,
    at: now,
  })
}

/**
 * The messages an order's move from `from` (null: just placed) to its
 * current status causes, queued in the moving transaction:
 * - the customer (their account phone) an SMS for accepted, on the way (a
 *   pickup order: ready to collect), delivered and cancelled (not when they
 *   cancelled it themselves), or the same news on Telegram when they linked it
 *   (customer-channel.ts);
 * - the staff chat a Telegram "new order" once it is accepted: a cash (or
 *   prepaid) order when placed, an online one when its payment arrived; every later move
 *   edits that message (staff-chat.ts), whoever made it and wherever.
 */
export async function notifyOrderStatus(
  tx: Tx,
  order: OrderRow,
  from: number | null,
  ctx: { now: Date; reason?: string | null },
) {
  const to = order.status
  if (smsStatusesOf(order.delivery).includes(to) && !(to === OrderStatus.cancelled && ctx.reason === CUSTOMER_CANCEL)) {
    // Telegram for a customer who linked it (in their language), else the SMS as ever.
    await newsToCustomer(tx, order, (lang) => statusSmsText({ ...order, lang }, to), ctx.now)
  }
  const arrives = to === OrderStatus.accepted && (from === null || from === OrderStatus.awaitingPayment)
  if (!arrives && from !== null)
    await queueOrderMessageUpdate(tx, order, ctx.now, { wasAwaitingPayment: from === OrderStatus.awaitingPayment })
  if (arrives)
    await enqueueNotification(tx, {
      channel: 'telegram',
      recipient: STAFF_CHAT,
      payload: { kind: 'new_order', order_id: order.id },
      at: ctx.now,
    })
}
