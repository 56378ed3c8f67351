/** A unique constraint stopped the write (PostgreSQL 23505), whichever driver reported it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true
  return false
}
