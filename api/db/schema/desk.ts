import { date, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'
import { feedbackMessages } from './feedback.ts'
import { staff } from './staff.ts'

/**
 * What shoppers searched for and did not find (the statistics
 * page): the normalised term and how often per shop day (Tashkent). Nothing
 * about who searched. Bounded by api/stats/search-misses.ts: a cap of terms
 * per day and rows kept for a limited number of days.
 */
export const searchMisses = pgTable(
  'search_misses',
  {
    day: date({ mode: 'string' }).notNull(),
    term: text().notNull(),
    count: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.day, t.term] })],
)

/** The SMS replies staff sent to a feedback message or bug report (the text as sent, to which phone). */
export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: serial().primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => feedbackMessages.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    phone: text().notNull(),
    text: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_replies_message_idx').on(t.messageId, t.createdAt)],
)
