import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { cashbackEntries, orders, productImages, products, users } from '#api/db/schema/index.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'

const t = setupTestApi({ products: 60 })
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })

let ids: number[] = []
let taken = 0
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})
/** A product of this test alone, with a known stock and price. */
async function product(stock = 10, price = 100_000) {
  const id = ids[taken++]!
  await t.database.db.update(products).set({ stock, price, salePrice: null }).where(eq(products.id, id))
  return id
}
const stockOf = async (id: number) =>
  (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
const balanceOf = async (phone: string) =>
  (await t.database.db.select({ b: users.cashbackBalance }).from(users).where(eq(users.phone, phone)))[0]!.b
const setBalance = (phone: string, b: number) =>
  t.database.db.update(users).set({ cashbackBalance: b }).where(eq(users.phone, phone))

const addToBasket = async (c: Customer, productId: number, quantity = 1) => {
  const r = await t.json('orders/cart/products/', {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({ product_id: productId, quantity }),
  })
  expect(r.status).toBe(200)
}

const orderBody = (over: Record<string, unknown> = {}) => ({
  address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12', flat: '4' },
  receiver: { name: 'Dilnoza', phone: '90 123 45 67' },
  delivery: 'courier',
  payment_method: 'cash',
  idempotency_key: randomUUID(),
  ...over,
})
const placeOrder = (c: Customer, over: Record<string, unknown> = {}, lang?: string) =>
  t.json('orders/', { method: 'POST', token: c.access, lang, body: JSON.stringify(orderBody(over)) })
const staff = (orderId: number, to: number) =>
  changeOrderStatus(t.database.db, orderId, to, { lang: 'ru', config, now: new Date() })

describe('GET geo/regions/', () => {
  it('lists the 14 regions with Tashkent districts in the client language', async () => {
    const r = await t.json('geo/regions/', { lang: 'sr' })
    expect(r.status).toBe(200)
    expect(r.body.results).toHaveLength(14)
    const tashkent = r.body.results.find((x: { code: string }) => x.code === '1726')
    expect(tashkent.name).toBe('Toshkent shahri')
    expect(tashkent.districts).toHaveLength(12)
    expect(tashkent.districts.map((d: { name: string }) => d.name)).toContain('Mirzo Ulugʻbek tumani')
    const ru = await t.json('geo/regions/', { lang: 'ru' })
    expect(ru.body.results[0]).toMatchObject({ code: '1703', name: 'Андижанская область', districts: [] })
  })
})

describe('POST orders/', () => {
  it('needs a signed-in customer', async () => {
    const r = await t.json('orders/', { method: 'POST', body: JSON.stringify(orderBody()) })
    expect(r.status).toBe(401)
  })

  it('creates a cash order from the basket: snapshot, stock taken, VAT, delivery, basket emptied', async () => {
    const c = await registerCustomer(t)
    const a = await product(5, 120_000)
    const b = await product(5, 80_000)
    await addToBasket(c, a, 2)
    await addToBasket(c, b, 1)
    const r = await placeOrder(c)
    expect(r.status).toBe(201)
    const o = r.body
    expect(o).toMatchObject({
      status: 3,
      status_name: 'accepted',
      payment_method: 'cash',
      payment_status: 'pending',
      delivery: 'courier',
      delivery_price: config.DELIVERY_PRICE_TASHKENT,
      subtotal: 320_000,
      discount: 0,
      cashback_used: 0,
      total: 320_000 + config.DELIVERY_PRICE_TASHKENT,
      paid_total: 0,
      products_count: 3,
      vat_percent: 12,
      can_cancel: true,
      receiver: { name: 'Dilnoza', phone: '+998901234567', extra_phone: null },
    })
    expect(o.vat).toBe(Math.round((o.total * 12) / 112))
    expect(o.address.region).toEqual({ code: '1726', name: 'город Ташкент' })
    expect(o.address.district).toEqual({ code: '1726294', name: 'Чиланзарский район' })
    expect(o.items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity])).toEqual(
      expect.arrayContaining([
        [a, 2],
        [b, 1],
      ]),
    )
    expect(await stockOf(a)).toBe(3)
    expect(await stockOf(b)).toBe(4)
    const basket = await t.json('orders/cart/products/', { token: c.access })
    expect(basket.body.products).toHaveLength(0)
    const badges = await t.json('common/badges/', { token: c.access })
    expect(badges.body.orders_total).toBe(1)
  })

  it('the same idempotency key gives the same order, also when sent twice at once', async () => {
    const c = await registerCustomer(t)
    const p = await product(5)
    await addToBasket(c, p, 1)
    const key = randomUUID()
    const [one, two] = await Promise.all([
      placeOrder(c, { idempotency_key: key }),
      placeOrder(c, { idempotency_key: key }),
    ])
    expect([one.status, two.status].sort()).toEqual([200, 201])
    expect(one.body.id).toBe(two.body.id)
    const again = await placeOrder(c, { idempotency_key: key })
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(one.body.id)
    const rows = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))
    expect(rows).toHaveLength(1)
    expect(await stockOf(p)).toBe(4)
  })

  it('parallel checkouts of the last unit: exactly one succeeds, stock never negative', async () => {
    const p = await product(1)
    const buyers = await Promise.all([registerCustomer(t), registerCustomer(t), registerCustomer(t)])
    for (const c of buyers) await addToBasket(c, p, 1)
    const results = await Promise.all(buyers.map((c) => placeOrder(c)))
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409])
    const refused = results.find((r) => r.status === 409)!
    expect(refused.body.items).toEqual([expect.objectContaining({ product_id: p, requested: 1, available: 0 })])
    expect(await stockOf(p)).toBe(0)
  })

  it('refuses an empty basket, changed stock and changed prices, in the client language', async () => {
    const c = await registerCustomer(t)
    const empty = await placeOrder(c, {}, 'sr')
    expect(empty.status).toBe(400)
    expect(empty.body.detail).toContain('Savatcha boʻsh')

    const p = await product(3, 50_000)
    await addToBasket(c, p, 3)
    await t.database.db.update(products).set({ stock: 2 }).where(eq(products.id, p))
    const short = await placeOrder(c)
    expect(short.status).toBe(409)
    expect(short.body.items).toEqual([expect.objectContaining({ product_id: p, requested: 3, available: 2 })])

    await t.database.db.update(products).set({ stock: 3, price: 55_000 }).where(eq(products.id, p))
    const repriced = await placeOrder(c)
    expect(repriced.status).toBe(409)
    expect(repriced.body.items).toEqual([expect.objectContaining({ previous_price: 50_000, price: 55_000 })])
    expect(await stockOf(p)).toBe(3)
  })

  it('validates the address and receiver with field errors', async () => {
    const c = await registerCustomer(t)
    const r = await placeOrder(c, {
      address: { region: '9999', street: '', house: '1', latitude: 41.3 },
      receiver: { name: 'A', phone: '12345' },
      payment_method: 'bitcoin',
    })
    expect(r.status).toBe(400)
    const fields = r.body.errors.map((e: { field: string }) => e.field)
    expect(fields).toEqual(expect.arrayContaining(['address.street', 'receiver.phone', 'payment_method']))
    const place = await placeOrder(c, { address: { region: '9999', street: 'A', house: '1', latitude: 41.3 } })
    expect(place.body.errors.map((e: { field: string }) => e.field)).toEqual(['address.region', 'address.latitude'])
    const district = await placeOrder(c, { address: { region: '1726', district: 'Nowhere', street: 'A', house: '1' } })
    expect(district.body.errors).toEqual([expect.objectContaining({ field: 'address.district' })])
  })
})

describe('promo codes', () => {
  it('previews a discount; unknown and expired codes do not exist', async () => {
    const ok = await t.json('promo/check/', {
      method: 'POST',
      body: JSON.stringify({ code: ' atir10 ', total: 250_000 }),
    })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ code: 'ATIR10', percent: 10, subtotal: 250_000, discount: 25_000, total: 225_000 })
    for (const code of ['NOPE', 'YANGIYIL2024']) {
      const r = await t.json('promo/check/', { method: 'POST', lang: 'ru', body: JSON.stringify({ code, total: 1 }) })
      expect(r.status).toBe(400)
      expect(r.body.detail).toBe('Такого промокода не существует.')
    }
    const small = await t.json('promo/check/', {
      method: 'POST',
      body: JSON.stringify({ code: 'ATIR50K', total: 100_000 }),
    })
    expect(small.status).toBe(400)
    expect(small.body.detail).toContain('500000')
  })

  it('is applied by the order and refused when unknown', async () => {
    const c = await registerCustomer(t)
    const p = await product(5, 200_000)
    await addToBasket(c, p, 1)
    const bad = await placeOrder(c, { promo_code: 'YANGIYIL2024' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].field).toBe('promo_code')
    const r = await placeOrder(c, { promo_code: 'atir10', delivery: 'pickup', pickup_point: 'amir-temur' })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      promo_code: 'ATIR10',
      subtotal: 200_000,
      discount: 20_000,
      total: 180_000,
      delivery_price: 0,
    })
  })
})

describe('cashback', () => {
  it('is spent at checkout, refused above the balance, returned on cancel, earned on delivery once', async () => {
    const c = await registerCustomer(t)
    await setBalance(c.phone, 30_000)
    const p = await product(5, 100_000)
    await addToBasket(c, p, 2)
    const tooMuch = await placeOrder(c, { use_cashback: 40_000 })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.errors[0].field).toBe('use_cashback')

    const r = await placeOrder(c, { use_cashback: true, delivery: 'pickup', pickup_point: 'amir-temur' })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ cashback_used: 30_000, total: 170_000 })
    expect(await balanceOf(c.phone)).toBe(0)

    const cancel = await t.json(`orders/${r.body.id}/cancel/`, { method: 'POST', token: c.access })
    expect(cancel.status).toBe(200)
    expect(cancel.body).toMatchObject({ status: 2, can_cancel: false })
    expect(await balanceOf(c.phone)).toBe(30_000)
    expect(await stockOf(p)).toBe(5)

    await addToBasket(c, p, 1)
    const second = await placeOrder(c, { use_cashback: 10_000, delivery: 'pickup', pickup_point: 'amir-temur' })
    expect(second.body).toMatchObject({ cashback_used: 10_000, total: 90_000 })
    // Collected at the point: ready, then handed over.
    for (const to of [4, 6]) await staff(second.body.id, to)
    const earned = Math.floor(90_000 * config.CASHBACK_RATE)
    expect(await balanceOf(c.phone)).toBe(20_000 + earned)

    const history = await t.json('account/cashback/', { token: c.access })
    expect(history.status).toBe(200)
    expect(history.body.balance).toBe(20_000 + earned)
    expect(history.body.results.map((e: { amount: number; reason: string }) => [e.reason, e.amount])).toEqual([
      ['earned', earned],
      ['spent', -10_000],
      ['refund', 30_000],
      ['spent', -30_000],
    ])
    const entries = await t.database.db
      .select()
      .from(cashbackEntries)
      .where(eq(cashbackEntries.orderId, second.body.id))
    expect(entries).toHaveLength(2)
  })
})

describe('order states', () => {
  it('walks 3 → 4 → 5 → 6 and refuses everything else', async () => {
    const c = await registerCustomer(t)
    const p = await product(5)
    await addToBasket(c, p, 1)
    const { body: order } = await placeOrder(c)
    await expect(staff(order.id, 5)).rejects.toMatchObject({ status: 409 })
    await expect(staff(order.id, 1)).rejects.toMatchObject({ status: 409 })
    await staff(order.id, 4)
    const noCancel = await t.json(`orders/${order.id}/cancel/`, { method: 'POST', token: c.access })
    expect(noCancel.status).toBe(409)
    await staff(order.id, 5)
    const onTheWay = await t.json(`orders/${order.id}/`, { token: c.access })
    expect(onTheWay.body.steps.map((s: { done: boolean }) => s.done)).toEqual([true, true, false])
    const delivered = await staff(order.id, 6)
    expect(delivered).toMatchObject({ status: 6, paymentStatus: 'paid', paidTotal: order.total })
    await expect(staff(order.id, 2)).rejects.toMatchObject({ status: 409 })
    await expect(staff(order.id, 6)).rejects.toMatchObject({ status: 409 })
  })

  it('lists own orders by status and hides other customers orders (404)', async () => {
    const c = await registerCustomer(t)
    const other = await registerCustomer(t)
    const p = await product(10)
    await addToBasket(c, p, 1)
    const first = (await placeOrder(c)).body
    await addToBasket(c, p, 1)
    const second = (await placeOrder(c)).body
    await t.json(`orders/${second.id}/cancel/`, { method: 'POST', token: c.access })

    const active = await t.json('orders/?status__in=3,4,5', { token: c.access })
    expect(active.body).toMatchObject({ total: 1, total_pages: 1, current_page: 1 })
    expect(active.body.results[0].id).toBe(first.id)
    const history = await t.json('orders/?status__in=6,2', { token: c.access })
    expect(history.body.results.map((o: { id: number }) => o.id)).toEqual([second.id])
    const all = await t.json('orders/?size=1', { token: c.access })
    expect(all.body.total).toBe(2)
    expect(all.body.links.next).toContain('page=2')
    const bad = await t.json('orders/?status__in=3,9', { token: c.access })
    expect(bad.status).toBe(400)

    for (const path of [`orders/${first.id}/`, 'orders/999999/']) {
      const r = await t.json(path, { token: other.access })
      expect(r.status).toBe(404)
    }
    const cancelOther = await t.json(`orders/${first.id}/cancel/`, { method: 'POST', token: other.access })
    expect(cancelOther.status).toBe(404)
    const otherList = await t.json('orders/', { token: other.access })
    expect(otherList.body.total).toBe(0)
  })
})

describe('the orders list', () => {
  it('gives each line its product picture and an order still to be paid the moment it is cancelled unpaid', async () => {
    const c = await registerCustomer(t)
    const [a, b, bare] = [await product(5), await product(5), await product(5)]
    // A product without pictures: its line has none.
    await t.database.db.delete(productImages).where(eq(productImages.productId, bare))
    for (const id of [a, b, bare]) await addToBasket(c, id, 1)
    const card = (await placeOrder(c, { payment_method: 'card' })).body
    await addToBasket(c, a, 1)
    const cash = (await placeOrder(c)).body

    const list = await t.json('orders/?status__in=1,3,4,5', { token: c.access })
    expect(list.status).toBe(200)
    // Newest first.
    const [accepted, unpaid] = list.body.results
    expect(unpaid.id).toBe(card.id)
    const [first] = await t.database.db
      .select({ path: productImages.path })
      .from(productImages)
      .where(eq(productImages.productId, a))
      .orderBy(asc(productImages.position), asc(productImages.id))
      .limit(1)
    const line = (id: number) => unpaid.items.find((i: { product_id: number }) => i.product_id === id)
    expect(line(a).image.small).toContain(first!.path)
    expect(line(a).image).toEqual(
      expect.objectContaining({ extra_small: expect.any(String), medium: expect.any(String) }),
    )
    expect(line(b).image).not.toBeNull()
    expect(line(bare).image).toBeNull()

    // Placed + ORDER_PAYMENT_TTL_MINUTES, when the order jobs cancel it unpaid; a cash order has no such moment.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, card.id))
    expect(Date.parse(unpaid.pay_by)).toBe(row!.createdAt.getTime() + t.config.ORDER_PAYMENT_TTL_MINUTES * 60_000)
    expect(card.pay_by).toBe(unpaid.pay_by)
    expect(accepted).toMatchObject({ id: cash.id, can_pay: false, pay_by: null })

    // Paid, it has none either.
    const start = await t.json(`payments/${card.id}/start/`, { method: 'POST', token: c.access })
    const paid = await t.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ approve: true }),
    })
    expect(paid.body).toMatchObject({ status: 3, pay_by: null })
    expect(paid.body.items.find((i: { product_id: number }) => i.product_id === a).image).not.toBeNull()
  })
})

describe('sandbox payments', () => {
  it('declined keeps the order payable; approved accepts it; a paid order cannot be started again', async () => {
    const c = await registerCustomer(t)
    const p = await product(5, 150_000)
    await addToBasket(c, p, 1)
    const { body: order } = await placeOrder(c, {
      payment_method: 'card',
      delivery: 'pickup',
      pickup_point: 'amir-temur',
    })
    expect(order).toMatchObject({ status: 1, payment_status: 'pending', total: 150_000, can_pay: true })
    // Still to be paid: an open order, counted on the header badge.
    const badges = await t.json('common/badges/', { token: c.access })
    expect(badges.body.orders_total).toBe(1)

    const start = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: c.access, lang: 'sr' })
    expect(start.status).toBe(200)
    expect(start.body).toMatchObject({ provider: 'sandbox', amount: 150_000, order_id: order.id })
    expect(start.body.redirect_url).toBe(`/sr/payment/sandbox/${start.body.payment_id}`)
    expect(start.body.return_url).toBe(`/sr/payment/result/${order.id}`)
    const page = await t.json(`payments/sandbox/${start.body.payment_id}/`, { token: c.access })
    expect(page.body).toMatchObject({ status: 'pending', amount: 150_000 })

    const declined = await t.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ approve: false }),
    })
    expect(declined.body).toMatchObject({ status: 1, payment_status: 'failed', can_pay: true })
    const twice = await t.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ approve: true }),
    })
    expect(twice.status).toBe(409)

    const retry = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: c.access })
    const other = await registerCustomer(t)
    const stranger = await t.json(`payments/sandbox/${retry.body.payment_id}/complete/`, {
      method: 'POST',
      token: other.access,
      body: JSON.stringify({ approve: true }),
    })
    expect(stranger.status).toBe(404)
    const approved = await t.json(`payments/sandbox/${retry.body.payment_id}/complete/`, {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ approve: true }),
    })
    expect(approved.body).toMatchObject({ status: 3, payment_status: 'paid', paid_total: 150_000, can_pay: false })
    const again = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: c.access })
    expect(again.status).toBe(409)

    const cancelled = await t.json(`orders/${order.id}/cancel/`, { method: 'POST', token: c.access })
    expect(cancelled.body).toMatchObject({ status: 2, payment_status: 'refunded' })
  })

  it('an order awaiting payment is an open order: listed with 1,3,4,5 and on the badge until it is cancelled', async () => {
    const c = await registerCustomer(t)
    const p = await product(5)
    await addToBasket(c, p, 1)
    const cash = (await placeOrder(c)).body
    await addToBasket(c, p, 1)
    const card = (await placeOrder(c, { payment_method: 'card' })).body
    expect(cash).toMatchObject({ status: 3, can_pay: false })
    expect(card).toMatchObject({ status: 1, can_pay: true })

    const open = await t.json('orders/?status__in=1,3,4,5', { token: c.access })
    expect(open.body.results.map((o: { id: number; can_pay: boolean }) => [o.id, o.can_pay])).toEqual([
      [card.id, true],
      [cash.id, false],
    ])
    // SPEC's active orders stay 3, 4, 5.
    const active = await t.json('orders/?status__in=3,4,5', { token: c.access })
    expect(active.body.results.map((o: { id: number }) => o.id)).toEqual([cash.id])
    expect((await t.json('common/badges/', { token: c.access })).body.orders_total).toBe(2)

    const cancelled = await t.json(`orders/${card.id}/cancel/`, { method: 'POST', token: c.access })
    expect(cancelled.body).toMatchObject({ status: 2, can_pay: false })
    expect((await t.json('common/badges/', { token: c.access })).body.orders_total).toBe(1)
    const again = await t.json(`payments/${card.id}/start/`, { method: 'POST', token: c.access })
    expect(again.status).toBe(409)
  })

  it('a cash order is not started online', async () => {
    const c = await registerCustomer(t)
    const p = await product(5)
    await addToBasket(c, p, 1)
    const { body: order } = await placeOrder(c)
    const r = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: c.access })
    expect(r.status).toBe(409)
  })
})
