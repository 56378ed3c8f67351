import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { cartItems, orders, products, users } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { releasedTogether } from './support/lock-gate.ts'
import { addToBasket, checkoutAs } from './support/orders.ts'

// Checkouts of one customer sent at once (two open tabs, an app retrying with
// a new key): on PostgreSQL they run in parallel transactions, and each must
// see what the others did to the basket.

const t = setupTestApi({ products: 20 })

let ids: number[] = []
let taken = 0
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})
async function product(stock: number) {
  const id = ids[taken++]!
  await t.database.db.update(products).set({ stock, price: 100_000, salePrice: null }).where(eq(products.id, id))
  return id
}
const stockOf = async (id: number) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
const userIdOf = async (c: Customer) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, c.phone)))[0]!.id
const ordersOf = async (c: Customer) =>
  t.database.db
    .select()
    .from(orders)
    .where(eq(orders.userId, await userIdOf(c)))

async function basketWith(productId: number, quantity: number) {
  const c = await registerCustomer(t)
  await addToBasket(t, c, productId, quantity)
  return c
}

const placeOrder = (c: Customer, key = randomUUID()) => checkoutAs(t, c, { idempotency_key: key }, 'ru')

describe('POST orders/ sent several times at once by one customer', () => {
  it('six checkouts of one basket make one order and take the stock once', async () => {
    const p = await product(10)
    const c = await basketWith(p, 1)
    const results = await releasedTogether(t, p, () => Array.from({ length: 6 }, () => placeOrder(c)))

    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400])
    for (const refused of results.filter((r) => r.status === 400))
      expect(refused.body.detail).toBe('Корзина пуста: добавьте товары, чтобы оформить заказ.')
    const placed = results.find((r) => r.status === 201)!
    expect(placed.body.items).toEqual([expect.objectContaining({ product_id: p, quantity: 1 })])
    expect((await ordersOf(c)).map((o) => o.id)).toEqual([placed.body.id])
    expect(await stockOf(p)).toBe(9)
    const basket = await t.database.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.owner, `u:${await userIdOf(c)}`))
    expect(basket).toEqual([])
  })

  it('the same idempotency key twice at once gives both callers the one order, also for the last unit', async () => {
    const p = await product(1)
    const c = await basketWith(p, 1)
    const key = randomUUID()
    const [one, two] = await releasedTogether(t, p, () => [placeOrder(c, key), placeOrder(c, key)])

    expect([one!.status, two!.status].sort()).toEqual([200, 201])
    expect(one!.body.id).toBe(two!.body.id)
    expect((await ordersOf(c)).map((o) => o.id)).toEqual([one!.body.id])
    expect(await stockOf(p)).toBe(0)
  })
})
