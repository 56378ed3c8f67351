import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { catalogueVersion, invalidateCatalogue } from '#api/catalogue/cache.ts'
import { authSessions, cartItems, favourites, orderItems, orders, reviews, users } from '#api/db/schema/index.ts'
import { listenForShopperChanges, shopperChanges } from '#api/shoppers/changes.ts'
import { shopperValues } from '../../server/shopper-values.ts'
import { untilNotice } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { orderMaker } from './support/orders.ts'
import { secondProcess } from './support/second-process.ts'

// What a shop process remembers of a shopper for their pages (server/shopper-values.ts)
// lasts until a change of theirs: the database names the shopper on every write
// of what they own, whoever makes it (migration 0030), and the second shop
// "process" (on PostgreSQL a pool and listening connection of its own) hears it.

const t = setupTestApi({ products: 10 })
const other = secondProcess(t)
const orderOf = orderMaker(t)
let stop = async () => {}

beforeAll(async () => {
  stop = await listenForShopperChanges(other.database)
})
afterAll(() => stop())

const visitor = (n: number) => `shopper-changes-visitor-${n}`

/** The other process's moment now, to wait for a change heard after it. */
const now = () => shopperChanges(other.database.db).now()

/** Waits until the other process has heard of a change of `owner`'s after `since`. */
const hears = (owner: string, since: number) =>
  vi.waitFor(() => expect(shopperChanges(other.database.db).changedSince(owner, since)).toBe(true), untilNotice)

/** A memory of the other process and a reading of `owner`'s that counts how often it was read. */
function reading(owner: string) {
  const memory = shopperValues(other.database.db, 2 ** 20)
  let reads = 0
  return {
    recall: () => memory.recall(owner, 'frame', async () => ++reads),
    get reads() {
      return reads
    },
  }
}

describe("a shopper's changes", () => {
  it('names the shopper of every write of what they own, whoever makes it', async () => {
    // A customer of this test's own: their session ends below.
    const { order, productId } = await orderOf.place({ method: 'cash', as: await registerCustomer(t) })
    const [placed] = await t.database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, order.id))
    const userId = placed!.userId
    const user = `u:${userId}`
    const writes: [string, () => Promise<unknown>][] = [
      [
        'a basket line',
        () =>
          t.database.db
            .insert(cartItems)
            .values({ owner: `v:${visitor(1)}`, productId, quantity: 1, priceSeen: 100_000 }),
      ],
      ['a favourite', () => t.database.db.insert(favourites).values({ owner: `v:${visitor(2)}`, productId })],
      // Written as they were: a write is a change, whatever it leaves.
      ['an order', () => t.database.db.update(orders).set({ status: order.status }).where(eq(orders.id, order.id))],
      [
        "an order's line",
        () => t.database.db.update(orderItems).set({ quantity: 1 }).where(eq(orderItems.orderId, order.id)),
      ],
      [
        'a review',
        () => t.database.db.insert(reviews).values({ productId, userId, rating: 5, comment: 'Стойкий аромат' }),
      ],
      ['a name', () => t.database.db.update(users).set({ fullName: 'Дилноза Юсупова' }).where(eq(users.id, userId))],
      [
        'a session',
        () => t.database.db.update(authSessions).set({ revokedAt: new Date() }).where(eq(authSessions.userId, userId)),
      ],
    ]
    const owners = [`v:${visitor(1)}`, `v:${visitor(2)}`, user, user, user, user, user]
    for (const [index, [what, write]] of writes.entries()) {
      const before = now()
      await write()
      await hears(owners[index]!, before).catch((error: Error) => {
        throw new Error(`${what}: ${error.message}`)
      })
    }
  })

  it("remembers a shopper's values in the other process until a change of theirs, and only theirs", async () => {
    const owner = `v:${visitor(3)}`
    const { body } = await t.json<{ results: { id: number }[] }>('products/?size=5')
    const [one, two] = body.results
    const mine = reading(owner)
    await mine.recall()
    await mine.recall()
    expect(mine.reads).toBe(1)

    // Someone else's basket changes: this shopper's values stand.
    let before = now()
    await t.json('orders/cart/products/', {
      method: 'POST',
      fingerprint: visitor(4),
      body: JSON.stringify({ product_id: one!.id, quantity: 1 }),
    })
    await hears(`v:${visitor(4)}`, before)
    await mine.recall()
    expect(mine.reads).toBe(1)

    // Theirs, through this process's API: the other process reads them again.
    before = now()
    const added = await t.json('orders/cart/products/', {
      method: 'POST',
      fingerprint: visitor(3),
      body: JSON.stringify({ product_id: two!.id, quantity: 1 }),
    })
    expect(added.status).toBe(200)
    await hears(owner, before)
    await mine.recall()
    expect(mine.reads).toBe(2)

    // A change of the catalogue (a product off sale changes what a basket holds).
    await invalidateCatalogue(other.database.db)
    await mine.recall()
    expect(mine.reads).toBe(3)
  })

  it('keeps no reading that a change of the shopper crossed', async () => {
    const owner = `v:${visitor(5)}`
    const memory = shopperValues(other.database.db, 2 ** 20)
    let reads = 0
    let finish = () => {}
    const slow = memory.recall(owner, 'frame', async () => {
      reads++
      await new Promise<void>((resolve) => {
        finish = resolve
      })
      return 'before the change'
    })
    await vi.waitFor(() => expect(reads).toBe(1), untilNotice)
    // A write of theirs by another program (not an order: that would change the catalogue too).
    const before = now()
    const { body } = await t.json<{ results: { id: number }[] }>('products/?size=1')
    await t.database.db
      .insert(cartItems)
      .values({ owner, productId: body.results[0]!.id, quantity: 1, priceSeen: 100_000 })
    await hears(owner, before)
    finish()
    expect(await slow).toBe('before the change')
    expect(await memory.recall(owner, 'frame', async () => 'after the change')).toBe('after the change')
  })

  it('remembers nothing while notices could be missed', async () => {
    const mine = reading(`v:${visitor(6)}`)
    const feed = shopperChanges(other.database.db)
    await other.cutListening()
    await vi.waitFor(() => expect(feed.trusted).toBe(false), untilNotice)
    await mine.recall()
    await mine.recall()
    expect(mine.reads).toBe(2)
    other.restoreListening()
    // A reading is kept under a catalogue version too, and the catalogue's
    // listening connection was cut as well: it comes back on its own time.
    await vi.waitFor(() => {
      expect(feed.trusted).toBe(true)
      expect(catalogueVersion(other.database.db)).not.toBeNull()
    }, untilNotice)
    await mine.recall()
    await mine.recall()
    expect(mine.reads).toBe(3)
  })
})
