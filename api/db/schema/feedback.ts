import { sql } from 'drizzle-orm'
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt } from './columns.ts'
import { staff } from './staff.ts'

/** Where a message stands in the staff's inbox. */
export const feedbackStatuses = ['new', 'in_progress', 'done'] as const
export type FeedbackStatus = (typeof feedbackStatuses)[number]

export const feedbackKind = pgEnum('feedback_kind', ['feedback', 'bug'])

/**
 * Messages from the feedback form and bug reports, read by the shop's staff.
 * `client_address` serves the per-address rate limit; `user_id` is kept only
 * while the account exists. A bug report's screenshot is a path under
 * DATA_DIR/uploads. In the back office's inbox a message is read (`read_at`,
 * by any staff member), has a `status` and may be given to a staff member.
 */
export const feedbackMessages = pgTable(
  'feedback_messages',
  {
    id: serial().primaryKey(),
    kind: feedbackKind().notNull(),
    name: text(),
    text: text().notNull(),
    // The page a bug report came from (a path or URL as the customer's browser gave it).
    page: text(),
    screenshot: text(),
    lang: text().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The phone the sender left on the feedback form (E.164), for an SMS reply; null: none left.
    phone: text(),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    status: text().$type<FeedbackStatus>().notNull().default('new'),
    assigneeId: integer('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('feedback_messages_limit_idx').on(t.kind, t.clientAddress, t.createdAt),
    index('feedback_messages_inbox_idx').on(t.status, t.createdAt),
    check('feedback_messages_status_known', sql`${t.status} IN ('new', 'in_progress', 'done')`),
  ],
)
