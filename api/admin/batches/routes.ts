import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { IMPORT_MAX_MB } from '#contract/catalogue-batches.ts'
import { applyBatch } from '../../catalogue-batches/apply.ts'
import { previewBulk } from '../../catalogue-batches/bulk.ts'
import { startImport } from '../../catalogue-batches/imports.ts'
import { IMPORT_MAX_ROWS } from '../../catalogue-batches/plan.ts'
import { batchDetail, batchList } from '../../catalogue-batches/service.ts'
import { undoBatch } from '../../catalogue-batches/undo.ts'
import { batchSummary } from '../../catalogue-batches/view.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { requiredForm, requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { auditActor, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { exportSheet, importBodyLimit, importTemplate, readImportUpload } from './files.ts'
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

/** How an apply or undo goes on, for their routes' descriptions. */
const inBackground =
  'Answers 202 with the batch `applying` (or `undoing`): it runs in the background, in slices of one short ' +
  'transaction each, so the shop keeps answering; poll GET admin/batches/{id}/ (`progress` rows of `total`). ' +
  'First every row is compared with its product as it is now: if one changed since, nothing is written and ' +
  'the batch goes back with `refusal` listing the rows. A product changed while the run is under way is left ' +
  'out and listed in `left_out`. A run stopped by a restart goes on in the next process.'

const bulkApplyRoute = write.post('/admin/products/bulk/', {
  summary: 'Apply a previewed bulk action (catalogue.write)',
  description: `What was previewed is what is applied. ${inBackground} One audit entry \`catalogue.batch_apply\` when done; undoable for 24 hours.`,
  request: { body: requiredJson(applyBulkBody) },
  responses: { 202: jsonContent(batchSchema, 'The batch being applied'), ...adminErrorsOf(400, 404, 409) },
})

const importRoute = write.post('/admin/products/import/', {
  summary: 'Upload a spreadsheet to preview its import (catalogue.write)',
  description:
    'Multipart `file` (XLSX, or CSV with `;` or `,`, UTF-8 with or without BOM or Windows-1251; ' +
    `at most ${IMPORT_MAX_MB} MB, ${IMPORT_MAX_ROWS.toLocaleString('en')} rows) and \`mode\`. ` +
    'Answers 202 with the batch in state `checking`; poll GET admin/batches/{id}/ (`progress`: rows read, of ' +
    '`total` once counted: a file over the row limit is refused before any row is looked up) ' +
    'until it is `previewed` (rows: created, changed with before → after, rejected with column and reason), ' +
    '`failed` (`error`: not a spreadsheet, no known columns, too many rows) or `interrupted` (the server ' +
    'stopped meanwhile: upload it again). The body is cut at the size limit as it is read, with or without a length. ' +
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
    `${inBackground} Rejected rows are left out; stock in the file is a count applied as the difference from ` +
    'the stock seen at preview time, so sales meanwhile stay counted. Search keys are rebuilt and the catalogue ' +
    'cache invalidated as it goes; one audit entry `catalogue.batch_apply` when done. 409: the batch is being ' +
    'checked, applied or undone, or is not previewed.',
  request: { params: batchIdParams },
  responses: { 202: jsonContent(batchSchema, 'The batch being applied'), ...adminErrorsOf(404, 409) },
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
    `${inBackground} The products get their values from before the batch, stock the opposite movement, created ` +
    'products are hidden; one audit entry `catalogue.batch_undo`. A product changed since (or whose stock was ' +
    'sold below what undo would take back) is never overwritten: the undo is refused with those rows, unless ' +
    '`skip_changed` undoes the others and lists them in `left_out`.',
  request: { params: batchIdParams, body: { required: false, content: { 'application/json': { schema: undoBody } } } },
  responses: {
    202: jsonContent(batchSchema, 'The batch being undone'),
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

/**
 * Bulk actions, spreadsheet import and export: every change is
 * previewed as a batch, applied in one step and undoable for 24 hours
 * (api/catalogue-batches/).
 */
export function adminBatchRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = () => deps.now?.() ?? new Date()
  const ctx = (c: Context<ApiEnv>) => ({ lang: c.get('lang'), now })

  async function detail(
    c: Context<ApiEnv>,
    id: number,
    query = { page: 1, size: 100 } as { page: number; size: number; kind?: 'created' | 'changed' | 'rejected' },
  ) {
    const { batch, rows, total } = await batchDetail(db, id, ctx(c), query)
    c.header('Cache-Control', 'private, no-store')
    return { ...batch, rows: paged(rows, total, query.page, query.size, c.req.url) }
  }
  const started = (c: Context<ApiEnv>, batch: Parameters<typeof batchSummary>[0]) => {
    c.header('Location', `/api/v1/admin/batches/${batch.id}/`)
    return c.json(batchSummary(batch, c.get('lang'), now()), 202)
  }

  const router = createRouter()

  // Multipart: read and checked here (the OpenAPI validator knows no files), with the file's own size limit.
  router.openAPIRegistry.registerPath(importRoute)
  router.post('/admin/products/import/', requirePermission('catalogue.write'), importBodyLimit, async (c) => {
    const file = await readImportUpload(c)
    return started(c, await startImport(db, file, auditActor(c)))
  })

  return router
    .openapi(bulkPreviewRoute, async (c) => {
      const id = await previewBulk(db, c.req.valid('json'), auditActor(c), c.get('lang'))
      return c.json(await detail(c, id), 200)
    })
    .openapi(bulkApplyRoute, async (c) =>
      started(c, await applyBatch(db, c.req.valid('json').batch_id, auditActor(c), ctx(c))),
    )
    .openapi(applyRoute, async (c) => started(c, await applyBatch(db, c.req.valid('param').id, auditActor(c), ctx(c))))
    .openapi(listRoute, async (c) => {
      const { page, size } = c.req.valid('query')
      const { results, total } = await batchList(db, ctx(c), page, size)
      c.header('Cache-Control', 'private, no-store')
      return c.json(paged(results, total, page, size, c.req.url), 200)
    })
    .openapi(detailRoute, async (c) => {
      return c.json(await detail(c, c.req.valid('param').id, c.req.valid('query')), 200)
    })
    .openapi(undoRoute, async (c) => {
      const body = (c.req.valid('json') as { skip_changed?: boolean } | undefined) ?? {}
      const skipChanged = body.skip_changed ?? false
      return started(c, await undoBatch(db, c.req.valid('param').id, auditActor(c), { ...ctx(c), skipChanged }))
    })
    .openapi(exportRoute, async (c) => {
      const { format, sheet, ...filters } = c.req.valid('query')
      const bytes = await exportSheet(db, { format, sheet, filters }, deps.config.TELEGRAM_LOW_STOCK_THRESHOLD)
      const day = now().toISOString().slice(0, 10)
      return fileResponse(c, bytes, `atir-${sheet}-${day}`, format) as never
    })
    .openapi(templateRoute, async (c) => {
      const { format } = c.req.valid('query')
      return fileResponse(c, await importTemplate(db, format), 'atir-import-template', format) as never
    })
}
