import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm'
import { invalidateCatalogue } from '../catalogue/cache.ts'
import type { Db, Tx } from '../db/client.ts'
import { orderItems, orders, products, reviews, users } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { MediaLinks } from '../media/links.ts'
import { OrderStatus } from '../orders/states.ts'

export type ReviewRow = typeof reviews.$inferSelect
export type ReviewReason = 'not_bought' | 'not_delivered'

/** The product a review path names, or 404. */
export async function productBySlug(db: Db, slug: string, lang: Lang) {
  // Not a slug at all (a NUL byte would even upset PostgreSQL): no such product.
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,199}$/.test(slug)) throw new ApiError(404, message(lang, 'product_not_found'))
  const [row] = await db
    .select({ id: products.id, ratingSum: products.ratingSum, reviewCount: products.reviewCount })
    .from(products)
    .where(eq(products.slug, slug))
  if (!row) throw new ApiError(404, message(lang, 'product_not_found'))
  return row
}

/**
 * Whether the customer may review the product: only with a delivered order
 * containing it. Otherwise why not: an order that is not delivered (yet, or
 * cancelled) or none at all.
 */
export async function eligibility(db: Db, userId: number, productId: number): Promise<ReviewReason | null> {
  const rows = await db
    .select({ status: orders.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId)))
  if (rows.some((r) => r.status === OrderStatus.delivered)) return null
  return rows.some((r) => r.status !== OrderStatus.cancelled) ? 'not_delivered' : 'not_bought'
}

export const reasonMessage = (lang: Lang, reason: ReviewReason) =>
  message(lang, reason === 'not_delivered' ? 'review_not_delivered' : 'review_not_bought')

/** The first word of the author's name: nothing more of them is shown. */
export const firstName = (fullName: string | null | undefined) => fullName?.trim().split(/\s+/)[0] ?? ''

export const averageOf = (p: { ratingSum: number; reviewCount: number }) =>
  p.reviewCount > 0 ? Math.round((p.ratingSum / p.reviewCount) * 10) / 10 : null

type Listed = ReviewRow & { fullName: string | null }

export function reviewView(row: Listed, links: MediaLinks) {
  return {
    id: row.id,
    rating: row.rating,
    comment: row.comment,
    photos: row.photos.map((path) => links.links(path)),
    author: firstName(row.fullName),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    shop_reply: row.reply ? { text: row.reply, created_at: (row.replyAt ?? row.updatedAt).toISOString() } : null,
  }
}

/** Reviews the shop shows and counts in the rating: all but those staff hid. */
export const shownReview = ne(reviews.moderation, 'hidden')

export async function listReviews(db: Db, productId: number, page: number, size: number) {
  const where = and(eq(reviews.productId, productId), shownReview)
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: reviews, fullName: users.fullName })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(reviews).where(where),
  ])
  return { rows: rows.map((r) => ({ ...r.review, fullName: r.fullName })), total: total?.n ?? 0 }
}

export async function reviewOf(db: Db, userId: number, productId: number): Promise<Listed | null> {
  const [row] = await db
    .select({ review: reviews, fullName: users.fullName })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
  return row ? { ...row.review, fullName: row.fullName } : null
}

/**
 * Creates or edits the customer's review of the product and moves the
 * product's rating sum and count with it, in one transaction. `photos`
 * (paths already written) replace the previous ones when given; returns the
 * row and the photos it no longer uses (to remove once committed).
 */
export async function saveReview(
  db: Db,
  input: { userId: number; productId: number; rating: number; comment: string | null; photos: string[] | null },
  now: Date,
) {
  const result = await db.transaction(async (tx) => {
    const find = () =>
      tx
        .select()
        .from(reviews)
        .where(and(eq(reviews.productId, input.productId), eq(reviews.userId, input.userId)))
        .for('update')
    let [existing] = await find()
    if (!existing) {
      const [inserted] = await tx
        .insert(reviews)
        .values({
          productId: input.productId,
          userId: input.userId,
          rating: input.rating,
          comment: input.comment,
          photos: input.photos ?? [],
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning()
      if (inserted) {
        await tx
          .update(products)
          .set({
            ratingSum: sql`${products.ratingSum} + ${input.rating}`,
            reviewCount: sql`${products.reviewCount} + 1`,
          })
          .where(eq(products.id, input.productId))
        return { row: inserted, created: true, replaced: [] as string[] }
      }
      // The same customer's other request created it a moment ago: edit that one.
      ;[existing] = await find()
      if (!existing) throw new Error('review vanished')
    }
    const hidden = existing.moderation === 'hidden'
    const [updated] = await tx
      .update(reviews)
      .set({
        rating: input.rating,
        comment: input.comment,
        ...(input.photos && { photos: input.photos }),
        // An edited review is new to the staff again; a hidden one stays hidden (editing does not undo it).
        ...(!hidden && { moderation: 'new' as const }),
        updatedAt: now,
      })
      .where(eq(reviews.id, existing.id))
      .returning()
    if (!hidden && input.rating !== existing.rating)
      await tx
        .update(products)
        .set({ ratingSum: sql`${products.ratingSum} + ${input.rating - existing.rating}` })
        .where(eq(products.id, input.productId))
    const replaced = input.photos ? existing.photos.filter((p) => !input.photos?.includes(p)) : []
    return { row: updated!, created: false, replaced }
  })
  await invalidateCatalogue(db)
  return result
}

/** Removes the customer's review; `null` when there was none. Returns its photos to remove. */
export async function deleteReview(db: Db, userId: number, productId: number) {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
      .returning()
    if (!row) return null
    // A hidden review was taken out of the rating when it was hidden.
    if (row.moderation === 'hidden') return row
    await tx
      .update(products)
      .set({
        ratingSum: sql`greatest(${products.ratingSum} - ${row.rating}, 0)`,
        reviewCount: sql`greatest(${products.reviewCount} - 1, 0)`,
      })
      .where(eq(products.id, productId))
    return row
  })
  if (removed) await invalidateCatalogue(db)
  return removed
}

/**
 * Sets the rating sum and count of products from their review rows, the one
 * source of truth: the given ones, or (for the seed) every product with a
 * review. Given products are locked first (in id order, against deadlocks),
 * so the sums are read after any concurrent review of them has
 * committed, and one arriving later adds to the right total.
 */
export async function refreshRatings(tx: Db, which: number[] | 'reviewed') {
  let where: SQL | undefined
  if (which === 'reviewed') where = sql`exists (select 1 from ${reviews} where ${reviews.productId} = ${products.id})`
  else {
    const ids = [...new Set(which)]
    if (!ids.length) return
    where = inArray(products.id, ids)
    await tx.select({ id: products.id }).from(products).where(where).orderBy(asc(products.id)).for('update')
  }
  await tx
    .update(products)
    .set({
      ratingSum: sql`(select coalesce(sum(${reviews.rating}), 0) from ${reviews} where ${reviews.productId} = ${products.id} and ${shownReview})`,
      reviewCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${products.id} and ${shownReview})`,
    })
    .where(where)
}

/**
 * Removes every review a customer wrote (their account is being deleted:
 * docs/decisions/005) and recounts the ratings of those products, inside the
 * caller's transaction. Returns the photo paths to erase once it commits.
 */
export async function deleteReviewsOf(tx: Tx, userId: number): Promise<string[]> {
  const removed = await tx
    .delete(reviews)
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId, photos: reviews.photos })
  await refreshRatings(
    tx,
    removed.map((r) => r.productId),
  )
  return removed.flatMap((r) => r.photos)
}
