import { and, desc, eq, gt, lt } from 'drizzle-orm'
import { lockKey } from '../db/advisory-lock.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { rateEvents } from '../db/schema/index.ts'
import { rateLimitRefusals } from '../metrics.ts'
import { ApiError, type FieldError } from './errors.ts'
import type { Lang } from './locale.ts'
import { type MessageKey, message } from './messages.ts'

/** At most `limit` counted events in a sliding window of `windowSeconds`. */
export type Rule = { limit: number; windowSeconds: number }

/**
 * Per-address limits on guessable answers (README "Security"). Failures count;
 * a request that turns out right gives its slot back.
 */
export const guessLimits = {
  /** Failed promo code checks per client address: PROMO_FAILURES_PER_ADDRESS in this window. */
  promoWindowSeconds: 15 * 60,
  /** Calls to the Telegram webhook without its secret, per client address. */
  telegramWebhook: { limit: 10, windowSeconds: 15 * 60 },
} as const

/** "40 с", "15 мин", "3 ч": a wait as the customer reads it, rounded up. */
export function waitText(lang: Lang, seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 60) return message(lang, 'wait_seconds', { n: s })
  if (s < 60 * 60) return message(lang, 'wait_minutes', { n: Math.ceil(s / 60) })
  return message(lang, 'wait_hours', { n: Math.ceil(s / 3600) })
}

/** 429 with `Retry-After` and a message (with `{wait}`) saying how long to wait. */
export function tooManyRequests(
  lang: Lang,
  key: MessageKey,
  seconds: number,
  options: { field?: string; vars?: Record<string, string | number> } = {},
): ApiError {
  const wait = Math.max(1, Math.ceil(seconds))
  rateLimitRefusals.inc({ kind: key })
  const detail = message(lang, key, { ...options.vars, wait: waitText(lang, wait) })
  const errors: FieldError[] | undefined = options.field ? [{ field: options.field, message: detail }] : undefined
  return new ApiError(429, detail, errors, { 'Retry-After': String(wait) })
}

/**
 * Seconds until the `limit`-th newest of `times` (newest first) leaves the
 * window; 0 when fewer than `limit` are in it.
 */
export function waitFor(times: Date[], rule: Rule, at: number): number {
  const edge = times[rule.limit - 1]
  if (!edge) return 0
  return Math.max(0, (edge.getTime() + rule.windowSeconds * 1000 - at) / 1000)
}

/** Events of `bucket` inside `rule`'s window, newest first, at most `limit`. */
export async function recentEvents(db: Db, bucket: string, rule: Rule, at: number): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: rateEvents.createdAt })
    .from(rateEvents)
    .where(and(eq(rateEvents.bucket, bucket), gt(rateEvents.createdAt, new Date(at - rule.windowSeconds * 1000))))
    .orderBy(desc(rateEvents.createdAt))
    .limit(rule.limit)
  return rows.map((r) => r.createdAt)
}

/** Records one event of `bucket` (and drops the ones its window no longer needs); returns its id. */
export async function recordEvent(db: Db, bucket: string, rule: Rule, at: Date): Promise<number> {
  await db
    .delete(rateEvents)
    .where(
      and(eq(rateEvents.bucket, bucket), lt(rateEvents.createdAt, new Date(at.getTime() - rule.windowSeconds * 1000))),
    )
  const row = oneRow(await db.insert(rateEvents).values({ bucket, createdAt: at }).returning({ id: rateEvents.id }))
  return row.id
}

export type Slot = { wait: 0; release(): Promise<void> } | { wait: number }

/**
 * Takes one slot of `bucket` under `rule` before the guess is checked:
 * `{ wait }` seconds when none is left, else a slot whose `release()` gives
 * it back (the guess was right). Counting first keeps parallel guesses within
 * the limit.
 */
export async function takeSlot(db: Db, bucket: string, rule: Rule, now: Date): Promise<Slot> {
  const at = now.getTime()
  const taken = await db.transaction(async (tx) => {
    await lockKey(tx, `rate:${bucket}`)
    const wait = waitFor(await recentEvents(tx, bucket, rule, at), rule, at)
    return wait > 0 ? { wait, id: null } : { wait: 0, id: await recordEvent(tx, bucket, rule, now) }
  })
  const { id } = taken
  if (id === null) return { wait: taken.wait }
  return {
    wait: 0,
    release: async () => {
      await db.delete(rateEvents).where(eq(rateEvents.id, id))
    },
  }
}

/** The bucket key part for a client address; requests without one share a bucket. */
export const addressKey = (address: string | null) => address ?? 'unknown'
