import { count, eq, isNull, min, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { notificationOutbox, payments } from '../db/schema/index.ts'
import { lastBackup } from '../db/transfer/last-backup.ts'
import { backupLastSuccess, outboxMessages, outboxOldestSeconds, refundsPending } from '../metrics.ts'
import { MAX_NOTIFICATION_ATTEMPTS } from '../notifications/dispatch.ts'

const channels = ['sms', 'telegram'] as const

/**
 * What is waiting, for /metrics and its alerts: unsent outbox messages (still
 * to be tried, or out of tries), the age of the oldest still to be tried,
 * refunds not yet done, and when the last backup finished. Read by the
 * periodic order jobs (both tables have a partial index on exactly these
 * rows), so a scrape never queries the database.
 */
export async function sampleBacklog(db: Db, now: Date) {
  // A literal, not a parameter: the same expression in the select and the group by.
  const givenUp = sql<boolean>`${notificationOutbox.attempts} >= ${sql.raw(String(MAX_NOTIFICATION_ATTEMPTS))}`
  const outbox = await db
    .select({
      channel: notificationOutbox.channel,
      givenUp,
      messages: count(),
      oldest: min(notificationOutbox.createdAt),
    })
    .from(notificationOutbox)
    .where(isNull(notificationOutbox.sentAt))
    .groupBy(notificationOutbox.channel, givenUp)
  const refunds = await db
    .select({ provider: payments.provider, payments: count() })
    .from(payments)
    .where(eq(payments.status, 'refund_pending'))
    .groupBy(payments.provider)

  for (const channel of channels) {
    const pending = outbox.find((row) => row.channel === channel && !row.givenUp)
    const stuck = outbox.find((row) => row.channel === channel && row.givenUp)
    outboxMessages.set({ channel, state: 'pending' }, pending?.messages ?? 0)
    outboxMessages.set({ channel, state: 'given_up' }, stuck?.messages ?? 0)
    const oldest = pending?.oldest ? new Date(pending.oldest).getTime() : null
    outboxOldestSeconds.set({ channel }, oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000))
  }
  refundsPending.reset()
  for (const row of refunds) refundsPending.set({ provider: row.provider }, row.payments)
  const backup = await lastBackup(db)
  backupLastSuccess.set(backup ? new Date(backup.at).getTime() / 1000 : 0)
}
