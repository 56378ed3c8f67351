import { z } from '@hono/zod-openapi'
import { noStore, ownerRequired, requireOwner } from '../cart/owner.ts'
import { productIdParams, productIdSchema } from '../cart/schemas.ts'
import { pagedQuery } from '../catalogue/query.ts'
import { productCardSchema } from '../catalogue/schemas.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import { message } from '../http/messages.ts'
import { requiredJson, routeGroup } from '../http/openapi.ts'
import { paged, pagedSchema } from '../http/paging.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { favouritesCount, like, listFavourites, unlike } from './service.ts'

const who =
  'The favourites of the signed-in customer (`Authorization: Bearer`), else of the visitor in the ' +
  '`Fingerprint` header; with neither: 400. Answers are `Cache-Control: private, no-store`.'

export const likedCardSchema = productCardSchema
  .omit({ highlight: true, brand_highlight: true })
  .extend({ is_liked: z.literal(true) })
  .openapi('LikedProduct')

export const likeStateSchema = z
  .object({
    product_id: z.number().int(),
    is_liked: z.boolean(),
    favourites_total: z.number().int().openapi({ description: 'Favourites now: the header badge' }),
  })
  .openapi('LikeState')

const likeBody = z.strictObject({ product_id: productIdSchema }).openapi('LikeAdd')

const error = (description: string) => jsonContent(errorSchema, description)
const badRequest = error('Invalid input (field `errors`), or neither a Fingerprint header nor a signed-in customer')

const route = routeGroup({ tags: ['favourites'], middleware: [ownerRequired] as const })

const listRoute = route.get('/products/likes/', {
  summary: 'Favourites (saved items), most recently added first, paged like products/',
  description: `${who} The same product cards as products/, each with \`is_liked: true\`. Page size 12 by default; a page beyond the last one: 404.`,
  request: { query: pagedQuery },
  responses: {
    200: jsonContent(pagedSchema(likedCardSchema).openapi('LikedProductPage'), 'A page of favourites'),
    400: badRequest,
    404: error('A page beyond the last one'),
  },
})

const likeRoute = route.post('/products/likes/', {
  summary: 'Add a product to the favourites (adding it again changes nothing)',
  description: who,
  request: { body: requiredJson(likeBody) },
  responses: {
    200: jsonContent(likeStateSchema, 'Now a favourite'),
    400: badRequest,
    404: error('No product with this id'),
  },
})

const unlikeRoute = route.delete('/products/likes/{product_id}/', {
  summary: 'Remove a product from the favourites (removing it again is not an error)',
  description: who,
  request: { params: productIdParams },
  responses: { 200: jsonContent(likeStateSchema, 'No longer a favourite'), 400: badRequest },
})

export function favouriteRoutes({ database: { db }, config }: ApiDeps) {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const owner = requireOwner(c)
      const lang = c.get('lang')
      const { page, size } = c.req.valid('query')
      const found = await listFavourites(db, owner, page, size, lang, new MediaLinks(config))
      if (found === 'past-end') throw new ApiError(404, message(lang, 'page_out_of_range'))
      noStore(c)
      return c.json(paged(found.results, found.total, page, size, c.req.url), 200)
    })
    .openapi(likeRoute, async (c) => {
      const owner = requireOwner(c)
      const { product_id } = c.req.valid('json')
      await like(db, owner, product_id, c.get('lang'))
      noStore(c)
      return c.json({ product_id, is_liked: true, favourites_total: await favouritesCount(db, owner) }, 200)
    })
    .openapi(unlikeRoute, async (c) => {
      const owner = requireOwner(c)
      const { product_id } = c.req.valid('param')
      await unlike(db, owner, product_id)
      noStore(c)
      return c.json({ product_id, is_liked: false, favourites_total: await favouritesCount(db, owner) }, 200)
    })
}
