import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { auditLog, staff } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { auditWords } from './words.ts'

export type AuditFilters = {
  staffId?: number
  actor?: string
  action?: string
  entity?: string
  entityId?: string
  /** From this moment, included. */
  from?: Date
  /** Up to this moment, excluded. */
  until?: Date
}

type Row = { entry: typeof auditLog.$inferSelect; staffName: string | null }

/** An audit row as `GET admin/audit/` shows it, with the staff member's current name and the reader's words. */
const entryView = (lang: Lang, { entry, staffName }: Row) => ({
  id: entry.id,
  at: entry.at.toISOString(),
  staff_id: entry.staffId,
  staff_name: staffName,
  actor: entry.actor,
  via: entry.via,
  action: entry.action,
  entity: entry.entity,
  entity_id: entry.entityId,
  before: entry.before as Record<string, unknown> | null,
  after: entry.after as Record<string, unknown> | null,
  address: entry.address,
  words: auditWords(lang, {
    entity: entry.entity,
    before: entry.before as Record<string, unknown> | null,
    after: entry.after as Record<string, unknown> | null,
  }),
})

/** A page of the audit log, newest first; `'past-end'` for a page after the last one. */
export async function listAudit(db: Db, filters: AuditFilters, page: number, size: number, lang: Lang) {
  const conditions = [
    filters.staffId && eq(auditLog.staffId, filters.staffId),
    filters.actor && eq(auditLog.actor, filters.actor),
    filters.action && eq(auditLog.action, filters.action),
    filters.entity && eq(auditLog.entity, filters.entity),
    filters.entityId && eq(auditLog.entityId, filters.entityId),
    filters.from && gte(auditLog.at, filters.from),
    filters.until && lt(auditLog.at, filters.until),
  ].filter((c): c is SQL => Boolean(c))
  const where = conditions.length ? and(...conditions) : undefined
  const total = await db.$count(auditLog, where)
  if (page > 1 && (page - 1) * size >= total) return 'past-end' as const
  const rows = await db
    .select({ entry: auditLog, staffName: staff.name })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(size)
    .offset((page - 1) * size)
  return { results: rows.map((row) => entryView(lang, row)), total }
}
