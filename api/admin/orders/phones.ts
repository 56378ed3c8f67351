/** Only the digits of a phone or a search query: `+998 (90) 123-45-67` → `998901234567`. */
export const digitsOf = (value: string) => value.replace(/\D/g, '')

/**
 * A phone as a role without `customers.phone` sees it: the operator code and
 * the last two digits, `+998 90 *** ** 67` (enough to tell two orders apart,
 * not to call).
 */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return phone
  const d = digitsOf(phone)
  if (d.length === 12 && d.startsWith('998')) return `+998 ${d.slice(3, 5)} *** ** ${d.slice(10)}`
  return `${'*'.repeat(Math.max(d.length - 2, 0))}${d.slice(-2)}`
}
