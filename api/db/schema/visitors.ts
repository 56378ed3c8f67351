import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { products } from './catalogue.ts'
import { createdAt } from './columns.ts'

/**
 * Basket lines and favourites belong to an owner key: `v:<fingerprint>` for a
 * visitor, `u:<user id>` for a customer, so both live in one table and merge by
 * re-keying rows.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    owner: text().notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    // Price when the line was added, so a later change can be pointed out.
    priceSeen: integer('price_seen').notNull(),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.productId] }), check('cart_quantity_positive', sql`${t.quantity} > 0`)],
)

export const favourites = pgTable(
  'favourites',
  {
    owner: text().notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.productId] }), index('favourites_owner_idx').on(t.owner, t.addedAt)],
)
