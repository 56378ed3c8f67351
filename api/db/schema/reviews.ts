import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalogue.ts'
import { createdAt } from './columns.ts'

/**
 * Product reviews: one per product per customer, who must have a delivered
 * order with the product (api/reviews). `photos` are paths under
 * DATA_DIR/uploads (`reviews/…`), at most four. The product's `rating_sum`
 * and `review_count` are kept in step with these rows in the same transaction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial().primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint().notNull(),
    comment: text(),
    photos: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt, t.id),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_photos_count', sql`coalesce(array_length(${t.photos}, 1), 0) <= 4`),
  ],
)
