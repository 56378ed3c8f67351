import { z } from '@hono/zod-openapi'
import { listingSizes as sizesChoices } from '#contract/product-lines.ts'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { ApiError, notFound } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { paged, pagedSchema } from '../http/paging.ts'
import { errorResponses, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { answerShowsStockOf, catalogueCache, leaveUncached } from './cache.ts'
import { lineSummaries, listingSizes, productLine } from './lines.ts'
import { listProducts } from './listing.ts'
import { currentSlug, movedAnswer, movedResponse } from './moved.ts'
import { getProduct } from './product-detail.ts'
import { productListQuery } from './query.ts'
import { productCardSchema, productDetailSchema, searchAlternativesSchema } from './schemas.ts'
import { COUNT_CAP } from './search.ts'
import { searchAlternatives } from './search-alternatives.ts'
import { searchMissRecorder } from './search-misses.ts'

const productSlug = z
  .string()
  .openapi({ param: { name: 'slug', in: 'path' }, example: 'dior-sauvage-eau-de-toilette-100-ml' })

const productPageSchema = pagedSchema(productCardSchema)
  .extend({
    total_capped: z
      .boolean()
      .optional()
      .openapi({
        description: `Only with a broad \`search\`: true when counting stopped at ${COUNT_CAP}; show "${COUNT_CAP}+"`,
      }),
    sizes: z.enum(sizesChoices).openapi({
      description: 'How this page lists a line: one card (`together`) or a card per size (`separate`)',
    }),
  })
  .openapi('ProductPage')

/** True for the API's catch-all 404 (app.notFound in api/app.ts), not another route's own. */
async function genericNotFound(response: Response, lang: Lang) {
  if (!response.headers.get('content-type')?.startsWith('application/json')) return true
  const body = (await response.clone().json()) as { detail?: unknown }
  return body.detail === message(lang, 'not_found')
}

export function productRoutes({ database: { db }, config, now }: ApiDeps) {
  const cached = catalogueCache(db, { shared: true })
  const recordMisses = searchMissRecorder(db, now)

  const route = routeGroup({ tags: ['catalogue'] })
  const listRoute = route.get('/products/', {
    middleware: [recordMisses, cached],
    summary: 'Products: filter, order, search across scripts, page',
    description:
      'Unknown parameters and malformed values give 400 with field errors; a page beyond the last one gives 404.',
    request: { query: productListQuery },
    responses: {
      200: jsonContent(productPageSchema, 'A page of products'),
      400: errorResponses[400],
      404: errorResponses[404],
    },
  })

  const alternativesRoute = route.get('/products/search-alternatives/', {
    middleware: [cached],
    summary: 'What to offer a search that found nothing: near spellings that find products, the nearest brands',
    description:
      'For a `search` of products/ with no results. `spellings`: up to 3 searches that do find products ' +
      '(the words loosely corrected, or each word alone), as the shop writes them, with their totals; ' +
      '`brands`: up to 3 brands on show whose names are nearest the words. Either may be empty.',
    request: { query: z.strictObject({ search: z.string().trim().min(1).max(100) }) },
    responses: {
      200: jsonContent(searchAlternativesSchema, 'Spellings and brands to offer'),
      400: errorResponses[400],
    },
  })

  const detailRoute = route.get('/products/{slug}/', {
    middleware: [cached],
    summary: 'One product with everything its page shows, and similar products',
    request: { params: z.object({ slug: productSlug }) },
    responses: {
      200: jsonContent(productDetailSchema, 'The product'),
      301: movedResponse,
      404: errorResponses[404],
    },
  })

  return (
    createRouter()
      .openapi(listRoute, async (c) => {
        const lang = c.get('lang')
        const asked = c.req.valid('query')
        const sizes = asked.sizes ?? (await listingSizes(db))
        const query = { ...asked, sizes }
        const found = await listProducts(db, query, lang, new MediaLinks(config))
        if (found === 'past-end') throw new ApiError(404, message(lang, 'page_out_of_range'))
        if (sizes === 'together') {
          const lines = await lineSummaries(
            db,
            found.results.map((card) => card.id),
            found.named,
            query,
          )
          for (const card of found.results) {
            const line = lines.get(card.id)
            if (line) card.line = line
          }
        }
        const page = { ...paged(found.results, found.total, query.page, query.size, c.req.url), sizes }
        return c.json(found.totalCapped ? { ...page, total_capped: true } : page, 200)
      })
      .openapi(alternativesRoute, async (c) => {
        const { search } = c.req.valid('query')
        return c.json(await searchAlternatives(db, search, c.get('lang'), new MediaLinks(config)), 200)
      })
      // catalogue/routes.ts mounts this after every fixed products/… path of the
      // catalogue. A module mounted later may own one too (products/likes/), so
      // a slug that is no product falls through; if nothing else answers, the
      // API's generic 404 becomes "product not found".
      .openapi(detailRoute, async (c, next) => {
        const lang = c.get('lang')
        const product = await getProduct(db, c.req.valid('param').slug, lang, new MediaLinks(config))
        if (product) {
          answerShowsStockOf(c, [product.id])
          return c.json({ ...product, line: await productLine(db, product.id, lang) }, 200)
        }
        leaveUncached(c)
        await next()
        if (c.res.status === 404 && (await genericNotFound(c.res, lang))) {
          const { slug } = c.req.valid('param')
          const moved = await currentSlug(db, 'product', slug)
          if (moved) {
            c.res = undefined
            return movedAnswer(c, slug, moved)
          }
          throw notFound(lang, 'product_not_found')
        }
        return c.res as never
      })
  )
}
