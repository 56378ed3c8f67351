import { randomInt } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { deriveKey, hmac } from '../auth/crypto.ts'
import type { Db, Tx } from '../db/client.ts'
import { staffRecoveryCodes } from '../db/schema/index.ts'

export const RECOVERY_CODE_COUNT = 10

// No 0/o, 1/l/i: a code copied from paper by hand.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'

const randomGroup = (length: number) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('')

/** A code as typed: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')

/** Stored as an HMAC under a key derived from SESSION_SECRET (50 random bits each; shown once). */
const codeHash = (sessionSecret: string, code: string) =>
  hmac(deriveKey(sessionSecret, 'atir/staff-recovery/v1'), normalise(code))

/** Replaces a staff member's recovery codes with 10 new ones (`xxxxx-xxxxx`) and returns them to show once. */
export async function issueRecoveryCodes(tx: Tx, staffId: number, sessionSecret: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomGroup(5)}-${randomGroup(5)}`)
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
  await tx
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ staffId, codeHash: codeHash(sessionSecret, code) })))
  return codes
}

/** Spends one unused recovery code of the staff member; `false` when it is wrong or was used. */
export async function spendRecoveryCode(
  db: Db,
  staffId: number,
  code: string,
  sessionSecret: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash(sessionSecret, code)),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id })
  return rows.length > 0
}
