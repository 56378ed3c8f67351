/**
 * Uzbek phone numbers, shared by the API and the storefront (browser-safe).
 *
 * Customers are identified by a +998 number: the API stores and returns it in
 * E.164 (`+998901234567`); forms show the national part with the mask
 * `(##) ###-##-##` and may send it with or without the mask, the +998 prefix,
 * spaces or dashes. A leading 8 or 0 typed from habit (there is no trunk
 * prefix in Uzbekistan) is dropped. Validity comes from libphonenumber-js's
 * full metadata (`/max`), so unassigned ranges are refused; the operator is
 * not restricted (lists of mobile codes disagree).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { nationalDigits, PHONE_COUNTRY, PHONE_PREFIX } from './phone-format.ts'

export * from './phone-format.ts'

/** The number in E.164 (`+998901234567`) when it is a valid Uzbek number, else `null`. */
export function normalizePhone(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null
  const digits = nationalDigits(input)
  if (!digits) return null
  const parsed = parsePhoneNumberFromString(`${PHONE_PREFIX}${digits}`)
  if (!parsed || parsed.country !== PHONE_COUNTRY || !parsed.isValid()) return null
  return parsed.number
}

/** True for a valid Uzbek number in any of the accepted spellings. */
export function isValidPhone(input: string | null | undefined): boolean {
  return normalizePhone(input) !== null
}

/**
 * The general check of SPEC §5: an empty value passes (a required check is
 * separate), anything else must be a valid Uzbek number.
 */
export function isValidPhoneOrEmpty(input: string | null | undefined): boolean {
  return !input?.trim() || isValidPhone(input)
}
