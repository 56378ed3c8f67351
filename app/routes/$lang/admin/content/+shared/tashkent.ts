// The screens show and take dates in Tashkent time (UTC+5 all year, no
// daylight saving); the API stores UTC and takes ISO with the offset.
const OFFSET_MS = 5 * 3600_000

/** An ISO moment as the value of <input type="datetime-local"> in Tashkent time; '' for none. */
export function tashkentInput(iso: string | null | undefined): string {
  if (!iso) return ''
  return new Date(new Date(iso).getTime() + OFFSET_MS).toISOString().slice(0, 16)
}

/** A datetime-local value typed in Tashkent time as ISO with its offset; null when empty. */
export function fromTashkentInput(value: string | undefined | null): string | null {
  if (!value) return null
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+05:00` : value
}

/** An ISO moment for reading in a list, in Tashkent time (`2026-11-23 09:00`); '—' for none. */
export const tashkentText = (iso: string | null | undefined) => (iso ? tashkentInput(iso).replace('T', ' ') : '—')
