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

/** True when the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && connectionCodes.has(code)) return true
    const text = String((e as { message?: unknown }).message ?? '')
    if (/Connection terminated|connection timeout|PGlite is closed|database system is shutting down/i.test(text))
      return true
  }
  return false
}
