import { index, integer, pgEnum, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { createdAt } from './columns.ts'

export const feedbackKind = pgEnum('feedback_kind', ['feedback', 'bug'])

/**
 * Messages from the feedback form and bug reports, read by the shop's staff.
 * `client_address` serves the per-address rate limit; `user_id` is kept only
 * while the account exists. A bug report's screenshot is a path under
 * DATA_DIR/uploads.
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
    clientAddress: text('client_address'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_messages_limit_idx').on(t.kind, t.clientAddress, t.createdAt)],
)
