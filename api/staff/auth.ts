import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../audit/record.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { oneRow } from '../db/rows.ts'
import { staff } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import { meView, type StaffRow } from './accounts.ts'
import { revokeKeysOf } from './keys.ts'
import { issueRecoveryCodes, spendRecoveryCode } from './recovery.ts'
import type { StaffService } from './service.ts'
import type { ClientInfo } from './sessions.ts'
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpCodeStep, totpQrSvg, totpUri } from './totp.ts'

/**
 * Staff sign-in: password, then the authenticator's code when
 * the account has one; enrolment of the second factor; password change.
 * Wrong passwords count on the staff sign-in throttle; wrong codes on one of
 * their own (`codeThrottle`), which a right password does not forgive: a
 * stolen password does not buy endless guesses at the code.
 */

const fieldError = (status: 400 | 401 | 409, lang: Lang, key: MessageKey, fields: string[]) => {
  const detail = message(lang, key)
  return new ApiError(
    status,
    detail,
    fields.map((field) => ({ field, message: detail })),
  )
}

/** An audit entry of the staff member's own sign-in step, from the web. */
function recordOwn(
  s: StaffService,
  row: StaffRow,
  client: ClientInfo,
  action: string,
  after?: Record<string, unknown>,
) {
  return recordAudit(s.db, {
    staffId: row.id,
    actor: `staff:${row.id}`,
    via: 'web',
    address: client.address,
    action,
    entity: 'staff',
    entityId: row.id,
    ...(after && { after }),
    at: s.now(),
  })
}

/** A session as the sign-in answers it. */
async function openSession(s: StaffService, row: StaffRow, client: ClientInfo, secondFactor: string) {
  const { token, expiresAt } = await s.sessions.open(row.id, client)
  await recordOwn(s, row, client, 'staff.sign_in', { second_factor: secondFactor })
  return { token, expires_at: expiresAt.toISOString(), staff: meView(row, s.secondFactorRequired) }
}

const liveStaffByPhone = async (s: StaffService, phone: string) =>
  (
    await s.db
      .select()
      .from(staff)
      .where(and(eq(staff.phone, phone), isNull(staff.disabledAt)))
      .limit(1)
  )[0]

/**
 * Checks phone and password: the session when the account has no second
 * factor (in live mode it may then only set one up), else a challenge for
 * `secondFactor`.
 */
export async function staffLogin(
  s: StaffService,
  input: { phone: string; password: string },
  client: ClientInfo & { limitAddress: string | null },
  lang: Lang,
) {
  const attempt = await s.throttle.begin(input.phone, client.limitAddress, lang)
  const row = await liveStaffByPhone(s, input.phone)
  if (!(await verifyPassword(row?.passwordHash, input.password)) || !row)
    throw fieldError(400, lang, 'invalid_credentials', ['phone', 'password'])
  await attempt.succeeded()
  if (!row.totpEnabledAt) return openSession(s, row, client, 'none')
  const { challenge, expiresAt } = await s.sessions.openChallenge(row.id, client)
  return { second_factor_required: true as const, challenge, expires_at: expiresAt.toISOString() }
}

/** Spends the authenticator code `code` of `row` if it is right now and newer than the last one used. */
async function acceptTotp(s: StaffService, row: StaffRow, code: string): Promise<boolean> {
  if (!row.totpSecret) return false
  const step = totpCodeStep(openTotpSecret(s.config.sessionSecret, row.totpSecret), code, s.now())
  if (step === null) return false
  // Atomic: two requests with one code cannot both pass.
  const used = await s.db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id })
  return used.length > 0
}

/** The second step: the challenge and the app's code or a recovery code; a session when right. */
export async function staffSecondFactor(
  s: StaffService,
  input: { challenge: string; code?: string; recovery_code?: string },
  client: ClientInfo & { limitAddress: string | null },
  lang: Lang,
) {
  const ticket = await s.sessions.attemptChallenge(input.challenge)
  if (!ticket) throw fieldError(401, lang, 'admin_challenge_invalid', ['challenge'])
  const [row] = await s.db
    .select()
    .from(staff)
    .where(and(eq(staff.id, ticket.staffId), isNull(staff.disabledAt)))
  if (!row?.totpEnabledAt) throw fieldError(401, lang, 'admin_challenge_invalid', ['challenge'])
  const attempt = await s.codeThrottle.begin(row.phone, client.limitAddress, lang)
  const recovery = input.recovery_code || undefined
  const right = recovery
    ? await spendRecoveryCode(s.db, row.id, recovery, s.config.sessionSecret, s.now())
    : await acceptTotp(s, row, input.code ?? '')
  if (!right) throw fieldError(400, lang, 'admin_second_factor_invalid', [recovery ? 'recovery_code' : 'code'])
  if (!(await s.sessions.closeChallenge(ticket.id)))
    throw fieldError(401, lang, 'admin_challenge_invalid', ['challenge'])
  await attempt.succeeded()
  if (recovery) await recordOwn(s, row, client, 'staff.recovery_code_use')
  return openSession(s, row, client, recovery ? 'recovery_code' : 'totp')
}

const staffRow = async (s: StaffService, id: number) => oneRow(await s.db.select().from(staff).where(eq(staff.id, id)))

/**
 * Starts enrolling an authenticator: a new secret (replacing an unconfirmed
 * one), its otpauth:// address and QR code. 409 when one is already enabled
 * (the owner resets it first).
 */
export async function startTotpEnrolment(s: StaffService, staffId: number, lang: Lang) {
  const row = await staffRow(s, staffId)
  if (row.totpEnabledAt) throw new ApiError(409, message(lang, 'admin_totp_enabled'))
  const secret = newTotpSecret()
  await s.db
    .update(staff)
    .set({ totpSecret: sealTotpSecret(s.config.sessionSecret, secret), totpLastStep: null, updatedAt: s.now() })
    .where(eq(staff.id, staffId))
  const uri = totpUri(secret, row.phone)
  return { secret, otpauth_uri: uri, qr_svg: totpQrSvg(uri) }
}

/**
 * Confirms the authenticator with its first code: the second factor is on,
 * and 10 recovery codes are shown once. Every other session of the account
 * ends: they were opened with the password alone (a token taken before the
 * second factor was on must not outlive it); the one that confirmed stays.
 * The integration keys the member made end too (`revokeKeysOf`).
 */
export async function confirmTotpEnrolment(
  s: StaffService,
  me: { id: number; sessionId: number },
  code: string,
  actor: AuditActor,
  client: { limitAddress: string | null },
  lang: Lang,
) {
  const staffId = me.id
  const row = await staffRow(s, staffId)
  if (row.totpEnabledAt) throw new ApiError(409, message(lang, 'admin_totp_enabled'))
  if (!row.totpSecret) throw new ApiError(409, message(lang, 'admin_totp_not_started'))
  const attempt = await s.codeThrottle.begin(row.phone, client.limitAddress, lang)
  if (!(await acceptTotp(s, row, code))) throw fieldError(400, lang, 'admin_second_factor_invalid', ['code'])
  await attempt.succeeded()
  const at = s.now()
  const recoveryCodes = await s.db.transaction(async (tx) => {
    await tx.update(staff).set({ totpEnabledAt: at, updatedAt: at }).where(eq(staff.id, staffId))
    await recordAudit(tx, {
      ...actor,
      action: 'staff.second_factor_enable',
      entity: 'staff',
      entityId: staffId,
      before: { second_factor_enabled: false },
      after: { second_factor_enabled: true },
      at,
    })
    await revokeKeysOf(tx, staffId, actor, at)
    return issueRecoveryCodes(tx, staffId, s.config.sessionSecret)
  })
  await s.sessions.revokeAll(staffId, me.sessionId)
  return { recovery_codes: recoveryCodes }
}

/**
 * Ten new recovery codes for the signed-in staff member, the old ones void:
 * proven with the authenticator's current code (throttled like sign-in
 * codes), since a session alone (a laptop left open) must not be enough to
 * take over the account's way back in. Audited.
 */
export async function regenerateRecoveryCodes(
  s: StaffService,
  staffId: number,
  code: string,
  actor: AuditActor,
  client: { limitAddress: string | null },
  lang: Lang,
) {
  const row = await staffRow(s, staffId)
  if (!row.totpEnabledAt) throw new ApiError(409, message(lang, 'admin_totp_not_enabled'))
  const attempt = await s.codeThrottle.begin(row.phone, client.limitAddress, lang)
  if (!(await acceptTotp(s, row, code))) throw fieldError(400, lang, 'admin_second_factor_invalid', ['code'])
  await attempt.succeeded()
  const at = s.now()
  const recoveryCodes = await s.db.transaction(async (tx) => {
    await recordAudit(tx, {
      ...actor,
      action: 'staff.recovery_codes_regenerate',
      entity: 'staff',
      entityId: staffId,
      at,
    })
    return issueRecoveryCodes(tx, staffId, s.config.sessionSecret)
  })
  return { recovery_codes: recoveryCodes }
}

/**
 * Changes the staff member's own password (the current one required, and
 * throttled like a sign-in); every other session of theirs ends.
 */
export async function changeStaffPassword(
  s: StaffService,
  me: { id: number; sessionId: number },
  input: { old_password: string; new_password: string },
  actor: AuditActor,
  client: { limitAddress: string | null },
  lang: Lang,
) {
  const row = await staffRow(s, me.id)
  const attempt = await s.throttle.begin(row.phone, client.limitAddress, lang)
  if (!(await verifyPassword(row.passwordHash, input.old_password)))
    throw fieldError(400, lang, 'old_password_incorrect', ['old_password'])
  await attempt.succeeded()
  if (input.new_password === input.old_password) throw fieldError(400, lang, 'admin_password_same', ['new_password'])
  const passwordHash = await hashPassword(input.new_password)
  const at = s.now()
  await s.db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: at })
      .where(eq(staff.id, me.id))
    await recordAudit(tx, {
      ...actor,
      action: 'staff.password_change',
      entity: 'staff',
      entityId: me.id,
      before: { password_change_required: row.passwordChangeRequired },
      after: { password_change_required: false },
      at,
    })
  })
  await s.sessions.revokeAll(me.id, me.sessionId)
  return meView({ ...row, passwordChangeRequired: false }, s.secondFactorRequired)
}
