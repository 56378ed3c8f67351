import type { Context } from 'hono'

// RFC 7240's `Prefer: return=minimal`: the caller makes a change and does not
// read the answer (the storefront's basket forms), so a route that would
// read back what changed (the whole basket) may answer 204 without it.

/** Whether the request asks for no representation of what it changed. */
export function prefersMinimal(c: Context): boolean {
  const header = c.req.header('prefer')
  if (!header) return false
  return header
    .split(',')
    .some((preference) => preference.split(';')[0]!.replace(/\s+/g, '').toLowerCase() === 'return=minimal')
}

/** The 204 that honours it, saying so (`Preference-Applied`). */
export function minimalAnswer(c: Context) {
  c.header('Preference-Applied', 'return=minimal')
  return c.body(null, 204)
}
