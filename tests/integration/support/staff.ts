import { type Api, createApi } from '#api/app.ts'
import type { AuditActor } from '#api/audit/record.ts'
import type { Config } from '#api/config.ts'
import { createStaffMember } from '#api/staff/accounts.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { createStaffSessions } from '#api/staff/sessions.ts'
import { totpCode } from '#api/staff/totp.ts'
import type { Json } from '#tests/support/json.ts'
import type { TestApi } from './api.ts'

export type StaffMember = {
  id: number
  phone: string
  password: string
  role: StaffRole
  name: string
  /** The authenticator secret (base32) when made `withSecondFactor`. */
  totpSecret: string | null
  recoveryCodes: string[]
}

let serial = 0
/** A fresh staff phone (+99897…, apart from the customers' +99893… of support/customer.ts). */
export const newStaffPhone = () => `+99897${String(1_000_000 + ++serial * 31).slice(-7)}`

/** Tests set staff up as the command line would. */
export const testActor: AuditActor = { staffId: null, actor: 'cli', via: 'cli' }

/**
 * Creates a staff member of `role` directly in the database (audited as made
 * by the CLI). By default the password counts as their own (no change asked);
 * `mustChangePassword` makes it a one-time one. `withSecondFactor` enrols TOTP.
 */
export async function createStaff(
  t: TestApi,
  role: StaffRole,
  options: {
    phone?: string
    name?: string
    password?: string
    mustChangePassword?: boolean
    withSecondFactor?: boolean
    now?: Date
  } = {},
): Promise<StaffMember> {
  const created = await createStaffMember(
    t.database.db,
    {
      phone: options.phone ?? newStaffPhone(),
      name: options.name ?? `Test ${role}`,
      role,
      password: options.mustChangePassword ? undefined : (options.password ?? 'staff-secret-1'),
      withSecondFactor: options.withSecondFactor,
    },
    testActor,
    { sessionSecret: t.config.sessionSecret, now: options.now ?? new Date() },
  )
  if (!created) throw new Error('staff phone taken')
  const { staff, password, totpSecret, recoveryCodes } = created
  return { id: staff.id, phone: staff.phone, role, name: staff.name, password, totpSecret, recoveryCodes }
}

/** A session token for the staff member, opened directly (no sign-in requests). */
export async function staffToken(t: TestApi, member: { id: number }, now = new Date()): Promise<string> {
  const sessions = createStaffSessions({ db: t.database.db, now: () => now, secondFactorRequired: false })
  return (await sessions.open(member.id)).token
}

/** A staff member of `role` with a session token. */
export async function signedInStaff(
  t: TestApi,
  role: StaffRole,
  options: Parameters<typeof createStaff>[2] = {},
): Promise<StaffMember & { token: string }> {
  const member = await createStaff(t, role, options)
  return { ...member, token: await staffToken(t, member, options.now) }
}

/** The code the staff member's authenticator shows at `at`. */
export function staffTotp(member: StaffMember, at = new Date()): string {
  if (!member.totpSecret) throw new Error('no second factor')
  return totpCode(member.totpSecret, at)
}

export type AdminCall = (
  path: string,
  init?: { method?: string; body?: unknown; token?: string; lang?: string; address?: string },
) => Promise<{ status: number; body: Json; headers: Headers }>

/**
 * A second API on the test database whose clock moves only when the test
 * moves it (`advance`), with config overrides (e.g. `SHOP_MODE: 'live'`).
 * It starts 1 s into a 30-second TOTP step, so codes' windows are exact.
 */
export function clockedAdminApi(t: TestApi, overrides: Partial<Config> = {}) {
  let clock = Math.floor(Date.now() / 30_000) * 30_000 + 1000
  let api: Api | undefined
  const now = () => new Date(clock)
  const call: AdminCall = async (path, init = {}) => {
    api ??= createApi({ database: t.database, config: { ...t.config, ...overrides }, now })
    const headers = new Headers()
    if (init.lang) headers.set('Accept-Language', init.lang)
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
    if (init.address) headers.set('X-Real-IP', init.address)
    let body: string | undefined
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers.set('Content-Type', 'application/json')
    }
    const response = await api.fetch(
      new Request(`http://shop.test/api/v1/${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }),
    )
    return { status: response.status, body: await response.json(), headers: response.headers }
  }
  return {
    call,
    now,
    advance(seconds: number) {
      clock += seconds * 1000
    },
  }
}
