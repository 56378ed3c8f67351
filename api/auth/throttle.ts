import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm'
import { authLimits } from '#contract/auth-limits.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Db, Tx } from '../db/client.ts'
import { loginFailures } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { type Rule, tooManyRequests, waitFor } from '../http/rate-limit.ts'

/** One password check in progress: counted as a failure until it `succeeded()`. */
export type LoginAttempt = { succeeded(): Promise<void> }

/** The wait the phone's failures impose on its next attempt: 0, then 2^k s past the free ones, capped. */
export function phoneDelay(failures: Date[], at: number): number {
  const past = failures.length - authLimits.loginPhoneFreeFailures
  const oldest = failures[0]
  if (past <= 0 || !oldest) return 0
  const delay = Math.min(2 ** past, authLimits.loginPhoneMaxDelay)
  return Math.max(0, (oldest.getTime() + delay * 1000 - at) / 1000)
}

/**
 * Login throttling (README "Security"), on three counts of failures:
 * - one phone from one client address: `loginFailuresPerPair` in `loginWindow`,
 *   then that address waits until the oldest ages out;
 * - one client address, any phone: `perAddress` (LOGIN_FAILURES_PER_ADDRESS)
 *   in `loginWindow` (skipped when the address is unknown);
 * - one phone from anywhere: a progressive delay (`phoneDelay`), never a lock,
 *   so strangers cannot lock the owner out.
 * Each attempt is counted before its password is checked (under advisory locks
 * on the phone and the address), so parallel guesses cannot pass on one count;
 * a right password takes its count back and forgives the phone's failures.
 * `scope` keeps another sign-in's counts apart (staff: `staff:phone:+998…`).
 */
export function createLoginThrottle({
  db,
  now,
  perAddress,
  scope = '',
}: {
  db: Db
  now: () => Date
  perAddress: number
  scope?: string
}) {
  const pairRule = { limit: authLimits.loginFailuresPerPair, windowSeconds: authLimits.loginWindow }
  const addressRule = { limit: perAddress, windowSeconds: authLimits.loginWindow }
  // Enough of the phone's failures to reach the longest delay.
  const phoneRows = authLimits.loginPhoneFreeFailures + Math.ceil(Math.log2(authLimits.loginPhoneMaxDelay))

  const phoneRule = { limit: phoneRows, windowSeconds: authLimits.loginPhoneWindow }

  /** Failures of `bucket` inside `rule`'s window, newest first, at most `rule.limit`. */
  const recent = async (tx: Tx, bucket: string, rule: Rule, at: number) =>
    (
      await tx
        .select({ createdAt: loginFailures.createdAt })
        .from(loginFailures)
        .where(
          and(eq(loginFailures.bucket, bucket), gt(loginFailures.createdAt, new Date(at - rule.windowSeconds * 1000))),
        )
        .orderBy(desc(loginFailures.createdAt))
        .limit(rule.limit)
    ).map((r) => r.createdAt)

  return {
    /** Throws 429 (with Retry-After) while this phone and address must wait; else counts the attempt. */
    async begin(phone: string, address: string | null, lang: Lang): Promise<LoginAttempt> {
      const at = now()
      const ms = at.getTime()
      const prefix = scope ? `${scope}:` : ''
      const phoneBucket = `${prefix}phone:${phone}`
      const pairBucket = `${prefix}pair:${phone}|${address ?? 'unknown'}`
      const addressBucket = address ? `${prefix}address:${address}` : null
      const ids = await db.transaction(async (tx) => {
        // Phone first, then address, always in this order: no two requests wait for each other in a circle.
        await lockKey(tx, `login:${phoneBucket}`)
        if (addressBucket) await lockKey(tx, `login:${addressBucket}`)
        const wait = Math.max(
          waitFor(await recent(tx, pairBucket, pairRule, ms), pairRule, ms),
          addressBucket ? waitFor(await recent(tx, addressBucket, addressRule, ms), addressRule, ms) : 0,
          phoneDelay(await recent(tx, phoneBucket, phoneRule, ms), ms),
        )
        if (wait > 0) throw tooManyRequests(lang, 'login_throttled', wait)
        const buckets = [phoneBucket, pairBucket, ...(addressBucket ? [addressBucket] : [])]
        // Failures older than the longest window no longer count.
        const since = new Date(ms - Math.max(authLimits.loginWindow, authLimits.loginPhoneWindow) * 1000)
        await tx
          .delete(loginFailures)
          .where(and(inArray(loginFailures.bucket, buckets), lt(loginFailures.createdAt, since)))
        const rows = await tx
          .insert(loginFailures)
          .values(buckets.map((bucket) => ({ bucket, createdAt: at })))
          .returning({ id: loginFailures.id })
        return rows.map((r) => r.id)
      })
      return {
        // The phone's failures (from any address) and this address's for the phone are forgiven; the address's
        // failures on other phones are not.
        async succeeded() {
          await db.delete(loginFailures).where(inArray(loginFailures.bucket, [phoneBucket, pairBucket]))
          await db.delete(loginFailures).where(inArray(loginFailures.id, ids))
        },
      }
    },
  }
}
