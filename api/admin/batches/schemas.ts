import { z } from '@hono/zod-openapi'
import { bulkActions, importModes, rowKinds } from '#contract/catalogue-batches.ts'
import { sheetFileFormats, sheetKinds } from '../../catalogue-batches/sheet-write.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { idParam, idSchema } from '../../http/schemas.ts'
import { productListQuery } from '../products/schemas.ts'

export const batchIdParams = z.object({ id: idParam('id', 7) })

const moment = z.iso.datetime({ offset: true }).nullable().optional()

export const bulkBody = z
  .object({
    ids: z.array(idSchema).min(1).max(1000).openapi({ description: 'The chosen products (at most 1,000)' }),
    action: z.enum(bulkActions).openapi({
      description:
        'hide / show; add_category / replace_category (`category_id`); price_percent: price ± `percent`, rounded ' +
        'to the nearest 1,000 sum; sale_percent: sale price `percent` below the price (rounded likewise), or ' +
        'sale_price: that price, both with an optional window; sale_clear: no sale',
    }),
    category_id: idSchema.nullable().optional(),
    percent: z.number().int().min(-90).max(500).nullable().optional(),
    sale_price: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
    sale_starts_at: moment,
    sale_ends_at: moment,
  })
  .strict()

export const applyBulkBody = z
  .object({ batch_id: idSchema.openapi({ description: 'The id the preview answered' }) })
  .strict()

export const undoBody = z
  .object({
    skip_changed: z.boolean().default(false).openapi({
      description:
        'Undo the rows nobody changed since and leave the changed ones (else 409 lists them and nothing is undone)',
    }),
  })
  .strict()

export const batchQuery = z.object({
  page: pagingQuery.page,
  size: z.coerce.number().int().min(1).max(500).default(100).openapi({ description: 'Rows per page, at most 500' }),
  kind: z.enum(rowKinds).optional().openapi({ description: 'Only created, changed or rejected rows' }),
})

export const listQuery = z.object(pagingQuery)

export const exportQuery = z.object({
  format: z.enum(sheetFileFormats).default('xlsx'),
  sheet: z
    .enum(sheetKinds)
    .default('catalogue')
    .openapi({ description: 'catalogue: every column; stock: prices and stock' }),
  // The product list's filters, as its query names and checks them.
  ...productListQuery.pick({
    q: true,
    brand: true,
    category: true,
    stock: true,
    hidden: true,
    no_picture: true,
    missing_translation: true,
  }).shape,
})

export const templateQuery = z.object({ format: z.enum(sheetFileFormats).default('xlsx') })

export const importForm = z.object({
  file: z.string().openapi({ format: 'binary', description: 'XLSX or CSV (`;` or `,`, UTF-8 with or without BOM)' }),
  mode: z.enum(importModes).openapi({ description: 'prices: price, sale and stock of existing products; everything' }),
})

const countsSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
})

const keptRowsSchema = z.object({
  action: z.enum(['apply', 'undo']),
  rows: z.array(z.object({ field: z.string(), message: z.string() })),
  more: z.string().nullable().openapi({ description: '"…and 12 more" when only the first rows are listed' }),
})

export const batchSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['bulk', 'import']),
    state: z.enum(['checking', 'previewed', 'applying', 'applied', 'undoing', 'undone', 'failed', 'interrupted']),
    summary: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'The action and its settings, or the file and mode' }),
    counts: countsSchema,
    progress: z
      .number()
      .int()
      .openapi({ description: 'Rows of the file read so far, or rows run so far while applying or undoing' }),
    total: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'What `progress` counts up to while checking (once counted), applying or undoing' }),
    error: z
      .string()
      .nullable()
      .openapi({ description: 'Why the file could not be read (failed) or its check stopped (interrupted)' }),
    refusal: keptRowsSchema
      .extend({ detail: z.string() })
      .nullable()
      .openapi({ description: 'The last apply or undo refused, nothing written: the rows changed since' }),
    left_out: keptRowsSchema
      .nullable()
      .openapi({ description: 'Rows the last apply or undo left out: their product changed while it ran' }),
    actor: z.string().openapi({ description: '`staff:<id>`, `key:<id>` or `cli`' }),
    actor_name: z
      .string()
      .nullable()
      .openapi({ description: "The staff member's name (null for a key or the command line)" }),
    created_at: z.string(),
    applied_at: z.string().nullable(),
    applied_by: z.string().nullable(),
    undone_at: z.string().nullable(),
    undone_by: z.string().nullable(),
    undo_until: z.string().nullable(),
    can_apply: z.boolean(),
    can_undo: z.boolean(),
  })
  .openapi('ChangeBatch')

const rowSchema = z.object({
  line: z.number().int().openapi({ description: 'Row of the file (or position in the selection)' }),
  product_id: z.number().int().nullable(),
  label: z.string(),
  kind: z.enum(rowKinds),
  changes: z.array(z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
})

export const batchDetailSchema = batchSchema.extend({ rows: pagedSchema(rowSchema) }).openapi('ChangeBatchDetail')

export const batchPage = pagedSchema(batchSchema)
