import { z } from '@hono/zod-openapi'
import { languages } from '#contract/languages.ts'
import { idSchema } from '../../http/schemas.ts'
import { slugPattern } from './slugs.ts'

// Bodies and answers of the taxonomy editor (brands, manufacturers,
// categories, menu groups). Custom messages are keys of locales/*/api.json.

const NAME_MAX = 120

const name = z.string().trim().min(1).max(NAME_MAX)
const slug = z
  .string()
  .trim()
  .refine((value) => slugPattern.test(value), { message: 'admin_slug_invalid' })
  .openapi({
    description: 'Latin lower-case letters, digits and hyphens; generated from the (Latin) name when left out',
    example: 'la-roche-posay',
  })
const country = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .refine((value) => /^[A-Z]{2}$/.test(value), { message: 'admin_country_invalid' })
  .openapi({ description: 'ISO 3166 alpha-2', example: 'FR' })

/** A title per language: one may be empty (shown as a missing translation), not all three. */
const title = z
  .object({
    uz: z.string().trim().max(NAME_MAX),
    sr: z.string().trim().max(NAME_MAX),
    ru: z.string().trim().max(NAME_MAX),
  })
  .refine((t) => Boolean(t.uz || t.sr || t.ru), { message: 'admin_title_required' })
  .openapi({ description: 'uz: Uzbek Cyrillic, sr: Uzbek Latin, ru: Russian; up to 120 characters each' })

const hidden = z
  .boolean()
  .openapi({ description: 'Hidden: not in the shop’s menus, filters and lists; its page is 404' })

const brandFields = {
  name,
  slug,
  country,
  manufacturer_id: idSchema.nullable(),
  aliases: z
    .array(z.string().trim().min(1).max(60))
    .max(30)
    .openapi({ description: 'Local spellings shoppers type ("шанель", "shanel"); found by search' }),
  is_popular: z.boolean(),
  is_hidden: hidden,
}
export const brandCreate = z.strictObject({
  ...brandFields,
  slug: slug.optional(),
  manufacturer_id: brandFields.manufacturer_id.optional(),
  aliases: brandFields.aliases.optional(),
  is_popular: z.boolean().optional(),
  is_hidden: hidden.optional(),
})
export const brandUpdate = z.strictObject(brandFields).partial()

const manufacturerFields = { name, slug, country, is_hidden: hidden }
export const manufacturerCreate = z.strictObject({
  ...manufacturerFields,
  slug: slug.optional(),
  is_hidden: hidden.optional(),
})
export const manufacturerUpdate = z.strictObject(manufacturerFields).partial()

const categoryFields = {
  title,
  slug,
  group_id: idSchema.nullable().openapi({ description: 'The header menu’s column (menu group)' }),
  in_header: z.boolean(),
  in_footer: z.boolean(),
  is_popular: z.boolean(),
  image: z.string().trim().max(300).nullable().openapi({ description: 'Picture path under the uploads' }),
  is_hidden: hidden,
}
export const categoryCreate = z.strictObject(categoryFields).partial().required({ title: true })
export const categoryUpdate = z.strictObject(categoryFields).partial()

const groupFields = { title, slug, is_hidden: hidden }
export const groupCreate = z.strictObject(groupFields).partial().required({ title: true })
export const groupUpdate = z.strictObject(groupFields).partial()

export const orderBody = z
  .strictObject({
    ids: z
      .array(idSchema)
      .min(1)
      .max(2000)
      .openapi({ description: 'Ids in the new order: the first gets position 1. Rows left out keep theirs.' }),
  })
  .openapi('TaxonomyOrder')

const localizedTitle = z.object({ uz: z.string(), sr: z.string(), ru: z.string() })
const missing = z
  .array(z.enum(languages))
  .openapi({ description: 'Languages whose title is empty: the shop falls back to another one' })
const common = {
  id: z.number().int(),
  slug: z.string(),
  position: z.number().int(),
  is_hidden: z.boolean(),
}

export const staffBrandSchema = z
  .object({
    ...common,
    name: z.string(),
    country: z.string(),
    manufacturer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    aliases: z.array(z.string()),
    is_popular: z.boolean(),
    product_count: z.number().int(),
  })
  .openapi('StaffBrand')

export const staffManufacturerSchema = z
  .object({ ...common, name: z.string(), country: z.string(), brand_count: z.number().int() })
  .openapi('StaffManufacturer')

export const staffCategorySchema = z
  .object({
    ...common,
    title: localizedTitle,
    missing_translations: missing,
    group: z.object({ id: z.number().int(), title: localizedTitle }).nullable(),
    in_header: z.boolean(),
    in_footer: z.boolean(),
    is_popular: z.boolean(),
    image: z.string().nullable(),
    product_count: z.number().int(),
  })
  .openapi('StaffCategory')

export const staffGroupSchema = z
  .object({ ...common, title: localizedTitle, missing_translations: missing, category_count: z.number().int() })
  .openapi('StaffCategoryGroup')

export type BrandInput = z.infer<typeof brandUpdate>
export type ManufacturerInput = z.infer<typeof manufacturerUpdate>
export type CategoryInput = z.infer<typeof categoryUpdate>
export type GroupInput = z.infer<typeof groupUpdate>

/** Each kind's request bodies and answer, as its routes declare them. */
export const brandSchemas = { create: brandCreate, update: brandUpdate, row: staffBrandSchema }
export const manufacturerSchemas = {
  create: manufacturerCreate,
  update: manufacturerUpdate,
  row: staffManufacturerSchema,
}
export const categorySchemas = { create: categoryCreate, update: categoryUpdate, row: staffCategorySchema }
export const groupSchemas = { create: groupCreate, update: groupUpdate, row: staffGroupSchema }
