import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { orders, products, promoCodes } from '#api/db/schema/index.ts'
import type { PromoCode } from '#api/types.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { releasedTogetherOnPromo } from './support/lock-gate.ts'
import { addToBasket, checkoutAs, stockProduct } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Parallel checkouts with one promo code: on PostgreSQL the
// requests really overlap (the test holds the code's row until every
// checkout waits on it); the code's last use goes to exactly one order, the
// others are refused on `promo_code` with the reason, and nothing is counted twice.

const t = setupTestApi({ products: 40 })
let ids: number[] = []
let taken = 0
let manager: { token: string }
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
  manager = await signedInStaff(t, 'manager')
})

async function createPromo(fields: Record<string, unknown>) {
  const r = await t.json('admin/promo/', {
    method: 'POST',
    token: manager.token,
    body: JSON.stringify({ code: `RACE-${randomUUID().slice(0, 8)}`, percent: 20, ...fields }),
  })
  expect(r.status).toBe(201)
  return r.body as PromoCode
}

/** Fills the customer's basket with a product of its own (stock is no one's bottleneck here). */
async function basket(c: Customer) {
  const productId = ids[taken++]!
  await stockProduct(t, productId, 5, 50_000)
  await addToBasket(t, c, productId)
}

const placeWith = (c: Customer, code: string) => checkoutAs(t, c, { promo_code: code }, 'ru')

const promoRow = async (id: number) => (await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, id)))[0]!
const ordersWith = (id: number) => t.database.db.select().from(orders).where(eq(orders.promoCodeId, id))

describe('checkouts racing for a promo code', () => {
  it('a 1-use code: exactly one of three parallel checkouts gets the discount', async () => {
    const customers = [await registerCustomer(t), await registerCustomer(t), await registerCustomer(t)]
    for (let round = 0; round < 3; round++) {
      const promo = await createPromo({ usage_limit: 1 })
      for (const c of customers) await basket(c)
      const answers = await releasedTogetherOnPromo(t, promo.id, () => customers.map((c) => placeWith(c, promo.code)))
      expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400])
      const winner = answers.find((a) => a.status === 201)!
      expect(winner.body).toMatchObject({ promo_code: promo.code, discount: 10_000, subtotal: 50_000 })
      for (const loser of answers.filter((a) => a.status === 400))
        expect(loser.body.errors).toEqual([{ field: 'promo_code', message: 'Промокод больше не действует.' }])
      expect((await promoRow(promo.id)).usedCount).toBe(1)
      expect((await ordersWith(promo.id)).map((o) => o.id)).toEqual([winner.body.id])
      // The refused customers keep their baskets, to order without the code.
      for (const [i, a] of answers.entries()) {
        if (a.status !== 400) continue
        const cart = await t.json('orders/cart/products/', { token: customers[i]!.access })
        expect(cart.body.total_items).toBe(1)
      }
      // Empty every basket for the next round.
      for (const c of customers) await t.json('orders/cart/products/', { method: 'DELETE', token: c.access })
    }
  })

  it('a 2-use code with one use per customer: two different customers get it, nothing more is counted', async () => {
    const customers = [await registerCustomer(t), await registerCustomer(t), await registerCustomer(t)]
    const promo = await createPromo({ usage_limit: 2, per_customer_limit: 1 })
    for (const c of customers) await basket(c)
    const answers = await releasedTogetherOnPromo(t, promo.id, () => customers.map((c) => placeWith(c, promo.code)))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 400])
    expect((await promoRow(promo.id)).usedCount).toBe(2)
    const used = await ordersWith(promo.id)
    expect(new Set(used.map((o) => o.userId)).size).toBe(2)
  })

  it('a code paused while checkouts wait on it: none of them gets it', async () => {
    const customers = [await registerCustomer(t), await registerCustomer(t)]
    const promo = await createPromo({})
    for (const c of customers) await basket(c)
    const answers = await releasedTogetherOnPromo(t, promo.id, () => [
      t.json(`admin/promo/${promo.id}/pause/`, { method: 'POST', token: manager.token }),
      ...customers.map((c) => placeWith(c, promo.code)),
    ])
    const [pause, ...checkouts] = answers
    expect(pause!.status).toBe(200)
    // Each checkout ran wholly before or wholly after the pause: used_count matches the orders that have the code.
    const placed = checkouts.filter((a) => a.status === 201)
    expect((await promoRow(promo.id)).usedCount).toBe(placed.length)
    expect((await ordersWith(promo.id)).length).toBe(placed.length)
    for (const refused of checkouts.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(400)
      expect(refused.body.errors[0]).toEqual({ field: 'promo_code', message: 'Такого промокода не существует.' })
    }
  })
})
