import { randomInt } from 'node:crypto'
import { type AuditActor, recordAudit } from '../audit/record.ts'
import { hashPassword } from '../auth/passwords.ts'
import type { Db } from '../db/client.ts'
import { staff } from '../db/schema/index.ts'
import type { StaffRole } from './permissions.ts'
import { issueRecoveryCodes } from './recovery.ts'
import { newTotpSecret, sealTotpSecret } from './totp.ts'

export type StaffRow = typeof staff.$inferSelect

/** A staff member as the API and the audit log show them: never the password hash or the TOTP secret. */
export function staffView(row: StaffRow) {
  return {
    id: row.id,
    phone: row.phone,
    name: row.name,
    role: row.role,
    second_factor_enabled: row.totpEnabledAt !== null,
    password_change_required: row.passwordChangeRequired,
    telegram_linked: row.telegramUserId !== null,
    disabled: row.disabledAt !== null,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

export type StaffView = ReturnType<typeof staffView>

/** What the audit log keeps of an account: who and what rights, no dates or secrets. */
export const auditedStaff = (row: StaffRow) => ({
  phone: row.phone,
  name: row.name,
  role: row.role,
  second_factor_enabled: row.totpEnabledAt !== null,
  disabled: row.disabledAt !== null,
})

// No 0/O, 1/l/I: read out over the phone or copied by hand.
const passwordAlphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** A one-time password (14 characters, about 80 bits), to be changed at the first sign-in. */
export const oneTimePassword = () =>
  [4, 4, 4]
    .map((n) => Array.from({ length: n }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join(''))
    .join('-')

export type NewStaff = {
  phone: string
  name: string
  role: StaffRole
  /** Defaults to a one-time password that must be changed at the first sign-in. */
  password?: string
  /** Enrol the second factor at once (the CLI prints its set-up), with recovery codes. */
  withSecondFactor?: boolean
}

export type CreatedStaff = {
  staff: StaffRow
  password: string
  /** With `withSecondFactor`: the authenticator secret (base32) and the recovery codes, shown once. */
  totpSecret: string | null
  recoveryCodes: string[]
}

/**
 * Adds a staff member (audited as `staff.create`); `null` when the phone
 * already belongs to one. A password given here is taken as chosen by the
 * staff member; without one a one-time password is made, to be changed.
 */
export async function createStaffMember(
  db: Db,
  input: NewStaff,
  actor: AuditActor,
  options: { sessionSecret: string; now: Date },
): Promise<CreatedStaff | null> {
  const password = input.password ?? oneTimePassword()
  const passwordHash = await hashPassword(password)
  const totpSecret = input.withSecondFactor ? newTotpSecret() : null
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(staff)
      .values({
        phone: input.phone,
        name: input.name,
        role: input.role,
        passwordHash,
        passwordChangeRequired: input.password === undefined,
        totpSecret: totpSecret && sealTotpSecret(options.sessionSecret, totpSecret),
        totpEnabledAt: totpSecret ? options.now : null,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .onConflictDoNothing({ target: staff.phone })
      .returning()
    if (!row) return null
    const recoveryCodes = totpSecret ? await issueRecoveryCodes(tx, row.id, options.sessionSecret) : []
    await recordAudit(tx, {
      ...actor,
      action: 'staff.create',
      entity: 'staff',
      entityId: row.id,
      after: auditedStaff(row),
      at: options.now,
    })
    return { staff: row, password, totpSecret, recoveryCodes }
  })
}
