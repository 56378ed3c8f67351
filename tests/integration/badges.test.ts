import { randomBytes } from 'node:crypto'
import { asc, gte } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'

// The header's counts with what the basket and favourites hold (`items=true`):
// the storefront's one call per page for the badges and the buttons' state.

// More products than the favourites it lists (100).
const t = setupTestApi({ products: 110 })

type Who = { fingerprint: string }
const newVisitor = (): Who => ({ fingerprint: `visitor_${randomBytes(8).toString('hex')}` })
const like = (who: Who, productId: number) =>
  t.json('products/likes/', { ...who, method: 'POST', body: JSON.stringify({ product_id: productId }) })

let all: number[] = []
beforeAll(async () => {
  all = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

describe('common/badges/?items=true', () => {
  const badges = (who: Who, query = '') => t.json(`common/badges/${query}`, who)

  it("lists the basket's lines and the favourites with the counts, in one call", async () => {
    const visitor = newVisitor()
    const [stocked] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(gte(products.stock, 2))
      .limit(1)
    await like(visitor, all[0]!)
    await like(visitor, all[1]!)
    const added = await t.json('orders/cart/products/', {
      ...visitor,
      method: 'POST',
      body: JSON.stringify({ product_id: stocked!.id, quantity: 2 }),
    })
    expect(added.status).toBe(200)
    const answer = await badges(visitor, '?items=true')
    expect(answer.body).toEqual({
      orders_total: 0,
      cart_total: 2,
      favourites_total: 2,
      basket: [{ product_id: stocked!.id, quantity: 2 }],
      favourite_ids: [all[1], all[0]],
    })
    // Without `items`, the counts alone, as before.
    expect((await badges(visitor)).body).toEqual({ orders_total: 0, cart_total: 2, favourites_total: 2 })
    expect((await badges(visitor, '?items=yes')).status).toBe(400)
  })

  it('lists the latest 100 favourites and counts them all', async () => {
    const visitor = newVisitor()
    for (const id of all.slice(0, 101)) await like(visitor, id)
    const { body } = await badges(visitor, '?items=true')
    expect(body.favourites_total).toBe(101)
    expect(body.favourite_ids).toHaveLength(100)
    expect(body.favourite_ids[0]).toBe(all[100])
    expect(body.favourite_ids).not.toContain(all[0])
  })
})
