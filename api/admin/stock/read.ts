import { and, count, desc, eq, gt, ilike, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm'
import { languages } from '#contract/languages.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { orders, products, staff, stockBatches, stockMovements } from '../../db/schema/index.ts'
import type { Lang } from '../../http/locale.ts'
import { orderNumber } from '../../orders/states.ts'
import { isLowStock, lowStockThreshold } from '../../stock/low-stock.ts'

type Threshold = Pick<Config, 'TELEGRAM_LOW_STOCK_THRESHOLD'>
type ProductRow = typeof products.$inferSelect
type BatchRow = typeof stockBatches.$inferSelect

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString())

/** The shop's date today (Tashkent, UTC+5 all year) as YYYY-MM-DD. */
export const shopToday = (now: Date) => new Date(now.getTime() + 5 * 3600_000).toISOString().slice(0, 10)

/** Whole days from `today` to `day` (both YYYY-MM-DD). */
const daysBetween = (today: string, day: string) => Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000)

const productRef = (p: ProductRow, lang: Lang, config: Threshold) => ({
  id: p.id,
  slug: p.slug,
  title: p.title[lang] || p.title.ru,
  sku: p.sku,
  stock: p.stock,
  low_stock_threshold: p.lowStockThreshold ?? config.TELEGRAM_LOW_STOCK_THRESHOLD,
  price: p.price,
  sale_price: p.salePrice,
  is_hidden: p.isHidden,
})

export const batchView = (b: BatchRow) => ({
  id: b.id,
  quantity: b.quantity,
  expires_on: b.expiresOn,
  received_at: iso(b.receivedAt) as string,
  note: b.note,
})

function matching(q: string | undefined): SQL | undefined {
  const text = q?.trim()
  if (!text) return undefined
  const like = `%${escapeLike(text)}%`
  return or(
    ...languages.map((l) => ilike(sql`${products.title}->>${l}`, like)),
    ilike(products.sku, like),
    ilike(products.barcode, like),
  )
}

const nearestExpiry = sql<string | null>`(select min(${stockBatches.expiresOn})::text from ${stockBatches}
  where ${stockBatches.productId} = ${products.id} and ${stockBatches.quantity} > 0)`

/** Products at or below their low-stock threshold, emptiest first. */
export async function lowStockPage(
  db: Db,
  config: Threshold,
  query: { q?: string; page: number; size: number },
  lang: Lang,
) {
  const where = and(isLowStock(config), matching(query.q))
  const [rows, [total]] = await Promise.all([
    db
      .select({ product: products, nearestExpiry })
      .from(products)
      .where(where)
      .orderBy(products.stock, products.id)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(products).where(where),
  ])
  return {
    rows: rows.map((r) => ({ ...productRef(r.product, lang, config), nearest_expiry: r.nearestExpiry })),
    total: total?.n ?? 0,
  }
}

/** Batches with stock left expiring within `days` of today (or already expired), soonest first. */
export async function expiringPage(
  db: Db,
  config: Threshold,
  query: { days: number; page: number; size: number },
  ctx: { lang: Lang; now: Date },
) {
  const today = shopToday(ctx.now)
  const where = and(
    gt(stockBatches.quantity, 0),
    isNotNull(stockBatches.expiresOn),
    lte(stockBatches.expiresOn, sql`${today}::date + ${query.days}::int`),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ batch: stockBatches, product: products })
      .from(stockBatches)
      .innerJoin(products, eq(products.id, stockBatches.productId))
      .where(where)
      .orderBy(stockBatches.expiresOn, stockBatches.id)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(stockBatches).where(where),
  ])
  return {
    rows: rows.map((r) => ({
      batch: batchView(r.batch),
      product: productRef(r.product, ctx.lang, config),
      days_left: daysBetween(today, r.batch.expiresOn as string),
    })),
    total: total?.n ?? 0,
  }
}

/** One product's stock: its number, threshold, sale and the batches holding it. Null when there is no such product. */
export async function stockProduct(db: Db, config: Threshold, id: number, lang: Lang) {
  const [product] = await db
    .select({ product: products, low: sql<boolean>`${isLowStock(config)}`, threshold: lowStockThreshold(config) })
    .from(products)
    .where(eq(products.id, id))
  if (!product) return null
  const batches = await db
    .select()
    .from(stockBatches)
    .where(eq(stockBatches.productId, id))
    .orderBy(sql`${stockBatches.expiresOn} asc nulls last`, stockBatches.receivedAt, stockBatches.id)
  const p = product.product
  return {
    ...productRef(p, lang, config),
    own_low_stock_threshold: p.lowStockThreshold,
    low: product.low,
    sale_starts_at: iso(p.saleStartsAt),
    sale_ends_at: iso(p.saleEndsAt),
    batches: batches.filter((b) => b.quantity > 0).map(batchView),
    unbatched: Math.max(0, p.stock - batches.reduce((sum, b) => sum + b.quantity, 0)),
  }
}

/** A product's movements, newest first, with who made them and for which order. */
export async function movementsPage(db: Db, productId: number, query: { page: number; size: number }) {
  const where = eq(stockMovements.productId, productId)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        movement: stockMovements,
        expiresOn: stockBatches.expiresOn,
        staffName: staff.name,
        orderId: orders.id,
      })
      .from(stockMovements)
      .leftJoin(stockBatches, eq(stockBatches.id, stockMovements.batchId))
      .leftJoin(staff, eq(staff.id, stockMovements.staffId))
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .where(where)
      .orderBy(desc(stockMovements.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(stockMovements).where(where),
  ])
  return {
    rows: rows.map(({ movement: m, expiresOn, staffName, orderId }) => ({
      id: m.id,
      delta: m.delta,
      reason: m.reason,
      order: orderId == null ? null : { id: orderId, number: orderNumber(orderId) },
      batch: m.batchId == null ? null : { id: m.batchId, expires_on: expiresOn },
      actor: m.actor,
      staff: m.staffId == null ? null : { id: m.staffId, name: staffName ?? '' },
      note: m.note,
      stock_after: m.stockAfter,
      created_at: iso(m.createdAt) as string,
    })),
    total: total?.n ?? 0,
  }
}
