import { asc, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products, stockMovements } from '#api/db/schema/index.ts'
import { stockDisagreements } from '#api/stock/movements.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { releasedTogether } from './support/lock-gate.ts'
import { addToBasket, checkoutAs } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// A staff count racing checkouts ("stock that can be trusted"): on
// PostgreSQL the requests run in parallel transactions, released together by
// the lock gate; whatever order they commit in, the stock is the sum of the
// movements and the batches add up to it.

const t = setupTestApi({ products: 20 })

let token = ''
let ids: number[] = []
let taken = 0
beforeAll(async () => {
  token = (await signedInStaff(t, 'warehouse')).token
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

const inDays = (days: number) => new Date(Date.now() + 5 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10)
const staffPost = (path: string, body: unknown) =>
  t.json(`admin/stock/products/${path}`, { method: 'POST', token, lang: 'ru', body: JSON.stringify(body) })

/** A product with `batches` received through the API (stock 0 before). */
async function product(batches: [number, string | null][]) {
  const id = ids[taken++]!
  await t.database.db.update(products).set({ stock: 0, price: 100_000, salePrice: null }).where(eq(products.id, id))
  for (const [quantity, expiresOn] of batches)
    expect((await staffPost(`${id}/arrivals/`, { quantity, expires_on: expiresOn })).status).toBe(201)
  return id
}
const stockOf = async (id: number) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
const movedSum = async (id: number) =>
  (
    await t.database.db
      .select({ sum: sql<number>`sum(${stockMovements.delta})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.productId, id))
  )[0]!.sum

async function basketWith(productId: number, quantity: number) {
  const c = await registerCustomer(t)
  await addToBasket(t, c, productId, quantity)
  return c
}
const checkout = (c: Customer) => checkoutAs(t, c, {}, 'ru')

describe('a staff count racing checkouts', () => {
  it('three checkouts and a count down at once: no sale is wiped out, the batches add up', async () => {
    const id = await product([
      [6, inDays(30)],
      [4, null],
    ])
    const customers = await Promise.all([1, 2, 3].map(() => basketWith(id, 2)))
    // The staff member saw 10 and counted 8 (two broken), while three customers bought 2 each.
    const results = await releasedTogether(t, id, () => [
      staffPost(`${id}/corrections/`, { seen: 10, counted: 8, reason: 'two broken' }),
      ...customers.map(checkout),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 201, 201, 201])
    expect(await stockOf(id)).toBe(10 - 2 - 3 * 2)
    // From 0: the arrivals, the count and the orders add up to the stock.
    expect(await movedSum(id)).toBe(2)
    const last = await t.json(`admin/stock/products/${id}/movements/?size=1`, { token })
    expect(last.body.results[0].stock_after).toBe(2)
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })

  it('a count and a checkout for the last units: exactly one goes through, stock never below 0', async () => {
    const id = await product([[3, inDays(90)]])
    const c = await basketWith(id, 2)
    // Seen 3, counted 1: the count takes 2; so does the order; only one can.
    const [count, order] = await releasedTogether(t, id, () => [
      staffPost(`${id}/corrections/`, { seen: 3, counted: 1, reason: 'two lost' }),
      checkout(c),
    ])
    // Whichever committed first went through; the other was refused with the stock it found.
    expect([
      [200, 409],
      [409, 201],
    ]).toContainEqual([count!.status, order!.status])
    expect(await stockOf(id)).toBe(1)
    expect(await movedSum(id)).toBe(1)
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })

  it('arrivals, counts and a cancellation at once keep the sum', async () => {
    const id = await product([[5, inDays(60)]])
    const c = await basketWith(id, 3)
    const placed = await checkout(c)
    expect(placed.status).toBe(201)
    const results = await releasedTogether(t, id, () => [
      staffPost(`${id}/arrivals/`, { quantity: 4, expires_on: inDays(20) }),
      staffPost(`${id}/arrivals/`, { quantity: 1, expires_on: null }),
      staffPost(`${id}/corrections/`, { seen: 2, counted: 1, reason: 'damaged' }),
      t.json(`orders/${placed.body.id}/cancel/`, { method: 'POST', token: c.access }),
    ])
    expect(results.map((r) => r.status)).toEqual([201, 201, 200, 200])
    expect(await stockOf(id)).toBe(5 - 3 + 4 + 1 - 1 + 3)
    expect(await movedSum(id)).toBe(9)
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })
})
