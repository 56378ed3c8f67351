import { and, count, desc, eq } from 'drizzle-orm'
import { cardColumns, shownProduct, toCards } from '../catalogue/products.ts'
import type { ProductCard } from '../catalogue/schemas.ts'
import type { Db } from '../db/client.ts'
import { favourites, products } from '../db/schema/index.ts'
import { notFound } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import type { MediaLinks } from '../media/links.ts'

export type LikedCard = ProductCard & { is_liked: true }

/**
 * Favourites of `owner`, most recently added first; `'past-end'` for a page
 * beyond the last one. A product staff hid drops out (and is back when shown again).
 */
export async function listFavourites(
  db: Db,
  owner: string,
  page: number,
  size: number,
  lang: Lang,
  media: MediaLinks,
): Promise<{ results: LikedCard[]; total: number } | 'past-end'> {
  const total = await favouritesCount(db, owner)
  const offset = (page - 1) * size
  if (offset > 0 && offset >= total) return 'past-end'
  const rows = await db
    .select(cardColumns)
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.owner, owner), shownProduct))
    .orderBy(desc(favourites.addedAt), desc(favourites.productId))
    .limit(size)
    .offset(offset)
  const cards = await toCards(db, rows, lang, media)
  return { results: cards.map((card) => ({ ...card, is_liked: true as const })), total }
}

export async function favouritesCount(db: Db, owner: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.owner, owner), shownProduct))
  return row?.n ?? 0
}

/** Ids of `owner`'s favourites still shown, most recently added first, at most `limit`. */
export async function favouriteIds(db: Db, owner: string, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: favourites.productId })
    .from(favourites)
    .innerJoin(products, eq(products.id, favourites.productId))
    .where(and(eq(favourites.owner, owner), shownProduct))
    .orderBy(desc(favourites.addedAt), desc(favourites.productId))
    .limit(limit)
  return rows.map((row) => row.id)
}

/** Adds a favourite; adding it again changes nothing. Unknown product: 404. */
export async function like(db: Db, owner: string, productId: number, lang: Lang) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), shownProduct))
  if (!product) throw notFound(lang, 'product_not_found')
  // A product deleted in between fails the foreign key: the same 404.
  try {
    await db.insert(favourites).values({ owner, productId }).onConflictDoNothing()
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(lang, 'product_not_found')
    throw error
  }
}

/** Removes a favourite; removing one that is not there is not an error. */
export async function unlike(db: Db, owner: string, productId: number) {
  await db.delete(favourites).where(and(eq(favourites.owner, owner), eq(favourites.productId, productId)))
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true
  }
  return false
}
