/**
 * How the shop reads and prints Uzbek phone numbers: the +998 prefix, the
 * input mask `(##) ###-##-##` and the national digits. No number-plan data,
 * so forms in the browser can use it without the 70 KB of libphonenumber's
 * metadata; validity is `normalizePhone` in phone.ts.
 */
export const PHONE_COUNTRY = 'UZ'
export const PHONE_PREFIX = '+998'
/** National significant digits after +998. */
export const PHONE_NATIONAL_LENGTH = 9
/** The input mask of the forms; `#` is a digit. */
export const PHONE_MASK = '(##) ###-##-##'
/** Longest text accepted in a phone field (the library's own input limit). */
export const PHONE_INPUT_MAX = 250

// What people type around the digits: spaces (also no-break), dashes, dots, brackets, a leading plus.
const allowedCharacters = /^\+?[\d\s\u00a0\-().]*$/

/**
 * The 9 national digits of whatever the customer typed, or `null` when it
 * cannot be an Uzbek number of the right length. Does not check the number
 * plan; `normalizePhone` does.
 */
export function nationalDigits(input: string): string | null {
  const text = input.trim()
  if (!text || text.length > PHONE_INPUT_MAX || !allowedCharacters.test(text)) return null
  let digits = text.replace(/\D/g, '')
  if (text.startsWith('+')) {
    // An explicit international number must be Uzbek.
    if (!digits.startsWith('998')) return null
    digits = digits.slice(3)
  } else if (digits.startsWith('00998')) {
    digits = digits.slice(5)
  } else if (digits.length === 12 && digits.startsWith('998')) {
    digits = digits.slice(3)
  } else if (digits.length === 10 && (digits[0] === '8' || digits[0] === '0')) {
    // "8 90 123 45 67" / "0 90 123 45 67": a trunk prefix from habit.
    digits = digits.slice(1)
  }
  return digits.length === PHONE_NATIONAL_LENGTH ? digits : null
}

/**
 * Applies the input mask `(##) ###-##-##` to what has been typed so far
 * (partial input gives a partial mask): `90123` → `(90) 123`.
 * A full number with +998 or a habitual leading 8/0 is reduced to its national digits first.
 */
export function maskPhone(input: string): string {
  let digits = nationalDigits(input)
  if (!digits) {
    digits = input.replace(/\D/g, '')
    if (input.trim().startsWith('+') && digits.startsWith('998')) digits = digits.slice(3)
  }
  digits = digits.slice(0, PHONE_NATIONAL_LENGTH)
  let out = ''
  let i = 0
  for (const ch of PHONE_MASK) {
    if (i >= digits.length) break
    if (ch === '#') out += digits[i++]
    else out += ch
  }
  return out
}

/** `+998901234567` → `+998 90 123 45 67`, the way the shop prints a number. */
export function formatPhone(e164: string): string {
  const digits = nationalDigits(e164)
  if (!digits) return e164
  return `${PHONE_PREFIX} ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`
}
