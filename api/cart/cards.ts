import type { toCards } from '../catalogue/products.ts'
import { products } from '../db/schema/index.ts'

/** A product row as the catalogue turns it into a card (catalogue/products.ts `toCards`). */
export type CardRow = Parameters<typeof toCards>[1][number]

/**
 * The columns of `products` that `toCards` needs: basket lines and favourites
 * show the same product cards as products/.
 * Typed against the catalogue's row type, so a change there fails here.
 */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  price: products.price,
  salePrice: products.salePrice,
  volume: products.volume,
  unit: products.unit,
  ratingSum: products.ratingSum,
  reviewCount: products.reviewCount,
  stock: products.stock,
  isRecommendation: products.isRecommendation,
  createdAt: products.createdAt,
  brandId: products.brandId,
} satisfies Record<keyof CardRow, unknown>
