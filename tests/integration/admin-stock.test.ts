import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, stockBatches, stockMovements } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { stockDisagreements } from '#api/stock/movements.ts'
import { queueLowStockAlerts } from '#api/telegram/low-stock.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { addToBasket, checkoutAs } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Stock that can be trusted: every change a movement with who and
// why, batches with expiry dates picked nearest expiry first, staff counts
// applied as a difference, low-stock and expiring lists, a sale in one step.

const t = setupTestApi({ products: 40 })

type Staff = { id: number; token: string; name: string }
const staff = {} as Record<StaffRole, Staff>
let ids: number[] = []
let taken = 0
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

const day = 86_400_000
/** A date `days` from today in Tashkent, YYYY-MM-DD. */
const inDays = (days: number) => new Date(Date.now() + 5 * 3600_000 + days * day).toISOString().slice(0, 10)

/** A product of the test's own with `stock` set as the seed sets it (no batches, no movements yet). */
async function product(stock: number, fields: Partial<typeof products.$inferInsert> = {}) {
  const id = ids[taken++]!
  await t.database.db
    .update(products)
    .set({
      stock,
      price: 100_000,
      salePrice: null,
      saleStartsAt: null,
      saleEndsAt: null,
      lowStockThreshold: null,
      isHidden: false,
      ...fields,
    })
    .where(eq(products.id, id))
  return id
}
const row = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0]!
const batchesOf = (id: number) =>
  t.database.db
    .select({ quantity: stockBatches.quantity, expiresOn: stockBatches.expiresOn })
    .from(stockBatches)
    .where(eq(stockBatches.productId, id))
    .orderBy(asc(stockBatches.id))
const movementsOf = (id: number) =>
  t.database.db
    .select({
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      batchId: stockMovements.batchId,
      stockAfter: stockMovements.stockAfter,
    })
    .from(stockMovements)
    .where(eq(stockMovements.productId, id))
    .orderBy(asc(stockMovements.id))
const auditOf = (id: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id))

const post = (path: string, body: unknown, token = staff.warehouse.token, lang = 'ru') =>
  t.json(`admin/stock/${path}`, { method: 'POST', token, lang, body: JSON.stringify(body) })
const get = (path: string, token = staff.warehouse.token) => t.json(`admin/stock/${path}`, { token, lang: 'ru' })
const arrive = (id: number, quantity: number, expiresOn: string | null, note?: string) =>
  post(`products/${id}/arrivals/`, { quantity, expires_on: expiresOn, note })
const correct = (id: number, seen: number, counted: number, reason = 'recount', extra: object = {}) =>
  post(`products/${id}/corrections/`, { seen, counted, reason, ...extra })

async function order(productId: number, quantity: number, c?: Customer) {
  const customer = c ?? (await registerCustomer(t))
  await addToBasket(t, customer, productId, quantity)
  return { ...(await checkoutAs(t, customer, {}, 'ru')), customer }
}

describe('who may do what', () => {
  it('warehouse, manager and owner read and write stock; content staff neither; no token 401', async () => {
    const id = await product(5)
    const calls = {
      low: (token: string) => get('low/', token),
      expiring: (token: string) => get('expiring/', token),
      product: (token: string) => get(`products/${id}/`, token),
      movements: (token: string) => get(`products/${id}/movements/`, token),
      arrival: (token: string) => post(`products/${id}/arrivals/`, { quantity: 1 }, token),
      correction: (token: string) => post(`products/${id}/corrections/`, { seen: 0, counted: 0, reason: 'x' }, token),
    }
    for (const [name, call] of Object.entries(calls)) {
      for (const role of ['owner', 'manager', 'warehouse'] as const)
        expect((await call(staff[role].token)).status, `${name} as ${role}`).toBeLessThan(300)
      const refused = await call(staff.content.token)
      expect(refused.status, `${name} as content`).toBe(403)
      expect(refused.body.detail).toBe('Это недоступно для вашей роли.')
    }
    expect((await t.json('admin/stock/low/', {})).status).toBe(401)
  })
})

describe('arrivals and batches', () => {
  it('an arrival is a new batch, one movement with who and why, an audit entry', async () => {
    const id = await product(0)
    const r = await arrive(id, 12, inDays(200), 'Invoice 77')
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      id,
      stock: 12,
      batches: [{ quantity: 12, expires_on: inDays(200), note: 'Invoice 77' }],
    })
    const history = await get(`products/${id}/movements/`)
    expect(history.body.results).toEqual([
      expect.objectContaining({
        delta: 12,
        reason: 'arrival',
        stock_after: 12,
        actor: `staff:${staff.warehouse.id}`,
        staff: { id: staff.warehouse.id, name: staff.warehouse.name },
        note: 'Invoice 77',
        batch: { id: r.body.batches[0].id, expires_on: inDays(200) },
        order: null,
      }),
    ])
    const [audit] = await auditOf(id, 'stock.arrival')
    expect(audit).toMatchObject({ staffId: staff.warehouse.id, before: { stock: 0 }, after: { stock: 12 } })
  })

  it('refuses an expiry date already past, a quantity of 0 and an unknown product, in the staff language', async () => {
    const id = await product(0)
    const past = await post(`products/${id}/arrivals/`, { quantity: 3, expires_on: inDays(-1) }, undefined, 'sr')
    expect(past.status).toBe(400)
    expect(past.body.errors).toEqual([
      { field: 'expires_on', message: 'Yaroqlilik muddati allaqachon oʻtgan: sanani tekshiring.' },
    ])
    const zero = await post(`products/${id}/arrivals/`, { quantity: 0 })
    expect(zero.status).toBe(400)
    expect(zero.body.errors[0].field).toBe('quantity')
    const badDate = await post(`products/${id}/arrivals/`, { quantity: 1, expires_on: '2027-02-31x' })
    expect(badDate.body.errors[0].field).toBe('expires_on')
    expect((await post('products/999999/arrivals/', { quantity: 1 })).status).toBe(404)
    expect((await row(id)).stock).toBe(0)
    expect(await movementsOf(id)).toEqual([])
  })
})

describe('orders take stock as movements, nearest expiry first', () => {
  it('an order takes from the nearest expiry, then the next; undated stock last; a cancellation returns it where it came from', async () => {
    const id = await product(2) // stock from before batches: undated
    await arrive(id, 3, inDays(300))
    await arrive(id, 4, inDays(40))
    const placed = await order(id, 5)
    expect(placed.status).toBe(201)
    expect((await row(id)).stock).toBe(4)
    expect((await batchesOf(id)).map((b) => [b.expiresOn, b.quantity])).toEqual([
      [inDays(300), 2],
      [null, 2],
      [inDays(40), 0],
    ])
    const taken = (await movementsOf(id)).filter((m) => m.reason === 'order')
    expect(taken.map((m) => [m.delta, m.orderId, m.stockAfter])).toEqual([
      [-4, placed.body.id, 5],
      [-1, placed.body.id, 4],
    ])
    expect(await stockDisagreements(t.database.db)).toEqual([])

    // A unit found meanwhile goes to the undated batch; the cancellation still returns to the sources.
    expect((await correct(id, 4, 5, 'found one')).status).toBe(200)
    const cancelled = await t.json(`orders/${placed.body.id}/cancel/`, {
      method: 'POST',
      token: placed.customer.access,
    })
    expect(cancelled.status).toBe(200)
    expect((await row(id)).stock).toBe(10)
    expect((await batchesOf(id)).map((b) => [b.expiresOn, b.quantity])).toEqual([
      [inDays(300), 3],
      [null, 3],
      [inDays(40), 4],
    ])
    const back = (await movementsOf(id)).filter((m) => m.reason === 'order_cancelled')
    expect(back.map((m) => [m.delta, m.orderId])).toEqual([
      [4, placed.body.id],
      [1, placed.body.id],
    ])
    const history = await get(`products/${id}/movements/?size=2`)
    expect(history.body.total).toBe(7)
    expect(history.body.results[0]).toMatchObject({
      reason: 'order_cancelled',
      actor: expect.stringMatching(/^customer:\d+$/),
      order: { id: placed.body.id, number: String(placed.body.id).padStart(6, '0') },
    })
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })

  it('an expired batch is taken only when no unexpired stock is left', async () => {
    const id = await product(0)
    await arrive(id, 3, inDays(90))
    // A batch that has expired since it arrived (the API refuses a past date, so it is written here).
    const [expired] = await t.database.db
      .insert(stockBatches)
      .values({ productId: id, quantity: 2, expiresOn: inDays(-3) })
      .returning()
    await t.database.db.update(products).set({ stock: 5 }).where(eq(products.id, id))
    expect((await order(id, 2)).status).toBe(201)
    expect((await batchesOf(id)).map((b) => [b.expiresOn, b.quantity])).toEqual([
      [inDays(90), 1],
      [inDays(-3), 2],
    ])
    const last = await order(id, 2)
    expect(last.status).toBe(201)
    const taken = (await movementsOf(id)).filter((m) => m.orderId === last.body.id)
    expect(taken.map((m) => [m.delta, m.batchId === expired!.id])).toEqual([
      [-1, false],
      [-1, true],
    ])
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })

  it('stock corrected to 0 shows as out of stock at once and the shop refuses the order', async () => {
    const id = await product(3)
    const c = await registerCustomer(t)
    const slug = (await row(id)).slug
    expect((await t.json(`products/${slug}/`)).body.in_stock).toBe(true)
    await addToBasket(t, c, id)
    expect((await correct(id, 3, 0, 'broken bottles')).status).toBe(200)
    const page = await t.json(`products/${slug}/`)
    expect(page.body).toMatchObject({ in_stock: false, stock: 0 })
    const refused = await checkoutAs(t, c, {}, 'ru')
    expect(refused.status).toBe(409)
    expect(refused.body.items).toEqual([expect.objectContaining({ product_id: id, available: 0 })])
  })
})

describe('staff corrections', () => {
  it('apply counted − seen to the current number: a sale made while counting is not wiped out', async () => {
    const id = await product(10)
    // The staff member opened the page at 10 and went to count; meanwhile a customer bought 2.
    expect((await order(id, 2)).status).toBe(201)
    const r = await correct(id, 10, 7, 'two broken, one lost')
    expect(r.status).toBe(200)
    expect(r.body.stock).toBe(5)
    const [audit] = await auditOf(id, 'stock.correction')
    expect(audit).toMatchObject({
      staffId: staff.warehouse.id,
      before: { stock: 8 },
      after: { stock: 5, seen: 10, counted: 7, reason: 'two broken, one lost' },
    })
    expect((await movementsOf(id)).map((m) => [m.reason, m.delta, m.stockAfter])).toEqual([
      ['order', -2, 8],
      ['correction', -3, 5],
    ])
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })

  it('a count up goes to the undated batch, or to a batch of the expiry given', async () => {
    const id = await product(0)
    await arrive(id, 2, inDays(90))
    expect((await correct(id, 2, 3, 'found one')).body.batches).toEqual([
      expect.objectContaining({ quantity: 2, expires_on: inDays(90) }),
      expect.objectContaining({ quantity: 1, expires_on: null }),
    ])
    const dated = await correct(id, 3, 5, 'found a box', { expires_on: inDays(20) })
    expect(dated.body.batches.map((b: { quantity: number; expires_on: string }) => [b.expires_on, b.quantity])).toEqual(
      [
        [inDays(20), 2],
        [inDays(90), 2],
        [null, 1],
      ],
    )
    // A count down takes the nearest expiry first.
    const down = await correct(id, 5, 2, 'damaged')
    expect(down.body.batches.map((b: { quantity: number; expires_on: string }) => [b.expires_on, b.quantity])).toEqual([
      [inDays(90), 1],
      [null, 1],
    ])
  })

  it('need a reason; a count that would take more than is left is refused (409) and changes nothing', async () => {
    const id = await product(4)
    const noReason = await post(`products/${id}/corrections/`, { seen: 4, counted: 3, reason: '  ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors[0].field).toBe('reason')
    const negative = await post(`products/${id}/corrections/`, { seen: 4, counted: -1, reason: 'x' })
    expect(negative.body.errors[0].field).toBe('counted')
    expect((await order(id, 3)).status).toBe(201)
    // Seen 4, counted 0: takes 4, but only 1 is left now.
    const short = await correct(id, 4, 0, 'empty shelf')
    expect(short.status).toBe(409)
    expect(short.body.detail).toBe(
      'Столько нет на складе: осталось 1, а списать нужно 4. Обновите страницу и пересчитайте.',
    )
    expect((await row(id)).stock).toBe(1)
    expect(await auditOf(id, 'stock.correction')).toEqual([])
    // A count that matches what was seen moves nothing.
    expect((await correct(id, 1, 1)).status).toBe(200)
    expect((await movementsOf(id)).map((m) => m.reason)).toEqual(['order'])
  })
})

describe('low stock and expiring lists', () => {
  it('low stock uses the product threshold, else the shop default (TELEGRAM_LOW_STOCK_THRESHOLD = 3)', async () => {
    // Each reached its stock by a drop (a recount), as the Telegram alerts need.
    const own = await product(12, { lowStockThreshold: 10, sku: 'LOW-OWN-1' })
    const byDefault = await product(5, { sku: 'LOW-DEF-1' })
    const fine = await product(6, { sku: 'LOW-FINE-1' })
    expect((await correct(own, 12, 8, 'recount')).status).toBe(200)
    expect((await correct(byDefault, 5, 3, 'recount')).status).toBe(200)
    expect((await correct(fine, 6, 4, 'recount')).status).toBe(200)
    const list = await get('low/?size=100')
    expect(list.status).toBe(200)
    const listed = list.body.results.map((r: { id: number }) => r.id)
    expect(listed).toEqual(expect.arrayContaining([own, byDefault]))
    expect(listed).not.toContain(fine)
    const searched = await get('low/?q=low-own')
    expect(searched.body.results).toEqual([expect.objectContaining({ id: own, stock: 8, low_stock_threshold: 10 })])
    expect((await get(`products/${fine}/`)).body).toMatchObject({ low: false, low_stock_threshold: 3 })
    // The Telegram alerts follow the same rule.
    const alerted = await queueLowStockAlerts(t.database.db, t.config, new Date())
    expect(alerted).toEqual(expect.arrayContaining([own, byDefault]))
    expect(alerted).not.toContain(fine)
  })

  it('lists batches expiring within N days (default 60) and puts one on sale in one step', async () => {
    const soon = await product(0, { price: 250_000 })
    const later = await product(0)
    await arrive(soon, 3, inDays(10))
    await arrive(later, 3, inDays(100))
    const within60 = (await get('expiring/?size=100')).body.results.map(
      (r: { product: { id: number } }) => r.product.id,
    )
    expect(within60).toContain(soon)
    expect(within60).not.toContain(later)
    const within120 = await get('expiring/?days=120&size=100')
    expect(within120.body.results.find((r: { product: { id: number } }) => r.product.id === later)).toMatchObject({
      days_left: 100,
      batch: { quantity: 3, expires_on: inDays(100) },
    })
    expect((await get('expiring/?days=0')).status).toBe(400)

    const sale = await post(`products/${soon}/sale/`, { percent: 30 })
    expect(sale.status).toBe(200)
    expect(sale.body).toMatchObject({ sale_price: 175_000, price: 250_000 })
    const ends = new Date(`${inDays(11)}T00:00:00+05:00`).toISOString()
    expect(sale.body.sale_ends_at).toBe(ends)
    const [audit] = await auditOf(soon, 'product.sale')
    expect(audit).toMatchObject({
      staffId: staff.warehouse.id,
      before: { salePrice: null },
      after: { salePrice: 175_000 },
    })
    const shop = await t.json(`products/${(await row(soon)).slug}/`)
    expect(shop.body.price).toBeDefined()
    expect(JSON.stringify(shop.body)).toContain('175000')

    const none = await post(`products/${later}/sale/`, { percent: 30 })
    expect(none.status).toBe(409)
    expect(none.body.detail).toBe('У этого товара нет партий, срок которых истекает в эти дни.')
    const cheap = await product(0, { price: 1 })
    await arrive(cheap, 1, inDays(5))
    const noDiscount = await post(`products/${cheap}/sale/`, { percent: 10 })
    expect(noDiscount.status).toBe(400)
    expect(noDiscount.body.errors[0].field).toBe('percent')
  })
})
