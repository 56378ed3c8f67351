const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
])

// What pg and pg-pool say when the server is away or silent (they set no code).
const unavailableText =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|PGlite is closed|database system is shutting down/i

/** True when the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && connectionCodes.has(code)) return true
    const text = String((e as { message?: unknown }).message ?? '')
    if (unavailableText.test(text)) return true
  }
  return false
}
