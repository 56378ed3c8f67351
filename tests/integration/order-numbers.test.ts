import { randomUUID } from 'node:crypto'
import { asc, eq, gt, max } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders, products } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { newPhone, registerCustomer } from './support/customer.ts'
import { deskCaller } from './support/desk.ts'
import { releasedTogether } from './support/lock-gate.ts'
import { addToBasket, checkoutAs, stockProduct } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Order numbers are the books' numbers: each order accepted gets the next
// one, and a checkout that fails or is only previewed takes none. Run on
// PostgreSQL too (DATABASE_URL): there the requests below really overlap.

const t = setupTestApi({ products: 10 })
let manager: { token: string }
let productIds: number[] = []
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager')
  productIds = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map(
    (r) => r.id,
  )
})
const desk = deskCaller(t, () => manager.token)

const lastNumber = async () => (await t.database.db.select({ n: max(orders.id) }).from(orders))[0]?.n ?? 0
const numbersAfter = async (from: number) =>
  (await t.database.db.select({ id: orders.id }).from(orders).where(gt(orders.id, from)).orderBy(asc(orders.id))).map(
    (r) => r.id,
  )
const run = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + 1 + i)

const phoneOrder = (productId: number) => ({
  customer: { phone: newPhone(), name: 'Дилноза Каримова' },
  lang: 'ru',
  delivery: 'pickup',
  pickup_point: 'amir-temur',
  payment_method: 'cash',
  idempotency_key: randomUUID(),
  items: [{ product_id: productId, quantity: 1 }],
})

describe('order numbers', () => {
  it('checkouts, phone orders and previews at once: the orders placed are numbered one after another', async () => {
    const p = productIds[0]!
    // Three units for three shoppers and two phone orders: three orders, two refused for stock.
    // (Eight requests at once: on PostgreSQL each holds one of the pool's ten connections while it waits.)
    await stockProduct(t, p, 3, 90_000)
    const shoppers = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const c = await registerCustomer(t)
        await addToBasket(t, c, p, 1)
        return c
      }),
    )
    const before = await lastNumber()
    const results = await releasedTogether(t, p, () => [
      ...shoppers.map((c) => checkoutAs(t, c)),
      ...Array.from({ length: 2 }, () => desk.post('orders/', phoneOrder(p))),
      // A preview prices and places the order, then rolls it back: it must give its number back.
      ...Array.from({ length: 2 }, () => desk.post('orders/preview/', phoneOrder(p))),
    ])

    const placing = results.slice(0, 5)
    const placed = placing.filter((r) => r.status === 201).map((r) => r.body.id as number)
    expect(placed).toHaveLength(3)
    expect(placing.filter((r) => r.status !== 201).map((r) => r.status)).toEqual([409, 409])
    // Each preview either priced the order (200) or found the stock gone (409); none kept a number.
    for (const preview of results.slice(5)) expect([200, 409]).toContain(preview.status)
    expect(await numbersAfter(before)).toEqual(run(before, 3))
    expect([...placed].sort((a, b) => a - b)).toEqual(run(before, 3))
  })

  it('a phone order previewed several times, then placed, takes the next number; the next checkout the one after', async () => {
    const p = productIds[1]!
    await stockProduct(t, p, 5, 50_000)
    const before = await lastNumber()
    const body = phoneOrder(p)
    for (let i = 0; i < 3; i++) expect((await desk.post('orders/preview/', body)).status).toBe(200)
    const phone = await desk.post('orders/', body)
    expect(phone.status, JSON.stringify(phone.body)).toBe(201)
    expect(phone.body.id).toBe(before + 1)

    const c = await registerCustomer(t)
    await addToBasket(t, c, p, 1)
    // Nothing left: refused, no number taken.
    await stockProduct(t, p, 0, 50_000)
    expect((await checkoutAs(t, c)).status).toBe(409)
    await stockProduct(t, p, 5, 50_000)
    const placed = await checkoutAs(t, c)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.body.id).toBe(before + 2)
  })

  it('numbers continue after orders written around the counter (a restored backup, the demo seed)', async () => {
    const p = productIds[2]!
    await stockProduct(t, p, 5, 40_000)
    const before = await lastNumber()
    const [template] = await t.database.db.select().from(orders).where(eq(orders.id, before))
    const { id: _id, idempotencyKey: _key, ...copy } = template!
    await t.database.db.insert(orders).values({ ...copy, id: before + 10, idempotencyKey: randomUUID() })
    const c = await registerCustomer(t)
    await addToBasket(t, c, p, 1)
    const placed = await checkoutAs(t, c)
    expect(placed.status, JSON.stringify(placed.body)).toBe(201)
    expect(placed.body.id).toBe(before + 11)
  })
})
