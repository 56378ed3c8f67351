import { sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, type ImportMode, importModes } from '#contract/catalogue-batches.ts'
import { exportCsv, exportXlsx, type SheetKind } from '../../catalogue-batches/sheet-write.ts'
import type { Db } from '../../db/client.ts'
import { limitBody } from '../../http/body-limit.ts'
import type { ApiEnv } from '../../http/context.ts'
import { ApiError, type FieldError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { type ProductFilters, productConditions } from '../products/list.ts'

type Format = 'xlsx' | 'csv'

/** The products the product list's filters choose, as a spreadsheet (none when the filters match nothing). */
export async function exportSheet(
  db: Db,
  query: { format: Format; sheet: SheetKind; filters: Omit<ProductFilters, 'sort'> },
  lowStockDefault: number,
): Promise<Buffer> {
  const chosen = (await productConditions(db, query.filters, lowStockDefault))?.conditions ?? [sql`false`]
  return query.format === 'csv' ? exportCsv(db, query.sheet, chosen) : exportXlsx(db, query.sheet, chosen)
}

/** The import's empty template: the catalogue's columns, no rows. */
export const importTemplate = (db: Db, format: Format) =>
  format === 'csv' ? exportCsv(db, 'catalogue', [], false) : exportXlsx(db, 'catalogue', [], false)

/** The import's body: the file and its form, refused past the file's limit while it is read (413, on `file`). */
export const importBodyLimit = limitBody(IMPORT_MAX_BYTES + 64 * 1024, (c) => {
  const detail = message(c.get('lang'), 'sheet_too_large', { max: IMPORT_MAX_MB })
  return new ApiError(413, detail, [{ field: 'file', message: detail }])
})

/**
 * The uploaded file and mode, read from the request's multipart body (the
 * back office streams the browser's upload through unparsed). 400 naming the
 * field that is missing or wrong.
 */
export async function readImportUpload(c: Context<ApiEnv>): Promise<{ bytes: Buffer; name: string; mode: ImportMode }> {
  const lang = c.get('lang')
  let form: FormData | null = null
  if (/^multipart\/form-data/i.test(c.req.header('content-type') ?? ''))
    form = await c.req.raw.formData().catch(() => {
      throw new ApiError(400, message(lang, 'invalid_input'))
    })
  const file = form?.get('file')
  const mode = importModes.find((m) => m === form?.get('mode'))
  const errors: FieldError[] = []
  if (!(file instanceof File) || file.size === 0)
    errors.push({ field: 'file', message: message(lang, 'sheet_file_required') })
  if (!mode)
    errors.push({ field: 'mode', message: message(lang, 'invalid_choice', { choices: importModes.join(', ') }) })
  if (errors.length || !(file instanceof File) || !mode) throw new ApiError(400, errors[0]?.message as string, errors)
  return { bytes: Buffer.from(await file.arrayBuffer()), name: file.name, mode }
}
