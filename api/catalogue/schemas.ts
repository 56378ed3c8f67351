import { z } from '@hono/zod-openapi'
import { volumeUnits } from '#contract/catalogue.ts'
import { concentrations, sizeKinds } from '#contract/product-lines.ts'
import { imageSizes } from '../media/paths.ts'

// Response shapes of the catalogue. Field names follow the Django REST API the
// storefront and the mobile apps were built against: snake_case, ISO dates.

const url = z.string().openapi({ example: '/api/v1/media/small/x1Yz2AbC3dEf/products/dior-sauvage-1.svg' })

export const imageLinksSchema = z
  .object(
    Object.fromEntries(Object.keys(imageSizes).map((size) => [size, url])) as Record<
      keyof typeof imageSizes,
      typeof url
    >,
  )
  .openapi('ImageLinks', {
    description: 'One picture in four widths: extra_small 64 px, small 240, medium 480, large 960',
  })

export const countrySchema = z
  .object({
    code: z.string().openapi({ example: 'FR', description: 'ISO 3166-1 alpha-2' }),
    name: z.string().openapi({ example: 'Франция' }),
  })
  .openapi('Country')

export const brandRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).openapi('BrandRef')

export const highlightSchema = z.array(z.tuple([z.number().int(), z.number().int()])).openapi('Highlight', {
  description:
    'Matched parts of `title` as [start, end) offsets in UTF-16 code units (JavaScript string indices), sorted and non-overlapping',
  example: [[0, 4]],
})

export const lineSizeSchema = z
  .object({
    volume: z.number().int(),
    unit: z.enum(volumeUnits),
    slug: z.string().openapi({
      description:
        "The product the chip opens: of the card's concentration where the line has this volume in it, " +
        'a regular bottle before a tester, in stock before sold out',
    }),
    price: z.number().int().openapi({ description: 'Its price paid, in sum' }),
    in_stock: z.boolean(),
    current: z.boolean().openapi({ description: "True for the card's own product" }),
  })
  .openapi('LineSize')

export const lineSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ example: 'Dior Sauvage' }),
    size_count: z.number().int().openapi({ description: 'Sizes and forms of the line on sale (shown), this one too' }),
    price_from: z
      .number()
      .int()
      .openapi({
        description:
          "The lowest price paid among them that are in stock (among all when none is), within the list's " +
          '`price__gte`–`price__lte` when asked, in sum',
      }),
    sizes: z.array(lineSizeSchema).openapi({
      description: "The line's volumes, smallest first: the card's size chips",
    }),
    size_named: z.boolean().openapi({
      description:
        'True in a search naming this card\'s volume or concentration ("sauvage 200", "sauvage parfum"): ' +
        'show its own price; otherwise show the line "from" `price_from`',
    }),
  })
  .openapi('LineSummary')

export const productCardSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    price: z.number().int().openapi({ description: 'Regular price in sum' }),
    sale_price: z.number().int().nullable().openapi({ description: 'Discounted price in sum; null when not on sale' }),
    discount_percent: z.number().int().nullable(),
    images: z.array(imageLinksSchema),
    brand: brandRefSchema,
    volume: z.number().int().nullable(),
    unit: z.enum(volumeUnits),
    rating: z
      .number()
      .nullable()
      .openapi({ description: 'Average review rating 1–5, one decimal; null without reviews' }),
    review_count: z.number().int(),
    in_stock: z.boolean(),
    is_recommendation: z.boolean(),
    created_at: z.string().openapi({ format: 'date-time' }),
    updated_at: z
      .string()
      .openapi({ format: 'date-time', description: 'Last change to the product (the sitemaps’ lastmod)' }),
    highlight: highlightSchema
      .optional()
      .openapi({ description: 'Only with `search`: the parts of `title` the query matched' }),
    brand_highlight: highlightSchema.optional().openapi({
      description:
        'Only with `search`: the parts of `brand.name` the query matched; all of it when a local spelling matched ("шанель")',
    }),
    line: lineSummarySchema.optional().openapi({
      description:
        'Only in a list of one card per line (`sizes=together`, a search too), on a card standing for a line of ' +
        'several sizes: show "from …" and its sizes as chips; the product\'s page offers them all',
    }),
  })
  .openapi('ProductCard')

export const categoryRefSchema = z
  .object({ id: z.number().int(), slug: z.string(), title: z.string() })
  .openapi('CategoryRef')

export const manufacturerRefSchema = z
  .object({ id: z.number().int(), slug: z.string(), name: z.string() })
  .openapi('ManufacturerRef')

export const audienceSchema = z.enum(['women', 'men', 'unisex'])

export const lineMemberSchema = z
  .object({
    id: z.number().int(),
    slug: z.string().openapi({ description: "The product's own page: each choice has its address" }),
    title: z.string(),
    label: z.string().openapi({
      description:
        'What tells it apart in the line, in the requested language: the concentration where the line has several, ' +
        'tester or miniature, the volume',
      example: 'Туалетная вода, 100 мл',
    }),
    size_label: z.string().openapi({
      description: 'What tells it apart within its concentration (`groups`): tester or miniature, the volume',
      example: 'Тестер, 100 мл',
    }),
    volume: z.number().int().nullable(),
    unit: z.enum(volumeUnits),
    concentration: z.enum(concentrations).nullable().openapi({ description: 'null: not a perfume, or not said' }),
    size_kind: z.enum(sizeKinds).nullable().openapi({ description: 'null: the regular bottle' }),
    price: z.number().int(),
    sale_price: z.number().int().nullable(),
    price_per_10: z.number().int().nullable().openapi({
      description: 'Price paid per 10 ml (10 g for grams), whole sum; null without a volume or in kilograms',
    }),
    in_stock: z.boolean(),
  })
  .openapi('LineMember')

export const productLineSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string().openapi({ example: 'Dior Sauvage' }),
    members: z.array(lineMemberSchema).openapi({
      description: "The line's products on sale, this one too, in the shop's order: the choices of its page",
    }),
    groups: z
      .array(
        z.object({
          concentration: z.enum(concentrations).nullable().openapi({ description: 'null: other forms' }),
          name: z.string().openapi({ example: 'Туалетная вода' }),
          member_ids: z.array(z.number().int()).openapi({ description: "Its members' ids, in the line's order" }),
        }),
      )
      .openapi({
        description:
          "The members by concentration, weakest first, other forms last: the product page's rows of sizes " +
          '(each a ProductGroup in its JSON-LD)',
      }),
  })
  .openapi('ProductLine')

export const productDetailSchema = productCardSchema
  .omit({ highlight: true, brand_highlight: true, line: true })
  .extend({
    description: z.string(),
    image_alts: z.array(z.string()).openapi({
      description:
        "Each picture's alternative text in the requested language (the title when it has none), as `images`",
    }),
    audience: audienceSchema,
    audience_label: z.string().openapi({ example: 'Для мужчин' }),
    country: countrySchema.openapi({ description: 'Where it is made' }),
    release_year: z.number().int().nullable(),
    manufacturer: manufacturerRefSchema.nullable(),
    categories: z.array(categoryRefSchema),
    stock: z.number().int().openapi({ description: 'Units available to order now' }),
    line: productLineSchema.nullable().openapi({
      description: 'The line (one fragrance in all its sizes and forms) this product is a choice of; null: none',
    }),
    similar: z.array(productCardSchema).openapi({
      description:
        "Up to 8, its line's other products left out (they are `line.members`): the brand, then the category",
    }),
  })
  .openapi('ProductDetail')

export const bannerSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    image: imageLinksSchema,
    /** The picture for narrow screens; null: `image` everywhere. */
    image_phone: imageLinksSchema.nullable(),
    link: z.string().nullable(),
  })
  .openapi('Banner')

export const storyItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    image: imageLinksSchema,
    link: z.string().nullable(),
    is_read: z.boolean().openapi({ description: 'Whether this visitor (Fingerprint) or user has seen it' }),
  })
  .openapi('StoryItem')

export const storySchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    cover: imageLinksSchema,
    is_read: z.boolean().openapi({ description: 'True when every item has been seen' }),
    items: z.array(storyItemSchema),
  })
  .openapi('Story')

export const storyReadSchema = z
  .object({ id: z.number().int(), story_id: z.number().int(), is_read: z.boolean() })
  .openapi('StoryRead')

export const categorySchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    image: imageLinksSchema.nullable(),
    group: categoryRefSchema.nullable().openapi({ description: 'The header group the category belongs to' }),
    product_count: z.number().int(),
  })
  .openapi('Category')

export const categoryGroupSchema = z
  .object({
    id: z.number().int().nullable().openapi({ description: 'null for the trailing group of ungrouped categories' }),
    slug: z.string().nullable(),
    title: z.string(),
    children: z.array(categoryRefSchema.extend({ image: imageLinksSchema.nullable() })),
  })
  .openapi('CategoryGroup')

export const brandSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    letter: z.string().openapi({ description: 'Index letter for the A–Z list; "#" for names starting with a digit' }),
    country: countrySchema,
    is_popular: z.boolean(),
    product_count: z.number().int(),
  })
  .openapi('Brand')

export const brandDetailSchema = brandSchema
  .extend({ manufacturer: manufacturerRefSchema.nullable() })
  .openapi('BrandDetail')

export const manufacturerSchema = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    country: countrySchema,
    brands: z.array(brandRefSchema),
    product_count: z.number().int(),
  })
  .openapi('Manufacturer')

/** Pages' and posts' bodies: the safe HTML subset of api/content/rich-text.ts. */
const richTextBody = z.string().openapi({
  description: 'HTML of the subset p, br, strong, em, h2, h3, ul, ol, li, a[href] (http(s), mailto:, tel:, relative)',
})

export const pageSchema = z
  .object({ id: z.number().int(), slug: z.string(), kind: z.string(), title: z.string(), body: richTextBody })
  .openapi('Page')

export const pageRefSchema = pageSchema.omit({ body: true }).openapi('PageRef')

export const postCardSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    excerpt: z.string().openapi({ description: 'The first paragraph, at most 200 characters' }),
    image: imageLinksSchema.nullable(),
    published_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PostCard')

export const postSchema = postCardSchema.omit({ excerpt: true }).extend({ body: richTextBody }).openapi('Post')

export const resultsSchema = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), total: z.number().int() })

export type ProductCard = z.infer<typeof productCardSchema>
export type LineSummary = z.infer<typeof lineSummarySchema>
export type LineSize = z.infer<typeof lineSizeSchema>
export type ProductLine = z.infer<typeof productLineSchema>
export type ProductDetail = z.infer<typeof productDetailSchema>

export const searchAlternativesSchema = z
  .object({
    spellings: z.array(
      z.object({
        query: z
          .string()
          .openapi({ description: 'A search (products/?search=…) that finds products', example: 'Sauvage' }),
        total: z.number().int().openapi({ description: 'How many it finds' }),
      }),
    ),
    brands: z.array(brandRefSchema),
  })
  .openapi('SearchAlternatives')
