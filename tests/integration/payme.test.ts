import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { payments, products } from '#api/db/schema/index.ts'
import { paymeCheckoutUrl } from '#api/integrations/payments/payme/checkout-url.ts'
import { splitProportionally } from '#api/integrations/payments/payme/receipt.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { setupTestApi } from './support/api.ts'
import { orderMaker, paymeCaller } from './support/orders.ts'

const KEY = 'test-payme-key-&-secret'
process.env.PAYME_KEY = KEY
const t = setupTestApi({ products: 60 })
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })
const orders = orderMaker(t)
const { call: payme, basic, account, transactionId } = paymeCaller(t, KEY)
const order = (id: number) => orders.read(id)

/** A Payme transaction for a fresh order, brought to `state` through the merchant API. */
async function transactionIn(state: 1 | 2 | -1 | -2) {
  const { order: o } = await orders.place({ method: 'payme' })
  const id = transactionId()
  const created = await payme('CreateTransaction', {
    id,
    time: Date.now(),
    amount: o.total * 100,
    account: account(o.id),
  })
  expect(created.result.state).toBe(1)
  if (state === 2 || state === -2) expect((await payme('PerformTransaction', { id })).result.state).toBe(2)
  if (state < 0) expect((await payme('CancelTransaction', { id, reason: 5 })).result.state).toBe(state)
  return { id, order: o }
}

describe('Payme merchant API', () => {
  it('refuses calls without the right Basic auth (-32504), bad JSON (-32700), unknown methods (-32601)', async () => {
    expect((await payme('CheckTransaction', { id: 'x' }, null)).error?.code).toBe(-32504)
    expect((await payme('CheckTransaction', { id: 'x' }, basic('wrong'))).error?.code).toBe(-32504)
    const bad = await t.json('payments/payme/', { method: 'POST', headers: { Authorization: basic() }, body: '{oops' })
    expect(bad.body.error.code).toBe(-32700)
    const unknown = await payme('ChangeEverything', {})
    expect(unknown.error?.code).toBe(-32601)
    expect(unknown.id).toBeGreaterThan(0)
    expect((await payme('toString', {})).error?.code).toBe(-32601)
  })

  it('answers any request method but POST with -32300 (HTTP 200, JSON-RPC)', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await t.json('payments/payme/', { method, headers: { Authorization: basic() } })
      expect(r.status).toBe(200)
      expect(r.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32300 } })
      expect(r.body.error.message).toMatchObject({
        ru: expect.any(String),
        uz: expect.any(String),
        en: expect.any(String),
      })
    }
  })

  it('CheckPerformTransaction: order, amount in tiyin, payable', async () => {
    const { order: o } = await orders.place()
    expect(
      (await payme('CheckPerformTransaction', { amount: o.total * 100, account: account(o.id) })).result,
    ).toMatchObject({
      allow: true,
    })
    const wrong = await payme('CheckPerformTransaction', { amount: o.total, account: account(o.id) })
    expect(wrong.error?.code).toBe(-31001)
    const missing = await payme('CheckPerformTransaction', { amount: 100, account: account(999_999) })
    expect(missing.error).toMatchObject({ code: -31050, data: 'order_id' })
    expect(missing.error?.message).toHaveProperty('ru')
    expect(missing.error?.message).toHaveProperty('uz')
    expect(missing.error?.message).toHaveProperty('en')
    const { order: cash } = await orders.place({ method: 'cash' })
    const notPayable = await payme('CheckPerformTransaction', { amount: cash.total * 100, account: account(cash.id) })
    expect(notPayable.error?.code).toBe(-31051)
  })

  it('CheckPerformTransaction returns the fiscal receipt: IKPU, package code, VAT 12 %, discounts, shipping', async () => {
    const { order: o, productIds } = await orders.place({
      method: 'payme',
      delivery: 'courier',
      price: 150_000,
      quantity: 2,
      more: [{ price: 99_000 }],
      extra: { promo_code: 'ATIR10' },
    })
    // The second product has no codes of its own: the configured defaults stand in.
    await t.database.db.update(products).set({ ikpu: null, packageCode: null }).where(eq(products.id, productIds[1]!))
    const [own] = await t.database.db
      .select({ ikpu: products.ikpu, packageCode: products.packageCode })
      .from(products)
      .where(eq(products.id, productIds[0]!))
    expect(own!.ikpu).toMatch(/^\d{17}$/)
    expect(o).toMatchObject({ subtotal: 399_000, discount: 39_900, delivery_price: 40_000, total: 399_100 })

    const r = await payme('CheckPerformTransaction', { amount: o.total * 100, account: account(o.id) })
    expect(r.result.allow).toBe(true)
    const { detail } = r.result
    expect(detail).toEqual({
      receipt_type: 0,
      items: [
        {
          title: expect.any(String),
          price: 15_000_000,
          count: 2,
          code: own!.ikpu,
          package_code: own!.packageCode,
          vat_percent: 12,
          discount: expect.any(Number),
        },
        {
          title: expect.any(String),
          price: 9_900_000,
          count: 1,
          code: config.PAYME_DEFAULT_IKPU,
          package_code: config.PAYME_DEFAULT_PACKAGE_CODE,
          vat_percent: 12,
          discount: expect.any(Number),
        },
      ],
      shipping: { title: 'Доставка заказа', price: 4_000_000 },
    })
    // The receipt adds up to what Payme charges.
    const goods = detail.items.reduce(
      (sum: number, i: { price: number; count: number; discount: number }) => sum + i.price * i.count - i.discount,
      0,
    )
    expect(goods + detail.shipping.price).toBe(o.total * 100)
    expect(detail.items[0].discount + detail.items[1].discount).toBe(3_990_000)

    // Pickup: no shipping line.
    const { order: pickup } = await orders.place({ method: 'payme' })
    const plain = await payme('CheckPerformTransaction', { amount: pickup.total * 100, account: account(pickup.id) })
    expect(plain.result.detail).not.toHaveProperty('shipping')
    expect(plain.result.detail.items).toEqual([expect.objectContaining({ price: pickup.total * 100, discount: 0 })])
  })

  it('splits discounts in whole tiyin that add up exactly', () => {
    expect(splitProportionally(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(splitProportionally(0, [5, 7])).toEqual([0, 0])
    expect(splitProportionally(999, [300_000, 99_000]).reduce((a, b) => a + b)).toBe(999)
  })

  // What each method answers for a transaction in each state (REFERENCE-UZ "Payme").
  const table: Array<[state: 1 | 2 | -1 | -2, method: string, expected: { state: number } | { error: number }]> = [
    [1, 'CreateTransaction', { state: 1 }],
    [2, 'CreateTransaction', { error: -31008 }],
    [-1, 'CreateTransaction', { error: -31008 }],
    [-2, 'CreateTransaction', { error: -31008 }],
    [1, 'PerformTransaction', { state: 2 }],
    [2, 'PerformTransaction', { state: 2 }],
    [-1, 'PerformTransaction', { error: -31008 }],
    [-2, 'PerformTransaction', { error: -31008 }],
    [1, 'CancelTransaction', { state: -1 }],
    [2, 'CancelTransaction', { state: -2 }],
    [-1, 'CancelTransaction', { state: -1 }],
    [-2, 'CancelTransaction', { state: -2 }],
    [1, 'CheckTransaction', { state: 1 }],
    [2, 'CheckTransaction', { state: 2 }],
    [-1, 'CheckTransaction', { state: -1 }],
    [-2, 'CheckTransaction', { state: -2 }],
  ]
  it.each(table)('a transaction in state %i: %s → %o', async (state, method, expected) => {
    const { id, order: o } = await transactionIn(state)
    const r = await payme(method, { id, time: Date.now(), amount: o.total * 100, account: account(o.id), reason: 5 })
    if ('error' in expected) {
      expect(r.error?.code).toBe(expected.error)
      expect(r.result).toBeUndefined()
    } else expect(r.result).toMatchObject(expected)
  })

  it('Create → Check → Perform → Cancel (state 1, 2, −2): order accepted, then cancelled and refunded', async () => {
    const { order: o, productId } = await orders.place()
    const tid = transactionId()
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
    expect(await orders.stockOf(productId)).toBe(5)
    expect((await payme('CancelTransaction', { id: tid, reason: 5 })).result).toEqual(cancelled.result)
    expect((await payme('CheckTransaction', { id: tid })).result).toMatchObject({ state: -2, reason: 5 })
  })

  it('Cancel before perform (−1) keeps the order payable; perform is then refused (-31008)', async () => {
    const { order: o } = await orders.place()
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
    const { order: o } = await orders.place()
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

    const { id: tid, order: o } = await transactionIn(2)
    // A pickup order: ready, then handed over.
    for (const to of [4, 6]) await changeOrderStatus(t.database.db, o.id, to, { lang: 'ru', config, now: new Date() })
    expect((await payme('CancelTransaction', { id: tid, reason: 5 })).error?.code).toBe(-31007)
    expect((await payme('CheckTransaction', { id: tid })).result.state).toBe(2)
  })

  it('GetStatement lists the transactions created in the period', async () => {
    const from = Date.now()
    const { order: o } = await orders.place()
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
