import { z } from '@hono/zod-openapi'
import { PRODUCT_PICTURES_MAX, productSorts, stockStates } from '#contract/admin-products.ts'
import { volumeUnits } from '#contract/catalogue.ts'
import { languages } from '#contract/languages.ts'
import { audienceSchema, imageLinksSchema } from '../../catalogue/schemas.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { INT_MAX, idParam, idSchema } from '../../http/schemas.ts'
import { IMAGE_MAX_BYTES } from '../../uploads/images.ts'
import { optionalIdQuery } from '../query.ts'

export { PRODUCT_PICTURES_MAX }

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional()

export const productListQuery = z.object({
  ...pagingQuery,
  size: z.coerce.number().int().min(1).max(100).default(25).openapi({ description: 'Items per page, at most 100' }),
  q: z.string().max(100).optional().openapi({
    description: "The shop's own search: Cyrillic, Latin and local spellings find the same products (шанель, chanel)",
  }),
  brand: optionalIdQuery('Only this brand'),
  category: optionalIdQuery('Only products in this category'),
  stock: z.enum(stockStates).optional().openapi({
    description:
      "`in`: above its low-stock threshold; `low`: 1 to the threshold (the product's own, else TELEGRAM_LOW_STOCK_THRESHOLD); `out`: 0",
  }),
  hidden: flag.openapi({ type: 'boolean', description: 'Only hidden (true) or only shown (false) products' }),
  no_picture: flag.openapi({ type: 'boolean', description: 'Only products without a picture' }),
  missing_translation: flag.openapi({
    type: 'boolean',
    description: 'Only products with an empty title or description in some language',
  }),
  sort: z
    .enum(productSorts)
    .optional()
    .openapi({ description: 'Default: best match with `q`, else the most recently changed first' }),
})

export const productIdParams = z.object({ id: idParam('id', 42) })
export const pictureParams = z.object({ id: idParam('id', 42), pictureId: idParam('pictureId', 7) })

const localizedOut = z.object({ uz: z.string(), sr: z.string(), ru: z.string() })

const text = (max: number) => z.string().trim().max(max)
const localizedIn = (max: number) => z.object({ uz: text(max), sr: text(max), ru: text(max) }).strict()
/** A text matching `pattern`; otherwise the message of `key` (a custom issue carries our key). */
const matching = (pattern: RegExp, key: string) => z.string().refine((value) => pattern.test(value), key)

const moment = z.iso
  .datetime({ offset: true })
  .nullable()
  .openapi({ example: '2026-12-01T00:00:00+05:00', description: 'ISO 8601 with an offset; null: open' })

/**
 * A product's editable fields. Stock is not among them: it changes only by
 * stock movements (a new product starts at 0).
 */
export const productFields = z
  .object({
    title: localizedIn(200)
      .refine((t) => t.ru !== '', { message: 'required', path: ['ru'] })
      .openapi({ description: 'uz: Uzbek Cyrillic, sr: Uzbek Latin, ru: Russian. Russian is required (the fallback)' }),
    description: localizedIn(10_000).openapi({ description: 'Empty: missing (the shop shows the Russian one)' }),
    brand_id: idSchema,
    manufacturer_id: idSchema.nullable().openapi({ description: "null: the brand's manufacturer" }),
    category_ids: z.array(idSchema).max(30),
    audience: audienceSchema,
    country: matching(/^[A-Za-z]{2}$/, 'admin_product_country').openapi({ example: 'FR' }),
    release_year: z.number().int().min(1800).max(2100).nullable(),
    volume: z.number().int().min(1).max(1_000_000).nullable(),
    unit: z.enum(volumeUnits),
    price: z.number().int().min(1).max(INT_MAX).openapi({ description: 'Sum (catalogue.write to change)' }),
    sale_price: z
      .number()
      .int()
      .min(1)
      .max(INT_MAX)
      .nullable()
      .openapi({ description: 'Below `price`; null: no sale (catalogue.write)' }),
    sale_starts_at: moment,
    sale_ends_at: moment,
    is_recommendation: z.boolean(),
    is_hidden: z.boolean().openapi({ description: 'Hidden products are not shown, found or sold' }),
    ikpu: matching(/^\d{17}$/, 'admin_product_ikpu')
      .nullable()
      .openapi({ description: 'IKPU (MXIK), 17 digits; null: PAYME_DEFAULT_IKPU (catalogue.write)' }),
    package_code: matching(/^\d{1,20}$/, 'admin_product_package_code')
      .nullable()
      .openapi({ description: 'null: PAYME_DEFAULT_PACKAGE_CODE (catalogue.write)' }),
    sku: text(64).min(1).nullable().openapi({ description: 'Unique article number' }),
    barcode: text(64).min(1).nullable().openapi({ description: 'EAN/UPC; unique' }),
    aliases: z.array(text(80).min(1)).max(30).openapi({ description: 'Local spellings the search also finds' }),
    slug: matching(/^[a-z0-9][a-z0-9-]{0,119}$/, 'admin_product_slug')
      .optional()
      .openapi({ description: 'Left out: made from the Latin title when the title changes' }),
  })
  .strict()

const required = ['title', 'brand_id', 'audience', 'country', 'price'] as const
export const productCreateBody = productFields
  .partial()
  .required(Object.fromEntries(required.map((k) => [k, true])) as { [K in (typeof required)[number]]: true })
  .openapi('AdminProductCreate')
export const productPatchBody = productFields.partial().openapi('AdminProductPatch')
export type ProductInput = z.infer<typeof productPatchBody>

export const transliterateBody = z
  .object({
    text: z.string().max(10_000),
    to: z.enum(['sr', 'uz']).openapi({ description: 'sr: Cyrillic → Latin; uz: Latin → Cyrillic (check it)' }),
  })
  .openapi('TransliterateRequest')
export const transliterateSchema = z.object({ text: z.string() }).openapi('Transliterated')

export const pictureSchema = z
  .object({
    id: z.number().int(),
    position: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    alt: localizedOut.nullable().openapi({ description: "null: the product's title stands in" }),
    image: imageLinksSchema,
  })
  .openapi('AdminProductPicture')

export const doctorSchema = z
  .object({
    code: z.enum([
      'hidden',
      'out_of_stock',
      'brand_hidden',
      'no_category',
      'categories_hidden',
      'no_picture',
      'missing_title',
      'missing_description',
      'sale_not_started',
      'sale_ended',
    ]),
    lang: z.enum(languages).nullable().openapi({ description: 'The language a missing translation is in' }),
    blocks: z.boolean().openapi({ description: 'true: the product cannot be found or bought for it' }),
    message: z.string(),
  })
  .openapi('AdminProductDoctorReason')
export type DoctorReason = z.infer<typeof doctorSchema>

const suggestion = z.object({ uz: z.string().optional(), sr: z.string().optional() })

export const adminProductSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: localizedOut,
    description: localizedOut,
    brand: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), is_hidden: z.boolean() }),
    manufacturer_id: z.number().int().nullable(),
    categories: z.array(
      z.object({ id: z.number().int(), slug: z.string(), title: z.string(), is_hidden: z.boolean() }),
    ),
    audience: audienceSchema,
    country: z.string(),
    release_year: z.number().int().nullable(),
    volume: z.number().int().nullable(),
    unit: z.enum(volumeUnits),
    price: z.number().int(),
    sale_price: z.number().int().nullable(),
    sale_starts_at: z.string().nullable(),
    sale_ends_at: z.string().nullable(),
    stock: z.number().int().openapi({ description: 'Read only here: changed by stock movements' }),
    low_stock_threshold: z.number().int().openapi({ description: "The product's own, else the shop's default" }),
    is_hidden: z.boolean(),
    is_recommendation: z.boolean(),
    ikpu: z.string().nullable(),
    package_code: z.string().nullable(),
    sku: z.string().nullable(),
    barcode: z.string().nullable(),
    aliases: z.array(z.string()),
    pictures: z.array(pictureSchema),
    doctor: z
      .array(doctorSchema)
      .openapi({ description: 'Why the product cannot be bought or found, or is shown worse' }),
    suggestions: z
      .object({ title: suggestion, description: suggestion })
      .openapi({ description: 'An Uzbek text in one script only, offered in the other (check before saving)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('AdminProduct')
export type AdminProduct = z.infer<typeof adminProductSchema>

export const adminProductRow = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    brand: z.object({ id: z.number().int(), name: z.string() }),
    price: z.number().int(),
    sale_price: z.number().int().nullable(),
    stock: z.number().int(),
    stock_state: z.enum(stockStates),
    is_hidden: z.boolean(),
    picture: imageLinksSchema.nullable(),
    missing_languages: z.array(z.enum(languages)),
    updated_at: z.string(),
  })
  .openapi('AdminProductRow')
export type AdminProductRow = z.infer<typeof adminProductRow>

export const adminProductPage = pagedSchema(adminProductRow).openapi('AdminProductPage')

export const pictureOrderBody = z
  .object({ ids: z.array(idSchema).min(1).max(PRODUCT_PICTURES_MAX) })
  .openapi('AdminPictureOrder')
export const pictureAltBody = z.object({ alt: localizedIn(300) }).openapi('AdminPictureAlt')

export const uploadNote =
  `Multipart, one or more files \`files\` (JPEG, PNG or WebP judged by content, each at most ` +
  `${IMAGE_MAX_BYTES / 1024 / 1024} MB; a product has at most ${PRODUCT_PICTURES_MAX} pictures). ` +
  'Every file is checked first: one bad file is a 400 naming it (`errors[].field` `files.<n>`) and nothing is saved.'

const choice = z.object({ id: z.number().int(), name: z.string(), is_hidden: z.boolean() })
export const choicesSchema = z
  .object({
    brands: z.array(choice),
    manufacturers: z.array(choice),
    categories: z.array(choice.extend({ group: z.string().nullable() })),
  })
  .openapi('AdminProductChoices')
export type ProductChoices = z.infer<typeof choicesSchema>
