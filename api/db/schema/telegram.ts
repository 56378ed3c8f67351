import { sql } from 'drizzle-orm'
import { date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { products } from './catalogue.ts'
import { createdAt, moment, singleUse } from './columns.ts'
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
