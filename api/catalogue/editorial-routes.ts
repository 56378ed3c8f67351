import { z } from '@hono/zod-openapi'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { notFound } from '../http/errors.ts'
import { routeGroup } from '../http/openapi.ts'
import { paged, pagedSchema } from '../http/paging.ts'
import { errorResponses, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { catalogueCache } from './cache.ts'
import { pageBySlug, pageRefs, postById, postPage } from './editorial.ts'
import { pagedQuery, pageListQuery } from './query.ts'
import { pageRefSchema, pageSchema, postCardSchema, postSchema } from './schemas.ts'

export function editorialRoutes({ database: { db }, config }: ApiDeps) {
  const cached = catalogueCache(db, { shared: true })

  const route = routeGroup({ tags: ['content'], middleware: [cached] })
  const pagesRoute = route.get('/pages/', {
    summary: 'Content pages (titles only), optionally of one kind',
    request: { query: pageListQuery },
    responses: { 200: jsonContent(z.object({ results: z.array(pageRefSchema) }), 'Pages'), 400: errorResponses[400] },
  })

  const pageRoute = route.get('/pages/{slug}/', {
    summary: 'One content page (about, delivery, offer, privacy, instructions…)',
    request: {
      params: z.object({ slug: z.string().openapi({ param: { name: 'slug', in: 'path' }, example: 'about' }) }),
    },
    responses: { 200: jsonContent(pageSchema, 'The page'), 404: errorResponses[404] },
  })

  const postsRoute = route.get('/posts/', {
    summary: 'News and articles, newest first',
    request: { query: pagedQuery },
    responses: {
      200: jsonContent(pagedSchema(postCardSchema).openapi('PostPage'), 'A page of posts'),
      ...errorResponses,
    },
  })

  const postRoute = route.get('/posts/{id}/', {
    summary: 'One post',
    request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '1' }) }) },
    responses: { 200: jsonContent(postSchema, 'The post'), 404: errorResponses[404] },
  })

  return createRouter()
    .openapi(pagesRoute, async (c) => {
      return c.json({ results: await pageRefs(db, c.get('lang'), c.req.valid('query').kind) }, 200)
    })
    .openapi(pageRoute, async (c) => {
      const lang = c.get('lang')
      const page = await pageBySlug(db, lang, c.req.valid('param').slug)
      if (!page) throw notFound(lang, 'page_not_found')
      return c.json(page, 200)
    })
    .openapi(postsRoute, async (c) => {
      const { page, size } = c.req.valid('query')
      const { results, total } = await postPage(db, c.get('lang'), new MediaLinks(config), { page, size })
      return c.json(paged(results, total, page, size, c.req.url), 200)
    })
    .openapi(postRoute, async (c) => {
      const lang = c.get('lang')
      const { id } = c.req.valid('param')
      if (!/^\d{1,9}$/.test(id)) throw notFound(lang, 'post_not_found')
      const post = await postById(db, lang, new MediaLinks(config), Number(id))
      if (!post) throw notFound(lang, 'post_not_found')
      return c.json(post, 200)
    })
}
