/**
 * Bank card form rules (SPEC §3, §5, §9), shared by the API and the storefront
 * (browser-safe: zod only). Error messages are keys of `locales/{lang}/api.json`:
 * `card_number_invalid`, `card_system_unknown`, `card_expiry_invalid`,
 * `card_expired`, `card_expiry_too_far`.
 */
import { z } from './zod.ts'

export type CardSystem = 'uzcard' | 'humo' | 'mastercard' | 'visa'

/** Payment system by number prefix (SPEC §3). */
export const CARD_PREFIXES: readonly (readonly [string, CardSystem])[] = [
  ['8600', 'uzcard'],
  ['5614', 'uzcard'],
  ['9860', 'humo'],
  ['5440', 'mastercard'],
  ['4200', 'visa'],
]
export const CARD_NUMBER_LENGTH = 16
/** Card validity ahead (SPEC §9). */
export const CARD_YEARS_AHEAD = 5

/** The 16 digits of what was typed (spaces and dashes allowed), or null. */
export function cardDigits(input: string): string | null {
  if (!/^[\d\s-]{16,40}$/.test(input.trim())) return null
  const digits = input.replace(/\D/g, '')
  return digits.length === CARD_NUMBER_LENGTH ? digits : null
}

export function cardSystem(digits: string): CardSystem | null {
  return CARD_PREFIXES.find(([prefix]) => digits.startsWith(prefix))?.[1] ?? null
}

/** `8600 **** **** 6311`: the only form of the number the shop keeps or shows. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 4)} **** **** ${digits.slice(-4)}`
}

/** Groups typed digits for display: `8600069195406311` → `8600 0691 9540 6311`. */
export function formatCardInput(input: string): string {
  return input
    .replace(/\D/g, '')
    .slice(0, CARD_NUMBER_LENGTH)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
}

/**
 * Why an expiry `MM/YY` is refused at `now`, or null when it is fine: month
 * 1–12; not before the current month; at most 5 years ahead.
 */
export function expiryProblem(
  input: string,
  now: Date = new Date(),
): 'card_expiry_invalid' | 'card_expired' | 'card_expiry_too_far' | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(input.trim())
  if (!match) return 'card_expiry_invalid'
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return 'card_expiry_invalid'
  const current = now.getFullYear() * 12 + now.getMonth()
  const expiry = year * 12 + (month - 1)
  if (expiry < current) return 'card_expired'
  if (year > now.getFullYear() + CARD_YEARS_AHEAD) return 'card_expiry_too_far'
  return null
}

/** The card number field: 16 digits of a known system; the output is the digits alone. */
export const cardNumberSchema = z.string().transform((value, ctx) => {
  const digits = cardDigits(value)
  if (!digits) {
    ctx.issues.push({ code: 'custom', message: 'card_number_invalid', input: value })
    return z.NEVER
  }
  if (!cardSystem(digits)) {
    ctx.issues.push({ code: 'custom', message: 'card_system_unknown', input: value })
    return z.NEVER
  }
  return digits
})

/** The expiry field `MM/YY` (also `MMYY`), checked against `now`; the output is `MM/YY`. */
export const cardExpirySchema = (now: () => Date = () => new Date()) =>
  z.string().transform((value, ctx) => {
    const problem = expiryProblem(value, now())
    if (problem) {
      ctx.issues.push({ code: 'custom', message: problem, input: value })
      return z.NEVER
    }
    const digits = value.replace(/\D/g, '')
    return `${digits.slice(0, 2)}/${digits.slice(2)}`
  })
