import { formatAmount } from './money.ts'

// Amount fields (SPEC §5 "Amount mask: from 1 upward with thousands grouping"):
// what a shopper types, read the same with or without JavaScript, and the mask
// that groups the digits while they type, as the shop prints sums.

/** The largest amount a price field takes: the catalogue API's own bound (api/catalogue/query.ts). */
export const maxAmount = 1_000_000_000

/**
 * A typed amount: digits, grouped by spaces (any kind) or not, "150 000" and
 * "150000" alike. null for an empty field; 'invalid' for anything that is not
 * a whole number from 1 to maxAmount.
 */
export function parseAmount(text: string): number | null | 'invalid' {
  const digits = text.replace(/\s/g, '')
  if (!digits) return null
  if (!/^\d{1,10}$/.test(digits)) return 'invalid'
  const value = Number(digits)
  return value >= 1 && value <= maxAmount ? value : 'invalid'
}

/** An amount as the field shows it: "150 000" (ru-RU grouping, non-breaking spaces). */
export function showAmount(value: number | null): string {
  return value === null ? '' : formatAmount(value)
}

/**
 * The field's text after a keystroke: digits only, no leading zeros (amounts
 * start at 1), at most 10 digits, grouped; the caret stays after the same digit.
 */
export function maskAmount(text: string, caret: number): { text: string; caret: number } {
  const before = text.slice(0, caret).replace(/\D/g, '')
  const all = text.replace(/\D/g, '')
  const zeros = all.length - all.replace(/^0+/, '').length
  const digits = all.slice(zeros, zeros + 10)
  let keep = Math.min(Math.max(before.length - zeros, 0), digits.length)
  const masked = digits ? formatAmount(Number(digits)) : ''
  let position = 0
  while (keep > 0 && position < masked.length) {
    if (/\d/.test(masked.charAt(position))) keep--
    position++
  }
  return { text: masked, caret: position }
}

/** The mask on an amount field as it is typed (its `onInput`): grouped digits, the caret kept. */
export function maskAmountField(input: HTMLInputElement) {
  const masked = maskAmount(input.value, input.selectionStart ?? input.value.length)
  if (masked.text === input.value) return
  input.value = masked.text
  input.setSelectionRange(masked.caret, masked.caret)
}

/**
 * A submitted form's amount fields without their grouping spaces ("428 000"
 * as 428000), so a form parsed as numbers reads a masked field as typed
 * without JavaScript too; anything else is left for the schema to refuse.
 */
export function unmaskAmounts(form: FormData, names: readonly string[]) {
  for (const name of names) {
    const value = form.get(name)
    if (typeof value === 'string' && /^[\d\s]+$/.test(value)) form.set(name, value.replace(/\s/g, ''))
  }
  return form
}
