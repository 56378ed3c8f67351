import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../../audit/record.ts'
import type { Db, Tx } from '../../db/client.ts'
import { type FeedbackStatus, feedbackMessages, feedbackReplies, staff, users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { enqueueNotification } from '../../notifications/outbox.ts'
import { SMS_REPLIES_PER_DAY } from './schemas.ts'

type Ctx = { lang: Lang; now: Date }
type MessageRow = typeof feedbackMessages.$inferSelect

export type InboxFilters = {
  kind?: 'feedback' | 'bug'
  status?: FeedbackStatus
  unread?: boolean
  assignee_id?: number
}

const listed = {
  message: feedbackMessages,
  // The phone left on the form first, else the account's.
  phone: sql<string | null>`coalesce(${feedbackMessages.phone}, ${users.phone})`,
  assigneeName: staff.name,
}

function selectMessages(db: Db) {
  return db
    .select(listed)
    .from(feedbackMessages)
    .leftJoin(users, eq(users.id, feedbackMessages.userId))
    .leftJoin(staff, eq(staff.id, feedbackMessages.assigneeId))
}
export type ListedMessage = { message: MessageRow; phone: string | null; assigneeName: string | null }

/** The inbox: newest first, filtered, with the unread and per-status counts. */
export async function listInbox(db: Db, filters: InboxFilters, page: number, size: number) {
  const conditions: SQL[] = []
  if (filters.kind) conditions.push(eq(feedbackMessages.kind, filters.kind))
  if (filters.status) conditions.push(eq(feedbackMessages.status, filters.status))
  if (filters.unread === true) conditions.push(isNull(feedbackMessages.readAt))
  if (filters.unread === false) conditions.push(sql`${feedbackMessages.readAt} is not null`)
  if (filters.assignee_id) conditions.push(eq(feedbackMessages.assigneeId, filters.assignee_id))
  const where = conditions.length ? and(...conditions) : undefined
  const [rows, [total], [counts]] = await Promise.all([
    selectMessages(db)
      .where(where)
      .orderBy(desc(feedbackMessages.createdAt), desc(feedbackMessages.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(feedbackMessages).where(where),
    db
      .select({
        unread: sql<number>`count(*) filter (where ${feedbackMessages.readAt} is null)`.mapWith(Number),
        new: sql<number>`count(*) filter (where ${feedbackMessages.status} = 'new')`.mapWith(Number),
        in_progress: sql<number>`count(*) filter (where ${feedbackMessages.status} = 'in_progress')`.mapWith(Number),
        done: sql<number>`count(*) filter (where ${feedbackMessages.status} = 'done')`.mapWith(Number),
      })
      .from(feedbackMessages),
  ])
  return { rows, total: total?.n ?? 0, counts: counts ?? { unread: 0, new: 0, in_progress: 0, done: 0 } }
}

export async function inboxMessage(db: Db, id: number): Promise<ListedMessage | null> {
  const [row] = await selectMessages(db).where(eq(feedbackMessages.id, id))
  return row ?? null
}

const dayAgo = (now: Date) => new Date(now.getTime() - 24 * 60 * 60_000)

/** The SMS replies of a message, oldest first, and how many more may go out now. */
export async function repliesOf(db: Db, id: number, now: Date) {
  const rows = await db
    .select({ reply: feedbackReplies, staffName: staff.name })
    .from(feedbackReplies)
    .leftJoin(staff, eq(staff.id, feedbackReplies.staffId))
    .where(eq(feedbackReplies.messageId, id))
    .orderBy(feedbackReplies.createdAt, feedbackReplies.id)
  const recent = rows.filter((r) => r.reply.createdAt > dayAgo(now)).length
  return { rows, left: Math.max(SMS_REPLIES_PER_DAY - recent, 0) }
}

/** Opened by a staff member: read from now on (not audited, as opening an order is not). */
export async function markRead(db: Db, row: MessageRow, now: Date) {
  if (row.readAt) return
  await db
    .update(feedbackMessages)
    .set({ readAt: now })
    .where(and(eq(feedbackMessages.id, row.id), isNull(feedbackMessages.readAt)))
}

async function lockMessage(tx: Tx, id: number, lang: Lang) {
  const [row] = await tx.select().from(feedbackMessages).where(eq(feedbackMessages.id, id)).for('update')
  if (!row) throw new ApiError(404, message(lang, 'admin_message_not_found'))
  return row
}

/**
 * Changes the message's status, assignee (an enabled staff account, 400 on
 * `assignee_id` otherwise) or read mark; audited `feedback.update` with the
 * fields that changed. Nothing changed, nothing recorded.
 */
export async function updateMessage(
  db: Db,
  input: {
    id: number
    status?: FeedbackStatus
    assigneeId?: number | null
    read?: boolean
    actor: AuditActor
  },
  ctx: Ctx,
) {
  await db.transaction(async (tx) => {
    const row = await lockMessage(tx, input.id, ctx.lang)
    if (input.assigneeId != null) {
      const [member] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.id, input.assigneeId), isNull(staff.disabledAt)))
      if (!member) {
        const detail = message(ctx.lang, 'admin_assignee_unknown')
        throw new ApiError(400, detail, [{ field: 'assignee_id', message: detail }])
      }
    }
    const before: Record<string, unknown> = {}
    const after: Record<string, unknown> = {}
    const set: Partial<MessageRow> = {}
    if (input.status !== undefined && input.status !== row.status) {
      before.status = row.status
      after.status = set.status = input.status
    }
    if (input.assigneeId !== undefined && input.assigneeId !== row.assigneeId) {
      before.assignee_id = row.assigneeId
      after.assignee_id = set.assigneeId = input.assigneeId
    }
    if (input.read !== undefined && input.read !== (row.readAt !== null)) {
      before.read = row.readAt !== null
      after.read = input.read
      set.readAt = input.read ? ctx.now : null
    }
    if (!Object.keys(set).length) return
    await tx.update(feedbackMessages).set(set).where(eq(feedbackMessages.id, row.id))
    await recordAudit(tx, {
      ...input.actor,
      action: 'feedback.update',
      entity: 'feedback',
      entityId: row.id,
      before,
      after,
      at: ctx.now,
    })
  })
}

/**
 * Queues an SMS reply to the phone the sender left on the form, else their
 * account's (`Atir: <text>`, through the notifications outbox as every
 * customer SMS), keeps it with the message and audits `feedback.reply`. 409
 * when there is no phone (none left, and signed out or the account is gone) or when the message already had its
 * SMS_REPLIES_PER_DAY replies in the last 24 hours: the message row is
 * locked first, so two staff replying at once cannot pass the limit together.
 * A message still new becomes in progress.
 */
export async function replyBySms(db: Db, input: { id: number; text: string; actor: AuditActor }, ctx: Ctx) {
  return db.transaction(async (tx) => {
    const row = await lockMessage(tx, input.id, ctx.lang)
    const [sender] =
      !row.phone && row.userId
        ? await tx.select({ phone: users.phone }).from(users).where(eq(users.id, row.userId))
        : []
    const phone = row.phone ?? sender?.phone
    if (!phone) throw new ApiError(409, message(ctx.lang, 'admin_reply_no_phone'))
    const [recent] = await tx
      .select({ n: count() })
      .from(feedbackReplies)
      .where(and(eq(feedbackReplies.messageId, row.id), gt(feedbackReplies.createdAt, dayAgo(ctx.now))))
    if ((recent?.n ?? 0) >= SMS_REPLIES_PER_DAY)
      throw new ApiError(409, message(ctx.lang, 'admin_reply_limit', { max: SMS_REPLIES_PER_DAY }))
    const text = `Atir: ${input.text}`
    await enqueueNotification(tx, { channel: 'sms', recipient: phone, text, at: ctx.now })
    await tx
      .insert(feedbackReplies)
      .values({ messageId: row.id, staffId: input.actor.staffId, phone, text, createdAt: ctx.now })
    const set: Partial<MessageRow> = { readAt: row.readAt ?? ctx.now }
    if (row.status === 'new') set.status = 'in_progress'
    await tx.update(feedbackMessages).set(set).where(eq(feedbackMessages.id, row.id))
    await recordAudit(tx, {
      ...input.actor,
      action: 'feedback.reply',
      entity: 'feedback',
      entityId: row.id,
      after: { to: phone, text },
      at: ctx.now,
    })
    return phone
  })
}
