import { sameDigest, sha256 } from '../auth/crypto.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { addressKey, guessLimits, takeSlot, tooManyRequests } from '../http/rate-limit.ts'

/**
 * Lets a staff call through when `X-Staff-Token` is STAFF_TOKEN: 404 when no
 * token is configured, 403 for a wrong one, 429 once an address has sent
 * `guessLimits.staff` wrong ones (then even the right one waits). Compared as
 * equal-length digests in constant time, so timing tells nothing of the token.
 */
export async function requireStaff(options: {
  db: Db
  config: Config
  token: string | undefined
  address: string | null
  now: Date
  lang: Lang
}) {
  const { config, lang } = options
  if (!config.STAFF_TOKEN) throw new ApiError(404, message(lang, 'not_found'))
  const slot = await takeSlot(options.db, `staff:${addressKey(options.address)}`, guessLimits.staff, options.now)
  if (!('release' in slot)) throw tooManyRequests(lang, 'staff_rate_limited', slot.wait)
  if (!sameDigest(sha256(options.token ?? ''), sha256(config.STAFF_TOKEN)))
    throw new ApiError(403, message(lang, 'staff_forbidden'))
  await slot.release()
}
