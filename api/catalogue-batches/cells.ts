import { volumeUnits } from '#contract/catalogue.ts'
import { concentrations, sizeKinds } from '#contract/product-lines.ts'
import type { MessageKey } from '../http/messages.ts'
import type { SheetField, SheetValues } from './fields.ts'
import type { Cell } from './sheet-read.ts'

/** A cell read as a field's value, or the message key (and its values) saying why it cannot be. */
export type Read<T> = { value: T } | { error: MessageKey; vars?: Record<string, string | number> }

const text = (cell: Cell) => (cell === null || cell === undefined ? '' : String(cell).trim())
export const isEmpty = (cell: Cell | undefined) => cell === undefined || text(cell as Cell) === ''

// Tashkent has no daylight saving time: UTC+5 all year.
const TASHKENT_MS = 5 * 3600_000

/** A money or count cell: "450 000", "450000", 450000 → 450000; whole numbers only. */
export function readInteger(cell: Cell, min: number, max = 2_147_483_647): Read<number> {
  const raw =
    typeof cell === 'number'
      ? cell
      : Number(
          text(cell)
            .replace(/[\s\u00a0\u202f]/g, '')
            .replace(/,00?$/, ''),
        )
  if (!Number.isInteger(raw)) return { error: 'sheet_number' }
  if (raw < min) return { error: 'min_value', vars: { min } }
  if (raw > max) return { error: 'max_value', vars: { max } }
  return { value: raw }
}

/**
 * A moment: an ISO string with its offset, or a Tashkent wall-clock time
 * written `YYYY-MM-DD[ HH:mm[:ss[.SSS]]]` or `DD.MM.YYYY[ HH:mm]`; an Excel
 * date cell holds the wall-clock time as if it were UTC.
 */
export function readMoment(cell: Cell): Read<string> {
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime())
      ? { error: 'sheet_date' }
      : { value: new Date(cell.getTime() - TASHKENT_MS).toISOString() }
  const raw = text(cell)
  if (/[zZ]|[+-]\d\d:?\d\d$/.test(raw) && /^\d{4}-\d\d-\d\dT/.test(raw)) {
    const at = Date.parse(raw)
    return Number.isNaN(at) ? { error: 'sheet_date' } : { value: new Date(at).toISOString() }
  }
  const iso = /^(\d{4})-(\d\d)-(\d\d)(?:[ T](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,3}))?)?)?$/.exec(raw)
  const ru = /^(\d\d)\.(\d\d)\.(\d{4})(?: (\d\d):(\d\d))?$/.exec(raw)
  const parts = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6], iso[7]]
    : ru
      ? [ru[3], ru[2], ru[1], ru[4], ru[5]]
      : null
  if (!parts) return { error: 'sheet_date' }
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0, ms = 0] = parts.map((p) => Number(p ?? 0))
  const utc = Date.UTC(y, mo - 1, d, h, mi, s, Number(String(ms).padEnd(3, '0')))
  const check = new Date(utc)
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return { error: 'sheet_date' }
  return { value: new Date(utc - TASHKENT_MS).toISOString() }
}

/** How the export writes a moment: Tashkent wall-clock time, to the minute unless it has seconds. */
export function writeMoment(isoValue: string | null): string {
  if (!isoValue) return ''
  const local = new Date(Date.parse(isoValue) + TASHKENT_MS).toISOString()
  const [day, time = ''] = local.slice(0, 23).split('T')
  if (time.endsWith(':00.000')) return `${day} ${time.slice(0, 5)}`
  return `${day} ${time.endsWith('.000') ? time.slice(0, 8) : time}`
}

const yes = new Set(['1', 'yes', 'true', 'да', 'ha', 'ҳа', 'x', '+'])
const no = new Set(['0', 'no', 'false', 'нет', "yo'q", 'yoʻq', 'йўқ', '-'])

export function readYesNo(cell: Cell): Read<boolean> {
  if (typeof cell === 'boolean') return { value: cell }
  const raw = text(cell).toLowerCase()
  if (yes.has(raw)) return { value: true }
  if (no.has(raw)) return { value: false }
  return { error: 'sheet_yes_no' }
}

const choice = <T extends string>(choices: readonly T[], cell: Cell): Read<T> => {
  const raw = text(cell).toLowerCase() as T
  return choices.includes(raw) ? { value: raw } : { error: 'invalid_choice', vars: { choices: choices.join(', ') } }
}

const limited = (cell: Cell, max: number): Read<string> => {
  const raw = text(cell)
  return raw.length > max ? { error: 'max_length', vars: { max } } : { value: raw }
}
const optional = (cell: Cell, max: number): Read<string | null> => {
  const read = limited(cell, max)
  return 'value' in read ? { value: read.value || null } : read
}

/**
 * Reads one cell as its field's value (brand and categories stay text here:
 * the plan looks them up). An empty cell clears an optional field; for a
 * required one the caller treats it as "leave as it is".
 */
export function readCell(field: SheetField, cell: Cell): Read<SheetValues[SheetField] | string> {
  switch (field) {
    case 'sku':
    case 'barcode':
      return optional(cell, 64)
    case 'slug': {
      const raw = text(cell).toLowerCase()
      return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(raw) && raw.length <= 120 ? { value: raw } : { error: 'sheet_slug' }
    }
    case 'title_uz':
    case 'title_sr':
    case 'title_ru':
      return limited(cell, 200)
    case 'description_uz':
    case 'description_sr':
    case 'description_ru':
      return limited(cell, 5000)
    case 'brand':
    case 'categories':
      return { value: text(cell) }
    case 'audience':
      return choice(['women', 'men', 'unisex'] as const, cell)
    case 'country': {
      const raw = text(cell).toUpperCase()
      return /^[A-Z]{2}$/.test(raw) ? { value: raw } : { error: 'sheet_country' }
    }
    case 'year':
      return isEmpty(cell) ? { value: null } : readInteger(cell, 1900, 2100)
    case 'volume':
      return isEmpty(cell) ? { value: null } : readInteger(cell, 1, 1_000_000)
    case 'unit':
      return choice(volumeUnits, cell)
    case 'price':
      return readInteger(cell, 1)
    case 'sale_price':
      return isEmpty(cell) ? { value: null } : readInteger(cell, 1)
    case 'sale_starts_at':
    case 'sale_ends_at':
      return isEmpty(cell) ? { value: null } : readMoment(cell)
    case 'stock':
      return readInteger(cell, 0, 1_000_000)
    case 'hidden':
      return readYesNo(cell)
    case 'ikpu': {
      const raw = text(cell)
      if (!raw) return { value: null }
      return /^\d{17}$/.test(raw) ? { value: raw } : { error: 'sheet_ikpu' }
    }
    case 'package_code':
      return optional(cell, 20)
    case 'line': {
      const raw = text(cell).toLowerCase()
      if (!raw) return { value: null }
      return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(raw) && raw.length <= 120 ? { value: raw } : { error: 'sheet_slug' }
    }
    case 'concentration':
      return isEmpty(cell) ? { value: null } : choice(concentrations, cell)
    case 'size_kind':
      return isEmpty(cell) ? { value: null } : choice(sizeKinds, cell)
  }
}
