import { isIP } from 'node:net'
import type { Context } from 'hono'
import type { ApiEnv, CurrentUser } from './context.ts'
import { ApiError } from './errors.ts'
import { message } from './messages.ts'

// Long enough to be unguessable, short enough to index; what the storefront generates.
const fingerprintPattern = /^[A-Za-z0-9_-]{16,64}$/

export function isFingerprint(value: string) {
  return fingerprintPattern.test(value)
}

/** The signed-in customer (from a valid Bearer access token), or `null` for an anonymous visitor. */
export function currentUser(c: Context<ApiEnv>): CurrentUser | null {
  return c.get('user') ?? null
}

/** The signed-in customer; a request without a Bearer token is answered 401. */
export function requireUser(c: Context<ApiEnv>): CurrentUser {
  const user = currentUser(c)
  if (!user)
    throw new ApiError(401, message(c.get('lang'), 'auth_required'), undefined, { 'WWW-Authenticate': 'Bearer' })
  return user
}

/**
 * Who owns a basket or favourites: `u:<user id>` for a signed-in customer,
 * else `v:<fingerprint>` for a visitor, `null` when neither was sent.
 */
export function ownerKey(c: Context<ApiEnv>): string | null {
  const user = currentUser(c)
  if (user) return `u:${user.id}`
  const fingerprint = c.get('fingerprint')
  return fingerprint ? `v:${fingerprint}` : null
}

/**
 * The customer's IP address, for per-address limits (SMS codes, logins).
 *
 * The API never sees a socket (server.ts and the storefront call it as a
 * fetch handler), so the address comes from a header: `X-Real-IP`, else the
 * first entry of `X-Forwarded-For`. The storefront's API client sets
 * `X-Forwarded-For` to the browser's address; whatever serves /api/v1 to the
 * outside must overwrite these headers with the real peer address, or a
 * client can choose its own. `null` when absent or not an IP address: the
 * per-address limits are then skipped (per-phone limits still apply).
 */
export function clientAddress(c: Context<ApiEnv>): string | null {
  const candidates = [c.req.header('x-real-ip'), c.req.header('x-forwarded-for')?.split(',')[0]]
  for (const raw of candidates) {
    let value = raw?.trim()
    if (!value) continue
    // "[::1]:1234" and "1.2.3.4:1234" → the address alone.
    const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)
    if (bracketed) value = bracketed[1]
    else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'))
    if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7)
    if (isIP(value)) return value.toLowerCase()
  }
  return null
}
