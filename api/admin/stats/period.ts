import { z } from '@hono/zod-openapi'
import { type AnyColumn, sql } from 'drizzle-orm'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { tashkentTime } from '../../telegram/tashkent-time.ts'

/** The longest period the statistics and the export cover at once: a year and a day. */
export const PERIOD_MAX_DAYS = 366

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'invalid',
  )

/** `from` and `to`: Tashkent days (YYYY-MM-DD), both included; today when left out. */
export const periodQuery = {
  from: day.optional().openapi({ description: 'First day (Tashkent), included; default today', example: '2026-11-01' }),
  to: day
    .optional()
    .openapi({ description: 'Last day (Tashkent), included; default `from` or today', example: '2026-11-30' }),
}

export type Period = {
  /** First and last day, `YYYY-MM-DD`. */
  from: string
  to: string
  /** The moments it spans, `[start, end)`: Tashkent midnight is 19:00 UTC the day before. */
  start: Date
  end: Date
  days: string[]
}

const DAY_MS = 86_400_000
const utcDay = (day: string) => Date.parse(`${day}T00:00:00Z`)
const tashkentMidnight = (day: string) => new Date(`${day}T00:00:00+05:00`)

/** The period a query names, or 400 on `to` for an end before the start or a span over PERIOD_MAX_DAYS. */
export function periodOf(query: { from?: string; to?: string }, now: Date, lang: Lang): Period {
  const today = tashkentTime(now).day
  const from = query.from ?? (query.to && query.to < today ? query.to : today)
  const to = query.to ?? (query.from && query.from > today ? query.from : today)
  const fail = (detail: string) => {
    throw new ApiError(400, detail, [{ field: 'to', message: detail }])
  }
  if (to < from) fail(message(lang, 'admin_date_range'))
  const count = (utcDay(to) - utcDay(from)) / DAY_MS + 1
  if (count > PERIOD_MAX_DAYS) fail(message(lang, 'admin_period_too_long', { days: PERIOD_MAX_DAYS }))
  const days = Array.from({ length: count }, (_, i) => new Date(utcDay(from) + i * DAY_MS).toISOString().slice(0, 10))
  return { from, to, start: tashkentMidnight(from), end: new Date(tashkentMidnight(to).getTime() + DAY_MS), days }
}

/** The Tashkent day of a timestamp column, in SQL (`YYYY-MM-DD`), whatever the session's time zone. */
export const tashkentDaySql = (column: AnyColumn) =>
  sql<string>`to_char((${column} at time zone 'UTC') + interval '5 hours', 'YYYY-MM-DD')`
