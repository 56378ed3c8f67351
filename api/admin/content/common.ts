import { type AuditActor, type AuditEntry, changedFields, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Db, Tx } from '../../db/client.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'

/** What every change of the content desk needs: the database, who acts, in which language, and when. */
export type DeskContext = { db: Db; actor: AuditActor; lang: Lang; now: Date }

const time = (value: Date | null) => (value ? value.toISOString() : null)

export { time as isoOrNull }

/** A window's bounds as stored; 400 on `ends_at` when it ends before it starts. */
export function windowOf(
  lang: Lang,
  input: { starts_at?: string | null; ends_at?: string | null },
  current: { startsAt: Date | null; endsAt: Date | null } = { startsAt: null, endsAt: null },
) {
  const startsAt = input.starts_at === undefined ? current.startsAt : input.starts_at ? new Date(input.starts_at) : null
  const endsAt = input.ends_at === undefined ? current.endsAt : input.ends_at ? new Date(input.ends_at) : null
  if (startsAt && endsAt && endsAt <= startsAt) {
    const detail = message(lang, 'admin_date_range')
    throw new ApiError(400, detail, [{ field: 'ends_at', message: detail }])
  }
  return { startsAt, endsAt }
}

/** Whether a scheduled row is shown at `now`. */
export const shownAt = (row: { isActive: boolean; startsAt: Date | null; endsAt: Date | null }, now: Date) =>
  row.isActive && (!row.startsAt || row.startsAt <= now) && (!row.endsAt || row.endsAt > now)

/**
 * Whether an edit sends no field (each undefined): Drizzle refuses an update
 * with nothing to set, and such an edit rightly leaves the row as it is.
 */
export const sendsNothing = (changes: Record<string, unknown>) => Object.values(changes).every((v) => v === undefined)

export const notFoundError = (lang: Lang) => new ApiError(404, message(lang, 'not_found'))

type Action = `${string}.${string}`

/**
 * Audits `action` (`<entity>.<verb>`) of a change the shop shows, and has the
 * shop show it from its next request, in the change's transaction.
 */
export async function recordChange(
  ctx: DeskContext,
  tx: Tx,
  action: Action,
  entityId: AuditEntry['entityId'],
  fields: Pick<AuditEntry, 'before' | 'after'>,
) {
  const entity = action.slice(0, action.indexOf('.'))
  await recordAudit(tx, { ...ctx.actor, action, entity, entityId, ...fields })
  await invalidateCatalogue(ctx.db, tx)
}

/** `recordChange` for an edit, with the fields that changed: nothing at all when none did. */
export async function recordUpdate<T extends Record<string, unknown>>(
  ctx: DeskContext,
  tx: Tx,
  action: Action,
  entityId: AuditEntry['entityId'],
  before: T,
  after: T,
) {
  const diff = changedFields(before, after)
  if (diff) await recordChange(ctx, tx, action, entityId, diff)
}
