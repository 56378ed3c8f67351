/** The shop's clock: Asia/Tashkent is UTC+5 all year (no daylight saving since 1992). */
const OFFSET_MS = 5 * 60 * 60_000

/** The shop's calendar day of `at` (`2026-11-23`) and its hour (0–23). */
export function tashkentTime(at: Date): { day: string; hour: number } {
  const local = new Date(at.getTime() + OFFSET_MS)
  return { day: local.toISOString().slice(0, 10), hour: local.getUTCHours() }
}

/** The moment `day` (YYYY-MM-DD) reaches `hour`:00 in Tashkent. */
export function tashkentMoment(day: string, hour: number): Date {
  const [y = Number.NaN, m = Number.NaN, d = Number.NaN] = day.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d, hour) - OFFSET_MS)
}
