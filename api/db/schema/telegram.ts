import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalogue.ts'
import { createdAt, moment, singleUse } from './columns.ts'
import { orders } from './orders.ts'
import { staff } from './staff.ts'

/**
 * One-time codes that link a staff member's Telegram account: the back
 * office shows `t.me/<bot>?start=<code>`, the bot's webhook receives
 * `/start <code>`. Stored as sha256; short-lived; `used_at` once spent.
 */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    id: serial().primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    ...singleUse(),
  },
  (t) => [index('telegram_link_codes_staff_idx').on(t.staffId)],
)

/**
 * Reports the bot sends once per day (`kind` `sales_summary`), whichever
 * server process gets there first: the primary key is the claim.
 */
export const telegramReports = pgTable(
  'telegram_reports',
  {
    kind: text().notNull(),
    // The shop's day (Asia/Tashkent) the report is for.
    day: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
)

/**
 * Products the warehouse was told are low on stock: one alert per product
 * until it is restocked above the threshold (then the row goes and a later
 * drop alerts again).
 */
export const lowStockAlerts = pgTable('low_stock_alerts', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  stock: integer().notNull(),
  alertedAt: moment('alerted_at').notNull().default(sql`now()`),
})

/**
 * A customer's linked Telegram account: their order news go to its private
 * chat with the bot (the chat id is the user id) in `lang` instead of SMS
 * (docs/telegram.md "Customers"). One account per customer and one customer
 * per Telegram account; unlinking (profile, `/stop`, a blocked bot) deletes the row.
 */
export const customerTelegram = pgTable(
  'customer_telegram',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull().unique(),
    // The language the bot speaks to them: the shop's language where they asked for the link.
    lang: text().notNull().$type<'uz' | 'sr' | 'ru'>(),
    linkedAt: moment('linked_at').notNull(),
  },
  (t) => [check('customer_telegram_lang_known', sql`${t.lang} in ('uz', 'sr', 'ru')`)],
)

/**
 * One-time codes that link a customer's Telegram (the profile's or the order
 * page's `t.me/<bot>?start=<code>`), as `telegram_link_codes` does for staff:
 * sha256 only, short-lived, `used_at` once spent, with the language asked in.
 */
export const customerTelegramCodes = pgTable(
  'customer_telegram_codes',
  {
    id: serial().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    lang: text().notNull().$type<'uz' | 'sr' | 'ru'>(),
    ...singleUse(),
  },
  (t) => [
    index('customer_telegram_codes_user_idx').on(t.userId),
    check('customer_telegram_codes_lang_known', sql`${t.lang} in ('uz', 'sr', 'ru')`),
  ],
)

/**
 * The staff chat's message of each order (the new-order message with its
 * buttons): where it is, so that any change of the order, made anywhere,
 * edits it (notifications/dispatch.ts `order_update`).
 */
export const orderChatMessages = pgTable('order_chat_messages', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').notNull(),
  messageId: bigint('message_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
})

/**
 * Telegram sign-ins already used (a Mini App's `initData`, a Login Widget's
 * answer), by their `hash`: each opens one session at most, so a copy
 * replayed within its day is refused. Rows go once past `expires_at` (when
 * the signature's `auth_date` is too old to be accepted anyway).
 */
export const telegramSignIns = pgTable(
  'telegram_sign_ins',
  {
    hash: text().primaryKey(),
    expiresAt: moment('expires_at').notNull(),
  },
  (t) => [index('telegram_sign_ins_expires_idx').on(t.expiresAt)],
)
