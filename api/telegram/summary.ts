import { and, count, desc, gte, inArray, lt, sql, sum } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { orderItems, orders, telegramReports } from '../db/schema/index.ts'
import type { Lang, Localized } from '../http/locale.ts'
import { enqueueNotification } from '../notifications/outbox.ts'
import { OrderStatus } from '../orders/states.ts'
import { linkedStaffOf, type Recipient, staffChat } from './recipients.ts'
import { tashkentMoment, tashkentTime } from './tashkent-time.ts'
import { botText, sumText } from './texts.ts'

/** Orders that count as sales: accepted and on from there (not awaiting payment, not cancelled). */
const soldStatuses = [OrderStatus.accepted, OrderStatus.readyForDelivery, OrderStatus.onTheWay, OrderStatus.delivered]

export type SalesSummary = {
  orders: number
  revenue: number
  average: number
  cancelled: number
  top: { title: Localized; quantity: number }[]
}

/**
 * Sales of the orders placed in [from, to): how many were sold (accepted or
 * further), their total, the average order, the five products sold most,
 * and how many orders were cancelled in that time.
 */
export async function salesSummary(db: Db, from: Date, to: Date): Promise<SalesSummary> {
  const placed = and(gte(orders.createdAt, from), lt(orders.createdAt, to), inArray(orders.status, soldStatuses))
  const [totals] = await db
    .select({ orders: count(), revenue: sum(orders.total).mapWith(Number) })
    .from(orders)
    .where(placed)
  const [cancelled] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(gte(orders.cancelledAt, from), lt(orders.cancelledAt, to)))
  const quantity = sql<number>`sum(${orderItems.quantity})`.mapWith(Number)
  const top = await db
    .select({ title: sql<Localized>`(array_agg(${orderItems.title}))[1]`, quantity })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .where(placed)
    .groupBy(orderItems.slug)
    .orderBy(desc(quantity), orderItems.slug)
    .limit(5)
  const revenue = totals?.revenue ?? 0
  const n = totals?.orders ?? 0
  return { orders: n, revenue, average: n ? Math.round(revenue / n) : 0, cancelled: cancelled?.n ?? 0, top }
}

/** The summary as the owner reads it, in `lang`. */
export function summaryText(lang: Lang, day: string, s: SalesSummary): string {
  const [y, m, d] = day.split('-')
  const lines = [botText(lang, 'summary_title', { day: `${d}.${m}.${y}` })]
  if (s.orders === 0) lines.push(botText(lang, 'summary_none'))
  else
    lines.push(
      botText(lang, 'summary_orders', { n: s.orders }),
      botText(lang, 'summary_revenue', { sum: sumText(s.revenue) }),
      botText(lang, 'summary_average', { sum: sumText(s.average) }),
    )
  lines.push(botText(lang, 'summary_cancelled', { n: s.cancelled }))
  if (s.top.length) {
    lines.push('', botText(lang, 'summary_top'))
    for (const item of s.top)
      lines.push(botText(lang, 'summary_top_line', { title: item.title[lang] || item.title.ru, n: item.quantity }))
  }
  return lines.join('\n')
}

/**
 * Once the shop's day reaches TELEGRAM_SUMMARY_HOUR, queues that day's sales
 * summary (the 24 hours up to that hour, so every order is in exactly one)
 * for every linked owner, or the staff chat when no owner linked Telegram.
 * Exactly once per day however many processes run it: the day's row in
 * `telegram_reports` is claimed in the transaction that queues the messages,
 * so a process that loses the claim (or a later pass) queues nothing.
 * Returns the day it queued, or null.
 */
export async function queueDailySummary(
  db: Db,
  config: Pick<Config, 'TELEGRAM_SUMMARY_HOUR' | 'TELEGRAM_CHAT_LANG'>,
  now: Date,
): Promise<string | null> {
  const { day, hour } = tashkentTime(now)
  if (hour < config.TELEGRAM_SUMMARY_HOUR) return null
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(telegramReports)
      .values({ kind: 'sales_summary', day, createdAt: now })
      .onConflictDoNothing()
      .returning({ day: telegramReports.day })
    if (!claimed.length) return null
    const to = tashkentMoment(day, config.TELEGRAM_SUMMARY_HOUR)
    const summary = await salesSummary(tx, new Date(to.getTime() - 24 * 60 * 60_000), to)
    const owners = await linkedStaffOf(tx, 'owner')
    const recipients: Recipient[] = owners.length ? owners : [staffChat(config)]
    for (const r of recipients)
      await enqueueNotification(tx, {
        channel: 'telegram',
        recipient: r.chatId,
        text: summaryText(r.lang, day, summary),
        at: now,
      })
    return day
  })
}
