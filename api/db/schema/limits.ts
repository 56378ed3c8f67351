import { index, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/**
 * Counted events of the per-address limits outside sign-in (failed promo
 * checks, wrong staff tokens, "already registered" answers), by bucket such
 * as `promo:<address>`. Rows older than their limit's window are deleted as
 * new ones arrive.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial().primaryKey(),
    bucket: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_bucket_idx').on(t.bucket, t.createdAt)],
)
