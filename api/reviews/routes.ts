import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { signedIn } from '../auth/middleware.ts'
import { bearer, customerRoutes, errors } from '../auth/openapi.ts'
import { catalogueCache } from '../catalogue/cache.ts'
import type { Db } from '../db/client.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../http/context.ts'
import { ApiError, fieldErrors } from '../http/errors.ts'
import { requireUser } from '../http/identity.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { paged, pagedSchema, pagingQuery } from '../http/paging.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { eraseUploads } from '../media/erase.ts'
import { MediaLinks, saveOriginal } from '../media/links.ts'
import { imageSizeNames } from '../media/paths.ts'
import { mediaStoreOf } from '../media/store.ts'
import {
  type CheckedImage,
  checkImage,
  extensionOf,
  IMAGE_MAX_BYTES,
  normalizedImage,
  randomName,
  uploadBodyLimit,
} from '../uploads/images.ts'
import { COMMENT_MAX, REVIEW_PHOTOS_MAX, reviewFormFields, reviewInputSchema } from './rules.ts'
import {
  averageOf,
  deleteReview,
  eligibility,
  listReviews,
  productBySlug,
  reasonMessage,
  reviewOf,
  reviewView,
  saveReview,
} from './service.ts'

/** Longest side of a kept review photo. */
export const REVIEW_PHOTO_MAX_SIDE = 1600

const tags = ['reviews']
const error = (description: string) => jsonContent(errorSchema, description)

const slugParams = z.object({
  slug: z.string().openapi({ param: { name: 'slug', in: 'path' }, example: 'dior-sauvage-eau-de-toilette-100-ml' }),
})

export const photoSchema = z
  .object(Object.fromEntries(imageSizeNames.map((s) => [s, z.string()])) as Record<string, z.ZodString>)
  .openapi('ReviewPhoto', { description: 'URLs of the photo in each served width' })

export const reviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    photos: z.array(photoSchema),
    author: z.string().openapi({ description: "The author's first name only" }),
    created_at: z.string(),
    updated_at: z.string(),
    shop_reply: z
      .object({ text: z.string(), created_at: z.string() })
      .nullable()
      .openapi({ description: "The shop's answer to the review, as staff typed it; null without one" }),
  })
  .openapi('Review')

const summarySchema = {
  average: z.number().nullable().openapi({ description: 'Average rating to one decimal; null without reviews' }),
  count: z.number().int().openapi({ description: "Reviews counted in the product's rating" }),
}

export const listSchema = pagedSchema(reviewSchema).extend(summarySchema).openapi('ReviewPage')

export const mineSchema = z
  .object({
    can_review: z.boolean(),
    reason: z.string().nullable().openapi({ description: 'Why not, in the client language; null when allowed' }),
    reason_code: z.enum(['not_bought', 'not_delivered']).nullable(),
    review: reviewSchema.nullable(),
  })
  .openapi('MyReview')

export const savedSchema = z
  .object({ message: z.string(), review: reviewSchema, ...summarySchema })
  .openapi('ReviewSaved')

const bodyNote =
  `JSON \`{rating, comment?}\` or multipart with \`rating\` (whole 1–5, required), \`comment\` (up to ${COMMENT_MAX} ` +
  `characters), up to ${REVIEW_PHOTOS_MAX} files \`photos\` (JPEG or PNG judged by content, each at most ` +
  `${IMAGE_MAX_BYTES / 1024 / 1024} MB) and \`clear_photos\` (true removes the previous photos). Only a customer ` +
  'with a delivered order containing the product may review (403 with the reason otherwise). One review per ' +
  'product per customer: sending again edits it (200; sent photos replace the previous ones, none keeps them). ' +
  'More photos or a wrong format → 400 flagging `photos`, a larger file 413. Nothing is half-saved.'

const multipartBody = {
  required: true,
  content: {
    'application/json': {
      schema: z.object({
        rating: z.number().int().min(1).max(5),
        comment: z.string().max(COMMENT_MAX).nullable().optional(),
        clear_photos: z.boolean().optional(),
      }),
    },
    'multipart/form-data': {
      schema: z.object({
        rating: z.string(),
        comment: z.string().optional(),
        photos: z
          .array(z.string().openapi({ format: 'binary' }))
          .max(REVIEW_PHOTOS_MAX)
          .optional(),
        clear_photos: z.string().optional(),
      }),
    },
  },
}

const saveResponses = {
  200: jsonContent(savedSchema, 'The review was edited'),
  201: jsonContent(savedSchema, 'The review was added'),
  400: errors[400],
  401: errors[401],
  403: error('Only customers with a delivered order containing the product may review: `detail` says why'),
  404: error('No such product'),
  413: error('A photo is larger than the limit'),
}

const secured = routeGroup({ tags, security: bearer })

const postRoute = secured.post('/products/{slug}/reviews/', {
  summary: 'Write (or edit) the customer’s review of a product',
  description: bodyNote,
  request: { params: slugParams, body: multipartBody },
  responses: saveResponses,
})

const putRoute = secured.put('/products/{slug}/reviews/mine/', {
  summary: 'Edit (or write) the customer’s review of a product',
  description: `The same as POST products/{slug}/reviews/. ${bodyNote}`,
  request: { params: slugParams, body: multipartBody },
  responses: saveResponses,
})

const customer = customerRoutes(tags)

const mineRoute = customer.get('/products/{slug}/reviews/mine/', {
  summary: 'The customer’s review of a product, and whether they may write one',
  request: { params: slugParams },
  responses: {
    200: jsonContent(mineSchema, 'The review (or null) and the permission'),
    401: errors[401],
    404: error('No such product'),
  },
})

const deleteRoute = customer.delete('/products/{slug}/reviews/mine/', {
  summary: 'Remove the customer’s review of a product',
  request: { params: slugParams },
  responses: {
    200: jsonContent(z.object({ message: z.string(), ...summarySchema }), 'Removed'),
    401: errors[401],
    404: error('No such product, or no review of this customer'),
  },
})

/** The multipart form with repeated fields kept as arrays; JSON bodies are parsed as JSON. */
async function readBody(c: Context<ApiEnv>): Promise<{ fields: Record<string, unknown>; files: unknown[] }> {
  const lang = c.get('lang')
  const type = c.req.header('content-type') ?? ''
  if (/^application\/json/i.test(type)) {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      throw new ApiError(400, message(lang, 'invalid_json'))
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ApiError(400, message(lang, 'invalid_input'))
    return { fields: body as Record<string, unknown>, files: [] }
  }
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) return { fields: {}, files: [] }
  let form: Record<string, unknown>
  try {
    form = (await c.req.parseBody({ all: true })) as Record<string, unknown>
  } catch {
    throw new ApiError(400, message(lang, 'invalid_input'))
  }
  const single = (value: unknown) => (Array.isArray(value) ? value[value.length - 1] : value)
  const fields = reviewFormFields({
    rating: single(form.rating),
    comment: single(form.comment),
    clear_photos: single(form.clear_photos),
  })
  const raw = form.photos ?? form['photos[]']
  const files = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
    // A form whose file input was left empty still sends an empty, nameless part.
    (f) => !(f instanceof Blob && f.size === 0) && f !== '',
  )
  return { fields, files }
}

/** A product's average rating and review count, as answers after a change show them. */
async function reviewSummary(db: Db, slug: string, lang: Lang) {
  const p = await productBySlug(db, slug, lang)
  return { average: averageOf(p), count: p.reviewCount }
}

/**
 * The signed-in customer's review of the product, written or replaced (POST
 * and PUT …/mine/): 403 unless they may review it, 400 on the fields or too
 * many photos.
 */
async function saveOwnReview(
  c: Context<ApiEnv>,
  deps: { db: Db; config: ApiDeps['config']; now: () => Date; store: ReturnType<typeof mediaStoreOf> },
) {
  const { db, config } = deps
  const lang = c.get('lang')
  const user = requireUser(c)
  const slug = c.req.param('slug') ?? ''
  const product = await productBySlug(db, slug, lang)
  const reason = await eligibility(db, user.id, product.id)
  if (reason) throw new ApiError(403, reasonMessage(lang, reason))
  const { fields, files } = await readBody(c)
  const parsed = reviewInputSchema.strict().safeParse(fields)
  if (!parsed.success) throw new ApiError(400, message(lang, 'invalid_input'), fieldErrors(parsed.error.issues, lang))
  if (files.length > REVIEW_PHOTOS_MAX) {
    const detail = message(lang, 'review_photo_count', { max: REVIEW_PHOTOS_MAX })
    throw new ApiError(400, detail, [{ field: 'photos', message: detail }])
  }
  // Every photo is checked before anything is written.
  const images: CheckedImage[] = []
  for (const file of files) images.push(await checkImage(file, lang, 'photos'))
  const written: string[] = []
  try {
    const paths: string[] = []
    for (const image of images) {
      const bytes = await normalizedImage(image, {
        width: REVIEW_PHOTO_MAX_SIDE,
        height: REVIEW_PHOTO_MAX_SIDE,
        fit: 'inside',
      })
      const path = `reviews/${product.id}/${randomName()}.${extensionOf(image.format)}`
      written.push(path)
      await saveOriginal(deps.store, path, bytes)
      paths.push(path)
    }
    const photos = paths.length ? paths : parsed.data.clear_photos ? [] : null
    const { created, replaced } = await saveReview(
      db,
      { userId: user.id, productId: product.id, rating: parsed.data.rating, comment: parsed.data.comment, photos },
      deps.now(),
    )
    await eraseUploads(config, replaced)
    const row = await reviewOf(db, user.id, product.id)
    const links = await new MediaLinks(config).load(row?.photos ?? [])
    return c.json(
      {
        message: message(lang, created ? 'review_added' : 'review_updated'),
        review: reviewView(row!, links),
        ...(await reviewSummary(db, slug, lang)),
      },
      created ? 201 : 200,
    )
  } catch (error) {
    // Nothing half-saved: the new files go, the row keeps what it had.
    await eraseUploads(config, written)
    throw error
  }
}

/** Product reviews by customers who received the product (SPEC §3 Review). */
export function reviewRoutes({ database: { db }, config, now = () => new Date() }: ApiDeps) {
  const store = mediaStoreOf(config)
  // The same for every visitor: kept like the catalogue's answers, emptied by every review written,
  // moderated, answered or deleted, and by an author's new name (api/profile/service.ts).
  const listRoute = routeGroup({ tags, middleware: [catalogueCache(db, { shared: true })] }).get(
    '/products/{slug}/reviews/',
    {
      summary: "A product's reviews, newest first, with its average rating and count",
      request: { params: slugParams, query: z.object(pagingQuery) },
      responses: { 200: jsonContent(listSchema, 'A page of reviews'), 400: errors[400], 404: error('No such product') },
    },
  )
  const save = (c: Context<ApiEnv>) => saveOwnReview(c, { db, config, now, store })

  // Room for one photo too many, which gets its own message.
  const limit = uploadBodyLimit('photos', REVIEW_PHOTOS_MAX + 1)

  const router = createRouter()
  // JSON or multipart: parsed and checked here rather than by the OpenAPI validator, which knows no files.
  router.openAPIRegistry.registerPath(postRoute)
  router.openAPIRegistry.registerPath(putRoute)
  router.post('/products/:slug/reviews/', signedIn, limit, save)
  router.put('/products/:slug/reviews/mine/', signedIn, limit, save)

  return router
    .openapi(listRoute, async (c) => {
      const lang = c.get('lang')
      const { slug } = c.req.valid('param')
      const { page, size } = c.req.valid('query')
      const product = await productBySlug(db, slug, lang)
      const { rows, total } = await listReviews(db, product.id, page, size)
      const links = await new MediaLinks(config).load(rows.flatMap((r) => r.photos))
      const body = paged(
        rows.map((r) => reviewView(r, links)),
        total,
        page,
        size,
        c.req.url,
      )
      return c.json({ ...body, average: averageOf(product), count: product.reviewCount }, 200)
    })
    .openapi(mineRoute, async (c) => {
      const lang = c.get('lang')
      const user = requireUser(c)
      const product = await productBySlug(db, c.req.valid('param').slug, lang)
      const [row, reason] = await Promise.all([reviewOf(db, user.id, product.id), eligibility(db, user.id, product.id)])
      const links = await new MediaLinks(config).load(row?.photos ?? [])
      return c.json(
        {
          can_review: !reason,
          reason: reason ? reasonMessage(lang, reason) : null,
          reason_code: reason,
          review: row ? reviewView(row, links) : null,
        },
        200,
      )
    })
    .openapi(deleteRoute, async (c) => {
      const lang = c.get('lang')
      const user = requireUser(c)
      const { slug } = c.req.valid('param')
      const product = await productBySlug(db, slug, lang)
      const removed = await deleteReview(db, user.id, product.id)
      if (!removed) throw new ApiError(404, message(lang, 'review_not_found'))
      await eraseUploads(config, removed.photos)
      return c.json({ message: message(lang, 'review_deleted'), ...(await reviewSummary(db, slug, lang)) }, 200)
    })
}
