import { z } from '@hono/zod-openapi'
import { INT_MAX } from '../http/schemas.ts'

/**
 * The shop's day: Uzbekistan keeps UTC+5 all year, so a date in a filter is
 * that calendar day in Tashkent, whatever the server's time zone.
 */
const shopOffset = '+05:00'

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00${shopOffset}`)), 'invalid')

/** `date_from` / `date_to` (YYYY-MM-DD, both days included) for admin lists; `dateRange` turns them into moments. */
export const dateRangeQuery = {
  date_from: day.optional().openapi({ description: 'From this day (Tashkent), included', example: '2026-11-01' }),
  date_to: day.optional().openapi({ description: 'Up to this day (Tashkent), included', example: '2026-11-30' }),
}

/** The moments a `date_from`–`date_to` filter spans: `[from, until)`, either open. */
export function dateRange(query: { date_from?: string; date_to?: string }): { from?: Date; until?: Date } {
  const from = query.date_from ? new Date(`${query.date_from}T00:00:00${shopOffset}`) : undefined
  let until: Date | undefined
  if (query.date_to) {
    until = new Date(`${query.date_to}T00:00:00${shopOffset}`)
    until.setUTCDate(until.getUTCDate() + 1)
  }
  return { from, until }
}

/** A date range whose end is before its start: the query's `date_to` is flagged (message key `admin_date_range`). */
export const dateRangeValid = (query: { date_from?: string; date_to?: string }) =>
  !query.date_from || !query.date_to || query.date_from <= query.date_to

/** An optional id in a query string: digits, 1 to INT_MAX. */
export const optionalIdQuery = (description: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'invalid_integer')
    .transform(Number)
    .pipe(z.number().int().min(1).max(INT_MAX))
    .optional()
    .openapi({ type: 'integer', description })
