import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { notFound } from '../http/errors.ts'
import { ownerKey } from '../http/identity.ts'
import { routeGroup } from '../http/openapi.ts'
import { errorResponses, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { catalogueCache } from './cache.ts'
import { activeBanners, markStoryItemRead, storiesFor } from './home.ts'
import { bannerSchema, storyReadSchema, storySchema } from './schemas.ts'

export function homeRoutes({ database: { db }, config }: ApiDeps) {
  const route = routeGroup({ tags: ['home'] })
  const bannerRoute = route.get('/products/banner/', {
    middleware: [catalogueCache(db, { shared: true })],
    summary: 'Home page banners in display order',
    responses: { 200: jsonContent(z.object({ results: z.array(bannerSchema) }), 'Active banners') },
  })

  const storiesRoute = route.get('/common/story/', {
    middleware: [catalogueCache(db, { shared: false })],
    summary: 'Stories with their items, each marked read or not for this visitor (Fingerprint) or user',
    // Read marks differ per visitor: ETag and 304, but no shared caching.
    responses: { 200: jsonContent(z.object({ results: z.array(storySchema) }), 'Active stories') },
  })

  const readRoute = route.get('/common/story-item/{id}/read/', {
    summary: 'Remembers that this visitor (Fingerprint) or user has seen a story item',
    description: 'Without a Fingerprint header or a signed-in user there is no one to remember: is_read is then false.',
    request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '1' }) }) },
    responses: { 200: jsonContent(storyReadSchema, 'The item, now read'), 404: errorResponses[404] },
  })

  return createRouter()
    .openapi(bannerRoute, async (c) => {
      return c.json({ results: await activeBanners(db, c.get('lang'), new MediaLinks(config)) }, 200)
    })
    .openapi(storiesRoute, async (c) => {
      const results = await storiesFor(db, ownerKey(c), c.get('lang'), new MediaLinks(config))
      return c.json({ results }, 200)
    })
    .openapi(readRoute, async (c) => {
      const lang = c.get('lang')
      const { id } = c.req.valid('param')
      if (!/^\d{1,9}$/.test(id)) throw notFound(lang, 'story_item_not_found')
      const reader = ownerKey(c)
      const item = await markStoryItemRead(db, Number(id), reader)
      if (!item) throw notFound(lang, 'story_item_not_found')
      c.header('Cache-Control', 'no-store')
      return c.json({ id: item.id, story_id: item.storyId, is_read: reader !== null }, 200)
    })
}
