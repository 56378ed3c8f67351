import { and, count, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { feedbackMessages } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'

export type FeedbackKind = 'feedback' | 'bug'

/** Who sent it and when; a signed-in sender is remembered. */
export type Sender = { lang: Lang; userId: number | null; clientAddress: string | null; createdAt: Date }

/** Messages of `kind` sent from this address (or from no known address) after `since`. */
export async function recentMessageCount(db: Db, kind: FeedbackKind, address: string | null, since: Date) {
  const byAddress = address ? eq(feedbackMessages.clientAddress, address) : isNull(feedbackMessages.clientAddress)
  const [row] = await db
    .select({ n: count() })
    .from(feedbackMessages)
    .where(and(eq(feedbackMessages.kind, kind), byAddress, gt(feedbackMessages.createdAt, since)))
  return row?.n ?? 0
}

export async function saveFeedback(
  db: Db,
  sender: Sender,
  message: { name: string; text: string; phone: string | null },
) {
  await db.insert(feedbackMessages).values({ ...sender, kind: 'feedback', ...message })
}

export async function saveBugReport(
  db: Db,
  sender: Sender,
  report: { text: string; page: string | null; screenshot: string | null },
) {
  await db.insert(feedbackMessages).values({ ...sender, kind: 'bug', ...report })
}
