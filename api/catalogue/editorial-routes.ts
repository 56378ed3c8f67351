import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm'
import { pages, posts } from '../db/schema/index.ts'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { ApiError, notFound } from '../http/errors.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { paged, pagedSchema } from '../http/paging.ts'
import { errorResponses, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { catalogueCache } from './cache.ts'
import { pagedQuery, pageListQuery } from './query.ts'
import { pageRefSchema, pageSchema, postCardSchema, postSchema } from './schemas.ts'

const EXCERPT = 200

/** The first paragraph, cut at a word boundary. */
export function excerpt(body: string): string {
  const first =
    body
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? ''
  if (first.length <= EXCERPT) return first
  const cut = first.slice(0, EXCERPT)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT / 2)).replace(/[\s,.;:—-]+$/, '')}…`
}

type PostRow = typeof posts.$inferSelect
// A post dated in the future is scheduled: it appears when its time comes.
const published = lte(posts.publishedAt, sql`now()`)

export function editorialRoutes({ database: { db }, config }: ApiDeps) {
  const cached = catalogueCache(db, { shared: true })

  const pagesRoute = createRoute({
    method: 'get',
    path: '/pages/',
    tags: ['content'],
    summary: 'Content pages (titles only), optionally of one kind',
    middleware: [cached],
    request: { query: pageListQuery },
    responses: { 200: jsonContent(z.object({ results: z.array(pageRefSchema) }), 'Pages'), 400: errorResponses[400] },
  })

  const pageRoute = createRoute({
    method: 'get',
    path: '/pages/{slug}/',
    tags: ['content'],
    summary: 'One content page (about, delivery, offer, privacy, instructions…)',
    middleware: [cached],
    request: {
      params: z.object({ slug: z.string().openapi({ param: { name: 'slug', in: 'path' }, example: 'about' }) }),
    },
    responses: { 200: jsonContent(pageSchema, 'The page'), 404: errorResponses[404] },
  })

  const postsRoute = createRoute({
    method: 'get',
    path: '/posts/',
    tags: ['content'],
    summary: 'News and articles, newest first',
    middleware: [cached],
    request: { query: pagedQuery },
    responses: {
      200: jsonContent(pagedSchema(postCardSchema).openapi('PostPage'), 'A page of posts'),
      ...errorResponses,
    },
  })

  const postRoute = createRoute({
    method: 'get',
    path: '/posts/{id}/',
    tags: ['content'],
    summary: 'One post',
    middleware: [cached],
    request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '1' }) }) },
    responses: { 200: jsonContent(postSchema, 'The post'), 404: errorResponses[404] },
  })

  const postCard = (row: PostRow, lang: Lang, media: MediaLinks) => ({
    id: row.id,
    title: pick(row.title, lang),
    excerpt: excerpt(pick(row.body, lang)),
    image: media.maybe(row.image),
    published_at: new Date(row.publishedAt).toISOString(),
  })

  return createRouter()
    .openapi(pagesRoute, async (c) => {
      const lang = c.get('lang')
      const { kind } = c.req.valid('query')
      const rows = await db
        .select({ id: pages.id, slug: pages.slug, kind: pages.kind, title: pages.title })
        .from(pages)
        .where(kind ? eq(pages.kind, kind) : undefined)
        .orderBy(asc(pages.kind), asc(pages.position), asc(pages.id))
      return c.json({ results: rows.map((r) => ({ ...r, title: pick(r.title, lang) })) }, 200)
    })
    .openapi(pageRoute, async (c) => {
      const lang = c.get('lang')
      const [row] = await db
        .select()
        .from(pages)
        .where(eq(pages.slug, c.req.valid('param').slug))
      if (!row) throw notFound(lang, 'page_not_found')
      return c.json(
        { id: row.id, slug: row.slug, kind: row.kind, title: pick(row.title, lang), body: pick(row.body, lang) },
        200,
      )
    })
    .openapi(postsRoute, async (c) => {
      const lang = c.get('lang')
      const { page, size } = c.req.valid('query')
      const [counted] = await db.select({ n: count() }).from(posts).where(published)
      const total = counted?.n ?? 0
      const offset = (page - 1) * size
      if (offset > 0 && offset >= total) throw new ApiError(404, message(lang, 'page_out_of_range'))
      const rows = await db
        .select()
        .from(posts)
        .where(published)
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(size)
        .offset(offset)
      const media = await new MediaLinks(config).load(rows.map((r) => r.image))
      return c.json(
        paged(
          rows.map((r) => postCard(r, lang, media)),
          total,
          page,
          size,
          c.req.url,
        ),
        200,
      )
    })
    .openapi(postRoute, async (c) => {
      const lang = c.get('lang')
      const { id } = c.req.valid('param')
      if (!/^\d{1,9}$/.test(id)) throw notFound(lang, 'post_not_found')
      const [row] = await db
        .select()
        .from(posts)
        .where(and(eq(posts.id, Number(id)), published))
      if (!row) throw notFound(lang, 'post_not_found')
      const media = await new MediaLinks(config).load([row.image])
      return c.json(
        {
          id: row.id,
          title: pick(row.title, lang),
          body: pick(row.body, lang),
          image: media.maybe(row.image),
          published_at: new Date(row.publishedAt).toISOString(),
        },
        200,
      )
    })
}
