import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { cachedResponseCount } from '#api/catalogue/cache.ts'
import { parseConfig } from '#api/config.ts'
import { payments, products } from '#api/db/schema/index.ts'
import { paymeCheckoutUrl } from '#api/integrations/payments/payme/checkout-url.ts'
import { splitProportionally } from '#api/integrations/payments/payme/receipt.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import type { Order } from '#api/types.ts'
import { setupTestApi } from './support/api.ts'
import { orderMaker, paymeCaller } from './support/orders.ts'
import { productPageOf, secondProcess } from './support/second-process.ts'

const KEY = 'test-payme-key-&-secret'
process.env.PAYME_KEY = KEY
const t = setupTestApi({ products: 60 })
const other = secondProcess(t)
const productPage = productPageOf(t, other)
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

type OrderCall = { amount: number; account: { order_id: string } }

/**
 * The sandbox's probes of a call naming an order: no or a wrong Authorization
 * (-32504), a wrong amount (-31001), an order that does not exist (-31050 on
 * `order_id`, its message in three languages).
 */
async function expectOrderProbesRefused(method: string, params: OrderCall & Record<string, unknown>) {
  expect((await payme(method, params, null)).error?.code).toBe(-32504)
  expect((await payme(method, params, basic('not-the-key'))).error?.code).toBe(-32504)
  expect((await payme(method, { ...params, amount: params.amount - 100 })).error?.code).toBe(-31001)
  expect((await payme(method, { ...params, amount: params.amount / 100 })).error?.code).toBe(-31001)
  const unknown = await payme(method, { ...params, account: account(999_999) })
  expect(unknown.error).toMatchObject({
    code: -31050,
    data: 'order_id',
    message: { ru: expect.any(String), uz: expect.any(String), en: expect.any(String) },
  })
}

/** The sandbox's probes of a call naming a transaction: wrong Authorization (-32504), an unknown id (-31003). */
async function expectTransactionProbesRefused(method: string, params: { id: string } & Record<string, unknown>) {
  expect((await payme(method, params, null)).error?.code).toBe(-32504)
  expect((await payme(method, params, basic('not-the-key'))).error?.code).toBe(-32504)
  expect((await payme(method, { ...params, id: transactionId() })).error?.code).toBe(-31003)
}

/** Another transaction may not start paying an order a transaction holds: -31099 on `order_id`. */
async function expectBusy(params: OrderCall) {
  const check = await payme('CheckPerformTransaction', params)
  expect(check.error).toMatchObject({ code: -31099, data: 'order_id' })
  expect(check.result).toBeUndefined()
  const second = await payme('CreateTransaction', { ...params, id: transactionId(), time: Date.now() })
  expect(second.error).toMatchObject({ code: -31099, data: 'order_id' })
}

// Payme's sandbox (test.paycom.uz) checks a merchant endpoint by two scenarios, run below step by step in
// its order on one order each: the shop's orders are one-time accounts, paid once. Each step also sends the
// sandbox's negative probes and repeats its call, which must answer the same.

describe('Payme sandbox, scenario 1: create and cancel an unconfirmed transaction', () => {
  let o: Order
  let params: OrderCall & { id: string; time: number }
  let created: Awaited<ReturnType<typeof payme>>

  beforeAll(async () => {
    o = (await orders.place()).order
    params = { id: transactionId(), time: Date.now(), amount: o.total * 100, account: account(o.id) }
  })

  it('CheckPerformTransaction: the probes are refused; the order may be paid, and the repeat says so again', async () => {
    const check = { amount: params.amount, account: params.account }
    await expectOrderProbesRefused('CheckPerformTransaction', check)
    const allowed = await payme('CheckPerformTransaction', check)
    expect(allowed.result).toMatchObject({ allow: true, detail: { receipt_type: 0 } })
    expect((await payme('CheckPerformTransaction', check)).result).toEqual(allowed.result)
  })

  it('CreateTransaction: the probes are refused and create nothing; created in state 1; the repeat answers the same', async () => {
    await expectOrderProbesRefused('CreateTransaction', params)
    expect(await orders.paymentsOf(o.id)).toEqual([])
    created = await payme('CreateTransaction', params)
    expect(created.result).toEqual({ state: 1, transaction: expect.any(String), create_time: expect.any(Number) })
    expect((await payme('CreateTransaction', params)).result).toEqual(created.result)
    expect(await orders.paymentsOf(o.id)).toHaveLength(1)
  })

  it('the order is busy while the transaction holds it: another transaction is refused (-31099)', async () => {
    await expectBusy(params)
    expect(await orders.paymentsOf(o.id)).toHaveLength(1)
  })

  it('CheckTransaction: the probes are refused; state 1, the same again', async () => {
    await expectTransactionProbesRefused('CheckTransaction', { id: params.id })
    const checked = await payme('CheckTransaction', { id: params.id })
    expect(checked.result).toEqual({
      create_time: created.result.create_time,
      perform_time: 0,
      cancel_time: 0,
      transaction: created.result.transaction,
      state: 1,
      reason: null,
    })
    expect((await payme('CheckTransaction', { id: params.id })).result).toEqual(checked.result)
  })

  it('CancelTransaction: the probes are refused; cancelled in state −1, the order still payable; the repeat answers the same', async () => {
    await expectTransactionProbesRefused('CancelTransaction', { id: params.id, reason: 3 })
    const cancelled = await payme('CancelTransaction', { id: params.id, reason: 3 })
    expect(cancelled.result).toEqual({
      transaction: created.result.transaction,
      cancel_time: expect.any(Number),
      state: -1,
    })
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'failed' })
    expect((await payme('CancelTransaction', { id: params.id, reason: 3 })).result).toEqual(cancelled.result)
    expect((await payme('CheckTransaction', { id: params.id })).result).toMatchObject({ state: -1, reason: 3 })
  })

  it('the cancelled transaction is not performed (-31008) nor created again; a new transaction may pay the order', async () => {
    expect((await payme('PerformTransaction', { id: params.id })).error?.code).toBe(-31008)
    expect((await payme('CreateTransaction', params)).error?.code).toBe(-31008)
    expect((await payme('CheckPerformTransaction', params)).result).toMatchObject({ allow: true })
    const next = await payme('CreateTransaction', { ...params, id: transactionId(), time: Date.now() })
    expect(next.result.state).toBe(1)
  })
})

describe('Payme sandbox, scenario 2: create, perform and cancel a performed transaction', () => {
  let o: Order
  let productId: number
  let params: OrderCall & { id: string; time: number }
  let created: Awaited<ReturnType<typeof payme>>
  let performed: Awaited<ReturnType<typeof payme>>

  beforeAll(async () => {
    ;({ order: o, productId } = await orders.place({ stock: 5 }))
    params = { id: transactionId(), time: Date.now(), amount: o.total * 100, account: account(o.id) }
  })

  it('CheckPerformTransaction and CreateTransaction: the probes are refused; created in state 1; the repeat answers the same', async () => {
    await expectOrderProbesRefused('CheckPerformTransaction', params)
    expect((await payme('CheckPerformTransaction', params)).result).toMatchObject({ allow: true })
    await expectOrderProbesRefused('CreateTransaction', params)
    created = await payme('CreateTransaction', params)
    expect(created.result).toMatchObject({ state: 1 })
    expect((await payme('CreateTransaction', params)).result).toEqual(created.result)
  })

  it('the order is busy while the transaction holds it: another transaction is refused (-31099)', async () => {
    await expectBusy(params)
  })

  it('PerformTransaction: the probes are refused; performed in state 2, the order paid and accepted; the repeat answers the same', async () => {
    await expectTransactionProbesRefused('PerformTransaction', { id: params.id })
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'pending' })
    performed = await payme('PerformTransaction', { id: params.id })
    expect(performed.result).toEqual({
      transaction: created.result.transaction,
      perform_time: expect.any(Number),
      state: 2,
    })
    expect(await order(o.id)).toMatchObject({ status: 3, payment_status: 'paid', paid_total: o.total })
    expect((await payme('PerformTransaction', { id: params.id })).result).toEqual(performed.result)
  })

  it('the paid order takes no other payment (-31051); the same CreateTransaction is refused in state 2 (-31008)', async () => {
    expect((await payme('CheckPerformTransaction', params)).error).toMatchObject({ code: -31051, data: 'order_id' })
    const another = await payme('CreateTransaction', { ...params, id: transactionId() })
    expect(another.error).toMatchObject({ code: -31051, data: 'order_id' })
    expect((await payme('CreateTransaction', params)).error?.code).toBe(-31008)
  })

  it('CheckTransaction: state 2 with its perform time', async () => {
    await expectTransactionProbesRefused('CheckTransaction', { id: params.id })
    expect((await payme('CheckTransaction', { id: params.id })).result).toMatchObject({
      state: 2,
      perform_time: performed.result.perform_time,
      cancel_time: 0,
    })
  })

  it('CancelTransaction: the probes are refused; cancelled in state −2, the order cancelled and refunded, its stock back in every shop process; the repeat answers the same', async () => {
    await expectTransactionProbesRefused('CancelTransaction', { id: params.id, reason: 5 })
    // The product page as both processes have it cached: one unit taken by the order.
    for (const through of ['this', 'other'] as const) {
      await productPage(productId, through)
      expect(await productPage(productId, through)).toEqual({ cache: 'hit', stock: 4 })
    }

    const cancelled = await payme('CancelTransaction', { id: params.id, reason: 5 })
    expect(cancelled.result).toEqual({
      transaction: created.result.transaction,
      cancel_time: expect.any(Number),
      state: -2,
    })
    expect(await order(o.id)).toMatchObject({ status: 2, cancel_reason: 'payme', payment_status: 'refunded' })
    expect(await orders.stockOf(productId)).toBe(5)
    // The other process learns of the change by the database's notice, once it has committed.
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0))
    for (const through of ['this', 'other'] as const) expect((await productPage(productId, through)).stock).toBe(5)

    expect((await payme('CancelTransaction', { id: params.id, reason: 5 })).result).toEqual(cancelled.result)
  })

  it('CheckTransaction: state −2 with the reason; the transaction is not performed again (-31008)', async () => {
    expect((await payme('CheckTransaction', { id: params.id })).result).toMatchObject({
      state: -2,
      perform_time: performed.result.perform_time,
      cancel_time: expect.any(Number),
      reason: 5,
    })
    expect((await payme('PerformTransaction', { id: params.id })).error?.code).toBe(-31008)
  })
})

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

  it('CheckPerformTransaction refuses an order not paid online (-31051)', async () => {
    const { order: cash } = await orders.place({ method: 'cash' })
    const notPayable = await payme('CheckPerformTransaction', { amount: cash.total * 100, account: account(cash.id) })
    expect(notPayable.error).toMatchObject({ code: -31051, data: 'order_id' })
  })

  it('CreateTransaction sent twice at once (Payme resends) is one transaction: both get its answer', async () => {
    for (let round = 0; round < 6; round++) {
      const { order: o } = await orders.place()
      const params = { id: transactionId(), time: Date.now(), amount: o.total * 100, account: account(o.id) }
      const [first, twin] = await Promise.all([payme('CreateTransaction', params), payme('CreateTransaction', params)])
      expect(first.result).toMatchObject({ state: 1 })
      expect(twin.result).toEqual(first.result)
      expect(await orders.paymentsOf(o.id)).toHaveLength(1)
    }
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

  it('a created transaction older than 12 hours is cancelled with reason 4', async () => {
    const { order: o } = await orders.place()
    const tid = `c${randomUUID().slice(0, 20)}`
    await payme('CreateTransaction', { id: tid, time: Date.now(), amount: o.total * 100, account: account(o.id) })
    await t.database.db
      .update(payments)
      .set({ createTime: Date.now() - 43_200_001 })
      .where(and(eq(payments.provider, 'payme'), eq(payments.externalId, tid)))
    // It no longer holds the order: another transaction may pay it.
    const check = await payme('CheckPerformTransaction', { amount: o.total * 100, account: account(o.id) })
    expect(check.result).toMatchObject({ allow: true })
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
