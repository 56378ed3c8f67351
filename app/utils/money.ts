import type { Lang } from '#app/utils/i18n.ts'

// SPEC §1: money and dates use ru-RU formatting with zero decimals by default,
// and an empty amount shows 0,00. Intl would print "UZS" for the sum, so the
// currency word is written per language (REFERENCE-UZ: сум / сўм / soʻm).

/** The currency word after an amount, in the page's language. */
export const currencyWord: Record<Lang, string> = { ru: 'сум', uz: 'сўм', sr: 'soʻm' }

const numberFormats = new Map<number, Intl.NumberFormat>()
function numberFormat(decimals: number) {
  let format = numberFormats.get(decimals)
  if (!format) {
    format = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    numberFormats.set(decimals, format)
  }
  return format
}

type Amount = number | string | null | undefined

function toNumber(amount: Amount): number | null {
  if (amount === null || amount === undefined) return null
  if (typeof amount === 'string') {
    const trimmed = amount.trim().replace(/\s/g, '').replace(',', '.')
    if (!trimmed) return null
    amount = Number(trimmed)
  }
  return Number.isFinite(amount) ? amount : null
}

/**
 * The number alone, ru-RU grouped with non-breaking spaces: 1 250 000.
 * An empty or unreadable amount shows 0,00.
 */
export function formatAmount(amount: Amount, { decimals = 0 }: { decimals?: number } = {}): string {
  const value = toNumber(amount)
  if (value === null) return numberFormat(2).format(0)
  return numberFormat(decimals).format(value)
}

/** An amount with the currency word: "1 250 000 сум", "1 250 000 soʻm". */
export function formatMoney(amount: Amount, lang: Lang, options: { decimals?: number } = {}): string {
  return `${formatAmount(amount, options)}\u00a0${currencyWord[lang]}`
}

// Tashkent time on the server and in the browser alike, so hydration sees the same text.
const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Asia/Tashkent',
})

/** A date as ru-RU writes it, 02.10.2026 (the same in every language); empty for no or a bad date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return ''
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date)
}

/** The machine-readable date for <time dateTime>: 2026-10-02 in Tashkent. */
export function isoDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value)
  const [day, month, year] = dateFormat.format(date).split('.')
  return `${year}-${month}-${day}`
}

const timeFormat = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Tashkent' })

/**
 * A moment after `since` as a shopper reads it in Tashkent: "18:40" on the same day, "03.12.2026 18:40"
 * on a later one. Measured from `since` rather than from now, so the server and the browser write the same.
 */
export function formatMomentAfter(value: string | Date, since: string | Date): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const time = timeFormat.format(date)
  return formatDate(date) === formatDate(since) ? time : `${formatDate(date)} ${time}`
}
