import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { CODE_LENGTH } from '#contract/account.ts'

/** An unguessable opaque token (refresh token, registration session, signature). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

/** How opaque tokens are stored: a leaked table does not give usable tokens. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** A uniformly random numeric code, leading zeros kept. */
export const randomCode = () => String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0')

/** A key for one purpose derived from SESSION_SECRET, so one secret serves tokens and codes independently. */
export const deriveKey = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest()

export const hmac = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('hex')

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string) {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
