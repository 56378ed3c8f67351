import { and, asc, eq, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { notificationOutbox, orders } from '../db/schema/index.ts'
import type { SmsProvider } from '../integrations/sms/provider.ts'
import type { TelegramButton, TelegramSender } from '../integrations/telegram/provider.ts'
import { logger } from '../log.ts'
import { notificationsSent } from '../metrics.ts'
import { orderMessage } from '../telegram/order-message.ts'
import { customerButtons, customerChannel, smsInstead } from './customer-channel.ts'
import type { TelegramText } from './new-order-message.ts'
import { STAFF_CHAT } from './outbox.ts'
import { newOrderMessagePending, ORDER_UPDATE, orderChatMessage, rememberOrderChatMessage } from './staff-chat.ts'

export type DispatchDeps = {
  db: Db
  config: Config
  now: () => Date
  sms: SmsProvider
  telegram: TelegramSender
}

type OutboxRow = typeof notificationOutbox.$inferSelect

/** Tries per message before it is left unsent (its `last_error` says why): about 4 hours of retries. */
export const MAX_NOTIFICATION_ATTEMPTS = 8

/** Pause after the n-th try: 1, 2, 4 … minutes, at most an hour (as refunds). */
export const notificationRetryMs = (attempts: number) => Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000

/**
 * Builders of Telegram messages queued as a payload `{kind, …}` rather than a
 * text: built when sent, from the order as it is then. The new-order message
 * carries the buttons of the Telegram workplace (telegram/order-message.ts).
 */
export const telegramPayloads: Record<
  string,
  (deps: Pick<DispatchDeps, 'db' | 'config'>, payload: Record<string, unknown>) => Promise<TelegramText>
> = {
  async new_order({ db, config }, payload) {
    const orderId = Number(payload.order_id)
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
    if (!order) throw new Error(`order ${orderId} not found`)
    return orderMessage(db, config, order)
  },
}

/**
 * Claims up to `limit` due messages for this process: locked with
 * `FOR UPDATE SKIP LOCKED` (another process's claim is skipped, never waited
 * for), each try counted and its next try set a pause ahead before anything
 * is sent. A process that dies while sending thus leaves the message to be
 * tried again after that pause, and two processes never send one message at once.
 */
async function claimDue(db: Db, now: Date, limit: number, only?: SQL): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        and(
          isNull(notificationOutbox.sentAt),
          lte(notificationOutbox.nextAttemptAt, now),
          lt(notificationOutbox.attempts, MAX_NOTIFICATION_ATTEMPTS),
          only,
        ),
      )
      .orderBy(asc(notificationOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true })
    if (!due.length) return []
    // notificationRetryMs(attempts + 1), in SQL: 2^attempts minutes, at most 60.
    return tx
      .update(notificationOutbox)
      .set({
        attempts: sql`${notificationOutbox.attempts} + 1`,
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + least(power(2, ${notificationOutbox.attempts}), 60) * interval '1 minute'`,
      })
      .where(
        inArray(
          notificationOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning()
  })
}

async function send(deps: DispatchDeps, row: OutboxRow) {
  if (row.channel === 'sms') {
    if (!row.text) throw new Error('an SMS without text')
    return deps.sms.send({ to: row.recipient, text: row.text })
  }
  const chatId = row.recipient === STAFF_CHAT ? deps.config.TELEGRAM_CHAT_ID : row.recipient
  if (!chatId && deps.telegram.name !== 'log') throw new Error('TELEGRAM_CHAT_ID is not set')
  const payload = row.payload ?? {}
  if (payload.kind === ORDER_UPDATE) return editOrderMessage(deps, Number(payload.order_id))
  let built: TelegramText
  if (row.text)
    built = {
      text: row.text,
      buttons: (payload.buttons as TelegramButton[][] | undefined) ?? customerButtons(row, deps.config),
    }
  else {
    const build = telegramPayloads[String(payload.kind)]
    if (!build) throw new Error(`no Telegram message for kind ${String(payload.kind)}`)
    built = await build(deps, payload)
  }
  const { messageId } = await deps.telegram.send({ chatId: chatId ?? row.recipient, ...built })
  // The order's message, kept to be edited whenever the order changes.
  if (payload.kind === 'new_order' && Number.isSafeInteger(messageId))
    await rememberOrderChatMessage(deps.db, {
      orderId: Number(payload.order_id),
      chatId: chatId ?? row.recipient,
      messageId,
    })
}

/**
 * Edits the order's staff-chat message to the order as it is now (text and
 * buttons). Before its new-order message went out there is nothing to edit
 * yet: the edit waits for it (a retry) rather than be lost; an order whose
 * message is not known (sent before messages were kept) is left as it is.
 */
async function editOrderMessage(deps: DispatchDeps, orderId: number) {
  const where = await orderChatMessage(deps.db, orderId)
  if (!where) {
    if (await newOrderMessagePending(deps.db, orderId)) throw new Error(`order ${orderId}: its message is not sent yet`)
    return
  }
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return
  await deps.telegram.edit({
    chatId: where.chatId,
    messageId: where.messageId,
    ...(await orderMessage(deps.db, deps.config, order)),
  })
}

/**
 * One try of a claimed message, its outcome recorded: sent, or the reason
 * it failed (`last_error`; it is tried again after its pause). Returns the
 * error, or null once sent.
 */
async function attempt(deps: DispatchDeps, row: OutboxRow): Promise<unknown> {
  try {
    await send(deps, row)
  } catch (error) {
    notificationsSent.inc({ channel: row.channel, result: 'failed' })
    // Only the provider's reason: texts (payment links, names) stay out of the log.
    const reason = error instanceof Error ? error.message : String(error)
    logger().warn(`notifications: ${row.channel} #${row.id} try ${row.attempts} failed: ${reason}`)
    await deps.db
      .update(notificationOutbox)
      .set({ lastError: reason.slice(0, 500) })
      .where(eq(notificationOutbox.id, row.id))
    return error ?? new Error('failed')
  }
  notificationsSent.inc({ channel: row.channel, result: 'sent' })
  await deps.db
    .update(notificationOutbox)
    .set({ sentAt: deps.now(), lastError: null })
    .where(eq(notificationOutbox.id, row.id))
  return null
}

/**
 * One pass of the outbox: sends the due messages (oldest first) and records
 * each outcome. A failure keeps the message for a later pass after its pause
 * (`last_error` says why); nothing here throws for one bad message. A
 * customer's Telegram message goes by SMS instead when they have unlinked
 * that chat since, or when Telegram fails it (customer-channel.ts).
 */
export async function dispatchNotifications(
  deps: DispatchDeps,
  limit = 50,
  only?: SQL,
): Promise<{ sent: number; failed: number }> {
  const rows = await claimDue(deps.db, deps.now(), limit, only)
  let sent = 0
  let failed = 0
  for (const claimed of rows) {
    const row = await customerChannel(deps.db, claimed, deps.now())
    const error = await attempt(deps, row)
    if (error === null) {
      sent++
      continue
    }
    failed++
    const sms = await smsInstead(deps.db, row, error, deps.now())
    if (!sms) continue
    if ((await attempt(deps, sms)) === null) sent++
    else failed++
  }
  return { sent, failed }
}

/**
 * Sends the due edits of one order's staff-chat message now, rather than at
 * the next pass (a press in Telegram shows its effect at once). The same
 * claim as every pass: a row another process holds is skipped, so each edit
 * is made once whichever process gets it.
 */
export function dispatchOrderUpdates(deps: DispatchDeps, orderId: number) {
  const only = sql`${notificationOutbox.payload}->>'kind' = ${ORDER_UPDATE} and ${notificationOutbox.payload}->>'order_id' = ${String(orderId)}`
  return dispatchNotifications(deps, 10, only)
}
