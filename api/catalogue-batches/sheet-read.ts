import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import ExcelJS from 'exceljs'
import unzipper from 'unzipper'
import { unescapeFormula } from '../csv.ts'
import { type SheetField, sheetFields } from './fields.ts'
import { breathe, stopIfAsked } from './slices.ts'

export type Cell = string | number | boolean | Date | null
/** A data row: its number in the spreadsheet (the header is row 1 for a CSV) and its cells by column name. */
export type RawRow = { line: number; cells: Partial<Record<SheetField, Cell>> }

/** Why a file cannot be read as a spreadsheet of ours. */
export class SheetUnreadable extends Error {
  constructor(readonly key: 'sheet_not_spreadsheet' | 'sheet_no_columns' | 'sheet_unpacked_too_large') {
    super(key)
  }
}

/** What an XLSX may unpack to: 100,000 rows of a full catalogue unpack to about 240 MB. */
export const XLSX_MAX_UNPACKED_BYTES = 320 * 1024 * 1024

const zipMagic = [0x50, 0x4b, 0x03, 0x04]
const isZip = (bytes: Uint8Array) => zipMagic.every((b, i) => bytes[i] === b)

/** A column title as people type it ("Sale price", "SALE_PRICE ") → the field, or null. */
function fieldOf(title: unknown): SheetField | null {
  const name = String(title ?? '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
  return (sheetFields as readonly string[]).includes(name) ? (name as SheetField) : null
}

/** The columns of a header row; refuses a file with none of the keys that find a product. */
function columnsOf(header: unknown[]): (SheetField | null)[] {
  const columns = header.map(fieldOf)
  if (!columns.some((c) => c === 'sku' || c === 'barcode' || c === 'slug'))
    throw new SheetUnreadable('sheet_no_columns')
  return columns
}

/** What exceljs gives for a cell (rich text, formula results, links) as a plain value. */
function plainCell(value: unknown): Cell {
  if (value === null || value === undefined) return null
  if (value instanceof Date || typeof value !== 'object') return value as Cell
  const v = value as Record<string, unknown>
  if ('result' in v) return plainCell(v.result)
  if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((part) => part.text).join('')
  if ('text' in v) return plainCell(v.text)
  if ('error' in v) return null
  return String(value)
}

const isBlank = (cells: Partial<Record<SheetField, Cell>>) =>
  Object.values(cells).every((c) => c === null || c === undefined || String(c).trim() === '')

function* rowsOf(columns: (SheetField | null)[], values: unknown[], line: number): Generator<RawRow> {
  const cells: Partial<Record<SheetField, Cell>> = {}
  columns.forEach((field, i) => {
    if (field) cells[field] = plainCell(values[i])
  })
  if (!isBlank(cells)) yield { line, cells }
}

/** Rows read between two turns of the event loop: parsing them takes a few milliseconds. */
const ROWS_PER_TURN = 500

/**
 * `rows` with a turn of the event loop every ROWS_PER_TURN rows (a parser's
 * rows come as microtasks, which would keep every request waiting), stopping
 * when `signal` is aborted.
 */
async function* paced(rows: AsyncGenerator<RawRow>, signal?: AbortSignal): AsyncGenerator<RawRow> {
  let read = 0
  for await (const row of rows) {
    yield row
    if (++read % ROWS_PER_TURN === 0) {
      await breathe()
      stopIfAsked(signal)
    }
  }
}

/**
 * Unpacks the file once, counting, and refuses it past XLSX_MAX_UNPACKED_BYTES
 * before any XML is parsed: a 3 MB zip bomb unpacks to gigabytes, which cost
 * the parser tens of seconds of CPU and half a gigabyte of memory. Sizes the
 * entries declare are checked first, but they may lie: the bytes are counted as
 * they come. The zip parser is the one exceljs reads with, so it meets the same
 * entries (a zip's own directory may leave some out).
 */
async function refuseZipBomb(bytes: Buffer) {
  const zip = Readable.from([bytes]).pipe(unzipper.Parse({ forceStream: true }))
  let unpacked = 0
  try {
    for await (const entry of zip as AsyncIterable<unzipper.Entry>) {
      // The local header's size (unzipper reads it; its types leave it out).
      const declared = (entry.vars as { uncompressedSize?: number }).uncompressedSize ?? 0
      if (unpacked + declared > XLSX_MAX_UNPACKED_BYTES) throw new SheetUnreadable('sheet_unpacked_too_large')
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        unpacked += chunk.length
        if (unpacked > XLSX_MAX_UNPACKED_BYTES) throw new SheetUnreadable('sheet_unpacked_too_large')
      }
    }
  } finally {
    zip.destroy()
  }
}

/** The rows of the first worksheet, read as a stream (a 50,000-row workbook is never whole in memory). */
async function* xlsxRows(bytes: Buffer): AsyncGenerator<RawRow> {
  await refuseZipBomb(bytes).catch((error) => {
    throw error instanceof SheetUnreadable ? error : new SheetUnreadable('sheet_not_spreadsheet')
  })
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  })
  let columns: (SheetField | null)[] | null = null
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // exceljs rows are 1-based arrays.
        const values = (row.values as unknown[]).slice(1)
        if (!columns) {
          if (values.every((v) => v === null || v === undefined || String(v).trim() === '')) continue
          columns = columnsOf(values.map(plainCell))
          continue
        }
        yield* rowsOf(columns, values, row.number)
      }
      break
    }
  } catch (error) {
    if (error instanceof SheetUnreadable) throw error
    throw new SheetUnreadable('sheet_not_spreadsheet')
  }
  if (!columns) throw new SheetUnreadable('sheet_no_columns')
}

/**
 * The text of a CSV: UTF-8 (with or without BOM), else Windows-1251 (what
 * Excel's "CSV" writes on a Russian-locale Windows). Control bytes other than
 * tabs and line ends mean a binary file, not a spreadsheet.
 */
function csvText(bytes: Buffer): string {
  const head = bytes.subarray(0, 4096)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for binary bytes is the point
  if (/[\x00-\x08\x0e-\x1a]/.test(head.toString('latin1'))) throw new SheetUnreadable('sheet_not_spreadsheet')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1251').decode(bytes)
  }
}

/** `;` (Excel in the Russian locale), a tab, or `,`: whichever the header line has most of. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/))
  const counts = [';', '\t', ','].map((d) => [d, header.split(d).length] as const)
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0]
}

/** Pieces of text the CSV parser takes one at a time: a whole 20 MB file would be parsed in one go. */
function* pieces(text: string, size = 64 * 1024): Generator<string> {
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size)
    // Never between the two halves of a surrogate pair.
    if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1] as string)) end--
    yield text.slice(start, end)
    start = end
  }
}

async function* csvRows(bytes: Buffer): AsyncGenerator<RawRow> {
  const text = csvText(bytes).replace(/^\uFEFF/, '')
  const parser = Readable.from(pieces(text)).pipe(
    parse({ delimiter: delimiterOf(text), relax_column_count: true, relax_quotes: true, skip_empty_lines: true }),
  )
  let columns: (SheetField | null)[] | null = null
  let line = 0
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++
      if (!columns) {
        columns = columnsOf(record)
        continue
      }
      // The apostrophe the export put before formula-like texts (api/csv.ts) is not part of the text.
      yield* rowsOf(columns, record.map(unescapeFormula), line)
    }
  } catch (error) {
    if (error instanceof SheetUnreadable) throw error
    throw new SheetUnreadable('sheet_not_spreadsheet')
  }
  if (!columns) throw new SheetUnreadable('sheet_no_columns')
}

/**
 * The data rows of an XLSX (by its zip signature) or CSV file, with the
 * columns the header row names (others are ignored). Throws SheetUnreadable
 * for a file that is neither, or whose header names no column of ours, and
 * Stopped once `signal` is aborted. Lets the event loop run as it reads.
 */
export function readSheet(bytes: Buffer, signal?: AbortSignal): AsyncGenerator<RawRow> {
  return paced(isZip(bytes) ? xlsxRows(bytes) : csvRows(bytes), signal)
}

export class TooManyRows extends Error {}

/**
 * The number of data rows of a file, read without looking anything up: a
 * file past `max` rows is refused (TooManyRows) before any of it is planned,
 * as soon as row `max + 1` is read.
 */
export async function countRows(bytes: Buffer, max: number, signal?: AbortSignal): Promise<number> {
  let rows = 0
  for await (const _ of readSheet(bytes, signal)) if (++rows > max) throw new TooManyRows()
  return rows
}

/** The columns a file's header names (for the preview's summary). */
export const sheetFormat = (bytes: Buffer) => (isZip(bytes) ? 'xlsx' : 'csv')
