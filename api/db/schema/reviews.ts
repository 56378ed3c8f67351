import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalogue.ts'
import { createdAt } from './columns.ts'
import { staff } from './staff.ts'

/** Where a review stands with the staff: `new` (not looked at yet, shown), `published` (looked at, shown), `hidden`. */
export const reviewModerations = ['new', 'published', 'hidden'] as const
export type ReviewModeration = (typeof reviewModerations)[number]

/**
 * Product reviews: one per product per customer, who must have a delivered
 * order with the product (api/reviews). `photos` are paths under
 * DATA_DIR/uploads (`reviews/…`), at most four. The product's `rating_sum`
 * and `review_count` are kept in step with these rows in the same transaction;
 * hidden reviews (`moderation` hidden, by staff, with a reason) are neither
 * shown nor counted. `reply` is the shop's one answer, shown under the review.
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
    moderation: text().$type<ReviewModeration>().notNull().default('new'),
    hiddenReason: text('hidden_reason'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    moderatedBy: integer('moderated_by').references(() => staff.id, { onDelete: 'set null' }),
    reply: text(),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    replyBy: integer('reply_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reviews_product_user_idx').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt, t.id),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    index('reviews_moderation_idx').on(t.moderation, t.createdAt),
    check('reviews_moderation_known', sql`${t.moderation} IN ('new', 'published', 'hidden')`),
    check('reviews_photos_count', sql`coalesce(array_length(${t.photos}, 1), 0) <= 4`),
  ],
)
