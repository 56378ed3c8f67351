import { volumeUnits } from '#contract/catalogue.ts'
import { z } from '#contract/zod.ts'

/**
 * The product form (new and edit pages), flat: one input per language and
 * field. Light checks only; `admin/products/` checks everything again and its
 * field errors (`title.ru`) come back on these names (`title_ru`).
 */
const text = (max: number) => z.string().trim().max(max, 'max_length').optional()
const whole = z.number().int('invalid_type')
const optionalWhole = whole.min(1, 'invalid_type').optional()

/** The sums, typed grouped ("428 000") behind the amount mask. */
export const amountFields = ['price', 'sale_price'] as const

export const productForm = z.object({
  title_uz: text(200),
  title_sr: text(200),
  title_ru: z.string('required').trim().min(1, 'required').max(200, 'max_length'),
  description_uz: text(10_000),
  description_sr: text(10_000),
  description_ru: text(10_000),
  brand_id: whole.min(1, 'required'),
  manufacturer_id: optionalWhole,
  category_ids: z.array(whole).optional(),
  audience: z.enum(['women', 'men', 'unisex'], 'required'),
  country: z.string('required').trim().min(2, 'required').max(2, 'max_length'),
  release_year: optionalWhole,
  volume: optionalWhole,
  unit: z.enum(volumeUnits, 'required'),
  price: whole.min(1, 'required').optional(),
  sale_price: optionalWhole,
  sale_starts_at: text(20),
  sale_ends_at: text(20),
  is_recommendation: z.string().optional(),
  is_hidden: z.string().optional(),
  ikpu: text(17),
  package_code: text(20),
  sku: text(64),
  barcode: text(64),
  aliases: text(2000),
})
export type ProductFormValues = z.infer<typeof productForm>

/** What a texts-only editor (content) posts: the other fields show locked and are not sent. */
export const productTextsForm = productForm.pick({
  title_uz: true,
  title_sr: true,
  title_ru: true,
  description_uz: true,
  description_sr: true,
  description_ru: true,
  aliases: true,
})
export type ProductTextsValues = z.infer<typeof productTextsForm>

/** The intents of the edit page's forms. */
export const ProductIntent = {
  save: 'save',
  fillScript: 'fill_script',
  upload: 'upload',
  order: 'order',
  alt: 'alt',
  deletePicture: 'delete_picture',
  duplicate: 'duplicate',
} as const
