import { z } from '@hono/zod-openapi'
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import type { Db } from '../db/client.ts'
import { brands, categories, manufacturers, products, slugRedirects } from '../db/schema/index.ts'
import type { ApiEnv } from '../http/context.ts'
import { message } from '../http/messages.ts'
import { sharedCacheControl } from './cache.ts'

// A product, brand, manufacturer or category whose slug changed (back office)
// keeps its old address: the API answers the old slug with a 301 to the same
// path with the current slug, and says the slug in the body, so the
// storefront's loaders redirect the page too (app/utils/moved.server.ts).

type MovedKind = 'product' | 'brand' | 'manufacturer' | 'category'

const tables = { product: products, brand: brands, manufacturer: manufacturers, category: categories }

export const movedSchema = z
  .object({ detail: z.string(), slug: z.string().openapi({ description: 'The current slug' }) })
  .openapi('Moved', { description: 'The slug has changed: `Location` is the same path with the current one' })

export const movedResponse = {
  description: 'An old slug: `Location` has the current one (also `slug` in the body)',
  headers: z.object({ Location: z.string() }),
  content: { 'application/json': { schema: movedSchema } },
} as const

/** The current slug of what `slug` used to name, unless that is hidden now. */
export async function currentSlug(db: Db, kind: MovedKind, slug: string): Promise<string | null> {
  const table = tables[kind]
  const [row] = await db
    .select({ slug: table.slug })
    .from(slugRedirects)
    .innerJoin(table, eq(table.id, slugRedirects.targetId))
    .where(and(eq(slugRedirects.kind, kind), eq(slugRedirects.oldSlug, slug), eq(table.isHidden, false)))
  return row?.slug ?? null
}

/** The 301 to the same path with `to` in place of `from` (query kept). */
export function movedAnswer(c: Context<ApiEnv>, from: string, to: string) {
  const url = new URL(c.req.url)
  url.pathname = url.pathname.replace(new RegExp(`/${from}/?$`), (end) => end.replace(from, to))
  c.header('Location', `${url.pathname}${url.search}`)
  // Revalidated like every catalogue answer: renaming back makes the old slug live again.
  c.header('Cache-Control', sharedCacheControl)
  return c.json({ detail: message(c.get('lang'), 'moved_permanently'), slug: to }, 301)
}
