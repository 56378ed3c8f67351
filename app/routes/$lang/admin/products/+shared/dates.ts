// The shop's moments are Tashkent's (UTC+5 all year): the form's datetime-local values are read and shown so.
const offset = '+05:00'

/** `2026-12-01T09:00` typed in the form → `2026-12-01T09:00:00+05:00`; empty → null. */
export const fromLocalInput = (value: string | undefined) => (value ? `${value}:00${offset}` : null)

/** An API moment as the form's datetime-local value, Tashkent time. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  return new Date(new Date(iso).getTime() + 5 * 3600_000).toISOString().slice(0, 16)
}
