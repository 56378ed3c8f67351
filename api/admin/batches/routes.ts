import { z } from '@hono/zod-openapi'
import { eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, importModes } from '#contract/catalogue-batches.ts'
import { applyBatch, undoBatch } from '../../catalogue-batches/batches.ts'
import { previewBulk } from '../../catalogue-batches/bulk.ts'
import { failStalledChecks, startImport } from '../../catalogue-batches/imports.ts'
import { IMPORT_MAX_ROWS } from '../../catalogue-batches/plan.ts'
import { exportCsv, exportXlsx } from '../../catalogue-batches/sheet-write.ts'
import { batchRows, batchStaffNames, batchSummary, recentBatches } from '../../catalogue-batches/view.ts'
import { changeBatches } from '../../db/schema/index.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { requiredForm, requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { readForm } from '../../uploads/images.ts'
import { auditActor, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { productConditions } from '../products/list.ts'
import {
  applyBulkBody,
  batchDetailSchema,
  batchIdParams,
  batchPage,
  batchQuery,
  batchSchema,
  bulkBody,
  exportQuery,
  importForm,
  listQuery,
  templateQuery,
  undoBody,
  undoSchema,
} from './schemas.ts'

const detailAnswer = jsonContent(batchDetailSchema, 'The batch with its first rows')
const fileAnswer = {
  description: 'The spreadsheet',
  content: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: z.string().openapi({ format: 'binary' }),
    },
    'text/csv': { schema: z.string().openapi({ format: 'binary' }) },
  },
}

const write = staffRoutes(requirePermission('catalogue.write'), ['admin: catalogue batches'])

const bulkPreviewRoute = write.post('/admin/products/bulk/preview/', {
  summary: 'Preview a bulk action on chosen products (catalogue.write)',
  description:
    'Writes nothing to the products: answers a batch (state previewed) whose rows show, per product, each field ' +
    'before → after, or why the action cannot apply to it (a sale price not below the price). Apply it with ' +
    'POST admin/products/bulk/ and its id.',
  request: { body: requiredJson(bulkBody) },
  responses: { 200: detailAnswer, ...adminErrorsOf(400) },
})

const bulkApplyRoute = write.post('/admin/products/bulk/', {
  summary: 'Apply a previewed bulk action (catalogue.write)',
  description:
    'What was previewed is what is applied: if a product changed since the preview, 409 lists the rows and ' +
    'nothing is written. One transaction, one audit entry `catalogue.batch_apply`; undoable for 24 hours.',
  request: { body: requiredJson(applyBulkBody) },
  responses: { 200: detailAnswer, ...adminErrorsOf(400, 404, 409) },
})

const importRoute = write.post('/admin/products/import/', {
  summary: 'Upload a spreadsheet to preview its import (catalogue.write)',
  description:
    'Multipart `file` (XLSX, or CSV with `;` or `,`, UTF-8 with or without BOM or Windows-1251; ' +
    `at most ${IMPORT_MAX_MB} MB, ${IMPORT_MAX_ROWS.toLocaleString('en')} rows) and \`mode\`. ` +
    'Answers 202 with the batch in state `checking`; poll GET admin/batches/{id}/ (`progress`: rows read) ' +
    'until it is `previewed` (rows: created, changed with before → after, rejected with column and reason) ' +
    'or `failed` (`error`: not a spreadsheet, no known columns, too many rows). ' +
    'Rows are matched by sku, then barcode, then slug. Apply with POST admin/batches/{id}/apply/.',
  request: { body: requiredForm(importForm) },
  responses: {
    202: jsonContent(batchSchema, 'The batch being checked'),
    ...adminErrorsOf(400),
    413: jsonContent(z.object({ detail: z.string() }), 'The file is larger than 20 MB'),
  },
})

const applyRoute = write.post('/admin/batches/{id}/apply/', {
  summary: 'Apply a previewed batch: an import or a bulk action (catalogue.write)',
  description:
    'One transaction: every product must still be as the preview showed it (else 409 listing the rows, nothing ' +
    'written); rejected rows are left out; stock in the file is a count applied as the difference from the stock ' +
    'seen at preview time, so sales meanwhile stay counted. Search keys are rebuilt, the catalogue cache ' +
    'invalidated, one audit entry `catalogue.batch_apply` written.',
  request: { params: batchIdParams },
  responses: { 200: detailAnswer, ...adminErrorsOf(404, 409) },
})

const listRoute = write.get('/admin/batches/', {
  summary: 'Recent bulk actions and imports, newest first (catalogue.write)',
  request: { query: listQuery },
  responses: { 200: jsonContent(batchPage, 'One page of batches'), ...adminErrorsOf(400) },
})

const detailRoute = write.get('/admin/batches/{id}/', {
  summary: 'One batch with a page of its rows (catalogue.write)',
  request: { params: batchIdParams, query: batchQuery },
  responses: { 200: detailAnswer, ...adminErrorsOf(400, 404) },
})

const undoRoute = write.post('/admin/batches/{id}/undo/', {
  summary: 'Undo an applied batch within 24 hours (catalogue.write)',
  description:
    'One transaction, one audit entry `catalogue.batch_undo`: the products get their values from before the batch, ' +
    'stock the opposite movement, created products are hidden. A product changed since (or whose stock was sold ' +
    'below what undo would take back) is never overwritten: 409 lists those rows and nothing is undone, unless ' +
    '`skip_changed` undoes the others and reports them as `skipped`.',
  request: { params: batchIdParams, body: { required: false, content: { 'application/json': { schema: undoBody } } } },
  responses: {
    200: jsonContent(undoSchema, 'What was undone and skipped'),
    ...adminErrorsOf(400, 404, 409),
  },
})

const exportRoute = write.get('/admin/products/export/', {
  summary: 'The catalogue or the stock as XLSX or CSV, in the import’s columns (catalogue.write)',
  description:
    'Filters as the product list (the same code): search, brand, category, stock (in / low / out), hidden, no ' +
    'picture, missing translation. Importing the file back changes ' +
    'nothing. CSV: UTF-8 with BOM, `;` between cells (as Excel in the Russian locale writes it).',
  request: { query: exportQuery },
  responses: { 200: fileAnswer, ...adminErrorsOf(400) },
})

const templateRoute = write.get('/admin/products/import/template/', {
  summary: 'An empty import template, XLSX or CSV (catalogue.write)',
  request: { query: templateQuery },
  responses: { 200: fileAnswer, ...adminErrorsOf(400) },
})

const contentTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
}

function fileResponse(c: Context<ApiEnv>, bytes: Buffer, name: string, format: 'xlsx' | 'csv') {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': contentTypes[format],
      'Content-Disposition': `attachment; filename="${name}.${format}"`,
      'Cache-Control': 'private, no-store',
      ...Object.fromEntries(c.res.headers),
    },
  })
}

const fileTooLarge = (lang: Lang) => {
  const detail = message(lang, 'sheet_too_large', { max: IMPORT_MAX_MB })
  return new ApiError(413, detail, [{ field: 'file', message: detail }])
}

/**
 * Bulk actions, spreadsheet import and export: every change is
 * previewed as a batch, applied in one step and undoable for 24 hours
 * (api/catalogue-batches/).
 */
export function adminBatchRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = () => deps.now?.() ?? new Date()

  async function detail(
    c: Context<ApiEnv>,
    id: number,
    query = { page: 1, size: 100 } as { page: number; size: number; kind?: 'created' | 'changed' | 'rejected' },
  ) {
    const lang = c.get('lang')
    await failStalledChecks(db, now())
    const [batch] = await db.select().from(changeBatches).where(eq(changeBatches.id, id))
    if (!batch) throw new ApiError(404, message(lang, 'batch_not_found'))
    const { results, total } = await batchRows(db, id, lang, query)
    c.header('Cache-Control', 'private, no-store')
    const names = await batchStaffNames(db, [batch])
    return {
      ...batchSummary(batch, lang, now(), names),
      rows: paged(results, total, query.page, query.size, c.req.url),
    }
  }

  const router = createRouter()

  // Multipart: read and checked here (the OpenAPI validator knows no files), with the file's own size limit.
  router.openAPIRegistry.registerPath(importRoute)
  router.post(
    '/admin/products/import/',
    requirePermission('catalogue.write'),
    bodyLimit({
      maxSize: IMPORT_MAX_BYTES + 64 * 1024,
      onError: (c) => {
        throw fileTooLarge((c as Context<ApiEnv>).get('lang'))
      },
    }),
    async (c) => {
      const lang = c.get('lang')
      const form = await readForm(c)
      const mode = importModes.find((m) => m === form.mode)
      const errors = []
      if (!(form.file instanceof File) || form.file.size === 0)
        errors.push({ field: 'file', message: message(lang, 'sheet_file_required') })
      if (!mode)
        errors.push({ field: 'mode', message: message(lang, 'invalid_choice', { choices: importModes.join(', ') }) })
      if (errors.length || !mode || !(form.file instanceof File))
        throw new ApiError(
          400,
          errors[0]?.message ?? message(lang, 'invalid_choice', { choices: importModes.join(', ') }),
          errors,
        )
      if (form.file.size > IMPORT_MAX_BYTES) throw fileTooLarge(lang)
      const bytes = Buffer.from(await form.file.arrayBuffer())
      const { batch } = await startImport(db, { bytes, name: form.file.name, mode }, auditActor(c))
      c.header('Location', `/api/v1/admin/batches/${batch.id}/`)
      return c.json(batchSummary(batch, lang, now()), 202)
    },
  )

  return router
    .openapi(bulkPreviewRoute, async (c) => {
      const id = await previewBulk(db, c.req.valid('json'), auditActor(c), c.get('lang'))
      return c.json(await detail(c, id), 200)
    })
    .openapi(bulkApplyRoute, async (c) => {
      const id = c.req.valid('json').batch_id
      await applyBatch(db, id, auditActor(c), { lang: c.get('lang'), now: now() })
      return c.json(await detail(c, id), 200)
    })
    .openapi(applyRoute, async (c) => {
      const { id } = c.req.valid('param')
      await applyBatch(db, id, auditActor(c), { lang: c.get('lang'), now: now() })
      return c.json(await detail(c, id), 200)
    })
    .openapi(listRoute, async (c) => {
      const { page, size } = c.req.valid('query')
      const lang = c.get('lang')
      await failStalledChecks(db, now())
      const { rows, total } = await recentBatches(db, page, size)
      c.header('Cache-Control', 'private, no-store')
      const names = await batchStaffNames(db, rows)
      const results = rows.map((b) => batchSummary(b, lang, now(), names))
      return c.json(paged(results, total, page, size, c.req.url), 200)
    })
    .openapi(detailRoute, async (c) => {
      return c.json(await detail(c, c.req.valid('param').id, c.req.valid('query')), 200)
    })
    .openapi(undoRoute, async (c) => {
      const { id } = c.req.valid('param')
      const body = (c.req.valid('json') as { skip_changed?: boolean } | undefined) ?? {}
      const lang = c.get('lang')
      const result = await undoBatch(db, id, auditActor(c), {
        lang,
        now: now(),
        skipChanged: body.skip_changed ?? false,
      })
      return c.json(
        { batch: batchSummary(result.batch, lang, now()), undone: result.undone, skipped: result.skipped },
        200,
      )
    })
    .openapi(exportRoute, async (c) => {
      const { format, sheet, ...filters } = c.req.valid('query')
      const chosen = (await productConditions(db, filters, deps.config.TELEGRAM_LOW_STOCK_THRESHOLD))?.conditions ?? [
        sql`false`,
      ]
      const bytes = format === 'csv' ? await exportCsv(db, sheet, chosen) : await exportXlsx(db, sheet, chosen)
      const day = now().toISOString().slice(0, 10)
      return fileResponse(c, bytes, `atir-${sheet}-${day}`, format) as never
    })
    .openapi(templateRoute, async (c) => {
      const { format } = c.req.valid('query')
      const bytes =
        format === 'csv' ? await exportCsv(db, 'catalogue', [], false) : await exportXlsx(db, 'catalogue', [], false)
      return fileResponse(c, bytes, 'atir-import-template', format) as never
    })
}
