import { z } from '@hono/zod-openapi'
import { stockReasons } from '../../db/schema/index.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { idParam } from '../../http/schemas.ts'

/** Stock counts fit PostgreSQL's integer with room to add; nobody counts a million bottles. */
const MAX_COUNT = 1_000_000

export const productIdParams = z.object({ id: idParam('id', 42) })

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'invalid')
  .openapi({ example: '2027-06-30' })
const count = (description: string) => z.number().int().min(0).max(MAX_COUNT).openapi({ description })
const optionalText = z.string().trim().max(500).nullish()

export const stockListQuery = z.object({
  ...pagingQuery,
  q: z.string().max(100).optional().openapi({ description: 'Part of the title (any language), SKU or barcode' }),
})

export const expiringQuery = z.object({
  ...pagingQuery,
  days: z.coerce
    .number()
    .int()
    .min(1)
    .max(730)
    .default(60)
    .openapi({ description: 'Batches expiring within this many days (Tashkent), or already expired' }),
})

export const arrivalBody = z
  .object({
    quantity: z.number().int().min(1).max(MAX_COUNT),
    expires_on: date.nullish().openapi({ description: 'The expiry date on the boxes; none: picked last' }),
    note: optionalText.openapi({ description: 'Supplier, invoice…' }),
  })
  .strict()

export const correctionBody = z
  .object({
    seen: count('The stock the staff member was shown when they counted'),
    counted: count('What they counted'),
    reason: z.string().trim().min(1).max(500).openapi({ description: 'Why: recount, damaged, lost…' }),
    expires_on: date.nullish().openapi({ description: 'For a count up: the expiry of the units found; none: no date' }),
  })
  .strict()

export const saleBody = z
  .object({
    percent: z.number().int().min(1).max(90).openapi({ description: 'Off the regular price' }),
    days: z
      .number()
      .int()
      .min(1)
      .max(730)
      .default(60)
      .openapi({ description: 'The expiring window the sale is for (as in GET admin/stock/expiring/)' }),
  })
  .strict()

export const batchSchema = z
  .object({
    id: z.number().int(),
    quantity: z.number().int(),
    expires_on: z.string().nullable(),
    received_at: z.string(),
    note: z.string().nullable(),
  })
  .openapi('StockBatch')

const productRef = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string().openapi({ description: "In the request's language (Russian when missing)" }),
  sku: z.string().nullable(),
  stock: z.number().int(),
  low_stock_threshold: z
    .number()
    .int()
    .openapi({ description: "The product's own threshold, or the shop's (TELEGRAM_LOW_STOCK_THRESHOLD)" }),
  price: z.number().int(),
  sale_price: z.number().int().nullable(),
  is_hidden: z.boolean(),
}

export const stockRowSchema = z.object({ ...productRef, nearest_expiry: z.string().nullable() }).openapi('StockRow')

export const stockProductSchema = z
  .object({
    ...productRef,
    own_low_stock_threshold: z.number().int().nullable(),
    low: z.boolean(),
    sale_starts_at: z.string().nullable(),
    sale_ends_at: z.string().nullable(),
    batches: z.array(batchSchema).openapi({ description: 'Batches with stock left, nearest expiry first' }),
    unbatched: z.number().int().openapi({
      description: 'Stock from before batches (no expiry); it joins the undated batch at the next movement',
    }),
  })
  .openapi('StockProduct')

export const expiringRowSchema = z
  .object({
    batch: batchSchema,
    product: z.object(productRef),
    days_left: z.number().int().openapi({ description: 'Negative: expired that many days ago' }),
  })
  .openapi('ExpiringBatch')

export const movementSchema = z
  .object({
    id: z.number().int(),
    delta: z.number().int(),
    reason: z.enum(stockReasons),
    order: z.object({ id: z.number().int(), number: z.string() }).nullable(),
    batch: z.object({ id: z.number().int(), expires_on: z.string().nullable() }).nullable(),
    actor: z.string().nullable().openapi({ description: 'As the audit log: staff:3, key:1, customer:7, system' }),
    staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    note: z.string().nullable(),
    stock_after: z.number().int(),
    created_at: z.string(),
  })
  .openapi('StockMovement')

export const stockPage = pagedSchema(stockRowSchema)
export const expiringPage = pagedSchema(expiringRowSchema)
export const movementPage = pagedSchema(movementSchema)
