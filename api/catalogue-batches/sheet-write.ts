import { PassThrough } from 'node:stream'
import { and, asc, gt, type SQL } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { formulaSafeCsv } from '../csv.ts'
import type { Db } from '../db/client.ts'
import { brands, categories, products } from '../db/schema/index.ts'
import { writeMoment } from './cells.ts'
import { type SheetField, type SheetValues, sheetFields, sheetValuesOf, stockSheetFields } from './fields.ts'

export const sheetKinds = ['catalogue', 'stock'] as const
export type SheetKind = (typeof sheetKinds)[number]
export const sheetFileFormats = ['xlsx', 'csv'] as const

/** The products to export: the product list's filter conditions (admin/products/list.ts productConditions). */
export type ExportFilters = SQL[]

export const fieldsOf = (kind: SheetKind) => (kind === 'stock' ? stockSheetFields : sheetFields)

const textFields = new Set<SheetField>(['sku', 'barcode', 'ikpu', 'package_code', 'slug', 'line'])

/** A product's cell as the import reads it back unchanged. */
function cellOf(
  field: SheetField,
  p: SheetValues,
  names: { brands: Map<number, string>; categories: Map<number, string> },
) {
  const value = p[field]
  if (field === 'brand') return names.brands.get(p.brand) ?? ''
  if (field === 'categories') return p.categories.map((id) => names.categories.get(id) ?? '').join(', ')
  if (field === 'sale_starts_at' || field === 'sale_ends_at') return writeMoment(value as string | null)
  if (field === 'hidden') return p.hidden ? 1 : 0
  return value ?? ''
}

/** The products the filters choose, as spreadsheet rows, read in slices by id (in id order). */
async function* productRows(db: Db, fields: readonly SheetField[], filters: ExportFilters) {
  const names = {
    brands: new Map((await db.select({ id: brands.id, slug: brands.slug }).from(brands)).map((b) => [b.id, b.slug])),
    categories: new Map(
      (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [c.id, c.slug]),
    ),
  }
  let after = 0
  for (;;) {
    const ids = (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(gt(products.id, after), ...filters))
        .orderBy(asc(products.id))
        .limit(2000)
    ).map((r) => r.id)
    if (!ids.length) return
    const values = await sheetValuesOf(db, ids)
    for (const id of ids) {
      const p = values.get(id)
      if (p) yield fields.map((field) => cellOf(field, p, names))
    }
    after = ids.at(-1) ?? after
  }
}

/**
 * A CSV as Excel in the shop's (Russian or Uzbek) locale opens it: UTF-8
 * with a BOM, `;` between cells; formula-like texts behind an apostrophe
 * (api/csv.ts), which the import takes off again.
 */
export async function exportCsv(db: Db, kind: SheetKind, filters: ExportFilters, withRows = true): Promise<Buffer> {
  const fields = fieldsOf(kind)
  const lines: string[] = [formulaSafeCsv([fields as SheetField[]], { delimiter: ';' })]
  if (withRows)
    for await (const row of productRows(db, fields, filters)) lines.push(formulaSafeCsv([row], { delimiter: ';' }))
  return Buffer.from(`\uFEFF${lines.join('')}`)
}

/** An XLSX workbook of one sheet, written as a stream; codes are text cells so long numbers keep their digits. */
export async function exportXlsx(db: Db, kind: SheetKind, filters: ExportFilters, withRows = true): Promise<Buffer> {
  const fields = fieldsOf(kind)
  const stream = new PassThrough()
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true })
  const sheet = workbook.addWorksheet(kind === 'stock' ? 'stock' : 'products', {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  sheet.columns = fields.map((field) => ({
    header: field,
    key: field,
    width: field.startsWith('description') ? 40 : field.startsWith('title') ? 30 : 14,
    style: textFields.has(field) ? { numFmt: '@' } : {},
  }))
  if (withRows) for await (const row of productRows(db, fields, filters)) sheet.addRow(row).commit()
  sheet.commit()
  await workbook.commit()
  return Buffer.concat(chunks)
}
