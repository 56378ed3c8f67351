import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { invalidateCatalogue } from '#api/catalogue/cache.ts'
import { products } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { checkoutAs } from './support/orders.ts'

// What the back office's switches mean in the shop (migration
// 0008): a hidden product is not shown, found or sold; a sale price applies
// only inside its window, everywhere the price is read, cached answers too.

const t = setupTestApi({ products: 60 })
const db = () => t.database.db
let ids: number[] = []
let next = 0
let customer: Customer
beforeAll(async () => {
  ids = (await db().select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
  customer = await registerCustomer(t)
})

/** A product of its own for each test, set as given (a staff write: the cache is invalidated). */
async function product(set: Partial<typeof products.$inferInsert> = {}) {
  const id = ids[next++]!
  await db()
    .update(products)
    .set({ stock: 10, price: 200_000, salePrice: null, saleStartsAt: null, saleEndsAt: null, isHidden: false, ...set })
    .where(eq(products.id, id))
  await invalidateCatalogue(db())
  const [row] = await db().select().from(products).where(eq(products.id, id))
  return row!
}
const change = async (id: number, set: Partial<typeof products.$inferInsert>) => {
  await db().update(products).set(set).where(eq(products.id, id))
  await invalidateCatalogue(db())
}

// Lists ask for a card per size: the seeded products these tests change are sizes of lines.
const shop = (path: string) => t.json(path, { lang: 'ru' })
const asCustomer = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
  t.json(path, {
    method,
    token: customer.access,
    lang: 'ru',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const placeOrder = () => checkoutAs(t, customer, {}, 'ru')

const clearBasket = () => asCustomer('orders/cart/products/', undefined, 'DELETE')
const hour = 3600_000

describe('a hidden product', () => {
  it('leaves lists, search and its page at once (cached answers too)', async () => {
    const p = await product({ popularity: 1_000_000 })
    const listed = async () =>
      (await shop('products/?ordering=popularity&size=5&sizes=separate')).body.results.map((r: { id: unknown }) => r.id)
    const searched = async () =>
      (await shop(`products/?search=${encodeURIComponent(p.title.ru)}`)).body.results.map((r: { id: unknown }) => r.id)
    expect(await listed()).toContain(p.id)
    expect(await searched()).toContain(p.id)
    expect((await shop(`products/${p.slug}/`)).status).toBe(200)

    await change(p.id, { isHidden: true })
    expect(await listed()).not.toContain(p.id)
    expect(await searched()).not.toContain(p.id)
    const page = await shop(`products/${p.slug}/`)
    expect(page.status).toBe(404)
    expect(page.body.detail).toBe('Товар не найден.')
  })

  it('cannot be put in the basket, is unavailable there, and checkout refuses it', async () => {
    await clearBasket()
    const p = await product()
    const other = await product({ price: 50_000 })
    expect((await asCustomer('orders/cart/products/', { product_id: p.id, quantity: 1 })).status).toBe(200)
    expect((await asCustomer('orders/cart/products/', { product_id: other.id, quantity: 1 })).status).toBe(200)
    await change(p.id, { isHidden: true })

    const added = await asCustomer('orders/cart/products/', { product_id: p.id, quantity: 1 })
    expect(added.status).toBe(404)
    expect(added.body.detail).toBe('Этот товар больше не продаётся.')

    const cart = await asCustomer('orders/cart/products/')
    const line = cart.body.products.find((l: { product: { id: unknown } }) => l.product.id === p.id)
    expect(line).toMatchObject({ unavailable: true, available_quantity: 0 })
    expect(cart.body.ready_for_checkout).toBe(false)
    expect(cart.body.total).toBe(50_000)

    const refused = await placeOrder()
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('Некоторые товары больше не продаются. Уберите их из корзины.')
    expect(refused.body.items).toEqual([expect.objectContaining({ product_id: p.id, available: 0 })])
    const [row] = await db().select({ stock: products.stock }).from(products).where(eq(products.id, p.id))
    expect(row!.stock).toBe(10)
    await clearBasket()
  })

  it('drops out of the favourites list and cannot be liked', async () => {
    const p = await product()
    const hiddenLater = await product()
    expect((await asCustomer('products/likes/', { product_id: hiddenLater.id })).status).toBeLessThan(300)
    await change(hiddenLater.id, { isHidden: true })
    await change(p.id, { isHidden: true })
    const liked = await asCustomer('products/likes/')
    expect(liked.body.results.map((r: { id: unknown }) => r.id)).not.toContain(hiddenLater.id)
    expect((await asCustomer('products/likes/', { product_id: p.id })).status).toBe(404)
  })
})

describe('the sale window', () => {
  it('a sale price applies only inside [start, end): cards, filters and price orderings', async () => {
    const now = Date.now()
    const ended = await product({ price: 50_000_001, salePrice: 100, saleEndsAt: new Date(now - hour) })
    const future = await product({ price: 50_000_002, salePrice: 101, saleStartsAt: new Date(now + hour) })
    const running = await product({
      price: 50_000_003,
      salePrice: 102,
      saleStartsAt: new Date(now - hour),
      saleEndsAt: new Date(now + hour),
    })
    const card = async (p: { slug: string }) => (await shop(`products/${p.slug}/`)).body
    expect(await card(ended)).toMatchObject({ price: 50_000_001, sale_price: null, discount_percent: null })
    expect(await card(future)).toMatchObject({ sale_price: null })
    expect(await card(running)).toMatchObject({ sale_price: 102 })

    const cheap = (await shop('products/?price__lte=1000&size=50&sizes=separate')).body.results.map(
      (r: { id: unknown }) => r.id,
    )
    expect(cheap).toContain(running.id)
    expect(cheap).not.toContain(ended.id)
    expect(cheap).not.toContain(future.id)
    const onSale = (await shop('products/?sale_price__isnull=false&size=100&sizes=separate')).body.results.map(
      (r: { id: unknown }) => r.id,
    )
    expect(onSale).toContain(running.id)
    expect(onSale).not.toContain(ended.id)
    const dearest = (await shop('products/?ordering=-price&size=2&sizes=separate')).body.results.map(
      (r: { id: unknown }) => r.id,
    )
    expect(dearest).toEqual([future.id, ended.id])
  })

  it('the basket, the order preview and the order take the price of the moment', async () => {
    await clearBasket()
    const p = await product({ price: 300_000, salePrice: 250_000, saleEndsAt: new Date(Date.now() + hour) })
    await asCustomer('orders/cart/products/', { product_id: p.id, quantity: 2 })
    expect((await asCustomer('orders/cart/products/')).body.total).toBe(500_000)

    await change(p.id, { saleEndsAt: new Date(Date.now() - 1000), saleStartsAt: new Date(Date.now() - hour) })
    const cart = (await asCustomer('orders/cart/products/')).body
    expect(cart.products[0]).toMatchObject({ price: 300_000, price_changed: true, previous_price: 250_000 })
    expect(cart.total).toBe(600_000)
    const preview = await asCustomer('orders/preview/', {
      region: '1703',
      delivery: 'pickup',
      pickup_point: 'amir-temur',
    })
    expect(preview.body.subtotal).toBe(600_000)
    expect((await placeOrder()).status).toBe(409)
    await asCustomer('orders/cart/accept-prices/', {})
    const placed = await placeOrder()
    expect(placed.status).toBe(201)
    expect(placed.body.items[0]).toMatchObject({ unit_price: 300_000 })
  })

  it('a cached answer does not outlive the sale', async () => {
    const p = await product({ price: 400_000, salePrice: 333_000, saleEndsAt: new Date(Date.now() + 1500) })
    const first = await shop(`products/${p.slug}/`)
    expect(first.body.sale_price).toBe(333_000)
    const again = await shop(`products/${p.slug}/`)
    expect(again.headers.get('x-cache')).toBe('hit')
    expect(again.body.sale_price).toBe(333_000)
    // Without a write in between: only the sale's end can make the cached answer go.
    await vi.waitFor(async () => expect((await shop(`products/${p.slug}/`)).body.sale_price).toBeNull(), {
      timeout: 10_000,
      interval: 100,
    })
  })

  it('a cached answer does not outlive the wait for a sale either', async () => {
    const p = await product({ price: 400_000, salePrice: 333_000, saleStartsAt: new Date(Date.now() + 1500) })
    expect((await shop(`products/${p.slug}/`)).body.sale_price).toBeNull()
    const again = await shop(`products/${p.slug}/`)
    expect(again.headers.get('x-cache')).toBe('hit')
    await vi.waitFor(async () => expect((await shop(`products/${p.slug}/`)).body.sale_price).toBe(333_000), {
      timeout: 10_000,
      interval: 100,
    })
  })
})
