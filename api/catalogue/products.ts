// The product card: the prices a shopper pays, what shoppers may see, the
// columns a card is read from and the card itself. The product list
// (listing.ts), its search (search-results.ts), the product page
// (product-detail.ts), the basket and favourites all show these cards.
import { asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { VolumeUnit } from '#contract/catalogue.ts'
import type { Db } from '../db/client.ts'
import { brands, productCategories, productImages, products } from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import type { MediaLinks } from '../media/links.ts'
import type { Ordering } from './query.ts'
import type { ProductCard } from './schemas.ts'

/**
 * The sale price while it applies: inside [sale_starts_at, sale_ends_at)
 * (either end may be open), by the database's clock; null otherwise. Every
 * reader of a product's price (cards, filters, orderings, basket, checkout)
 * takes it from here, so a sale ends everywhere at the same moment.
 */
export const activeSalePrice = sql<number | null>`(case when ${products.salePrice} is not null
  and (${products.saleStartsAt} is null or ${products.saleStartsAt} <= now())
  and (${products.saleEndsAt} is null or now() < ${products.saleEndsAt}) then ${products.salePrice} end)`

/** The price the customer pays. */
export const pricePaid = sql<number>`coalesce(${activeSalePrice}, ${products.price})`

/** The price the customer pays for a row whose `salePrice` was read as `activeSalePrice`. */
export const unitPrice = (row: { price: number; salePrice: number | null }) => row.salePrice ?? row.price

/** What shoppers may see, find and buy: not hidden by staff. */
export const shownProduct = eq(products.isHidden, false)
const rating = sql<
  number | null
>`(case when ${products.reviewCount} > 0 then ${products.ratingSum}::float8 / ${products.reviewCount} end)`

/** A product row as `toCards` turns it into a product card. */
export type CardRow = {
  id: number
  slug: string
  title: { uz: string; sr: string; ru: string }
  price: number
  salePrice: number | null
  volume: number | null
  unit: VolumeUnit
  ratingSum: number
  reviewCount: number
  stock: number
  isRecommendation: boolean
  createdAt: Date | string
  updatedAt: Date | string
  brandId: number
}

/**
 * The columns of `products` every product card needs: products/, and the
 * basket lines and favourites that show the same cards. Brands are looked up
 * for the page's rows afterwards (brandsOf): joining them inside a ranking
 * query misleads the planner, whose estimate of chained LIKEs is far too low.
 */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  price: products.price,
  salePrice: activeSalePrice,
  volume: products.volume,
  unit: products.unit,
  ratingSum: products.ratingSum,
  reviewCount: products.reviewCount,
  stock: products.stock,
  isRecommendation: products.isRecommendation,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  brandId: products.brandId,
} satisfies Record<keyof CardRow, unknown>

export type BrandRow = { id: number; slug: string; name: string; aliases: string[] }

/** The list's orderings, each ending on a unique column so that pages never overlap. */
export const orderings: Record<Ordering, SQL[]> = {
  price: [asc(pricePaid), asc(products.id)],
  '-price': [desc(pricePaid), asc(products.id)],
  created_at: [asc(products.createdAt), asc(products.id)],
  '-created_at': [desc(products.createdAt), desc(products.id)],
  // Unrated products go last either way: "lowest rated" means the rated ones.
  rating: [sql`${rating} asc nulls last`, desc(products.reviewCount), asc(products.id)],
  '-rating': [sql`${rating} desc nulls last`, desc(products.reviewCount), asc(products.id)],
  popularity: [desc(products.popularity), desc(products.id)],
}

/** Products in any of these categories. */

/** Products in any of these categories. */
export function inCategories(db: Db, ids: number[]): SQL {
  return inArray(
    products.id,
    db
      .select({ id: productCategories.productId })
      .from(productCategories)
      .where(inArray(productCategories.categoryId, ids)),
  )
}

/** Pictures of these products in display order. */
async function imagesOf(db: Db, ids: number[]) {
  const byProduct = new Map<number, string[]>()
  if (!ids.length) return byProduct
  const rows = await db
    .select({ productId: productImages.productId, path: productImages.path })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? []
    list.push(row.path)
    byProduct.set(row.productId, list)
  }
  return byProduct
}

/** The brands of these rows, by id. */
export async function brandsOf(db: Db, rows: { brandId: number }[]): Promise<Map<number, BrandRow>> {
  const ids = [...new Set(rows.map((r) => r.brandId))]
  if (!ids.length) return new Map()
  const found = await db
    .select({ id: brands.id, slug: brands.slug, name: brands.name, aliases: brands.aliases })
    .from(brands)
    .where(inArray(brands.id, ids))
  return new Map(found.map((b) => [b.id, b]))
}

export async function toCards(
  db: Db,
  rows: CardRow[],
  lang: Lang,
  media: MediaLinks,
  knownBrands?: Map<number, BrandRow>,
): Promise<ProductCard[]> {
  const [images, brandRows] = await Promise.all([
    imagesOf(
      db,
      rows.map((r) => r.id),
    ),
    knownBrands ?? brandsOf(db, rows),
  ])
  await media.load([...images.values()].flat())
  return rows.map((row) => toCard(row, brandRows.get(row.brandId)!, images.get(row.id) ?? [], lang, media))
}

function toCard(row: CardRow, brand: BrandRow, images: string[], lang: Lang, media: MediaLinks): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    title: pick(row.title, lang),
    price: row.price,
    sale_price: row.salePrice,
    discount_percent: row.salePrice ? Math.round((1 - row.salePrice / row.price) * 100) : null,
    images: images.map((path) => media.links(path)),
    brand: { id: brand.id, slug: brand.slug, name: brand.name },
    volume: row.volume,
    unit: row.unit,
    rating: row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : null,
    review_count: row.reviewCount,
    in_stock: row.stock > 0,
    is_recommendation: row.isRecommendation,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  }
}
