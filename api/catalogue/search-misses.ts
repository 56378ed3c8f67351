import { and, desc, gte, lt, lte, sql } from 'drizzle-orm'
import type { MiddlewareHandler } from 'hono'
import type { Db } from '../db/client.ts'
import { searchMisses } from '../db/schema/index.ts'
import type { ApiEnv } from '../http/context.ts'
import { logger } from '../log.ts'
import { tashkentTime } from '../telegram/tashkent-time.ts'
import { foldText } from './search-text.ts'

/**
 * Searches that found nothing, for the statistics page: the folded term
 * (search-text.ts: lower case, Latin, punctuation gone, so "Шанел", "shanel"
 * and "SHANEL!" are one term) counted per Tashkent day. No person, address
 * or time of day is kept. Bounded: terms up to TERM_MAX characters, at most
 * TERMS_PER_DAY new terms a day (later ones only add to terms already
 * there), days older than KEEP_DAYS removed.
 */
export const searchMissLimits = { TERM_MAX: 100, TERMS_PER_DAY: 1000, KEEP_DAYS: 90 } as const

export const missTerm = (search: string) => foldText(search).slice(0, searchMissLimits.TERM_MAX).trim()

/** Counts one search for `search` that found nothing at `now`. */
export async function recordSearchMiss(db: Db, search: string, now: Date): Promise<void> {
  const term = missTerm(search)
  if (!term) return
  const { day } = tashkentTime(now)
  const bumped = await db
    .update(searchMisses)
    .set({ count: sql`${searchMisses.count} + 1` })
    .where(sql`${searchMisses.day} = ${day} and ${searchMisses.term} = ${term}`)
    .returning({ count: searchMisses.count })
  if (bumped.length) return
  const inserted = await db.execute(sql`
    insert into ${searchMisses} (day, term, count)
    select ${day}, ${term}, 1
    where (select count(*) from ${searchMisses} where day = ${day}) < ${searchMissLimits.TERMS_PER_DAY}
    on conflict (day, term) do update set count = ${searchMisses.count} + 1
    returning count`)
  // The day's first new term: time to drop the days past keeping.
  if ((inserted as unknown as { rows: unknown[] }).rows.length) {
    const oldest = new Date(Date.parse(`${day}T00:00:00Z`) - searchMissLimits.KEEP_DAYS * 86_400_000)
    await db.delete(searchMisses).where(lt(searchMisses.day, oldest.toISOString().slice(0, 10)))
  }
}

/** The terms searched most without a result between two Tashkent days (both included). */
export async function topSearchMisses(db: Db, from: string, to: string, limit = 20) {
  const total = sql<number>`sum(${searchMisses.count})`.mapWith(Number)
  return db
    .select({ term: searchMisses.term, count: total })
    .from(searchMisses)
    .where(and(gte(searchMisses.day, from), lte(searchMisses.day, to)))
    .groupBy(searchMisses.term)
    .orderBy(desc(total), searchMisses.term)
    .limit(limit)
}

/**
 * Route middleware of the product list: once the answer is known (from the
 * cache or not), a first page of a `search` with no products is recorded.
 * Other filters stay out of it: a term that misses only within a category
 * says nothing of the catalogue. A failure to record is logged, never the
 * shopper's problem.
 */
export function searchMissRecorder(db: Db, now: () => Date = () => new Date()): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next()
    const params = new URL(c.req.url).searchParams
    const search = params.get('search')
    if (!search || c.res.status !== 200) return
    const others = [...params.keys()].filter((k) => !['search', 'page', 'size', 'ordering'].includes(k))
    if (others.length || (params.get('page') ?? '1') !== '1') return
    try {
      const body = (await c.res.clone().json()) as { total?: number }
      if (body.total === 0) await recordSearchMiss(db, search, now())
    } catch (error) {
      logger().warn(`search misses: not recorded: ${(error as Error).message}`)
    }
  }
}
