import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm'
import { richTextPlain, safeRichText } from '../content/rich-text.ts'
import type { Db } from '../db/client.ts'
import { pages, posts } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { MediaLinks } from '../media/links.ts'

// Content pages (about, delivery, offer…) and posts (news, articles) as the storefront shows them.

const EXCERPT = 200

/** The first paragraph, cut at a word boundary. */
export function excerpt(body: string): string {
  const first =
    richTextPlain(body)
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ')
      .trim() ?? ''
  if (first.length <= EXCERPT) return first
  const cut = first.slice(0, EXCERPT)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT / 2)).replace(/[\s,.;:—-]+$/, '')}…`
}

type PageKind = (typeof pages.$inferSelect)['kind']
type PageRow = typeof pages.$inferSelect
type PostRow = typeof posts.$inferSelect
// A post dated in the future is scheduled: it appears when its time comes.
const published = and(eq(posts.isPublished, true), lte(posts.publishedAt, sql`now()`))

/** A page as the storefront shows it; `draft`: with its unpublished edits (the back office's preview). */
export function pageView(row: PageRow, lang: Lang, options: { draft?: boolean } = {}) {
  const texts = (options.draft && row.draft) || row
  return {
    id: row.id,
    slug: row.slug,
    kind: row.kind,
    title: pick(texts.title, lang),
    body: safeRichText(pick(texts.body, lang)),
  }
}

/** The content pages (titles only), of one kind or all, in menu order. */
export async function pageRefs(db: Db, lang: Lang, kind?: PageKind) {
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, kind: pages.kind, title: pages.title })
    .from(pages)
    .where(and(eq(pages.isPublished, true), kind ? eq(pages.kind, kind) : undefined))
    .orderBy(asc(pages.kind), asc(pages.position), asc(pages.id))
  return rows.map((r) => ({ ...r, title: pick(r.title, lang) }))
}

/** One content page, or null. */
export async function pageBySlug(db: Db, lang: Lang, slug: string) {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.isPublished, true)))
  if (!row) return null
  return pageView(row, lang)
}

const postCard = (row: PostRow, lang: Lang, media: MediaLinks) => ({
  id: row.id,
  title: pick(row.title, lang),
  excerpt: excerpt(pick(row.body, lang)),
  image: media.maybe(row.image),
  published_at: new Date(row.publishedAt).toISOString(),
})

/** A page of published posts, newest first, and how many there are; a page past the last → 404. */
export async function postPage(db: Db, lang: Lang, media: MediaLinks, page: { page: number; size: number }) {
  const [counted] = await db.select({ n: count() }).from(posts).where(published)
  const total = counted?.n ?? 0
  const offset = (page.page - 1) * page.size
  if (offset > 0 && offset >= total) throw new ApiError(404, message(lang, 'page_out_of_range'))
  const rows = await db
    .select()
    .from(posts)
    .where(published)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(page.size)
    .offset(offset)
  await media.load(rows.map((r) => r.image))
  return { results: rows.map((r) => postCard(r, lang, media)), total }
}

/** One published post, or null. */
export async function postById(db: Db, lang: Lang, media: MediaLinks, id: number) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), published))
  if (!row) return null
  return postView(row, lang, media)
}

/** A post as the storefront shows it; `draft`: with its unpublished edits (the back office's preview). */
export async function postView(row: PostRow, lang: Lang, media: MediaLinks, options: { draft?: boolean } = {}) {
  const texts = (options.draft && row.draft) || row
  await media.load([row.image])
  return {
    id: row.id,
    title: pick(texts.title, lang),
    body: safeRichText(pick(texts.body, lang)),
    image: media.maybe(row.image),
    published_at: new Date(row.publishedAt).toISOString(),
  }
}
