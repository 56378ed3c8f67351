import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { loginFailures } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { authLimits } from './limits.ts'

/**
 * Login throttling: at most `loginFailuresPerPhone` failures per phone and
 * `perAddress` (LOGIN_FAILURES_PER_ADDRESS) per client address in a sliding `loginWindow`;
 * past that every attempt (even a right password) is answered 429 until the
 * oldest counted failure ages out.
 */
export function createLoginThrottle({ db, now, perAddress }: { db: Db; now: () => Date; perAddress: number }) {
  const windowMs = authLimits.loginWindow * 1000
  const buckets = (phone: string, address: string | null) => [
    { bucket: `phone:${phone}`, limit: authLimits.loginFailuresPerPhone },
    ...(address ? [{ bucket: `address:${address}`, limit: perAddress }] : []),
  ]

  return {
    /** Throws 429 (with Retry-After) while the phone or the address is locked out. */
    async check(phone: string, address: string | null, lang: Lang) {
      const at = now().getTime()
      let wait = 0
      for (const { bucket, limit } of buckets(phone, address)) {
        const recent = await db
          .select({ createdAt: loginFailures.createdAt })
          .from(loginFailures)
          .where(and(eq(loginFailures.bucket, bucket), gt(loginFailures.createdAt, new Date(at - windowMs))))
          .orderBy(desc(loginFailures.createdAt))
          .limit(limit)
        if (recent.length >= limit) wait = Math.max(wait, recent[limit - 1].createdAt.getTime() + windowMs - at)
      }
      if (wait > 0) {
        const seconds = Math.max(1, Math.ceil(wait / 1000))
        throw new ApiError(429, message(lang, 'login_throttled', { minutes: Math.ceil(seconds / 60) }), undefined, {
          'Retry-After': String(seconds),
        })
      }
    },

    async fail(phone: string, address: string | null) {
      const at = now()
      const list = buckets(phone, address).map((b) => b.bucket)
      await db.insert(loginFailures).values(list.map((bucket) => ({ bucket, createdAt: at })))
      // Failures older than the window no longer count.
      await db
        .delete(loginFailures)
        .where(and(inArray(loginFailures.bucket, list), lt(loginFailures.createdAt, new Date(at.getTime() - windowMs))))
    },

    /** A successful login forgives the phone's failures (not the address's). */
    async clear(phone: string) {
      await db.delete(loginFailures).where(eq(loginFailures.bucket, `phone:${phone}`))
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>
