import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { payments, products } from '#api/db/schema/index.ts'
import { paymeCheckoutUrl } from '#api/integrations/payments/checkout.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'

const KEY = 'test-payme-key-&-secret'
process.env.PAYME_KEY = KEY
const t = setupTestApi({ products: 30 })
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })

let ids: number[] = []
let taken = 0
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

let customer: Customer
async function onlineOrder(method = 'payme', price = 123_000) {
  customer ??= await registerCustomer(t)
  const id = ids[taken++]!
  await t.database.db.update(products).set({ stock: 5, price, salePrice: null }).where(eq(products.id, id))
  await t.json('orders/cart/products/', {
    method: 'POST',
    token: customer.access,
    body: JSON.stringify({ product_id: id, quantity: 1 }),
  })
  const r = await t.json('orders/', {
    method: 'POST',
    token: customer.access,
    body: JSON.stringify({
      address: { region: '1703', district: 'Asaka', street: 'Navoiy', house: '3' },
      receiver: { name: 'Aziz', phone: '+998901112233' },
      delivery: 'pickup',
      payment_method: method,
      idempotency_key: randomUUID(),
    }),
  })
  expect(r.status).toBe(201)
  return { order: r.body as { id: number; total: number; status: number }, productId: id }
}

const basic = (key = KEY) => `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}`
let rpcId = 0
async function payme(method: string, params: Record<string, unknown>, auth: string | null = basic()) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (auth) headers.Authorization = auth
  const r = await t.json('payments/payme/', {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  })
  expect(r.status).toBe(200)
  return r.body as {
    id: number
    result?: any
    error?: { code: number; message: Record<string, string>; data?: string }
  }
}
const account = (orderId: number | string) => ({ order_id: String(orderId) })
const order = (id: number) => t.json(`orders/${id}/`, { token: customer.access }).then((r) => r.body)

describe('Payme merchant API', () => {
  it('refuses calls without the right Basic auth (-32504), bad JSON (-32700), unknown methods (-32601)', async () => {
    expect((await payme('CheckTransaction', { id: 'x' }, null)).error?.code).toBe(-32504)
    expect((await payme('CheckTransaction', { id: 'x' }, basic('wrong'))).error?.code).toBe(-32504)
    const bad = await t.json('payments/payme/', { method: 'POST', headers: { Authorization: basic() }, body: '{oops' })
    expect(bad.body.error.code).toBe(-32700)
    const unknown = await payme('ChangeEverything', {})
    expect(unknown.error?.code).toBe(-32601)
    expect(unknown.id).toBe(rpcId)
    expect((await payme('toString', {})).error?.code).toBe(-32601)
  })

  it('CheckPerformTransaction: order, amount in tiyin, payable', async () => {
    const { order: o } = await onlineOrder()
    expect((await payme('CheckPerformTransaction', { amount: o.total * 100, account: account(o.id) })).result).toEqual({
      allow: true,
    })
    const wrong = await payme('CheckPerformTransaction', { amount: o.total, account: account(o.id) })
    expect(wrong.error?.code).toBe(-31001)
    const missing = await payme('CheckPerformTransaction', { amount: 100, account: account(999_999) })
    expect(missing.error).toMatchObject({ code: -31050, data: 'order_id' })
    expect(missing.error?.message).toHaveProperty('ru')
    expect(missing.error?.message).toHaveProperty('uz')
    expect(missing.error?.message).toHaveProperty('en')
    const { order: cash } = await onlineOrder('cash')
    const notPayable = await payme('CheckPerformTransaction', { amount: cash.total * 100, account: account(cash.id) })
    expect(notPayable.error?.code).toBe(-31051)
  })

  it('Create → Check → Perform → Cancel (state 1, 2, −2): order accepted, then cancelled and refunded', async () => {
    const { order: o, productId } = await onlineOrder()
    const tid = randomUUID().replace(/-/g, '').slice(0, 24)
    const params = { id: tid, time: Date.now(), amount: o.total * 100, account: account(o.id) }
    const created = await payme('CreateTransaction', params)
    expect(created.result).toMatchObject({ state: 1, transaction: expect.any(String), create_time: expect.any(Number) })
    const again = await payme('CreateTransaction', params)
    expect(again.result).toEqual(created.result)
    const other = await payme('CreateTransaction', { ...params, id: `${tid}x` })
    expect(other.error).toMatchObject({ code: -31099, data: 'order_id' })

    const checked = await payme('CheckTransaction', { id: tid })
    expect(checked.result).toMatchObject({ state: 1, perform_time: 0, cancel_time: 0, reason: null })

    const performed = await payme('PerformTransaction', { id: tid })
    expect(performed.result).toMatchObject({ state: 2, transaction: created.result.transaction })
    expect(await order(o.id)).toMatchObject({ status: 3, payment_status: 'paid', paid_total: o.total })
    const performedAgain = await payme('PerformTransaction', { id: tid })
    expect(performedAgain.result).toEqual(performed.result)
    expect((await payme('CreateTransaction', params)).error?.code).toBe(-31008)

    const cancelled = await payme('CancelTransaction', { id: tid, reason: 5 })
    expect(cancelled.result).toMatchObject({ state: -2, cancel_time: expect.any(Number) })
    expect(await order(o.id)).toMatchObject({ status: 2, payment_status: 'refunded' })
    const [{ stock }] = await t.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId))
    expect(stock).toBe(5)
    expect((await payme('CancelTransaction', { id: tid, reason: 5 })).result).toEqual(cancelled.result)
    expect((await payme('CheckTransaction', { id: tid })).result).toMatchObject({ state: -2, reason: 5 })
  })

  it('Cancel before perform (−1) keeps the order payable; perform is then refused (-31008)', async () => {
    const { order: o } = await onlineOrder()
    const tid = `a${randomUUID().slice(0, 20)}`
    await payme('CreateTransaction', { id: tid, time: Date.now(), amount: o.total * 100, account: account(o.id) })
    const cancelled = await payme('CancelTransaction', { id: tid, reason: 3 })
    expect(cancelled.result).toMatchObject({ state: -1 })
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'failed' })
    expect((await payme('PerformTransaction', { id: tid })).error?.code).toBe(-31008)
    // A new transaction may pay it now.
    const next = await payme('CreateTransaction', {
      id: `b${tid}`,
      time: Date.now(),
      amount: o.total * 100,
      account: account(o.id),
    })
    expect(next.result.state).toBe(1)
  })

  it('a created transaction older than 12 hours is cancelled with reason 4', async () => {
    const { order: o } = await onlineOrder()
    const tid = `c${randomUUID().slice(0, 20)}`
    await payme('CreateTransaction', { id: tid, time: Date.now(), amount: o.total * 100, account: account(o.id) })
    await t.database.db
      .update(payments)
      .set({ createTime: Date.now() - 43_200_001 })
      .where(and(eq(payments.provider, 'payme'), eq(payments.externalId, tid)))
    expect((await payme('PerformTransaction', { id: tid })).error?.code).toBe(-31008)
    expect((await payme('CheckTransaction', { id: tid })).result).toMatchObject({ state: -1, reason: 4 })
    expect(await order(o.id)).toMatchObject({ status: 1 })
  })

  it('unknown transactions are -31003; a delivered order cannot be cancelled (-31007)', async () => {
    for (const m of ['CheckTransaction', 'PerformTransaction', 'CancelTransaction'])
      expect((await payme(m, { id: 'no-such-transaction', reason: 1 })).error?.code).toBe(-31003)

    const { order: o } = await onlineOrder()
    const tid = `d${randomUUID().slice(0, 20)}`
    await payme('CreateTransaction', { id: tid, time: Date.now(), amount: o.total * 100, account: account(o.id) })
    await payme('PerformTransaction', { id: tid })
    for (const to of [4, 5, 6])
      await changeOrderStatus(t.database.db, o.id, to, { lang: 'ru', config, now: new Date() })
    expect((await payme('CancelTransaction', { id: tid, reason: 5 })).error?.code).toBe(-31007)
    expect((await payme('CheckTransaction', { id: tid })).result.state).toBe(2)
  })

  it('GetStatement lists the transactions created in the period', async () => {
    const from = Date.now()
    const { order: o } = await onlineOrder()
    const tid = `e${randomUUID().slice(0, 20)}`
    await payme('CreateTransaction', {
      id: tid,
      time: 1_700_000_000_000,
      amount: o.total * 100,
      account: account(o.id),
    })
    const r = await payme('GetStatement', { from, to: Date.now() + 1000 })
    expect(r.result.transactions).toEqual([
      ...r.result.transactions.slice(0, -1),
      expect.objectContaining({
        id: tid,
        time: 1_700_000_000_000,
        amount: o.total * 100,
        account: { order_id: String(o.id) },
        state: 1,
      }),
    ])
    expect((await payme('GetStatement', { from: 0, to: 1 })).result.transactions).toEqual([])
  })

  it('builds the checkout redirect with base64 parameters', () => {
    const url = paymeCheckoutUrl({
      baseUrl: 'https://checkout.paycom.uz/',
      merchantId: '5e730e8e0b852a417aa49ceb',
      orderId: 42,
      amount: 150_000,
      lang: 'ru',
      returnUrl: 'https://atir.uz/ru/payment/result/42',
    })
    const decoded = Buffer.from(url.slice('https://checkout.paycom.uz/'.length), 'base64').toString()
    expect(decoded).toBe(
      'm=5e730e8e0b852a417aa49ceb;ac.order_id=42;a=15000000;l=ru;c=https://atir.uz/ru/payment/result/42',
    )
  })
})
