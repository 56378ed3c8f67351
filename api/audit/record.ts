import type { Db, Tx } from '../db/client.ts'
import { auditLog } from '../db/schema/index.ts'
import { wellFormed } from '../well-formed.ts'

/** Through what a change was made: the back office, an integration key, the Telegram bot, the command line, the shop itself. */
export type AuditVia = 'web' | 'api' | 'telegram' | 'cli' | 'system'

/**
 * Who made a change: `staffId` (null for a key, the CLI or the shop), `actor`
 * as the log shows it (`staff:3`, `key:1`, `cli`, `system`), `via`, and the
 * client address when known. Admin routes get theirs from `auditActor(c)`
 * (api/admin/middleware.ts).
 */
export type AuditActor = { staffId: number | null; actor: string; via: AuditVia; address?: string | null }

export type AuditEntry = AuditActor & {
  /** What was done, `<entity>.<verb>`: `order.status`, `staff.create`, `staff.password_reset`. */
  action: string
  /** What it was done to: `order`, `staff`, `api_key`… */
  entity: string
  entityId?: string | number | null
  /** The changed fields as they were and became; never password hashes, secrets or tokens. */
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  /** When; defaults to the database's clock (pass the API's `now` where tests move it). */
  at?: Date
}

/** The actor of changes the shop makes by itself (expiry jobs, payment callbacks). */
export const systemActor: AuditActor = { staffId: null, actor: 'system', via: 'system' }

/** The actor for a staff member acting through `via`. */
export const staffActor = (staffId: number, via: AuditVia, address?: string | null): AuditActor => ({
  staffId,
  actor: `staff:${staffId}`,
  via,
  address,
})

/**
 * Writes one audit row. Call it with the transaction that makes the change,
 * so the change and its record are committed (or rolled back) together.
 * The fields are stored well-formed: text the change itself could store (a
 * lone surrogate in a text column becomes U+FFFD) must not fail its record.
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    ...(entry.at ? { at: entry.at } : {}),
    staffId: entry.staffId,
    actor: entry.actor,
    via: entry.via,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: wellFormed(entry.before ?? null),
    after: wellFormed(entry.after ?? null),
    address: entry.address ?? null,
  })
}

/**
 * The fields of `after` that differ from `before`, each side with only those
 * fields: what an update audit row should hold. `null` when nothing changed.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } | null {
  const keys = Object.keys(after).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key as keyof T]),
  ) as (keyof T)[]
  if (keys.length === 0) return null
  const pick = (source: Partial<T>) => Object.fromEntries(keys.map((k) => [k, source[k] ?? null])) as Partial<T>
  return { before: pick(before), after: pick(after) }
}
