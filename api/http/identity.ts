import { isIP } from 'node:net'
import type { Context } from 'hono'
import type { ApiEnv, CurrentUser } from './context.ts'
import { ApiError } from './errors.ts'
import { message } from './messages.ts'

// The visitor id's format is shared with the storefront (contract/visitor.ts).
export { isFingerprint } from '#contract/visitor.ts'

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
 * `X-Real-IP` to the browser's address; whatever serves /api/v1 to the
 * outside must overwrite these headers with the real peer address, or a
 * client can choose its own. `null` when absent or not an IP address: the
 * per-address limits are then skipped (per-phone limits still apply).
 * Limits key on `limitAddress`, not on this.
 */
export function clientAddress(c: Context<ApiEnv>): string | null {
  const candidates = [c.req.header('x-real-ip'), c.req.header('x-forwarded-for')?.split(',')[0]]
  for (const raw of candidates) {
    const address = ipAddress(raw)
    if (address) return address
  }
  return null
}

/**
 * An IP address as the limits and the log name it: without a port or
 * brackets, an IPv4-mapped IPv6 one as IPv4, lower case; `null` when `raw`
 * is none.
 */
export function ipAddress(raw: string | undefined): string | null {
  let value = raw?.trim()
  if (!value) return null
  // "[::1]:1234" and "1.2.3.4:1234" → the address alone.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value)?.[1]
  if (bracketed) value = bracketed
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'))
  if (value.startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7)
  return isIP(value) ? value.toLowerCase() : null
}

/**
 * The 64-bit network of an IPv6 address (`2001:db8:0:1::/64`); IPv4 as it is.
 * An IPv6 customer gets a whole /64 and may use any address in it, so limits
 * keyed on the full address would give each customer billions of fresh tries.
 */
export function addressGroup(address: string): string {
  const value = address.replace(/%.*$/, '').toLowerCase()
  if (isIP(value) !== 6) return value
  const [head, tail] = value.split('::')
  const words = (part: string | undefined) =>
    part
      ? part.split(':').flatMap((word) => {
          if (!word.includes('.')) return [word]
          // An IPv4 tail ("64:ff9b::1.2.3.4") is the last two 16-bit words.
          const [a = 0, b = 0, c = 0, d = 0] = word.split('.').map(Number)
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
        })
      : []
  const left = words(head)
  const right = words(tail)
  const all = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return `${all
    .slice(0, 4)
    .map((word) => Number.parseInt(word, 16).toString(16))
    .join(':')}::/64`
}

/** The key of per-address limits: the client address, an IPv6 one by its /64; `null` when unknown. */
export function limitAddress(c: Context<ApiEnv>): string | null {
  const address = clientAddress(c)
  return address && addressGroup(address)
}
