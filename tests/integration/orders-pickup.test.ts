import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StoredContacts } from '#api/db/schema/index.ts'
import { orders, products, settings } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'

// An order is collected at one of the shop's pickup points (the contacts list them) or brought
// by a courier to an address; a pickup order asks for no address and keeps the point as it was.

const t = setupTestApi({ products: 10 })
let ids: number[] = []
let taken = 0
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

const readContacts = async () =>
  (await t.database.db.select().from(settings).where(eq(settings.key, 'contacts')))[0]!.value as StoredContacts
const writeContacts = (value: StoredContacts) =>
  t.database.db.update(settings).set({ value }).where(eq(settings.key, 'contacts'))

/** A customer with one product in the basket. */
async function shopper(): Promise<Customer> {
  const c = await registerCustomer(t)
  const id = ids[taken++]!
  await t.database.db.update(products).set({ stock: 5, price: 150_000, salePrice: null }).where(eq(products.id, id))
  const added = await t.json('orders/cart/products/', {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({ product_id: id, quantity: 1 }),
  })
  expect(added.status).toBe(200)
  return c
}

const pickupBody = (over: Record<string, unknown> = {}) => ({
  receiver: { name: 'Dilnoza', phone: '90 123 45 67' },
  delivery: 'pickup',
  pickup_point: 'amir-temur',
  payment_method: 'cash',
  idempotency_key: randomUUID(),
  ...over,
})
const place = (c: Customer, body: Record<string, unknown>, lang = 'ru') =>
  t.json('orders/', { method: 'POST', token: c.access, lang, body: JSON.stringify(body) })

describe('POST orders/ with pickup', () => {
  it('needs no address, is free, and answers with the point in the customer’s language', async () => {
    const c = await shopper()
    const r = await place(c, pickupBody(), 'sr')
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ delivery: 'pickup', delivery_price: 0, total: 150_000, address: null })
    const point = (await readContacts()).pickup_points![0]!
    expect(r.body.pickup_point).toEqual({
      id: 'amir-temur',
      name: point.name.sr,
      address: point.address.sr,
      hours: point.hours,
      latitude: point.latitude,
      longitude: point.longitude,
    })
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, r.body.id))
    expect(row).toMatchObject({ region: null, street: null, house: null, pickupPoint: point })
  })

  it('an address sent with pickup is not stored', async () => {
    const c = await shopper()
    const address = { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' }
    const r = await place(c, pickupBody({ address }))
    expect(r.status).toBe(201)
    expect(r.body.address).toBeNull()
  })

  it('refuses a point the shop does not have, in the customer’s language, and keeps the basket', async () => {
    const c = await shopper()
    const r = await place(c, pickupBody({ pickup_point: 'nowhere' }), 'uz')
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual([{ field: 'pickup_point', message: 'Рўйхатдан олиб кетиш пунктини танланг.' }])
    const missing = await place(c, pickupBody({ pickup_point: null }), 'ru')
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toContainEqual({
      field: 'pickup_point',
      message: 'Выберите пункт самовывоза из списка.',
    })
    const basket = await t.json('orders/cart/products/', { token: c.access })
    expect(basket.body.products).toHaveLength(1)
  })

  it('a courier order still needs its address', async () => {
    const c = await shopper()
    const r = await place(c, pickupBody({ delivery: 'courier', pickup_point: null }))
    expect(r.status).toBe(400)
    expect(r.body.errors).toContainEqual({ field: 'address', message: 'Укажите адрес доставки.' })
  })

  it('keeps the point as it was when staff later edit or remove it', async () => {
    const c = await shopper()
    const placed = await place(c, pickupBody())
    expect(placed.status).toBe(201)
    const before = await readContacts()
    const point = before.pickup_points![0]!
    await writeContacts({
      ...before,
      pickup_points: [{ ...point, hours: '09:00–18:00', address: { uz: 'Янги', sr: 'Yangi', ru: 'Новый' } }],
    })
    try {
      const again = await t.json(`orders/${placed.body.id}/`, { token: c.access })
      expect(again.body.pickup_point).toMatchObject({ hours: point.hours, address: point.address.ru })
      await writeContacts({ ...before, pickup_points: [] })
      const gone = await t.json(`orders/${placed.body.id}/`, { token: c.access })
      expect(gone.body.pickup_point.id).toBe('amir-temur')
      // With no points left, pickup can't be chosen any more.
      const c2 = await shopper()
      expect((await place(c2, pickupBody())).status).toBe(400)
    } finally {
      await writeContacts(before)
    }
  })
})

describe('POST orders/preview/ for pickup', () => {
  it('without a region prices pickup only; a courier preview needs the region', async () => {
    const c = await shopper()
    const r = await t.json('orders/preview/', { method: 'POST', token: c.access, body: JSON.stringify({}) })
    expect(r.status).toBe(200)
    expect(r.body.options.map((o: { delivery: string }) => o.delivery)).toEqual(['pickup', 'pickup'])
    expect(r.body.options[0]).toMatchObject({ delivery_price: 0, total: 150_000 })
    const courier = await t.json('orders/preview/', {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ delivery: 'courier' }),
    })
    expect(courier.status).toBe(400)
  })
})
