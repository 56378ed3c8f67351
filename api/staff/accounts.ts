import { randomInt } from 'node:crypto'
import { and, asc, eq, isNull, ne } from 'drizzle-orm'
import { type AuditActor, changedFields, recordAudit } from '../audit/record.ts'
import { hashPassword } from '../auth/passwords.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Db, Tx } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { staff, staffRecoveryCodes, staffSessions } from '../db/schema/index.ts'
import { revokeKeysOf } from './keys.ts'
import { permissionsOf, type StaffRole } from './permissions.ts'
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

/** What an account must do before any other call: change a password someone else chose, then set up the second factor. */
export function setupRequiredOf(
  row: Pick<StaffRow, 'passwordChangeRequired' | 'totpEnabledAt'>,
  secondFactorRequired: boolean,
): 'password_change_required' | 'second_factor_setup_required' | null {
  if (row.passwordChangeRequired) return 'password_change_required'
  if (secondFactorRequired && !row.totpEnabledAt) return 'second_factor_setup_required'
  return null
}

/** `GET admin/me/` and the sign-in answer: the account, its rights and what it must set up first. */
export function meView(row: StaffRow, secondFactorRequired: boolean) {
  return {
    id: row.id,
    key_id: null,
    name: row.name,
    phone: row.phone,
    role: row.role,
    permissions: permissionsOf(row.role),
    second_factor_enabled: row.totpEnabledAt !== null,
    password_change_required: row.passwordChangeRequired,
    telegram_linked: row.telegramUserId !== null,
    setup_required: setupRequiredOf(row, secondFactorRequired),
  }
}

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

export type StaffChange = { name?: string; role?: StaffRole; disabled?: boolean }

export type StaffChangeResult = { ok: true; staff: StaffRow } | { ok: false; reason: 'not_found' | 'last_owner' }

const isActiveOwner = (row: Pick<StaffRow, 'role' | 'disabledAt'>) => row.role === 'owner' && row.disabledAt === null

/**
 * Changes a staff member's name, role or disabled state (audited as
 * `staff.update`, `staff.disable` or `staff.enable`, before → after).
 * Disabling ends their sessions. The last active owner can be neither
 * demoted nor disabled: the shop would have nobody to manage staff. Changes
 * that touch owners run one at a time, so two owners demoting each other at
 * once cannot both succeed.
 */
export async function changeStaffMember(
  db: Db,
  id: number,
  change: StaffChange,
  actor: AuditActor,
  now: Date,
): Promise<StaffChangeResult> {
  return db.transaction(async (tx) => {
    await lockKey(tx, 'staff:owners')
    const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update')
    if (!row) return { ok: false, reason: 'not_found' }
    const next: StaffRow = {
      ...row,
      name: change.name ?? row.name,
      role: change.role ?? row.role,
      disabledAt: change.disabled === undefined ? row.disabledAt : change.disabled ? (row.disabledAt ?? now) : null,
    }
    if (isActiveOwner(row) && !isActiveOwner(next)) {
      const others = await tx.$count(staff, and(eq(staff.role, 'owner'), isNull(staff.disabledAt), ne(staff.id, id)))
      if (others === 0) return { ok: false, reason: 'last_owner' }
    }
    const diff = changedFields(auditedStaff(row), auditedStaff(next))
    if (!diff) return { ok: true, staff: row }
    const updated = oneRow(
      await tx
        .update(staff)
        .set({ name: next.name, role: next.role, disabledAt: next.disabledAt, updatedAt: now })
        .where(eq(staff.id, id))
        .returning(),
    )
    if (next.disabledAt && !row.disabledAt) await revokeSessions(tx, id, now)
    const action =
      next.disabledAt && !row.disabledAt
        ? 'staff.disable'
        : !next.disabledAt && row.disabledAt
          ? 'staff.enable'
          : 'staff.update'
    await recordAudit(tx, { ...actor, action, entity: 'staff', entityId: id, ...diff, at: now })
    return { ok: true, staff: updated }
  })
}

async function revokeSessions(tx: Tx, staffId: number, now: Date) {
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
}

/**
 * Gives a staff member a new one-time password (shown once, to be changed at
 * sign-in) and ends their sessions; audited as `staff.password_reset`.
 * `null` when there is no such staff member.
 */
export async function resetStaffPassword(
  db: Db,
  id: number,
  actor: AuditActor,
  now: Date,
): Promise<{ staff: StaffRow; password: string } | null> {
  const password = oneTimePassword()
  const passwordHash = await hashPassword(password)
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({ passwordHash, passwordChangeRequired: true, updatedAt: now })
      .where(eq(staff.id, id))
      .returning()
    if (!row) return null
    await revokeSessions(tx, id, now)
    await recordAudit(tx, {
      ...actor,
      action: 'staff.password_reset',
      entity: 'staff',
      entityId: id,
      after: { password_change_required: true },
      at: now,
    })
    return { staff: row, password }
  })
}

/**
 * Removes a staff member's authenticator and recovery codes (a lost phone)
 * and ends their sessions and the integration keys they made: they set up a
 * new one at their next sign-in. Audited as `staff.second_factor_reset`. `null` when there is no such staff member.
 */
export async function resetStaffSecondFactor(
  db: Db,
  id: number,
  actor: AuditActor,
  now: Date,
): Promise<StaffRow | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(staff).where(eq(staff.id, id)).for('update')
    if (!before) return null
    const row = oneRow(
      await tx
        .update(staff)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
        .where(eq(staff.id, id))
        .returning(),
    )
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id))
    await revokeSessions(tx, id, now)
    await revokeKeysOf(tx, id, actor, now)
    await recordAudit(tx, {
      ...actor,
      action: 'staff.second_factor_reset',
      entity: 'staff',
      entityId: id,
      before: { second_factor_enabled: before.totpEnabledAt !== null },
      after: { second_factor_enabled: false },
      at: now,
    })
    return row
  })
}

/** Every staff account, oldest first, disabled ones too. */
export const listStaff = (db: Db) => db.select().from(staff).orderBy(asc(staff.id))

/** One staff account, or `undefined`. */
export const staffById = async (db: Db, id: number): Promise<StaffRow | undefined> =>
  (await db.select().from(staff).where(eq(staff.id, id)))[0]
