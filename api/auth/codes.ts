import { and, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm'
import { authLimits } from '#contract/auth-limits.ts'
import type { Config } from '../config.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Db, Tx } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { verificationCodes } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { type Rule, recentEvents, recordEvent, tooManyRequests, waitFor } from '../http/rate-limit.ts'
import { SmsError, type SmsProvider } from '../integrations/sms/index.ts'
import { logger } from '../log.ts'
import { rateLimitRefusals } from '../metrics.ts'
import { deriveKey, hmac, randomCode, randomToken, sameDigest, sha256 } from './crypto.ts'

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose']
export type CodeRow = typeof verificationCodes.$inferSelect

/**
 * How a code reaches the phone: `await` answers 503 when the provider fails;
 * `background` never lets the answer depend on delivery (password reset must
 * not tell whether a phone has an account); `none` issues a code nobody
 * receives (reset for a phone without an account, so both look the same).
 */
export type Delivery = 'await' | 'background' | 'none'

const codeError = (status: 400 | 429, detail: string) =>
  new ApiError(status, detail, [{ field: 'code', message: detail }])

/** The customer-facing error for a failed SMS: 503, worded for a hang or for anything else. */
export function smsFailure(error: unknown, lang: Lang): ApiError {
  if (!(error instanceof SmsError)) throw error
  logger().warn(`sms: ${error.message}`)
  return new ApiError(503, message(lang, error.reason === 'timeout' ? 'sms_timeout' : 'sms_unavailable'))
}

type DailyShare = { lock: string; codesOf: SQL | undefined; bucket: string; rule: Rule }

/** A client address's daily share (`address` is `limitAddress`): codes sent plus "already registered" answers. */
const addressShareOf = ({ address, limit }: { address: string; limit: number }): DailyShare => ({
  lock: `sms-address:${address}`,
  codesOf: eq(verificationCodes.clientAddress, address),
  bucket: `phone-taken:${address}`,
  rule: { limit, windowSeconds: authLimits.codeCapWindow },
})

/** A signed-in account's daily share of phone-change codes and answers, whichever addresses it came from. */
const accountShare = (userId: number): DailyShare => ({
  lock: `sms-account:${userId}`,
  codesOf: and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, 'change_phone')),
  bucket: `phone-change-taken:${userId}`,
  rule: { limit: authLimits.phoneChangeCodesPerAccount, windowSeconds: authLimits.codeCapWindow },
})

/**
 * 429 once a daily share is used: the codes `codesOf` counts plus the "already
 * registered" answers of `bucket` (which would otherwise list the shop's
 * customers). `lock` makes requests of the same share take turns.
 */
async function checkDailyShare(tx: Tx, share: DailyShare, at: Date, lang: Lang) {
  const { rule } = share
  await lockKey(tx, share.lock)
  const ms = at.getTime()
  const codes = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(share.codesOf, gt(verificationCodes.createdAt, new Date(ms - rule.windowSeconds * 1000))))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(rule.limit)
  const answers = await recentEvents(tx, share.bucket, rule, ms)
  const all = [...codes.map((r) => r.createdAt), ...answers].sort((a, b) => b.getTime() - a.getTime())
  const wait = waitFor(all, rule, ms)
  if (wait > 0) throw tooManyRequests(lang, 'code_daily_limit', wait)
}

/**
 * 429 while the phone must wait: `codeResendAfter` since its last code, or
 * its daily cap used (a password reset keeps a slow lane past it).
 */
async function checkPhoneWait(tx: Tx, phone: string, purpose: CodePurpose, at: Date, lang: Lang) {
  const ms = at.getTime()
  const byPhone = await tx
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.phone, phone),
        gt(verificationCodes.createdAt, new Date(ms - authLimits.codeCapWindow * 1000)),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(authLimits.codesPerPhone)
  const latest = byPhone[0]?.createdAt.getTime()
  if (latest !== undefined && ms - latest < authLimits.codeResendAfter * 1000) {
    const seconds = Math.ceil((latest + authLimits.codeResendAfter * 1000 - ms) / 1000)
    throw tooManyRequests(lang, 'code_cooldown', seconds, { vars: { seconds } })
  }
  if (latest !== undefined && byPhone.length >= authLimits.codesPerPhone) {
    const dayWait = waitFor(
      byPhone.map((r) => r.createdAt),
      { limit: authLimits.codesPerPhone, windowSeconds: authLimits.codeCapWindow },
      ms,
    )
    // Password reset keeps a slow lane past the quota, so the owner always has a way back.
    const laneWait = purpose === 'reset' ? (latest + authLimits.resetSlowLane * 1000 - ms) / 1000 : dayWait
    const wait = Math.min(dayWait, laneWait)
    if (wait > 0) throw tooManyRequests(lang, 'code_daily_limit', wait)
  }
}

/** Writes the new code of the phone for `purpose`, the older ones no longer valid; returns its id. */
async function replaceCode(tx: Tx, code: typeof verificationCodes.$inferInsert, at: Date) {
  const { purpose, phone } = code
  // The newest code is the only one that counts.
  await tx
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.phone, phone),
        isNull(verificationCodes.consumedAt),
      ),
    )
  // Housekeeping: rows older than two cap windows serve no limit any more.
  await tx
    .delete(verificationCodes)
    .where(
      and(
        eq(verificationCodes.phone, phone),
        lt(verificationCodes.createdAt, new Date(at.getTime() - 2 * authLimits.codeCapWindow * 1000)),
      ),
    )
  return oneRow(await tx.insert(verificationCodes).values(code).returning({ id: verificationCodes.id })).id
}

/** What checking a code needs: the database, the clock and the code's keyed digest. */
type CodeKeys = { db: Db; now: () => Date; digest: (sessionHash: string, code: string) => string }

export type CodeCheck = {
  purpose: CodePurpose
  ticket: string
  code: string
  lang: Lang
  phone?: string
  userId?: number
  accept?: (row: CodeRow) => boolean | Promise<boolean>
  finish: 'consume' | { signatureHash: string }
}

/**
 * Checks a code against its ticket and, when right, marks it used
 * (`finish: 'consume'`) or verified with a signature for the next step
 * (`finish: { signatureHash }`). `accept` can refuse a right code as if it
 * were wrong (reset for a phone without an account). Throws 400/429 with
 * a `code` field error otherwise.
 */
async function verifyCode({ db, now, digest }: CodeKeys, options: CodeCheck): Promise<CodeRow> {
  const { lang } = options
  const sessionHash = sha256(options.ticket)
  const at = now()
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.sessionHash, sessionHash), eq(verificationCodes.purpose, options.purpose)))
    .limit(1)
  const invalid = () => codeError(400, message(lang, 'code_session_invalid'))
  if (
    !row ||
    row.consumedAt ||
    row.verifiedAt ||
    (options.phone !== undefined && row.phone !== options.phone) ||
    (options.userId !== undefined && row.userId !== options.userId)
  )
    throw invalid()
  if (row.expiresAt <= at) throw codeError(400, message(lang, 'code_expired'))
  const exhausted = () => {
    rateLimitRefusals.inc({ kind: 'code_attempts_exhausted' })
    return codeError(429, message(lang, 'code_attempts_exhausted'))
  }
  const open = and(isNull(verificationCodes.consumedAt), isNull(verificationCodes.verifiedAt))
  // Count the try first, atomically, so parallel guesses cannot exceed the limit.
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(and(eq(verificationCodes.id, row.id), lt(verificationCodes.attempts, authLimits.codeMaxAttempts), open))
    .returning({ attempts: verificationCodes.attempts })
  if (!counted) throw row.attempts >= authLimits.codeMaxAttempts ? exhausted() : invalid()
  const right =
    sameDigest(digest(sessionHash, options.code), row.codeHash) && (options.accept ? await options.accept(row) : true)
  if (!right) {
    const left = authLimits.codeMaxAttempts - counted.attempts
    if (left <= 0) throw exhausted()
    throw codeError(400, message(lang, 'code_wrong', { left }))
  }
  const finish =
    options.finish === 'consume' ? { consumedAt: at } : { verifiedAt: at, signatureHash: options.finish.signatureHash }
  const [done] = await db
    .update(verificationCodes)
    .set(finish)
    .where(and(eq(verificationCodes.id, row.id), open))
    .returning({ id: verificationCodes.id })
  if (!done) throw invalid()
  return row
}

/**
 * One-time SMS codes: 6 random digits kept as an HMAC, valid `codeTtl`,
 * `codeMaxAttempts` tries, a new one for the same phone not before
 * `codeResendAfter`, and daily caps per phone (reset keeping a slow lane,
 * `resetSlowLane`), per client address (`address` is `limitAddress`) and, for
 * a phone change, per account (`phoneChangeCodesPerAccount`).
 * The client holds a ticket (registration `session`, reset `signature`)
 * naming its code; a new code for the same phone and purpose replaces the old.
 */
export function createCodes({ db, config, now, sms }: { db: Db; config: Config; now: () => Date; sms: SmsProvider }) {
  const key = deriveKey(config.sessionSecret, 'atir/sms-code/v1')
  const digest = (sessionHash: string, code: string) => hmac(key, `${sessionHash}:${code}`)
  const addressShare = (address: string) => addressShareOf({ address, limit: config.SMS_CODES_PER_ADDRESS })

  return {
    /**
     * Before answering that a phone already has an account: 429 like `issue`
     * once the address's (or, for a phone change, the account's) daily share
     * is used, else counts the answer in it.
     */
    async countTakenAnswer(address: string | null, lang: Lang, userId?: number) {
      if (!address && userId === undefined) return
      const shares = [address ? addressShare(address) : null, userId === undefined ? null : accountShare(userId)]
      await db.transaction(async (tx) => {
        const at = now()
        for (const share of shares) if (share) await checkDailyShare(tx, share, at, lang)
        for (const share of shares) if (share) await recordEvent(tx, share.bucket, share.rule, at)
      })
    },

    /** Issues (and sends) a code; returns the ticket that names it. */
    async issue(options: {
      purpose: CodePurpose
      phone: string
      userId?: number
      address: string | null
      lang: Lang
      delivery: Delivery
    }): Promise<string> {
      const { purpose, phone, address, lang } = options
      const ticket = randomToken(24)
      const sessionHash = sha256(ticket)
      const code = randomCode()
      const at = now()
      const id = await db.transaction(async (tx) => {
        // One request per phone (then per address) at a time, so two quick clicks cannot both pass the checks.
        await lockKey(tx, `sms-code:${phone}`)
        // The address first: past its cap every phone gets the same answer, whatever the phone's state.
        if (address) await checkDailyShare(tx, addressShare(address), at, lang)
        if (purpose === 'change_phone' && options.userId !== undefined)
          await checkDailyShare(tx, accountShare(options.userId), at, lang)
        await checkPhoneWait(tx, phone, purpose, at, lang)
        const expiresAt = new Date(at.getTime() + authLimits.codeTtl * 1000)
        const codeHash = digest(sessionHash, code)
        const row = { purpose, phone, userId: options.userId, codeHash, sessionHash, clientAddress: address }
        return replaceCode(tx, { ...row, createdAt: at, expiresAt }, at)
      })

      if (options.delivery === 'none') return ticket
      const sending = sms.send({ to: phone, text: message(lang, 'sms_code', { code }) })
      if (options.delivery === 'background') {
        sending.catch((error) => logger().warn(`sms: ${(error as Error).message}`))
        return ticket
      }
      try {
        await sending
      } catch (error) {
        // Not delivered: forget it, so neither the resend wait nor the daily cap counts it.
        await db.delete(verificationCodes).where(eq(verificationCodes.id, id))
        throw smsFailure(error, lang)
      }
      return ticket
    },

    /** Checks a code against its ticket and marks it used or verified (verifyCode). */
    verify: (options: CodeCheck) => verifyCode({ db, now, digest }, options),

    /**
     * The verified registration code a signature stands for, still within
     * `registrationSignatureTtl` and not yet used; `null` otherwise.
     */
    async bySignature(signature: string, purpose: CodePurpose): Promise<CodeRow | null> {
      const [row] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.signatureHash, sha256(signature)), eq(verificationCodes.purpose, purpose)))
        .limit(1)
      if (!row?.verifiedAt || row.consumedAt) return null
      if (row.verifiedAt.getTime() + authLimits.registrationSignatureTtl * 1000 <= now().getTime()) return null
      return row
    },
  }
}

export type Codes = ReturnType<typeof createCodes>
