import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { brands, products } from '../db/schema/index.ts'
import { invalidateCatalogue } from './cache.ts'
import { reindexProducts } from './search-key.ts'

export type ProductChanges = Partial<
  Pick<
    typeof products.$inferInsert,
    | 'title'
    | 'description'
    | 'aliases'
    | 'brandId'
    | 'manufacturerId'
    | 'audience'
    | 'country'
    | 'releaseYear'
    | 'volume'
    | 'unit'
    | 'price'
    | 'salePrice'
    | 'stock'
    | 'isRecommendation'
    | 'popularity'
  >
>

export type BrandChanges = Partial<Pick<typeof brands.$inferInsert, 'name' | 'aliases' | 'country' | 'isPopular'>>

// Fields the search key is built from (search-key.ts).
const productKeyFields = ['title', 'aliases', 'brandId', 'volume', 'unit'] as const
const brandKeyFields = ['name', 'aliases'] as const

/**
 * The catalogue's write path for staff tools, imports and tests: changes a
 * product, keeps its search key in step and drops cached catalogue pages.
 * Returns false when there is no such product.
 */
export async function updateProduct(db: Db, id: number, changes: ProductChanges): Promise<boolean> {
  const updated = await db.transaction(async (tx) => {
    const rows = await tx.update(products).set(changes).where(eq(products.id, id)).returning({ id: products.id })
    if (rows.length && productKeyFields.some((field) => field in changes)) {
      await reindexProducts(db, { productIds: [id] }, tx)
    }
    return rows.length > 0
  })
  await invalidateCatalogue(db)
  return updated
}

/** Changes a brand; a new name or new aliases rebuild the search keys of all its products. */
export async function updateBrand(db: Db, id: number, changes: BrandChanges): Promise<boolean> {
  const updated = await db.transaction(async (tx) => {
    const rows = await tx.update(brands).set(changes).where(eq(brands.id, id)).returning({ id: brands.id })
    if (rows.length && brandKeyFields.some((field) => field in changes)) {
      await reindexProducts(db, { brandId: id }, tx)
    }
    return rows.length > 0
  })
  await invalidateCatalogue(db)
  return updated
}
