import { createRoute, z } from '@hono/zod-openapi'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { banners, stories, storyItems, storyReads } from '../db/schema/index.ts'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { notFound } from '../http/errors.ts'
import { ownerKey } from '../http/identity.ts'
import { pick } from '../http/locale.ts'
import { errorResponses, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { catalogueCache } from './cache.ts'
import { bannerSchema, storyReadSchema, storySchema } from './schemas.ts'

export function homeRoutes({ database: { db }, config }: ApiDeps) {
  const bannerRoute = createRoute({
    method: 'get',
    path: '/products/banner/',
    tags: ['home'],
    summary: 'Home page banners in display order',
    middleware: [catalogueCache(db, { shared: true })],
    responses: { 200: jsonContent(z.object({ results: z.array(bannerSchema) }), 'Active banners') },
  })

  const storiesRoute = createRoute({
    method: 'get',
    path: '/common/story/',
    tags: ['home'],
    summary: 'Stories with their items, each marked read or not for this visitor (Fingerprint) or user',
    // Read marks differ per visitor: ETag and 304, but no shared caching.
    middleware: [catalogueCache(db, { shared: false })],
    responses: { 200: jsonContent(z.object({ results: z.array(storySchema) }), 'Active stories') },
  })

  const readRoute = createRoute({
    method: 'get',
    path: '/common/story-item/{id}/read/',
    tags: ['home'],
    summary: 'Remembers that this visitor (Fingerprint) or user has seen a story item',
    description: 'Without a Fingerprint header or a signed-in user there is no one to remember: is_read is then false.',
    request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '1' }) }) },
    responses: { 200: jsonContent(storyReadSchema, 'The item, now read'), 404: errorResponses[404] },
  })

  return createRouter()
    .openapi(bannerRoute, async (c) => {
      const lang = c.get('lang')
      const rows = await db
        .select()
        .from(banners)
        .where(eq(banners.isActive, true))
        .orderBy(asc(banners.position), asc(banners.id))
      const media = await new MediaLinks(config).load(rows.map((r) => r.image))
      const results = rows.map((r) => ({
        id: r.id,
        title: pick(r.title, lang),
        subtitle: pick(r.subtitle, lang),
        image: media.links(r.image),
        link: r.link,
      }))
      return c.json({ results }, 200)
    })
    .openapi(storiesRoute, async (c) => {
      const lang = c.get('lang')
      const reader = ownerKey(c)
      const list = await db
        .select()
        .from(stories)
        .where(eq(stories.isActive, true))
        .orderBy(asc(stories.position), asc(stories.id))
      const items = list.length
        ? await db
            .select()
            .from(storyItems)
            .where(
              inArray(
                storyItems.storyId,
                list.map((s) => s.id),
              ),
            )
            .orderBy(asc(storyItems.position), asc(storyItems.id))
        : []
      const read = new Set<number>()
      if (reader && items.length) {
        const rows = await db
          .select({ id: storyReads.storyItemId })
          .from(storyReads)
          .where(
            and(
              eq(storyReads.reader, reader),
              inArray(
                storyReads.storyItemId,
                items.map((i) => i.id),
              ),
            ),
          )
        for (const row of rows) read.add(row.id)
      }
      const media = await new MediaLinks(config).load([...list.map((s) => s.cover), ...items.map((i) => i.image)])
      const results = list.map((story) => {
        const own = items
          .filter((i) => i.storyId === story.id)
          .map((i) => ({
            id: i.id,
            title: pick(i.title, lang),
            image: media.links(i.image),
            link: i.link,
            is_read: read.has(i.id),
          }))
        return {
          id: story.id,
          title: pick(story.title, lang),
          cover: media.links(story.cover),
          is_read: own.length > 0 && own.every((i) => i.is_read),
          items: own,
        }
      })
      // Unseen stories first, as story rails usually show them.
      results.sort((a, b) => Number(a.is_read) - Number(b.is_read))
      return c.json({ results }, 200)
    })
    .openapi(readRoute, async (c) => {
      const lang = c.get('lang')
      const { id } = c.req.valid('param')
      if (!/^\d{1,9}$/.test(id)) throw notFound(lang, 'story_item_not_found')
      const [item] = await db
        .select({ id: storyItems.id, storyId: storyItems.storyId })
        .from(storyItems)
        .where(eq(storyItems.id, Number(id)))
      if (!item) throw notFound(lang, 'story_item_not_found')
      const reader = ownerKey(c)
      if (reader) await db.insert(storyReads).values({ storyItemId: item.id, reader }).onConflictDoNothing()
      c.header('Cache-Control', 'no-store')
      return c.json({ id: item.id, story_id: item.storyId, is_read: reader !== null }, 200)
    })
}
