import type { Db } from '../db/client.ts'
import { notificationOutbox } from '../db/schema/index.ts'

export type NotificationChannel = 'sms' | 'telegram'

/** The staff chat as a Telegram recipient: TELEGRAM_CHAT_ID, looked up when the message is sent. */
export const STAFF_CHAT = 'staff'

export type OutboxEntry = {
  channel: NotificationChannel
  /** A phone in E.164 (`sms`), a chat id or `STAFF_CHAT` (`telegram`). */
  recipient: string
  /** The message; or leave it out and say in `payload` what to build when sending (`{kind: 'new_order', order_id}`). */
  text?: string | null
  /** With `text`: `{buttons}` to send under it (Telegram). Without: `kind` and its fields (dispatch.ts `telegramPayloads`). */
  payload?: Record<string, unknown> | null
  /** When it was written; the API's clock where tests move it. */
  at?: Date
}

/**
 * Queues one message. Call it with the transaction of the change that causes
 * it, so the message exists exactly when the change was committed; the
 * periodic dispatcher (dispatch.ts) sends it.
 */
export async function enqueueNotification(db: Db, entry: OutboxEntry): Promise<void> {
  await db.insert(notificationOutbox).values({
    channel: entry.channel,
    recipient: entry.recipient,
    text: entry.text ?? null,
    payload: entry.payload ?? null,
    ...(entry.at ? { createdAt: entry.at, nextAttemptAt: entry.at } : {}),
  })
}
