import { asc, count, desc, eq, ilike, or } from 'drizzle-orm'
import { activeSalePrice } from '../../catalogue/products.ts'
import type { Db } from '../../db/client.ts'
import { productLines, products } from '../../db/schema/index.ts'
import { type Lang, pick } from '../../http/locale.ts'
import type { AdminLine } from './schemas.ts'

/** The line with every product in it (hidden ones too), in its order; null when there is none. */
export async function adminLineView(db: Db, lineId: number, lang: Lang): Promise<AdminLine | null> {
  const [line] = await db.select().from(productLines).where(eq(productLines.id, lineId))
  if (!line) return null
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      sku: products.sku,
      volume: products.volume,
      unit: products.unit,
      concentration: products.concentration,
      sizeKind: products.sizeKind,
      price: products.price,
      salePrice: activeSalePrice,
      stock: products.stock,
      isHidden: products.isHidden,
    })
    .from(products)
    .where(eq(products.lineId, lineId))
    .orderBy(asc(products.linePosition), asc(products.id))
  return {
    id: line.id,
    slug: line.slug,
    name: line.name,
    members: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: pick(row.title, lang),
      sku: row.sku,
      volume: row.volume,
      unit: row.unit,
      concentration: row.concentration,
      size_kind: row.sizeKind,
      price: row.price,
      sale_price: row.salePrice,
      stock: row.stock,
      is_hidden: row.isHidden,
    })),
  }
}

/** The line a product is in: null when none, undefined when there is no such product. */
export async function lineIdOf(db: Db, productId: number): Promise<number | null | undefined> {
  const [row] = await db.select({ lineId: products.lineId }).from(products).where(eq(products.id, productId))
  return row?.lineId
}

/** A page of lines, newest first, with how many products each has; `q` a part of the name or slug. */
export async function listLines(db: Db, query: { q?: string; page: number; size: number }) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null
  const where = pattern ? or(ilike(productLines.name, pattern), ilike(productLines.slug, pattern)) : undefined
  const [total] = await db.select({ n: count() }).from(productLines).where(where)
  const rows = await db
    .select({ id: productLines.id, slug: productLines.slug, name: productLines.name, size_count: count(products.id) })
    .from(productLines)
    .leftJoin(products, eq(products.lineId, productLines.id))
    .where(where)
    .groupBy(productLines.id)
    .orderBy(desc(productLines.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size)
  return { rows, total: total?.n ?? 0 }
}
