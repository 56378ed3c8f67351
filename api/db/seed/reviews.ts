import { getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { includedVat } from '../../orders/money.ts'
import { OrderStatus } from '../../orders/states.ts'
import { refreshRatings } from '../../reviews/service.ts'
import type { Db } from '../client.ts'
import { orderItems, orders, reviews, users } from '../schema/index.ts'
import { insertJson } from './batches.ts'
import { type CustomerSeed, generateCustomers } from './customers.ts'
import { type ProductSeed, referenceDate } from './products.ts'
import { type Random, randomFor } from './random.ts'
import { reviewComment } from './review-texts.ts'

const hour = 3_600_000
const day = 24 * hour
// Orders fall in the ten months before the reference day; the last ones still leave
// time for delivery and a review before it.
const firstOrder = referenceDate - 300 * day
const lastOrder = referenceDate - 20 * day

// The default courier tariffs (api/config.ts): Tashkent city, elsewhere, free from.
const courier = { tashkent: 20_000, regions: 40_000, freeFrom: 1_000_000 }

/** One review and the delivered order of the product behind it. */
export type ReviewSeed = {
  product: number
  customer: number
  rating: number
  comment: string | null
  orderKey: string
  orderedAt: Date
  deliveredAt: Date
  reviewedAt: Date
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

// The best-known lines are bought and reviewed most (up to about 30 reviews);
// most other products have none, the rest one to three.
function reviewCount(random: Random, product: ProductSeed): number {
  if (product.famous && random.chance(0.85)) return random.int(1, Math.max(1, Math.round(product.popularity / 33)))
  return random.chance(0.2) ? random.int(1, 3) : 0
}

/**
 * The order's idempotency key: random-looking, unique by construction (the
 * review's place in the plan fills the last group; two products' streams can
 * coincide, their places cannot).
 */
function orderKey(random: Random, place: number): string {
  const hex = Array.from({ length: 3 }, () =>
    Math.floor(random.next() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${place.toString(16).padStart(12, '0')}`
}

/**
 * Who reviewed what, how and when: a product's reviews depend only on its own
 * slug and the number of customers. Each reviewer is a different customer;
 * the order is placed after the product appeared, delivered in one to three
 * days and reviewed within two weeks of that.
 */
export function planReviews(products: ProductSeed[], customers: CustomerSeed[]): ReviewSeed[] {
  const planned: ReviewSeed[] = []
  products.forEach((product, index) => {
    const random = randomFor(`${product.slug}#reviews`)
    const count = Math.min(reviewCount(random, product), customers.length)
    const start = Math.max(firstOrder, product.createdAt.getTime() + day)
    if (count === 0 || start > lastOrder) return
    // How well the product is liked: its ratings scatter around this.
    const liking = 3.2 + random.next() * 1.7
    const reviewers = new Set<number>()
    while (reviewers.size < count) reviewers.add(random.int(0, customers.length - 1))
    for (const customer of reviewers) {
      const rating = clamp(Math.round(liking + (random.next() + random.next() - 1) * 2.2), 1, 5)
      const orderedAt = Math.round(start + random.next() * (lastOrder - start))
      const deliveredAt = orderedAt + random.int(1, 3) * day + random.int(1, 10) * hour
      const reviewedAt = deliveredAt + random.int(0, 14) * day + random.int(1, 12) * hour
      const { writes, female } = customers[customer]!
      planned.push({
        product: index,
        customer,
        rating,
        comment: reviewComment(random, { kind: product.kind, rating, writes, female }),
        orderKey: orderKey(random, planned.length),
        orderedAt: new Date(orderedAt),
        deliveredAt: new Date(deliveredAt),
        reviewedAt: new Date(reviewedAt),
      })
    }
  })
  return planned
}

/** `count` fresh ids of a serial column, in ascending order; safe beside other writers. */
async function reserveIds(db: Db, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return []
  const result = (await db.execute(
    sql`select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int as id from generate_series(1, ${count})`,
  )) as unknown as { rows: Array<{ id: number }> }
  return result.rows.map((r) => r.id).sort((a, b) => a - b)
}

/**
 * The demo customers, one delivered cash order per review and the reviews
 * themselves; then the products' rating sums and counts are set from the
 * review rows (refreshRatings), so nothing shows a count without its reviews.
 */
export async function seedReviews(db: Db, products: ProductSeed[], productIds: Map<string, number>) {
  const customers = generateCustomers(products.length)
  const planned = planReviews(products, customers)
  const userIds = await reserveIds(db, users, customers.length)
  await insertJson(
    db,
    users,
    customers.map((c, i) => ({ id: userIds[i], fullName: c.fullName, createdAt: c.createdAt })),
    { batch: 5000 },
  )
  const orderIds = await reserveIds(db, orders, planned.length)
  const orderRows = planned.map((r, i) => {
    const product = products[r.product]!
    const customer = customers[r.customer]!
    const paid = product.salePrice ?? product.price
    const delivery = paid >= courier.freeFrom ? 0 : customer.region === '1726' ? courier.tashkent : courier.regions
    const total = paid + delivery
    return {
      id: orderIds[i],
      userId: userIds[r.customer],
      idempotencyKey: r.orderKey,
      status: OrderStatus.delivered,
      paymentMethod: 'cash',
      paymentStatus: 'paid',
      delivery: 'courier',
      region: customer.region,
      district: customer.district,
      street: customer.street,
      house: customer.house,
      flat: customer.flat,
      receiverName: customer.fullName,
      // A demo customer has no phone: any plausible number could be a real person's.
      receiverPhone: '',
      subtotal: paid,
      deliveryPrice: delivery,
      total,
      vat: includedVat(total),
      paidTotal: total,
      createdAt: r.orderedAt,
      updatedAt: r.deliveredAt,
      paidAt: r.deliveredAt,
      deliveredAt: r.deliveredAt,
    }
  })
  await insertJson(db, orders, orderRows, { batch: 5000 })
  const itemRows = planned.map((r, i) => {
    const product = products[r.product]!
    return {
      orderId: orderIds[i],
      productId: productIds.get(product.slug),
      slug: product.slug,
      title: product.title,
      unitPrice: product.salePrice ?? product.price,
      regularPrice: product.price,
      quantity: 1,
    }
  })
  await insertJson(db, orderItems, itemRows, { batch: 5000 })
  const reviewRows = planned.map((r) => ({
    productId: productIds.get(products[r.product]!.slug),
    userId: userIds[r.customer],
    rating: r.rating,
    comment: r.comment,
    createdAt: r.reviewedAt,
    updatedAt: r.reviewedAt,
    // The demo shop's staff have looked at them: the moderation queue starts empty.
    moderation: 'published',
  }))
  await insertJson(db, reviews, reviewRows, { batch: 5000 })
  await refreshRatings(db, 'reviewed')
  return { customers: customers.length, reviews: planned.length }
}
