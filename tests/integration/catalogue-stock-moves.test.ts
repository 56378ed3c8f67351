import { Hono } from 'hono'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  answerShowsStockOf,
  catalogueCache,
  catalogueVersion,
  invalidateCatalogue,
  stockMoved,
} from '#api/catalogue/cache.ts'
import type { ApiEnv } from '#api/http/context.ts'
import { expireUnpaidOrders } from '#api/orders/expiry.ts'
import { untilNotice, untilState } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { addToBasket, checkoutAs, orderMaker, stockProduct } from './support/orders.ts'
import { productPageOf, secondProcess } from './support/second-process.ts'

// What an order changes in the catalogue's cached answers: only its products'
// own answers (their number in stock) unless one sells out or comes back,
// in this process at once and in the others through the database's notice.
// A sale day's orders then leave a large catalogue's lists and counts alone.

const t = setupTestApi({ products: 20 })
const other = secondProcess(t)
const productPage = productPageOf(t, other)
const orders = orderMaker(t)
const db = () => t.database.db
let shopper: Customer
let ids: number[] = []
/** Every product of the file's catalogue. */
const list = 'products/?size=20&ordering=price'

beforeAll(async () => {
  shopper = await registerCustomer(t)
  const { body } = await t.json<{ results: { id: number }[] }>(list)
  ids = body.results.map((p) => p.id)
})

/** The list through this shop process or the other: whether from memory, and whether a product is in stock. */
async function listed(through: 'this' | 'other') {
  const response =
    through === 'this' ? await t.request(list) : await other.api.fetch(new Request(`http://shop.test/api/v1/${list}`))
  const body = (await response.json()) as { results: { id: number; in_stock: boolean }[] }
  return {
    cache: response.headers.get('x-cache'),
    inStock: (id: number) => body.results.find((p) => p.id === id)?.in_stock,
  }
}

/**
 * Empties every process's memory and waits until each has heard the notice: this process hears its
 * own too (and empties its memory again then), after every notice sent before it.
 */
async function everyProcessEmptied() {
  const here = catalogueVersion(db())!
  const there = catalogueVersion(other.database.db)!
  await invalidateCatalogue(db())
  await vi.waitFor(() => expect(catalogueVersion(db())).toBeGreaterThan(here + 1), untilNotice)
  await vi.waitFor(() => expect(catalogueVersion(other.database.db)).toBeGreaterThan(there), untilNotice)
}

/** Sets the product's stock, then has both processes keep the list and the product from scratch. */
async function cachedEverywhereWith(productId: number, stock: number) {
  await stockProduct(t, productId, stock, 150_000)
  await everyProcessEmptied()
  for (const through of ['this', 'other'] as const) {
    await listed(through)
    expect((await listed(through)).cache).toBe('hit')
    await productPage(productId, through)
    expect(await productPage(productId, through)).toEqual({ cache: 'hit', stock })
  }
}

/** The shopper orders `quantity` of the product, paying `method`; the order as the API answers it. */
async function order(productId: number, quantity: number, method: 'cash' | 'payme' = 'cash') {
  await addToBasket(t, shopper, productId, quantity)
  const placed = await checkoutAs(t, shopper, { delivery: 'pickup', payment_method: method })
  expect(placed.status, JSON.stringify(placed.body)).toBe(201)
  return placed.body as { id: number }
}

describe('stock moved by orders', () => {
  it('an order that leaves its product in stock forgets only that product’s answers, in every process', async () => {
    const productId = ids[0]!
    await cachedEverywhereWith(productId, 5)
    const version = catalogueVersion(db())
    await order(productId, 2)

    expect(await productPage(productId, 'this')).toEqual({ cache: 'miss', stock: 3 })
    expect((await listed('this')).cache).toBe('hit')
    // Pages show the number when few are left: theirs are rendered again.
    expect(catalogueVersion(db())).not.toBe(version)
    await vi.waitFor(async () => expect((await productPage(productId, 'other')).stock).toBe(3), untilNotice)
    expect((await listed('other')).cache).toBe('hit')
  })

  it('an order that sells a product out forgets every answer, in every process: lists show it sold out', async () => {
    const productId = ids[1]!
    await cachedEverywhereWith(productId, 2)
    await order(productId, 2)

    expect((await listed('this')).inStock(productId)).toBe(false)
    expect(await productPage(productId, 'this')).toEqual({ cache: 'miss', stock: 0 })
    await vi.waitFor(async () => expect((await listed('other')).inStock(productId)).toBe(false), untilNotice)
  })

  it('stock given back by a cancel forgets only that product’s answers, unless it was sold out', async () => {
    const kept = ids[2]!
    await cachedEverywhereWith(kept, 4)
    const { id } = await order(kept, 1)
    await cachedEverywhereWith(kept, 3)
    const cancelled = await t.json(`orders/${id}/cancel/`, { method: 'POST', token: shopper.access })
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(await productPage(kept, 'this')).toEqual({ cache: 'miss', stock: 4 })
    expect((await listed('this')).cache).toBe('hit')
    await vi.waitFor(async () => expect((await productPage(kept, 'other')).stock).toBe(4), untilNotice)
    expect((await listed('other')).cache).toBe('hit')

    // An unpaid order of the last one, expired: the product is back on sale, and the lists say so.
    const last = ids[3]!
    await cachedEverywhereWith(last, 1)
    const unpaid = await order(last, 1, 'payme')
    await cachedEverywhereWith(last, 0)
    expect((await listed('this')).inStock(last)).toBe(false)
    await orders.age(unpaid.id, 24 * 60)
    expect(await expireUnpaidOrders(db(), { config: t.config, now: new Date() })).toContain(unpaid.id)
    expect((await listed('this')).inStock(last)).toBe(true)
    expect(await productPage(last, 'this')).toEqual({ cache: 'miss', stock: 1 })
    await vi.waitFor(async () => expect((await listed('other')).inStock(last)).toBe(true), untilNotice)
  })
})

describe('an answer about a product read while its stock moves', () => {
  /** A route showing a product's number in stock; the next read after `hold()` waits until released. */
  function heldRoute() {
    let held = false
    let reading = false
    let release = () => {}
    const app = new Hono<ApiEnv>()
      .use(async (c, next) => {
        c.set('lang', 'ru')
        await next()
      })
      .get('/stock/:id', catalogueCache(db(), { shared: true }), async (c) => {
        const id = Number(c.req.param('id'))
        answerShowsStockOf(c, [id])
        if (held) {
          held = false
          reading = true
          await new Promise<void>((resolve) => {
            release = resolve
          })
        }
        return c.json({ id })
      })
    return {
      cacheOf: async (path: string) => (await app.request(path)).headers.get('x-cache'),
      /** Reads `path`, moving the stock of `moved` while the read is under way. */
      async readAcross(path: string, moved: number) {
        held = true
        const read = app.request(path)
        await vi.waitFor(() => expect(reading).toBe(true), untilState)
        reading = false
        await stockMoved(db(), [{ productId: moved, before: 5, after: 4 }])
        release()
        expect((await read).status).toBe(200)
      },
    }
  }

  it('is not kept when it is that product’s, and is when another’s moved', async () => {
    await everyProcessEmptied()
    const route = heldRoute()
    await route.readAcross('/stock/101', 101)
    expect(await route.cacheOf('/stock/101')).toBe('miss')
    await route.readAcross('/stock/102', 999)
    expect(await route.cacheOf('/stock/102')).toBe('hit')
  })
})
