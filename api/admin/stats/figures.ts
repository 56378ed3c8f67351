import { and, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm'
import { topSearchMisses } from '../../catalogue/search-misses.ts'
import type { Db } from '../../db/client.ts'
import { brands, orderItems, orders, products, users } from '../../db/schema/index.ts'
import type { Lang } from '../../http/locale.ts'
import { statusGroupLabel } from '../../orders/service.ts'
import { OrderStatus, onlineMethods, orderStatuses, statusNames } from '../../orders/states.ts'
import { type Period, tashkentDaySql } from './period.ts'

/**
 * The statistics page's figures. The definitions, as the page labels them:
 * - orders: placed in the period and accepted (paid online, or cash): statuses 3–6, as the
 *   owner's Telegram summary counts them; `orders_total` their totals, `average` per order;
 * - revenue: the totals of those orders whose money is in: paid (online, or cash handed over)
 *   or delivered (a delivered cash order has been paid to the courier), less what returns gave back;
 * - paid online vs cash: the accepted orders by payment method;
 * - by status: every order placed in the period, whatever became of it.
 * Money is in sum, items total after line prices, order totals as the customer paid.
 */
export const soldStatuses = [
  OrderStatus.accepted,
  OrderStatus.readyForDelivery,
  OrderStatus.onTheWay,
  OrderStatus.delivered,
]

const placedIn = (p: Pick<Period, 'start' | 'end'>) => and(gte(orders.createdAt, p.start), lt(orders.createdAt, p.end))
const sold = inArray(orders.status, soldStatuses)
const moneyIn = sql`(${orders.paymentStatus} = 'paid' or ${orders.status} = ${OrderStatus.delivered})`
const online = inArray(orders.paymentMethod, onlineMethods)
/** What an order brought in: its total less what returns gave back. */
const kept = sql`${orders.total} - ${orders.returnedTotal}`
const num = (expression: ReturnType<typeof sql>) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number)

export type Totals = { orders: number; orders_total: number; revenue: number; average: number }

/** Orders, their total, the revenue and the average order of a period. */
export async function totalsOf(db: Db, period: Pick<Period, 'start' | 'end'>): Promise<Totals> {
  const [row] = await db
    .select({
      orders: count(),
      orders_total: num(sql`sum(${orders.total})`),
      revenue: num(sql`sum(${kept}) filter (where ${moneyIn})`),
    })
    .from(orders)
    .where(and(placedIn(period), sold))
  const n = row?.orders ?? 0
  const total = row?.orders_total ?? 0
  return { orders: n, orders_total: total, revenue: row?.revenue ?? 0, average: n ? Math.round(total / n) : 0 }
}

// What stayed sold: units brought back are not counted.
const quantity = num(sql`sum(${orderItems.quantity} - ${orderItems.returnedQuantity})`)
const lineTotal = num(sql`sum(${orderItems.unitPrice} * (${orderItems.quantity} - ${orderItems.returnedQuantity}))`)

/** The ten products sold most in the period, by units kept. */
function topProductsOf(db: Db, period: Period) {
  return db
    .select({
      product_id: orderItems.productId,
      slug: orderItems.slug,
      title: sql<Record<string, string>>`(array_agg(${orderItems.title}))[1]`,
      quantity,
      total: lineTotal,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(placedIn(period), sold))
    .groupBy(orderItems.productId, orderItems.slug)
    .orderBy(desc(quantity), desc(lineTotal), orderItems.slug)
    .limit(10)
}

/** The ten brands that sold most in the period, by money kept. */
function topBrandsOf(db: Db, period: Period) {
  return db
    .select({ brand_id: brands.id, name: brands.name, quantity, total: lineTotal })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(placedIn(period), sold))
    .groupBy(brands.id, brands.name)
    .orderBy(desc(lineTotal), desc(quantity), brands.name)
    .limit(10)
}

/** Everything the statistics page shows for `period`. */
export async function statistics(db: Db, period: Period, ctx: { lang: Lang; lowStockDefault: number }) {
  const { lang } = ctx
  const day = tashkentDaySql(orders.createdAt)
  const [totals, byStatus, payment, perDay, topProducts, topBrands, [lowStock], [customers], misses] =
    await Promise.all([
      totalsOf(db, period),
      db.select({ status: orders.status, n: count() }).from(orders).where(placedIn(period)).groupBy(orders.status),
      db
        .select({
          online: sql<boolean>`${online}`,
          orders: count(),
          total: num(sql`sum(${orders.total})`),
        })
        .from(orders)
        .where(and(placedIn(period), sold))
        .groupBy(sql`1`),
      db
        .select({
          day,
          orders: count(),
          orders_total: num(sql`sum(${orders.total})`),
          revenue: num(sql`sum(${kept}) filter (where ${moneyIn})`),
          online: num(sql`count(*) filter (where ${online})`),
          cash: num(sql`count(*) filter (where not ${online})`),
        })
        .from(orders)
        .where(and(placedIn(period), sold))
        .groupBy(day),
      topProductsOf(db, period),
      topBrandsOf(db, period),
      db
        .select({ n: count() })
        .from(products)
        .where(
          and(
            eq(products.isHidden, false),
            lte(products.stock, sql`coalesce(${products.lowStockThreshold}, ${ctx.lowStockDefault})`),
          ),
        ),
      db
        .select({ n: count() })
        .from(users)
        .where(and(gte(users.createdAt, period.start), lt(users.createdAt, period.end), isNull(users.deletedAt))),
      topSearchMisses(db, period.from, period.to),
    ])
  const counted = new Map(byStatus.map((s) => [s.status, s.n]))
  const days = new Map(perDay.map((d) => [d.day, d]))
  const paid = (isOnline: boolean) => {
    const row = payment.find((p) => p.online === isOnline)
    return { orders: row?.orders ?? 0, total: row?.total ?? 0 }
  }
  return {
    from: period.from,
    to: period.to,
    ...totals,
    by_status: [1, 3, 4, 5, 6, 2]
      .filter((s) => orderStatuses.includes(s as OrderStatus))
      .map((s) => ({
        status: s,
        name: statusNames[s as OrderStatus],
        label: statusGroupLabel(lang, s),
        count: counted.get(s) ?? 0,
      })),
    payment: { online: paid(true), cash: paid(false) },
    per_day: period.days.map((d) => {
      const row = days.get(d)
      return {
        day: d,
        orders: row?.orders ?? 0,
        orders_total: row?.orders_total ?? 0,
        revenue: row?.revenue ?? 0,
        online: row?.online ?? 0,
        cash: row?.cash ?? 0,
      }
    }),
    top_products: topProducts.map((p) => ({
      product_id: p.product_id,
      slug: p.slug,
      title: p.title[lang] || p.title.ru || p.slug,
      quantity: p.quantity,
      total: p.total,
    })),
    top_brands: topBrands,
    low_stock: { count: lowStock?.n ?? 0, default_threshold: ctx.lowStockDefault },
    new_customers: customers?.n ?? 0,
    search_misses: misses,
  }
}
