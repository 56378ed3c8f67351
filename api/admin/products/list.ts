import { and, asc, desc, eq, exists, gt, inArray, not, or, type SQL, sql } from 'drizzle-orm'
import type { ProductSort, StockState } from '#contract/admin-products.ts'
import { matchedProducts, planSearch, searchOrder, searchScore } from '../../catalogue/search.ts'
import { searchTokens } from '../../catalogue/search-text.ts'
import { emptyVocabulary, getVocabulary } from '../../catalogue/vocabulary.ts'
import type { Db } from '../../db/client.ts'
import { brands, productCategories, productImages, products } from '../../db/schema/index.ts'
import { type Lang, languages, pick } from '../../http/locale.ts'
import type { MediaLinks } from '../../media/links.ts'
import type { AdminProductRow } from './schemas.ts'

export type ProductFilters = {
  q?: string
  brand?: number
  category?: number
  stock?: StockState
  hidden?: boolean
  no_picture?: boolean
  missing_translation?: boolean
  sort?: ProductSort
}

/** The low-stock line of a product: its own threshold, else the shop's. */
export const thresholdOf = (shopDefault: number) => sql<number>`coalesce(${products.lowStockThreshold}, ${shopDefault})`

/** The SQL a stock state means; the same line `stockState` draws for one row. */
function stockCondition(state: StockState, shopDefault: number): SQL {
  const threshold = thresholdOf(shopDefault)
  if (state === 'out') return eq(products.stock, 0)
  if (state === 'low') return and(gt(products.stock, 0), sql`${products.stock} <= ${threshold}`)!
  return sql`${products.stock} > ${threshold}`
}

export function stockState(stock: number, threshold: number): StockState {
  return stock === 0 ? 'out' : stock <= threshold ? 'low' : 'in'
}

const emptyIn = (column: typeof products.title | typeof products.description, lang: Lang) =>
  sql`coalesce(${column}->>${lang}, '') = ''`
const missingIn = (lang: Lang) => or(emptyIn(products.title, lang), emptyIn(products.description, lang))!

const hasPicture = (db: Db) =>
  exists(db.select({ one: sql`1` }).from(productImages).where(eq(productImages.productId, products.id)))

const sorts = (lang: Lang): Record<ProductSort, SQL[]> => ({
  '-updated_at': [desc(products.updatedAt), desc(products.id)],
  title: [asc(sql`${products.title}->>${lang}`), asc(products.id)],
  '-title': [desc(sql`${products.title}->>${lang}`), desc(products.id)],
  price: [asc(products.price), asc(products.id)],
  '-price': [desc(products.price), desc(products.id)],
  stock: [asc(products.stock), asc(products.id)],
  '-stock': [desc(products.stock), desc(products.id)],
  created_at: [asc(products.createdAt), asc(products.id)],
  '-created_at': [desc(products.createdAt), desc(products.id)],
})

/**
 * The SQL of the list's filters (the export takes the same), and the
 * search's best-match order when `q` is given; null: `q` can find nothing.
 */
export async function productConditions(
  db: Db,
  filters: Omit<ProductFilters, 'sort'>,
  lowStockDefault: number,
): Promise<{ conditions: SQL[]; searchOrder?: SQL[] } | null> {
  const conditions: SQL[] = []
  let order: SQL[] | undefined
  if (filters.q !== undefined && filters.q.trim() !== '') {
    const tokens = searchTokens(filters.q)
    if (!tokens.length) return null
    const plan = planSearch(tokens, await getVocabulary(db).catch(() => emptyVocabulary))
    conditions.push(matchedProducts(db, plan))
    order = searchOrder(searchScore(plan.tokens, products.searchKey), 'products')
  }
  if (filters.brand) conditions.push(eq(products.brandId, filters.brand))
  if (filters.category)
    conditions.push(
      inArray(
        products.id,
        db
          .select({ id: productCategories.productId })
          .from(productCategories)
          .where(eq(productCategories.categoryId, filters.category)),
      ),
    )
  if (filters.stock) conditions.push(stockCondition(filters.stock, lowStockDefault))
  if (filters.hidden !== undefined) conditions.push(eq(products.isHidden, filters.hidden))
  if (filters.no_picture) conditions.push(not(hasPicture(db)))
  if (filters.missing_translation) conditions.push(or(...languages.map(missingIn))!)
  return { conditions, searchOrder: order }
}

/**
 * One page of the back office's product list: hidden products included, the
 * storefront's cross-script search (catalogue/search.ts) for `q`.
 */
export async function listAdminProducts(
  db: Db,
  filters: ProductFilters,
  paging: { page: number; size: number },
  context: { lang: Lang; media: MediaLinks; lowStockDefault: number },
): Promise<{ rows: AdminProductRow[]; total: number }> {
  const { lang, media, lowStockDefault } = context
  const chosen = await productConditions(db, filters, lowStockDefault)
  if (!chosen) return { rows: [], total: 0 }
  const { conditions } = chosen
  const order = filters.sort ? sorts(lang)[filters.sort] : (chosen.searchOrder ?? sorts(lang)['-updated_at'])

  const where = conditions.length ? and(...conditions) : undefined
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      brandId: brands.id,
      brandName: brands.name,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
      threshold: thresholdOf(lowStockDefault),
      isHidden: products.isHidden,
      updatedAt: products.updatedAt,
      missingUz: sql<boolean>`${missingIn('uz')}`,
      missingSr: sql<boolean>`${missingIn('sr')}`,
      missingRu: sql<boolean>`${missingIn('ru')}`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(...order)
    .limit(paging.size)
    .offset((paging.page - 1) * paging.size)
  const total =
    rows[0]?.total ??
    (paging.page > 1
      ? ((
          await db
            .select({ n: sql<number>`count(*)`.mapWith(Number) })
            .from(products)
            .where(where)
        )[0]?.n ?? 0)
      : 0)
  const pictures = await firstPictures(
    db,
    rows.map((r) => r.id),
  )
  await media.load(pictures.values())
  return {
    total,
    rows: rows.map((row) => {
      const picture = pictures.get(row.id)
      const missing = { uz: row.missingUz, sr: row.missingSr, ru: row.missingRu }
      return {
        id: row.id,
        slug: row.slug,
        title: pick(row.title, lang),
        brand: { id: row.brandId, name: row.brandName },
        price: row.price,
        sale_price: row.salePrice,
        stock: row.stock,
        stock_state: stockState(row.stock, Number(row.threshold)),
        is_hidden: row.isHidden,
        picture: picture ? media.links(picture) : null,
        missing_languages: languages.filter((l) => missing[l]),
        updated_at: new Date(row.updatedAt).toISOString(),
      }
    }),
  }
}

/** The first picture of each of these products. */
async function firstPictures(db: Db, ids: number[]): Promise<Map<number, string>> {
  const first = new Map<number, string>()
  if (!ids.length) return first
  const rows = await db
    .select({ productId: productImages.productId, path: productImages.path })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
  for (const row of rows) if (!first.has(row.productId)) first.set(row.productId, row.path)
  return first
}
