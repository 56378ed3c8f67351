import { and, asc, desc, eq } from 'drizzle-orm'
import { beforeAll, expect } from 'vitest'
import { auditLog, notificationOutbox, products, stockMovements } from '#api/db/schema/index.ts'
import type { StaffOrder } from '#api/types.ts'
import type { Json } from '#tests/support/json.ts'
import type { TestApi } from './api.ts'
import { stockProduct } from './orders.ts'

/** A staff member's calls to admin/…: `get(path)`, `post(path, body)`, answered with status and body. */
export function deskCaller(t: TestApi, token: () => string, lang = 'ru') {
  return {
    get: (path: string) => t.json(`admin/${path}`, { token: token(), lang }),
    post: (path: string, body: unknown) =>
      t.json(`admin/${path}`, { method: 'POST', token: token(), lang, body: JSON.stringify(body) }),
    /** The order as the desk shows it, expecting 200. */
    async order(id: number): Promise<StaffOrder & Record<string, Json>> {
      const r = await t.json(`admin/orders/${id}/`, { token: token(), lang })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      return r.body
    },
  }
}

/**
 * An edit body for POST admin/orders/{id}/edit/: the order as it is (its lines, delivery,
 * place and receiver, the `updated_at` seen), with `over` changing what the test changes.
 */
export function editOf(order: StaffOrder, over: Record<string, unknown> = {}) {
  const a = order.address
  return {
    expected_updated_at: order.updated_at,
    items: order.items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })),
    delivery: order.delivery,
    address: a
      ? {
          region: a.region.code,
          district: a.district ? (a.district.code ?? a.district.name) : null,
          street: a.street,
          house: a.house,
          flat: a.flat,
          landmark: a.landmark,
          latitude: a.latitude,
          longitude: a.longitude,
        }
      : null,
    pickup_point: order.pickup_point?.id ?? null,
    receiver: order.receiver,
    ...over,
  }
}

/**
 * Products for lines added by staff, taken from the end of the catalogue (orderMaker
 * takes from its start), each set to `stock` and `price` when taken. Register after setupTestApi().
 */
export function spareProducts(t: TestApi) {
  let ids: number[] = []
  beforeAll(async () => {
    ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(desc(products.id))).map((r) => r.id)
  })
  return async (price: number, stock = 5) => {
    const id = ids.shift()
    if (id === undefined) throw new Error('spareProducts: none left')
    await stockProduct(t, id, stock, price)
    return id
  }
}

/** The SMS queued for `phone`, oldest first. */
export const smsTo = async (t: TestApi, phone: string) =>
  (
    await t.database.db
      .select({ text: notificationOutbox.text })
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.channel, 'sms'), eq(notificationOutbox.recipient, phone)))
      .orderBy(asc(notificationOutbox.id))
  ).map((r) => r.text)

/** The order's audit rows, oldest first. */
export const auditOf = (t: TestApi, orderId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))))
    .orderBy(asc(auditLog.id))

/** The order's stock movements of `reason`, as [product, delta]. */
export const movementsOf = async (t: TestApi, orderId: number, reason: string) =>
  (
    await t.database.db
      .select({ productId: stockMovements.productId, delta: stockMovements.delta })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, orderId), eq(stockMovements.reason, reason as 'order')))
      .orderBy(asc(stockMovements.id))
  ).map((m) => [m.productId, m.delta])

/** Money as the SMS write it: `370 000`. */
export const sum = (n: number) => n.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')
