import type { z } from '@hono/zod-openapi'
import { asc, desc, eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import { safeRichText } from '../../content/rich-text.ts'
import { type ContentDraft, pages, posts } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Localized } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import type { MediaLinks } from '../../media/links.ts'
import { isUniqueViolation } from '../../orders/db-errors.ts'
import { type DeskContext, notFoundError, recordUpdate, sendsNothing } from './common.ts'
import { draftSteps } from './drafts.ts'
import { pictureOut } from './pictures.ts'
import type { pageCreate, pageSettings, postCreate, postSettings, textsInput } from './schemas.ts'

// Pages and posts: edits are saved as a draft (previewable), and the shop
// shows them once published. Bodies are cut to the rich-text subset when
// saved; rows from before the editor (plain text) come out as paragraphs.

type PageRow = typeof pages.$inferSelect
type PostRow = typeof posts.$inferSelect
type Texts = z.infer<typeof textsInput>

const safeBody = (body: Localized): Localized => ({
  uz: body.uz ? safeRichText(body.uz) : '',
  sr: body.sr ? safeRichText(body.sr) : '',
  ru: body.ru ? safeRichText(body.ru) : '',
})
const cleanTexts = (texts: Texts): ContentDraft => ({ title: texts.title, body: safeBody(texts.body) })
const textsOut = (texts: ContentDraft) => ({ title: texts.title, body: safeBody(texts.body) })

const slugTaken = (lang: DeskContext['lang']) => {
  const detail = message(lang, 'content_slug_taken')
  return new ApiError(409, detail, [{ field: 'slug', message: detail }])
}

const auditedPage = (row: PageRow) => ({
  slug: row.slug,
  kind: row.kind,
  position: row.position,
  is_published: row.isPublished,
  title: row.title,
  body: row.body,
  draft: row.draft,
})

export const pageOut = (row: PageRow) => ({
  id: row.id,
  slug: row.slug,
  kind: row.kind,
  position: row.position,
  is_published: row.isPublished,
  published: textsOut(row),
  draft: row.draft ? textsOut(row.draft) : null,
})

export const listPages = (ctx: Pick<DeskContext, 'db'>) =>
  ctx.db.select().from(pages).orderBy(asc(pages.kind), asc(pages.position), asc(pages.id))

export async function pageById(ctx: Pick<DeskContext, 'db' | 'lang'>, id: number) {
  const [row] = await ctx.db.select().from(pages).where(eq(pages.id, id))
  if (!row) throw notFoundError(ctx.lang)
  return row
}

/** A new page, not yet in the shop: it shows there once published. */
export async function createPage(ctx: DeskContext, input: z.infer<typeof pageCreate>) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const texts = cleanTexts(input)
      const [row] = await tx
        .insert(pages)
        .values({ slug: input.slug, kind: input.kind, position: input.position ?? 0, ...texts, isPublished: false })
        .returning()
      if (!row) throw new Error('page insert returned nothing')
      await recordAudit(tx, {
        ...ctx.actor,
        action: 'page.create',
        entity: 'page',
        entityId: row.id,
        after: auditedPage(row),
      })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(ctx.lang)
    throw error
  }
}

/** Address, kind and menu order: they apply at once. */
export async function updatePageSettings(ctx: DeskContext, id: number, input: z.infer<typeof pageSettings>) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(pages).where(eq(pages.id, id)).for('update')
      if (!current) throw notFoundError(ctx.lang)
      const [row] = sendsNothing(input)
        ? [current]
        : await tx.update(pages).set(input).where(eq(pages.id, id)).returning()
      if (!row) throw notFoundError(ctx.lang)
      await recordUpdate(ctx, tx, 'page.update', id, auditedPage(current), auditedPage(row))
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(ctx.lang)
    throw error
  }
}

const pageDrafts = draftSteps('page', auditedPage)
export const savePageDraft = (ctx: DeskContext, id: number, input: Texts) =>
  pageDrafts.saveDraft(ctx, id, cleanTexts(input))
export const publishPage = pageDrafts.publish
export const deletePage = pageDrafts.remove

const auditedPost = (row: PostRow) => ({
  image: row.image,
  published_at: row.publishedAt.toISOString(),
  is_published: row.isPublished,
  title: row.title,
  body: row.body,
  draft: row.draft,
})

export async function postOut(row: PostRow, media: MediaLinks) {
  await media.load([row.image])
  return {
    id: row.id,
    image: row.image ? pictureOut(media, row.image) : null,
    published_at: row.publishedAt.toISOString(),
    is_published: row.isPublished,
    published: textsOut(row),
    draft: row.draft ? textsOut(row.draft) : null,
  }
}

export const listPosts = (ctx: Pick<DeskContext, 'db'>) =>
  ctx.db.select().from(posts).orderBy(desc(posts.publishedAt), desc(posts.id))

export async function postRowById(ctx: Pick<DeskContext, 'db' | 'lang'>, id: number) {
  const [row] = await ctx.db.select().from(posts).where(eq(posts.id, id))
  if (!row) throw notFoundError(ctx.lang)
  return row
}

/** A new post, not yet in the shop; `published_at` in the future schedules it once published. */
export async function createPost(ctx: DeskContext, input: z.infer<typeof postCreate>) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(posts)
      .values({
        ...cleanTexts(input),
        image: input.image ?? null,
        publishedAt: input.published_at ? new Date(input.published_at) : ctx.now,
        isPublished: false,
      })
      .returning()
    if (!row) throw new Error('post insert returned nothing')
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'post.create',
      entity: 'post',
      entityId: row.id,
      after: auditedPost(row),
    })
    return row
  })
}

/** Picture and date: they apply at once. */
export async function updatePostSettings(ctx: DeskContext, id: number, input: z.infer<typeof postSettings>) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(posts).where(eq(posts.id, id)).for('update')
    if (!current) throw notFoundError(ctx.lang)
    // Drizzle leaves undefined values out: only the fields sent change.
    const changes = {
      image: input.image,
      publishedAt: input.published_at === undefined ? undefined : new Date(input.published_at),
    }
    const [row] = sendsNothing(changes)
      ? [current]
      : await tx.update(posts).set(changes).where(eq(posts.id, id)).returning()
    if (!row) throw notFoundError(ctx.lang)
    await recordUpdate(ctx, tx, 'post.update', id, auditedPost(current), auditedPost(row))
    return row
  })
}

const postDrafts = draftSteps('post', auditedPost)
export const savePostDraft = (ctx: DeskContext, id: number, input: Texts) =>
  postDrafts.saveDraft(ctx, id, cleanTexts(input))
export const publishPost = postDrafts.publish
export const deletePost = postDrafts.remove
