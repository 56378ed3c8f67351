import type { MiddlewareHandler } from 'hono'
import { accountBlocked } from '../customers/blocking.ts'
import type { ApiDeps, ApiEnv, IdentityMemo } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { requireUser } from '../http/identity.ts'
import { message } from '../http/messages.ts'
import { noteRequester } from '../log.ts'
import { authService } from './service.ts'

/**
 * Calls that work without being signed in and must keep working with a stale
 * access token in the header: the client refreshes, logs in or registers
 * exactly because its token expired. The Bearer header is ignored there, and
 * on the back office's paths, whose bearer is a staff token
 * (api/admin/middleware.ts).
 */
const bearerIgnored = /^\/api\/v1\/(auth|account\/registration|account\/password-reset|admin)\//

/**
 * Identifies the customer: a valid `Authorization: Bearer <access>` sets
 * `user`; an invalid, expired or revoked one is answered 401 `{detail}` (the
 * client then refreshes once, else logs out), a blocked customer's 401 says
 * why; no header means anonymous.
 */
export function authenticate(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  const { tokens } = authService(deps)
  // Once per token and page when the caller keeps a memo (ApiCaller); a failure is not remembered.
  const identify = (memo: IdentityMemo | undefined, token: string) => {
    const known = memo?.get(token)
    if (known) return known
    const found = tokens.authenticate(token)
    if (memo) {
      memo.set(token, found)
      found.catch(() => memo.delete(token))
    }
    return found
  }
  return async (c, next) => {
    c.set('user', null)
    const header = c.req.header('authorization')?.trim()
    if (header && !bearerIgnored.test(c.req.path)) {
      const lang = c.get('lang')
      const token = /^Bearer\s+(\S{1,4096})$/i.exec(header)?.[1]
      if (!token)
        throw new ApiError(401, message(lang, 'invalid_authorization'), undefined, { 'WWW-Authenticate': 'Bearer' })
      const user = await identify(c.env?.identities, token)
      if (user === 'blocked') throw await accountBlocked(deps.database.db, lang, 401)
      if (!user)
        throw new ApiError(401, message(lang, 'token_invalid'), undefined, {
          'WWW-Authenticate': 'Bearer error="invalid_token"',
        })
      c.set('user', user)
      noteRequester({ customer: user.id })
    }
    await next()
  }
}

/**
 * Route middleware for calls that need a customer: answers 401 before the
 * body is validated, so an anonymous client learns it must sign in first.
 */
export const signedIn: MiddlewareHandler<ApiEnv> = async (c, next) => {
  requireUser(c)
  await next()
}
