// Node's socket errors, and the SQLSTATEs of a server that cannot take the query now (not of a bad
// query): connection exceptions (class 08), too many clients (53300: a pool past max_connections), a
// server shutting down, restarting after a crash or starting (57P01-57P03), not in a state to answer
// (55000, e.g. recovery), and a database that is not there (3D000: dropped, or not yet restored).
const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'])
const unavailableStates = /^(08...|53300|55000|57P0[123]|3D000)$/

// What pg and pg-pool say when the server is away or silent (they set no code).
const unavailableText =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|PGlite is closed|database system is shutting down/i

/** True when the database cannot be reached (as opposed to a bad query). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && (connectionCodes.has(code) || unavailableStates.test(code))) return true
    const text = String((e as { message?: unknown }).message ?? '')
    if (unavailableText.test(text)) return true
  }
  return false
}
