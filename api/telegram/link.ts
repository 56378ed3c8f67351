import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import { type AuditActor, recordAudit, staffActor } from '../audit/record.ts'
import { randomToken, sha256 } from '../auth/crypto.ts'
import type { Db } from '../db/client.ts'
import { staff, telegramLinkCodes } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { isUniqueViolation } from '../orders/db-errors.ts'

/** How long a link code may wait for its `/start`: enough to open Telegram, short enough to be useless later. */
export const LINK_CODE_TTL_MINUTES = 10

export type LinkCode = { code: string; expiresAt: Date }

/**
 * 24 random bytes in base64url: a valid Telegram `start` parameter. Never
 * one beginning with "-", which `npm run telegram -- simulate start <code>`
 * (shown in the back office of a demo shop) would read as an option.
 */
export function linkCodeToken(): string {
  for (;;) {
    const code = randomToken(24)
    if (!code.startsWith('-')) return code
  }
}

/**
 * A fresh one-time link code for `staffId` (its earlier unused ones are
 * dropped). `lang` becomes the language the bot speaks to them. The code is
 * a `linkCodeToken()`.
 */
export async function createLinkCode(
  db: Db,
  staffId: number,
  options: { now: Date; lang: Lang; actor: AuditActor },
): Promise<LinkCode> {
  const code = linkCodeToken()
  const expiresAt = new Date(options.now.getTime() + LINK_CODE_TTL_MINUTES * 60_000)
  await db.transaction(async (tx) => {
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.staffId, staffId))
    await tx.insert(telegramLinkCodes).values({ staffId, codeHash: sha256(code), createdAt: options.now, expiresAt })
    const [before] = await tx.select({ lang: staff.lang }).from(staff).where(eq(staff.id, staffId))
    if (before && before.lang !== options.lang) {
      await tx.update(staff).set({ lang: options.lang, updatedAt: options.now }).where(eq(staff.id, staffId))
      await recordAudit(tx, {
        ...options.actor,
        action: 'staff.update',
        entity: 'staff',
        entityId: staffId,
        before: { lang: before.lang },
        after: { lang: options.lang },
        at: options.now,
      })
    }
  })
  return { code, expiresAt }
}

export type LinkResult =
  | { status: 'linked'; staff: { id: number; name: string; lang: Lang } }
  | { status: 'invalid' }
  | { status: 'taken'; lang: Lang }

/**
 * `/start <code>` from Telegram user `telegramUserId`: a valid, unexpired,
 * unused code of an active account links that Telegram account to it (the
 * code is spent; audited as the staff member via telegram). A Telegram
 * account already linked to someone else is refused (`taken`).
 */
export async function redeemLinkCode(db: Db, code: string, telegramUserId: number, now: Date): Promise<LinkResult> {
  try {
    return await db.transaction(async (tx): Promise<LinkResult> => {
      const [row] = await tx
        .select({ id: telegramLinkCodes.id, staffId: telegramLinkCodes.staffId })
        .from(telegramLinkCodes)
        .where(
          and(
            eq(telegramLinkCodes.codeHash, sha256(code)),
            isNull(telegramLinkCodes.usedAt),
            gt(telegramLinkCodes.expiresAt, now),
          ),
        )
        .for('update')
      if (!row) return { status: 'invalid' }
      const [member] = await tx.select().from(staff).where(eq(staff.id, row.staffId)).for('update')
      if (!member || member.disabledAt) return { status: 'invalid' }
      const [other] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.telegramUserId, telegramUserId), ne(staff.id, member.id)))
      if (other) return { status: 'taken', lang: member.lang }
      await tx.update(telegramLinkCodes).set({ usedAt: now }).where(eq(telegramLinkCodes.id, row.id))
      await tx.update(staff).set({ telegramUserId, updatedAt: now }).where(eq(staff.id, member.id))
      await recordAudit(tx, {
        ...staffActor(member.id, 'telegram'),
        action: 'staff.telegram_link',
        entity: 'staff',
        entityId: member.id,
        before: { telegram_user_id: member.telegramUserId },
        after: { telegram_user_id: telegramUserId },
        at: now,
      })
      return { status: 'linked', staff: { id: member.id, name: member.name, lang: member.lang } }
    })
  } catch (error) {
    // Another code linked this Telegram account to someone else at the same moment.
    if (isUniqueViolation(error)) return { status: 'taken', lang: 'ru' }
    throw error
  }
}

/** Unlinks `staffId`'s Telegram account; false when none was linked. Audited. */
export async function unlinkTelegram(db: Db, staffId: number, actor: AuditActor, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ telegramUserId: staff.telegramUserId })
      .from(staff)
      .where(eq(staff.id, staffId))
      .for('update')
    await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.staffId, staffId))
    if (member?.telegramUserId == null) return false
    await tx.update(staff).set({ telegramUserId: null, updatedAt: now }).where(eq(staff.id, staffId))
    await recordAudit(tx, {
      ...actor,
      action: 'staff.telegram_unlink',
      entity: 'staff',
      entityId: staffId,
      before: { telegram_user_id: member.telegramUserId },
      after: { telegram_user_id: null },
      at: now,
    })
    return true
  })
}

/** The active staff member linked to Telegram user `telegramUserId`, if any. */
export async function linkedStaff(db: Db, telegramUserId: number) {
  const [member] = await db
    .select({ id: staff.id, name: staff.name, role: staff.role, lang: staff.lang, disabledAt: staff.disabledAt })
    .from(staff)
    .where(eq(staff.telegramUserId, telegramUserId))
  return member && !member.disabledAt ? member : null
}
