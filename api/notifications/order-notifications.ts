import { eq } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import type { OrderRow } from '../orders/service.ts'
import { OrderStatus, orderNumber } from '../orders/states.ts'
import { enqueueNotification, STAFF_CHAT } from './outbox.ts'

/** The states the customer is told of by SMS: accepted, on the way, delivered, cancelled. */
export const smsStatuses: readonly number[] = [
  OrderStatus.accepted,
  OrderStatus.onTheWay,
  OrderStatus.delivered,
  OrderStatus.cancelled,
]

/** The customer's cancel reason (orders/service.ts `cancelByCustomer`): they know already, no SMS. */
const CUSTOMER_CANCEL = 'customer'

/** The customer's SMS text for their order reaching `status`, in the order's language. */
export function statusSmsText(order: Pick<OrderRow, 'id' | 'lang'>, status: number): string {
  return message(order.lang as Lang, `sms_order_status_${status}` as MessageKey, { number: orderNumber(order.id) })
}

/**
 * The messages an order's move from `from` (null: just placed) to its
 * current status causes, queued in the moving transaction:
 * - the customer (their account phone) an SMS for accepted, on the way,
 *   delivered and cancelled (not when they cancelled it themselves);
 * - the staff chat a Telegram "new order" once it is accepted: a cash (or
 *   prepaid) order when placed, an online one when its payment arrived.
 */
export async function notifyOrderStatus(
  tx: Tx,
  order: OrderRow,
  from: number | null,
  ctx: { now: Date; reason?: string | null },
) {
  const to = order.status
  if (smsStatuses.includes(to) && !(to === OrderStatus.cancelled && ctx.reason === CUSTOMER_CANCEL)) {
    const [customer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, order.userId))
    if (customer?.phone)
      await enqueueNotification(tx, {
        channel: 'sms',
        recipient: customer.phone,
        text: statusSmsText(order, to),
        at: ctx.now,
      })
  }
  if (to === OrderStatus.accepted && (from === null || from === OrderStatus.awaitingPayment))
    await enqueueNotification(tx, {
      channel: 'telegram',
      recipient: STAFF_CHAT,
      payload: { kind: 'new_order', order_id: order.id },
      at: ctx.now,
    })
}
