import { z } from '@hono/zod-openapi'
import { pageKinds } from '#contract/content.ts'
import { listingSizes } from '#contract/product-lines.ts'
import { pagingQuery } from '../http/paging.ts'

// Query parameters of the catalogue lists. Every schema here both validates
// requests and describes them in the OpenAPI document.

export const orderings = ['price', '-price', 'created_at', '-created_at', 'rating', '-rating', 'popularity'] as const
export type Ordering = (typeof orderings)[number]

const slugPattern = /^[a-z0-9][a-z0-9-]{0,99}$/
const maxListItems = 30

// django-filter treats an empty value as "no filter", and a plain HTML form
// sends empty fields: both mean the parameter is absent.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const splitList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

/** `a,b,c`: comma-separated slugs; refinement messages are keys of locales/{lang}/api.json. */
const slugList = (description: string, example: string) =>
  optional(
    z
      .string()
      .max(2000)
      .refine((value) => splitList(value).every((s) => slugPattern.test(s)), { message: 'invalid_slug_list' })
      .refine((value) => splitList(value).length <= maxListItems, { message: 'too_many_items' })
      .transform(splitList)
      .openapi({ type: 'string', description, example }),
  ).openapi({ type: 'string', description, example })

const audiences = ['women', 'men', 'unisex'] as const
const audienceList = optional(
  z
    .string()
    .max(100)
    .refine((value) => splitList(value).every((a) => (audiences as readonly string[]).includes(a)), {
      message: 'invalid_audience',
    })
    .transform((value) => splitList(value) as (typeof audiences)[number][]),
).openapi({ type: 'string', description: 'Comma-separated: women, men, unisex', example: 'men,unisex' })

const booleanParam = (description: string) =>
  optional(
    z
      .enum(['true', 'false', 'True', 'False', '1', '0'])
      .transform((value) => value === 'true' || value === 'True' || value === '1'),
  ).openapi({ type: 'string', enum: ['true', 'false'], description })

const priceParam = (description: string) =>
  optional(
    z
      .string()
      .refine((value) => /^\d{1,10}$/.test(value), { message: 'invalid_integer' })
      .transform(Number)
      .pipe(z.number().int().max(1_000_000_000)),
  ).openapi({ type: 'integer', minimum: 0, description })

export const productListQuery = z
  .strictObject({
    ...pagingQuery,
    search: optional(z.string().trim().max(100)).openapi({
      type: 'string',
      maxLength: 100,
      description:
        'Words in any script or spelling: Latin, Uzbek or Russian Cyrillic, brand nicknames, typos, volumes ("100 ml"). ' +
        'Words for whom or what kind of product ("женские духи", "erkaklar uchun atir") filter like `audience` and `sections`. ' +
        'Results then come by relevance unless `ordering` is given, and carry `highlight`.',
    }),
    ordering: optional(z.enum(orderings)).openapi({
      type: 'string',
      enum: [...orderings],
      description:
        'Default: relevance with `search`, otherwise newest first (-created_at). Prices compare the price paid (sale price when set).',
    }),
    sale_price__isnull: booleanParam('false: only products on sale; true: only products at the regular price'),
    is_recommendation: booleanParam('Only (or, with false, no) recommended products'),
    sections: slugList(
      'Category slugs or header-group slugs, comma-separated; a product in any of them matches',
      'womens-perfume,niche-perfume',
    ),
    brand: slugList('Brand slugs, comma-separated', 'dior,chanel'),
    manufacturer: slugList('Manufacturer slugs, comma-separated', 'lvmh'),
    audience: audienceList,
    price__gte: priceParam('Lowest price paid, in sum'),
    price__lte: priceParam('Highest price paid, in sum'),
    in_stock: booleanParam('true: only products that can be ordered now; false: only sold-out ones'),
    sizes: optional(z.enum(listingSizes)).openapi({
      type: 'string',
      enum: [...listingSizes],
      description:
        "A product line's sizes and forms: `together`, one card per line (its first product the filters keep, " +
        "with `line`); `separate`, a card each. Default: the shop's setting (the answer's `sizes`). " +
        'With `search`, a line stands as its best match: the size or concentration the words name ' +
        '("sauvage 200", "sauvage edp"), those first, else its first size.',
    }),
  })
  .superRefine((query, ctx) => {
    if (query.price__gte !== undefined && query.price__lte !== undefined && query.price__gte > query.price__lte) {
      ctx.addIssue({ code: 'custom', path: ['price__lte'], message: 'price_range' })
    }
  })

export type ProductListQuery = z.infer<typeof productListQuery>

export const pagedQuery = z.strictObject({ ...pagingQuery })

export const brandListQuery = z.strictObject({
  popular: booleanParam('Only the brands shown on the home page'),
})

export const pageListQuery = z.strictObject({
  kind: optional(z.enum(pageKinds)).openapi({
    type: 'string',
    description: 'Only pages of this kind (e.g. instruction for the profile instructions)',
  }),
})
