import { z } from '@hono/zod-openapi'
import { volumeUnits } from '#contract/catalogue.ts'
import { concentrations, LINE_MEMBERS_MAX, LINE_NAME_MAX, listingSizes, sizeKinds } from '#contract/product-lines.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { INT_MAX, idParam, idSchema } from '../../http/schemas.ts'

export const lineIdParams = z.object({ id: idParam('id', 7) })
export const productIdParams = z.object({ id: idParam('id', 42) })

const name = z.string().trim().min(1).max(LINE_NAME_MAX).openapi({ example: 'Dior Sauvage' })
const concentration = z.enum(concentrations).nullable().openapi({ description: 'null: not a perfume, or not said' })
const sizeKind = z.enum(sizeKinds).nullable().openapi({ description: 'null: the regular bottle' })

export const lineMemberAdminSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string().openapi({ description: 'In the requested language' }),
    sku: z.string().nullable(),
    volume: z.number().int().nullable(),
    unit: z.enum(volumeUnits),
    concentration,
    size_kind: sizeKind,
    price: z.number().int(),
    sale_price: z.number().int().nullable().openapi({ description: 'The sale price while it applies' }),
    stock: z.number().int(),
    is_hidden: z.boolean(),
  })
  .openapi('AdminLineMember')

export const adminLineSchema = z
  .object({
    id: z.number().int(),
    slug: z.string().openapi({ description: "What the spreadsheet's `line` column names it by" }),
    name: z.string(),
    members: z.array(lineMemberAdminSchema).openapi({ description: 'In the order the product page offers them' }),
  })
  .openapi('AdminLine')
export type AdminLine = z.infer<typeof adminLineSchema>

export const adminLineRowSchema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string(), size_count: z.number().int() })
  .openapi('AdminLineRow')
export const adminLinePage = pagedSchema(adminLineRowSchema).openapi('AdminLinePage')

export const lineListQuery = z.object({
  ...pagingQuery,
  size: z.coerce.number().int().min(1).max(100).default(25).openapi({ description: 'Items per page, at most 100' }),
  q: z.string().trim().max(100).optional().openapi({ description: 'Part of the name or slug' }),
})

export const lineCreateBody = z
  .object({
    name: name.optional().openapi({ description: "Left out: the first product's Russian title up to its first comma" }),
    product_ids: z
      .array(idSchema)
      .min(1)
      .max(LINE_MEMBERS_MAX)
      .openapi({ description: 'In the order of the choices; none may be in another line' }),
  })
  .strict()
  .openapi('AdminLineCreate')

export const lineMemberInput = z
  .object({
    product_id: idSchema,
    concentration: concentration.optional().openapi({ description: "Left out: the product's stays" }),
    size_kind: sizeKind.optional().openapi({ description: "Left out: the product's stays" }),
  })
  .strict()

export const linePatchBody = z
  .object({
    name: name.optional(),
    members: z
      .array(lineMemberInput)
      .min(1)
      .max(LINE_MEMBERS_MAX)
      .optional()
      .openapi({
        description:
          'The whole line in its new order: products left out leave it, new ones join (none may be in another line); ' +
          'each may set what tells it apart (concentration, tester or miniature)',
      }),
  })
  .strict()
  .openapi('AdminLinePatch')
export type LinePatch = z.infer<typeof linePatchBody>

export const groupBody = z
  .object({
    with: z.string().trim().min(1).max(120).openapi({
      description: 'The other product: its id, SKU, barcode or slug',
      example: 'dior-sauvage-eau-de-toilette-50-ml',
    }),
  })
  .strict()
  .openapi('AdminLineGroup')

export const productLineAnswer = z
  .object({ line: adminLineSchema.nullable() })
  .openapi('AdminProductLine', { description: "The product's line, null when it is in none" })

export const newSizeBody = z
  .object({
    volume: z.number().int().min(1).max(1_000_000),
    price: z
      .number()
      .int()
      .min(1)
      .max(INT_MAX)
      .openapi({ description: 'Sum; no sale price (set it on the new product)' }),
    concentration: concentration.optional().openapi({ description: "Left out: the product's" }),
    size_kind: sizeKind.optional().openapi({ description: 'Left out: the regular bottle' }),
    sku: z.string().trim().min(1).max(64).nullable().optional().openapi({ description: 'Unique article number' }),
  })
  .strict()
  .openapi('AdminLineNewSize')

export const newSizeAnswer = z
  .object({ product_id: z.number().int().openapi({ description: 'The new product' }), line: adminLineSchema })
  .openapi('AdminLineNewSizeResult')

export const listingSettingSchema = z
  .object({
    sizes: z.enum(listingSizes).openapi({
      description:
        "How the shop's lists show a line: one card for all its sizes (`together`) or a card each (`separate`)",
    }),
  })
  .strict()
  .openapi('AdminListingSetting')
