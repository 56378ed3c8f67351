import { and, desc, eq, inArray } from 'drizzle-orm'
import { sha256 } from '../auth/crypto.ts'
import type { Db } from '../db/client.ts'
import { customerTelegramCodes, orders } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { countOrders, statusLabel } from '../orders/service.ts'
import { openStatuses, orderNumber } from '../orders/states.ts'
import { linkedCustomer, redeemCustomerCode, unlinkTelegramUser } from './customer-link.ts'
import { tashkentTime } from './tashkent-time.ts'
import { botText, sumText, telegramLang } from './texts.ts'
import type { TelegramUser } from './update-schema.ts'

/** Orders `/orders` names; more are counted (Telegram messages stay short, the site has them all). */
export const ORDERS_LISTED = 10

/**
 * `/start <code>` in a private chat: a customer's code links that Telegram
 * account to its customer (customer-link.ts). The bot's answer, or null
 * when the code is no customer's (a staff member's code, telegram/link.ts).
 */
export async function startAsCustomer(db: Db, code: string, from: TelegramUser, now: Date): Promise<string | null> {
  const result = await redeemCustomerCode(db, code, from.id, now)
  if (result.status === 'linked') return botText(result.lang, 'customer_link_done')
  if (result.status === 'taken') return botText(result.lang, 'customer_link_taken')
  // A customer's code, spent or past its time (staff codes say "the back office" instead).
  const [spent] = await db
    .select({ lang: customerTelegramCodes.lang })
    .from(customerTelegramCodes)
    .where(eq(customerTelegramCodes.codeHash, sha256(code)))
  return spent ? botText(spent.lang, 'customer_link_invalid') : null
}

/** The customer's date of an order, as they read it: 23.11.2026 (the shop's day in Tashkent). */
function orderDate(at: Date) {
  const [y, m, d] = tashkentTime(at).day.split('-')
  return `${d}.${m}.${y}`
}

/**
 * `/orders`: the linked customer's open orders (the storefront's "active"
 * tab: awaiting payment, accepted, ready, on the way), newest first, each
 * its number, date, status and total; nothing else (no addresses, names or
 * phones). A Telegram account no customer linked learns only how to link one.
 */
export async function ordersText(db: Db, from: TelegramUser): Promise<string> {
  const customer = await linkedCustomer(db, from.id)
  if (!customer) return botText(telegramLang(from), 'customer_not_linked')
  const lang: Lang = customer.lang
  const open = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, customer.userId), inArray(orders.status, openStatuses)))
    .orderBy(desc(orders.id))
    .limit(ORDERS_LISTED + 1)
  if (!open.length) return botText(lang, 'customer_orders_none')
  const lines = [botText(lang, 'customer_orders_title')]
  for (const order of open.slice(0, ORDERS_LISTED)) {
    lines.push(
      botText(lang, 'customer_orders_line', {
        number: orderNumber(order.id),
        date: orderDate(order.createdAt),
        status: statusLabel(lang, order.status, order.delivery),
        total: sumText(order.total),
      }),
    )
  }
  if (open.length > ORDERS_LISTED) {
    const all = await countOrders(db, customer.userId, openStatuses)
    lines.push(botText(lang, 'customer_orders_more', { n: all - ORDERS_LISTED }))
  }
  return lines.join('\n')
}

/** `/stop`: the Telegram account stops getting its customer's news (they go by SMS again). */
export async function stopText(db: Db, from: TelegramUser): Promise<string> {
  const gone = await unlinkTelegramUser(db, from.id)
  return gone ? botText(gone.lang, 'customer_stopped') : botText(telegramLang(from), 'customer_not_linked')
}
