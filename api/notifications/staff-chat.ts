import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { notificationOutbox, orderChatMessages } from '../db/schema/index.ts'
import { OrderStatus } from '../orders/states.ts'
import { enqueueNotification, STAFF_CHAT } from './outbox.ts'

/** The outbox payload that edits an order's staff-chat message to the order as it then is. */
export const ORDER_UPDATE = 'order_update'

/**
 * Queues the edit of the order's message in the staff chat (its text and
 * buttons, built when sent from the order as it is then), in the
 * transaction of the change: a status move, an assignment, cash received, an
 * edit, a return, made on the website, by the API or from Telegram alike.
 * An order still awaiting payment has no message yet (it reaches the chat
 * once accepted), so nothing is queued for it.
 */
export async function queueOrderMessageUpdate(
  tx: Db | Tx,
  order: { id: number; status: number },
  at: Date,
  options: { wasAwaitingPayment?: boolean } = {},
) {
  if (order.status === OrderStatus.awaitingPayment || options.wasAwaitingPayment) return
  await enqueueNotification(tx, {
    channel: 'telegram',
    recipient: STAFF_CHAT,
    payload: { kind: ORDER_UPDATE, order_id: order.id },
    at,
  })
}

/** Where the order's staff-chat message is; null before it was sent (or for orders sent before this was kept). */
export async function orderChatMessage(db: Db | Tx, orderId: number) {
  const [row] = await db.select().from(orderChatMessages).where(eq(orderChatMessages.orderId, orderId))
  return row ?? null
}

/** Keeps where the order's message went (the first one sent; a press on it tells the same). */
export async function rememberOrderChatMessage(
  db: Db | Tx,
  message: { orderId: number; chatId: string; messageId: number },
) {
  await db.insert(orderChatMessages).values(message).onConflictDoNothing()
}

/** Whether the order's new-order message is still waiting in the outbox (an edit must wait for it). */
export async function newOrderMessagePending(db: Db | Tx, orderId: number) {
  const [row] = await db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(
        isNull(notificationOutbox.sentAt),
        sql`${notificationOutbox.payload}->>'kind' = 'new_order'`,
        sql`${notificationOutbox.payload}->>'order_id' = ${String(orderId)}`,
      ),
    )
    .limit(1)
  return row !== undefined
}
