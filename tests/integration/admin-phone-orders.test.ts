import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, orderStatusHistory, products, promoCodes, users } from '#api/db/schema/index.ts'
import { stockDisagreements } from '#api/stock/movements.ts'
import { setupTestApi } from './support/api.ts'
import { newPhone, registerCustomer } from './support/customer.ts'
import { auditOf, deskCaller, smsTo, spareProducts } from './support/desk.ts'
import { releasedTogether } from './support/lock-gate.ts'
import { signedInStaff } from './support/staff.ts'

// Orders taken by phone (POST admin/orders/): for a customer found by the
// phone number or created with it, through the checkout's own code, so the
// same stock, price, promo, cashback and delivery rules hold; cash, or a
// payment link by SMS.

const t = setupTestApi({ products: 40 })
const spare = spareProducts(t)
let manager: { token: string; id: number }
let warehouse: { token: string }
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager', { name: 'Менеджер Зарина' })
  warehouse = await signedInStaff(t, 'warehouse')
})
const desk = deskCaller(t, () => manager.token)

const phoneOrder = (over: Record<string, unknown> = {}) => ({
  customer: { phone: newPhone(), name: 'Гульнора Рахимова' },
  lang: 'uz',
  delivery: 'pickup',
  pickup_point: 'amir-temur',
  payment_method: 'cash',
  idempotency_key: randomUUID(),
  ...over,
})
const customerOf = async (phone: string) => (await t.database.db.select().from(users).where(eq(users.phone, phone)))[0]

describe('a new customer', () => {
  it('is created with the phone and name; a cash order is accepted, stock taken, the customer told in their language', async () => {
    const product = await spare(120_000, 4)
    const body = phoneOrder({ items: [{ product_id: product, quantity: 2 }] })
    const preview = await desk.post('orders/preview/', body)
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(preview.body).toMatchObject({ total: 240_000, status: 3, customer: { id: null, created: true } })
    // The preview wrote nothing: no customer, no stock taken.
    expect(await customerOf(body.customer.phone)).toBeUndefined()
    expect((await t.database.db.select().from(products).where(eq(products.id, product)))[0]!.stock).toBe(4)

    const r = await desk.post('orders/', body)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({
      status: 3,
      total: 240_000,
      payment_method: 'cash',
      customer_created: true,
      lang: 'uz',
      receiver: { name: 'Гульнора Рахимова', phone: body.customer.phone },
    })
    const account = await customerOf(body.customer.phone)
    expect(account).toMatchObject({ fullName: 'Гульнора Рахимова', passwordHash: null })
    expect(r.body.customer.id).toBe(account!.id)
    expect((await t.database.db.select().from(products).where(eq(products.id, product)))[0]!.stock).toBe(2)
    expect(await stockDisagreements(t.database.db)).toEqual([])
    // Placed by the staff member, as the timeline and audit log say.
    const [placed] = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, r.body.id))
    expect(placed).toMatchObject({ fromStatus: null, toStatus: 3, actor: `staff:${manager.id}`, via: 'web' })
    expect(r.body.timeline[0].staff).toEqual({ id: manager.id, name: 'Менеджер Зарина' })
    expect((await auditOf(t, r.body.id)).map((a) => [a.action, a.actor])).toEqual([
      ['order.create', `staff:${manager.id}`],
    ])
    const [created] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.create'), eq(auditLog.entityId, String(account!.id))))
    expect(created).toMatchObject({
      actor: `staff:${manager.id}`,
      after: { phone: body.customer.phone, via: 'phone_order' },
    })
    expect(await smsTo(t, body.customer.phone)).toEqual([
      `Atir: №${r.body.number} буюртма қабул қилинди. Уни олиб кетиш мумкин бўлганда SMS юборамиз.`,
    ])
    // Sent again (a double click): the same order.
    const again = await desk.post('orders/', body)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(r.body.id)
  })
})

describe('an existing customer', () => {
  it('is found by the phone in any format; promo code and cashback as at checkout; a courier order priced by region', async () => {
    const c = await registerCustomer(t)
    await t.database.db.update(users).set({ cashbackBalance: 15_000 }).where(eq(users.phone, c.phone))
    const code = `PHONE${Date.now() % 100_000}`
    await t.database.db.insert(promoCodes).values({ code, amount: 20_000, minTotal: 100_000, perCustomerLimit: 1 })
    const product = await spare(150_000)
    const national = c.phone.slice(4)
    const body = phoneOrder({
      customer: {
        phone: `${national.slice(0, 2)} ${national.slice(2, 5)}-${national.slice(5, 7)}-${national.slice(7)}`,
        name: 'не важно',
      },
      items: [{ product_id: product, quantity: 1 }],
      delivery: 'courier',
      pickup_point: null,
      address: { region: '1726', district: '1726294', street: 'Amir Temur', house: '5' },
      promo_code: code.toLowerCase(),
      use_cashback: true,
    })
    const r = await desk.post('orders/', body)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    expect(r.body).toMatchObject({
      customer_created: false,
      subtotal: 150_000,
      discount: 20_000,
      promo_code: code,
      cashback_used: 15_000,
      delivery_price: 20_000,
      total: 135_000,
    })
    expect(r.body.customer.phone).toBe(c.phone)
    expect((await customerOf(c.phone))!.fullName).not.toBe('не важно')
    // The code's per-customer limit holds as at checkout.
    const second = await desk.post(
      'orders/',
      phoneOrder({ customer: body.customer, items: [{ product_id: product, quantity: 1 }], promo_code: code }),
    )
    expect(second.status).toBe(400)
    expect(second.body.errors[0].field).toBe('promo_code')
  })

  it('online: awaits payment and the customer gets the link by SMS', async () => {
    const product = await spare(90_000)
    const body = phoneOrder({
      items: [{ product_id: product, quantity: 1 }],
      payment_method: 'click',
      send_payment_link: true,
      lang: 'ru',
    })
    const r = await desk.post('orders/', body)
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      status: 1,
      payment_status: 'pending',
      payment_link_sent: `http://localhost:${t.config.PORT}/ru/payment/pay/${r.body.id}`,
    })
    expect(await smsTo(t, body.customer.phone)).toEqual([
      `Atir: оплатите заказ №${r.body.number} на 90 000 сум: http://localhost:${t.config.PORT}/ru/payment/pay/${r.body.id}`,
    ])
  })
})

describe('what a phone order refuses', () => {
  it('short stock and hidden products (409 with the lines), unknown products, a blocked customer, the warehouse', async () => {
    const scarce = await spare(50_000, 1)
    const shortBody = phoneOrder({ items: [{ product_id: scarce, quantity: 2 }] })
    const short = await desk.post('orders/', shortBody)
    expect(short.status).toBe(409)
    expect(short.body.items).toEqual([expect.objectContaining({ product_id: scarce, requested: 2, available: 1 })])
    const hidden = await spare(50_000)
    await t.database.db.update(products).set({ isHidden: true }).where(eq(products.id, hidden))
    const gone = await desk.post('orders/', phoneOrder({ items: [{ product_id: hidden, quantity: 1 }] }))
    expect(gone.status).toBe(409)
    expect((await desk.post('orders/', phoneOrder({ items: [{ product_id: 2147483647, quantity: 1 }] }))).status).toBe(
      400,
    )
    // A refused order leaves no customer behind: the account and the order are one transaction.
    expect(await customerOf(shortBody.customer.phone)).toBeUndefined()

    const blocked = await registerCustomer(t)
    await t.database.db
      .update(users)
      .set({ blockedAt: new Date(), blockedReason: 'test' })
      .where(eq(users.phone, blocked.phone))
    const refused = await desk.post(
      'orders/',
      phoneOrder({ customer: { phone: blocked.phone, name: 'x' }, items: [{ product_id: scarce, quantity: 1 }] }),
    )
    expect(refused.status).toBe(403)
    const forbidden = await t.json('admin/orders/', {
      method: 'POST',
      token: warehouse.token,
      body: JSON.stringify(phoneOrder({ items: [{ product_id: scarce, quantity: 1 }] })),
    })
    expect(forbidden.status).toBe(403)
  })

  it('two staff members taking the last unit at once: one order, the other told the stock is gone', async () => {
    const last = await spare(70_000, 1)
    const other = await signedInStaff(t, 'owner')
    const call = (token: string) =>
      t.json('admin/orders/', {
        method: 'POST',
        token,
        lang: 'ru',
        body: JSON.stringify(phoneOrder({ items: [{ product_id: last, quantity: 1 }] })),
      })
    const answers = await releasedTogether(t, last, () => [call(manager.token), call(other.token)])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect((await t.database.db.select().from(products).where(eq(products.id, last)))[0]!.stock).toBe(0)
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })
})
