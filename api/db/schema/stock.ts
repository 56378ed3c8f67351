import { sql } from 'drizzle-orm'
import { bigserial, check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { products } from './catalogue.ts'
import { createdAt } from './columns.ts'
import { orders } from './orders.ts'
import { staff } from './staff.ts'

/**
 * Why stock moved (api/stock/movements.ts): taken by an order, given back by its cancellation, moved by
 * staff editing an order (±), back from a customer's return, a count, an arrival, an import and its undo.
 */
export const stockReasons = [
  'order',
  'order_cancelled',
  'order_edit',
  'return',
  'correction',
  'arrival',
  'import',
  'undo',
] as const
export type StockReason = (typeof stockReasons)[number]

/**
 * The stock of a product as it arrived: `quantity` is what is left of it,
 * `expires_on` its expiry date (null: none known, picked last). The
 * quantities of a product's batches always add up to `products.stock`
 * (api/stock/movements.ts keeps them so).
 */
export const stockBatches = pgTable(
  'stock_batches',
  {
    id: serial().primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull().default(0),
    expiresOn: date('expires_on', { mode: 'string' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    note: text(),
  },
  (t) => [
    index('stock_batches_product').on(t.productId, t.expiresOn),
    check('stock_batches_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
)

/**
 * Every change of `products.stock`, never an overwrite: `delta` (±) taken
 * from or put into one batch, why, for which order, by whom (`actor` as the
 * audit log writes it) and the product's stock after it. A change that
 * touches several batches is several rows.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer().notNull(),
    reason: text().notNull().$type<StockReason>(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    batchId: integer('batch_id').references(() => stockBatches.id, { onDelete: 'set null' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text(),
    note: text(),
    stockAfter: integer('stock_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_movements_product').on(t.productId, t.id),
    index('stock_movements_order').on(t.orderId),
    check('stock_movements_delta_non_zero', sql`${t.delta} <> 0`),
    check(
      'stock_movements_reason_known',
      sql`${t.reason} in ('order', 'order_cancelled', 'order_edit', 'return', 'correction', 'arrival', 'import', 'undo')`,
    ),
  ],
)
