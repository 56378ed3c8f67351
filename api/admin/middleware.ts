import type { Context, MiddlewareHandler } from 'hono'
import type { AuditActor } from '../audit/record.ts'
import type { ApiDeps, ApiEnv, CurrentStaff } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { clientAddress, limitAddress } from '../http/identity.ts'
import { message } from '../http/messages.ts'
import { noteRequester } from '../log.ts'
import { can, type Permission } from '../staff/permissions.ts'
import { staffService } from '../staff/service.ts'

/**
 * Sign-in calls work without a staff token and must keep working with a
 * stale one in the header (the back office signs in again exactly because
 * its token expired): the header is ignored there.
 */
const bearerIgnored = /^\/api\/v1\/admin\/auth\/(login|second-factor)\/$/

const challengeHeader = { 'WWW-Authenticate': 'Bearer realm="atir-admin"' }

/**
 * Identifies the staff member on `/admin/…` paths: a valid
 * `Authorization: Bearer <staff token or integration key>` sets `staff`; an
 * invalid, expired or revoked one is answered 401 `{detail}`; no header
 * leaves `staff` null (routes then answer 401 through `requireStaff`).
 */
export function authenticateStaff(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  const { sessions } = staffService(deps)
  return async (c, next) => {
    c.set('staff', null)
    const header = c.req.header('authorization')?.trim()
    if (header && !bearerIgnored.test(c.req.path)) {
      const lang = c.get('lang')
      const token = /^Bearer\s+(\S{1,4096})$/i.exec(header)?.[1]
      if (!token) throw new ApiError(401, message(lang, 'invalid_authorization'), undefined, challengeHeader)
      const staff = await sessions.authenticate(token)
      if (!staff)
        throw new ApiError(401, message(lang, 'token_invalid'), undefined, {
          'WWW-Authenticate': 'Bearer realm="atir-admin", error="invalid_token"',
        })
      c.set('staff', staff)
      noteRequester({ staff: staff.id ?? `key:${staff.keyId}` })
    }
    await next()
  }
}

/** A 403 that also says, in `code`, what the account must do first. */
export class SetupRequired extends ApiError {
  constructor(
    readonly code: NonNullable<CurrentStaff['setupRequired']>,
    detail: string,
  ) {
    super(403, detail)
  }

  override toJSON() {
    return { detail: this.detail, code: this.code }
  }
}

/** The staff member of the request; 401 without one. */
export function currentStaff(c: Context<ApiEnv>): CurrentStaff {
  const staff = c.get('staff')
  if (!staff) throw new ApiError(401, message(c.get('lang'), 'auth_required'), undefined, challengeHeader)
  return staff
}

/**
 * What each guard lets through: its permissions (any one of them), or `[]`
 * for any signed-in staff member. `staffRoutes` writes it into the OpenAPI
 * document (`x-permissions`), from which the role matrix test calls every
 * admin operation as every role.
 */
const guardRights = new WeakMap<MiddlewareHandler<ApiEnv>, readonly Permission[]>()

/** The permissions `guard` asks for (`[]`: any signed-in staff member); undefined for another middleware. */
export const rightsOfGuard = (guard: MiddlewareHandler<ApiEnv>) => guardRights.get(guard)

/**
 * Route middleware: a signed-in staff member (or key). Until the account's
 * password is changed and, where required, its second factor set up, only
 * routes marked `duringSetup` (me, password, second-factor enrolment, sign
 * out) answer; the others give 403 with `code` `password_change_required` or
 * `second_factor_setup_required`.
 */
export function requireStaff(options: { duringSetup?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const staff = currentStaff(c)
    if (staff.setupRequired && !options.duringSetup)
      throw new SetupRequired(
        staff.setupRequired,
        message(
          c.get('lang'),
          staff.setupRequired === 'password_change_required'
            ? 'admin_password_change_required'
            : 'admin_second_factor_setup_required',
        ),
      )
    await next()
  }
  guardRights.set(guard, [])
  return guard
}

/** Route middleware: a signed-in staff member (or key) whose role has `permission`; 401 / 403 otherwise. */
export function requirePermission(permission: Permission): MiddlewareHandler<ApiEnv> {
  return requireAnyPermission(permission)
}

/**
 * Route middleware: a signed-in staff member (or key) whose role has one of
 * `permissions` (the route then narrows what each may do: a courier's
 * `orders.deliver` reaches only the orders given to it); 401 / 403 otherwise.
 */
export function requireAnyPermission(...permissions: Permission[]): MiddlewareHandler<ApiEnv> {
  const signedIn = requireStaff()
  const guard: MiddlewareHandler<ApiEnv> = async (c, next) =>
    signedIn(c, async () => {
      const { role } = currentStaff(c)
      if (!permissions.some((p) => can(role, p))) throw new ApiError(403, message(c.get('lang'), 'admin_forbidden'))
      await next()
    })
  guardRights.set(guard, permissions)
  return guard
}

/** Whether the request's staff member may `permission` (e.g. to leave out customers' phones). */
export const staffCan = (c: Context<ApiEnv>, permission: Permission) => can(currentStaff(c).role, permission)

/**
 * Who the audit log names for this request: a session acts as `staff:<id>`
 * via `web`, an integration key as `key:<id>` via `api`.
 */
export function auditActor(c: Context<ApiEnv>): AuditActor {
  const staff = currentStaff(c)
  const address = clientAddress(c)
  if (staff.id === null) return { staffId: null, actor: `key:${staff.keyId}`, via: 'api', address }
  return { staffId: staff.id, actor: `staff:${staff.id}`, via: 'web', address }
}

/** The signed-in staff member of a session; an integration key gets 403 (it has no password or second factor). */
export function sessionStaff(c: Context<ApiEnv>): { id: number; sessionId: number } {
  const staff = currentStaff(c)
  if (staff.id === null || staff.sessionId === null) throw new ApiError(403, message(c.get('lang'), 'admin_forbidden'))
  return { id: staff.id, sessionId: staff.sessionId }
}

/** Who signs in: the browser and the address, kept with the session; `limitAddress` for the throttles. */
export const clientInfo = (c: Context<ApiEnv>) => ({
  userAgent: c.req.header('user-agent') ?? null,
  address: clientAddress(c),
  limitAddress: limitAddress(c),
})
