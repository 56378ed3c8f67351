import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { type AuditActor, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Db, Tx } from '../../db/client.ts'
import { products, type ReviewModeration, reviews, staff, users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import type { MediaLinks } from '../../media/links.ts'

type Ctx = { lang: Lang; now: Date }

const moderator = alias(staff, 'moderator')
const replier = alias(staff, 'replier')

function selectReviews(db: Db) {
  return db
    .select({
      review: reviews,
      authorName: users.fullName,
      product: { id: products.id, slug: products.slug, title: products.title },
      moderatorName: moderator.name,
      replierName: replier.name,
    })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .leftJoin(moderator, eq(moderator.id, reviews.moderatedBy))
    .leftJoin(replier, eq(replier.id, reviews.replyBy))
}
type Selected = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number]

export function staffReviewView(row: Selected, lang: Lang, links: MediaLinks) {
  const r = row.review
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    id: r.id,
    moderation: r.moderation,
    rating: r.rating,
    comment: r.comment,
    photos: r.photos.map((path) => links.links(path).medium),
    author: { id: r.userId, name: row.authorName?.trim() || '—' },
    product: { id: row.product.id, slug: row.product.slug, title: row.product.title[lang] || row.product.title.ru },
    hidden_reason: r.hiddenReason,
    moderated_at: iso(r.moderatedAt),
    moderated_by: r.moderatedBy ? { id: r.moderatedBy, name: row.moderatorName ?? '' } : null,
    reply: r.reply,
    reply_at: iso(r.replyAt),
    reply_by: r.replyBy ? { id: r.replyBy, name: row.replierName ?? '' } : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }
}

export type ReviewFilters = { moderation?: ReviewModeration; product_id?: number; rating?: number }

/** The moderation queue: newest first, with the count of each state for the tabs. */
export async function listStaffReviews(db: Db, filters: ReviewFilters, page: number, size: number) {
  const conditions: SQL[] = []
  if (filters.product_id) conditions.push(eq(reviews.productId, filters.product_id))
  if (filters.rating) conditions.push(eq(reviews.rating, filters.rating))
  const shared = conditions.length ? and(...conditions) : undefined
  const where = filters.moderation ? and(shared, eq(reviews.moderation, filters.moderation)) : shared
  const [rows, [total], states] = await Promise.all([
    selectReviews(db)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(reviews).where(where),
    db.select({ moderation: reviews.moderation, n: count() }).from(reviews).where(shared).groupBy(reviews.moderation),
  ])
  const counts = { new: 0, published: 0, hidden: 0 }
  for (const s of states) counts[s.moderation] = s.n
  return { rows, total: total?.n ?? 0, counts }
}

export async function staffReviewById(db: Db, id: number) {
  const [row] = await selectReviews(db).where(eq(reviews.id, id))
  return row ?? null
}

async function lockReview(tx: Tx, id: number, lang: Lang) {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update')
  if (!row) throw new ApiError(404, message(lang, 'admin_review_not_found'))
  return row
}

/** Moves the product's rating sum and count by one review, in the caller's transaction. */
async function moveRating(tx: Tx, productId: number, rating: number, sign: 1 | -1) {
  await tx
    .update(products)
    .set({
      ratingSum: sql`greatest(${products.ratingSum} + ${sign * rating}, 0)`,
      reviewCount: sql`greatest(${products.reviewCount} + ${sign}, 0)`,
    })
    .where(eq(products.id, productId))
}

/**
 * Sets a review's moderation state: `hidden` (with a reason) takes it out of
 * the shop and its product's rating, `published` shows it again (or marks a
 * new one as looked at). The rating moves in the same transaction as the
 * row, which is locked first as the customer's own edit locks it, so an edit
 * at the same moment is counted exactly once. Audited `review.hide` /
 * `review.publish`; setting the state it already has changes nothing.
 */
export async function moderateReview(
  db: Db,
  input: { id: number; to: 'hidden' | 'published'; reason?: string; actor: AuditActor },
  ctx: Ctx,
) {
  const changed = await db.transaction(async (tx) => {
    const review = await lockReview(tx, input.id, ctx.lang)
    const reason = input.to === 'hidden' ? (input.reason ?? null) : null
    if (review.moderation === input.to && review.hiddenReason === reason) return false
    await tx
      .update(reviews)
      .set({ moderation: input.to, hiddenReason: reason, moderatedAt: ctx.now, moderatedBy: input.actor.staffId })
      .where(eq(reviews.id, review.id))
    const wasShown = review.moderation !== 'hidden'
    const isShown = input.to !== 'hidden'
    if (wasShown !== isShown) {
      await moveRating(tx, review.productId, review.rating, isShown ? 1 : -1)
      await invalidateCatalogue(db, tx)
    }
    await recordAudit(tx, {
      ...input.actor,
      action: input.to === 'hidden' ? 'review.hide' : 'review.publish',
      entity: 'review',
      entityId: review.id,
      before: { moderation: review.moderation, hidden_reason: review.hiddenReason },
      after: { moderation: input.to, hidden_reason: reason },
      at: ctx.now,
    })
    return true
  })
  return changed
}

/**
 * The shop's reply under a review (one per review; sending again replaces
 * it, an empty text removes it). Shown in the storefront as typed. Audited
 * `review.reply`. A review still new counts as looked at once replied to.
 */
export async function replyToReview(db: Db, input: { id: number; text: string; actor: AuditActor }, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const review = await lockReview(tx, input.id, ctx.lang)
    const text = input.text || null
    if (review.reply === text) return
    await tx
      .update(reviews)
      .set({
        reply: text,
        replyAt: text ? ctx.now : null,
        replyBy: text ? input.actor.staffId : null,
        ...(review.moderation === 'new' && {
          moderation: 'published' as const,
          moderatedAt: ctx.now,
          moderatedBy: input.actor.staffId,
        }),
      })
      .where(eq(reviews.id, review.id))
    if (review.moderation !== 'hidden') await invalidateCatalogue(db, tx)
    await recordAudit(tx, {
      ...input.actor,
      action: 'review.reply',
      entity: 'review',
      entityId: review.id,
      before: { reply: review.reply },
      after: { reply: text },
      at: ctx.now,
    })
  })
}
