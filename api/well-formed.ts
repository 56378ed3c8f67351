/**
 * `value` with every string, and every object key, well-formed UTF-16: half
 * of a surrogate pair on its own becomes U+FFFD, as a UTF-8 decoder reads it
 * (a browser's form gives the same). JSON may spell such a half (`"\ud800"`)
 * and JavaScript keeps it, but UTF-8 text and PostgreSQL's jsonb cannot hold it.
 * Arrays and plain objects are copied; anything else (a Date, a number) is kept.
 */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.toWellFormed() as T
  if (Array.isArray(value)) return value.map(wellFormed) as T
  if (isPlainObject(value))
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key.toWellFormed(), wellFormed(item)])) as T
  return value
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false
  const prototype = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}
