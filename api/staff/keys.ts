import { and, asc, eq, isNull } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../audit/record.ts'
import { randomToken, sha256 } from '../auth/crypto.ts'
import type { Db, Tx } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { staffApiKeys } from '../db/schema/index.ts'
import type { StaffRole } from './permissions.ts'
import { tokenPrefix } from './sessions.ts'

type KeyRow = typeof staffApiKeys.$inferSelect

/** A key as listed: never its token (shown once, at creation). */
export const apiKeyView = (row: KeyRow) => ({
  id: row.id,
  name: row.name,
  role: row.role,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked: row.revokedAt !== null,
})

/**
 * A key for a machine integration: a bearer token with `role`'s rights on the
 * admin API, audited as `key:<id>`. The token is returned once and stored as sha256.
 */
export async function createApiKey(db: Db, input: { name: string; role: StaffRole }, actor: AuditActor, now: Date) {
  const token = tokenPrefix.key + randomToken()
  return db.transaction(async (tx) => {
    const row = oneRow(
      await tx
        .insert(staffApiKeys)
        .values({
          name: input.name,
          role: input.role,
          tokenHash: sha256(token),
          createdBy: actor.staffId,
          createdAt: now,
        })
        .returning(),
    )
    await recordAudit(tx, {
      ...actor,
      action: 'api_key.create',
      entity: 'api_key',
      entityId: row.id,
      after: { name: row.name, role: row.role },
      at: now,
    })
    return { ...apiKeyView(row), token }
  })
}

export async function listApiKeys(db: Db) {
  return (await db.select().from(staffApiKeys).orderBy(asc(staffApiKeys.id))).map(apiKeyView)
}

/** Revokes a key (audited `api_key.revoke`); `null` when there is no such key. Revoking twice changes nothing. */
export async function revokeApiKey(db: Db, id: number, actor: AuditActor, now: Date) {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(staffApiKeys)
      .set({ revokedAt: now })
      .where(and(eq(staffApiKeys.id, id), isNull(staffApiKeys.revokedAt)))
      .returning()
    if (revoked) {
      await recordAudit(tx, {
        ...actor,
        action: 'api_key.revoke',
        entity: 'api_key',
        entityId: id,
        before: { revoked: false },
        after: { revoked: true },
        at: now,
      })
      return apiKeyView(revoked)
    }
    const [row] = await tx.select().from(staffApiKeys).where(eq(staffApiKeys.id, id))
    return row ? apiKeyView(row) : null
  })
}

/**
 * Ends the integration keys a staff member made, when their second factor
 * changes (switched on, or reset after a lost phone): a key made while the
 * account was kept by a password alone, or by the lost phone, must not outlive
 * it. In the transaction of the change; each audited `api_key.revoke` with
 * `reason: second_factor_changed`. The owner makes new ones on the keys page.
 */
export async function revokeKeysOf(tx: Db | Tx, staffId: number, actor: AuditActor, now: Date) {
  const revoked = await tx
    .update(staffApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(staffApiKeys.createdBy, staffId), isNull(staffApiKeys.revokedAt)))
    .returning({ id: staffApiKeys.id })
  for (const { id } of revoked)
    await recordAudit(tx, {
      ...actor,
      action: 'api_key.revoke',
      entity: 'api_key',
      entityId: id,
      before: { revoked: false },
      after: { revoked: true, reason: 'second_factor_changed' },
      at: now,
    })
}
