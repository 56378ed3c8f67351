import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db, Tx } from '../db/client.ts'
import { notificationOutbox } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { type TelegramButton, TelegramRefusal } from '../integrations/telegram/provider.ts'
import { logger } from '../log.ts'
import { orderNumber } from '../orders/states.ts'
import { customerChatOf, unlinkTelegramUser } from '../telegram/customer-link.ts'
import { botText } from '../telegram/texts.ts'
import { enqueueNotification } from './outbox.ts'

/**
 * News for a customer (an order's status, a payment link): one text in any
 * language, sent to their linked Telegram in the language they linked it in,
 * else as an SMS to `phone` in `smsLang` — the texts the SMS always had.
 */
export type CustomerNews = {
  userId: number
  /** Where the SMS goes, now or as the Telegram message's fallback; null: nowhere but Telegram. */
  phone: string | null
  smsLang: Lang
  text: (lang: Lang) => string
  /** The order it is about: the Telegram message links to its page (with PUBLIC_URL). */
  orderId?: number
  at: Date
}

/**
 * What a customer's Telegram message carries besides its text: whose it is,
 * the SMS it falls back to, and the order (with the language) its button opens.
 */
type CustomerPayload = { customer: number; sms?: { to: string; text: string }; order?: number; lang?: Lang }

/**
 * The channel choice, in the transaction of the change that causes the news:
 * a customer who linked Telegram gets it there (with the SMS kept as its
 * fallback), anyone else the SMS as before. Returns the channel queued, or
 * null when there is neither a linked Telegram nor a phone.
 */
export async function queueCustomerNews(tx: Tx, news: CustomerNews): Promise<'telegram' | 'sms' | null> {
  const chat = await customerChatOf(tx, news.userId)
  if (chat) {
    const payload: CustomerPayload = {
      customer: news.userId,
      ...(news.phone ? { sms: { to: news.phone, text: news.text(news.smsLang) } } : {}),
      ...(news.orderId ? { order: news.orderId, lang: chat.lang } : {}),
    }
    await enqueueNotification(tx, {
      channel: 'telegram',
      recipient: String(chat.telegramUserId),
      text: news.text(chat.lang),
      payload,
      at: news.at,
    })
    return 'telegram'
  }
  if (!news.phone) return null
  await enqueueNotification(tx, { channel: 'sms', recipient: news.phone, text: news.text(news.smsLang), at: news.at })
  return 'sms'
}

type OutboxRow = typeof notificationOutbox.$inferSelect

function customerPayload(row: OutboxRow): CustomerPayload | null {
  const payload = row.payload
  if (row.channel !== 'telegram' || typeof payload?.customer !== 'number') return null
  return payload as CustomerPayload
}

/**
 * The button under a customer's Telegram message: their order's page on the
 * shop (Telegram opens only absolute links: none without PUBLIC_URL).
 */
export function customerButtons(row: OutboxRow, config: Pick<Config, 'PUBLIC_URL'>): TelegramButton[][] | undefined {
  const payload = customerPayload(row)
  if (!payload?.order || !config.PUBLIC_URL) return undefined
  const lang = payload.lang ?? 'ru'
  const url = new URL(`/${lang}/order/${payload.order}`, config.PUBLIC_URL).toString()
  return [[{ text: botText(lang, 'customer_order_button', { number: orderNumber(payload.order) }), url }]]
}

/** Tries a customer's Telegram message gets while Telegram says "too many requests" before its SMS goes instead. */
export const FLOOD_TRIES = 3

/**
 * Why a customer's Telegram message that failed should go by SMS now:
 * `chat_gone` (Telegram refused the chat for good: the customer blocked the
 * bot, deleted their account, no such chat), `failed` (anything else: down,
 * timed out), or null to try Telegram again after the outbox's pause
 * (Telegram's flood control, for a few tries: its limits are kept, not
 * turned into SMS bills).
 */
export function fallbackReason(error: unknown, attempts: number): 'chat_gone' | 'failed' | null {
  if (!(error instanceof TelegramRefusal)) return 'failed'
  if (error.code === 403 || (error.code === 400 && /chat not found|user is deactivated/i.test(error.message)))
    return 'chat_gone'
  if (error.code === 429 && attempts < FLOOD_TRIES) return null
  return 'failed'
}

/**
 * Turns a claimed customer Telegram message into its SMS, in place: the
 * same outbox row (so the news is still sent once, whichever process holds
 * it) becomes the SMS with its first try counted and the next one a pause
 * ahead, as `claimDue` does, and it keeps why Telegram was left. Null when
 * it has no SMS to fall back to (it then stays a Telegram message and is retried).
 */
async function switchToSms(db: Db, row: OutboxRow, reason: string, now: Date): Promise<OutboxRow | null> {
  const payload = customerPayload(row)
  if (!payload?.sms) return null
  const [sms] = await db
    .update(notificationOutbox)
    .set({
      channel: 'sms',
      recipient: payload.sms.to,
      text: payload.sms.text,
      payload: { customer: payload.customer, order: payload.order, telegram: { chat: row.recipient, reason } },
      attempts: 1,
      nextAttemptAt: sql`${now.toISOString()}::timestamptz + interval '1 minute'`,
      lastError: null,
    })
    .where(
      and(
        eq(notificationOutbox.id, row.id),
        eq(notificationOutbox.channel, 'telegram'),
        isNull(notificationOutbox.sentAt),
      ),
    )
    .returning()
  if (sms) logger().info(`notifications: telegram #${row.id} goes by SMS instead (${reason.slice(0, 200)})`)
  return sms ?? null
}

/**
 * Before a claimed message is sent: a customer's Telegram message whose
 * customer has unlinked that chat since (profile, `/stop`) becomes its SMS.
 * Any other message is returned as it is.
 */
export async function customerChannel(db: Db, row: OutboxRow, now: Date): Promise<OutboxRow> {
  const payload = customerPayload(row)
  if (!payload) return row
  const chat = await customerChatOf(db, payload.customer)
  if (chat && String(chat.telegramUserId) === row.recipient) return row
  return (await switchToSms(db, row, 'unlinked', now)) ?? row
}

/**
 * After a customer's Telegram message failed: its SMS, to be sent now
 * (`fallbackReason`), or null to leave it for the outbox's retry. A chat
 * Telegram refuses for good is unlinked first, so later news go by SMS at once.
 */
export async function smsInstead(db: Db, row: OutboxRow, error: unknown, now: Date): Promise<OutboxRow | null> {
  if (!customerPayload(row)) return null
  const reason = fallbackReason(error, row.attempts)
  if (!reason) return null
  if (reason === 'chat_gone') await unlinkTelegramUser(db, Number(row.recipient))
  const why = error instanceof Error ? error.message : String(error)
  return switchToSms(db, row, `${reason}: ${why}`, now)
}
