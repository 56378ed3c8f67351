import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { cachedResponseCount } from '#api/catalogue/cache.ts'
import { parseConfig } from '#api/config.ts'
import { payments } from '#api/db/schema/index.ts'
import { handleUzum, UZUM_CONFIRM_MS } from '#api/integrations/payments/uzum/merchant.ts'
import { demoUzumService, uzumBasicAuth } from '#api/integrations/payments/uzum/protocol.ts'
import { expireUnpaidOrders } from '#api/orders/expiry.ts'
import { createOrder, type NewOrder } from '#api/orders/placing.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { offeredPaymentMethods } from '#api/payments/offered.ts'
import { checkPaymentConfig, providerCheckoutUrl } from '#api/payments/service.ts'
import type { Order } from '#api/types.ts'
import { expectLoggedErrors } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { releasedTogetherOnOrder } from './support/lock-gate.ts'
import { orderMaker, type UzumAnswer, uzumCaller } from './support/orders.ts'
import { productPageOf, secondProcess } from './support/second-process.ts'

// Uzum Bank plays its side of the Merchant API here: the five webhooks as Uzum sends them, with the Basic
// credentials it issued for the service. The shop makes no call out to Uzum (the Merchant API has none),
// so nothing is mocked.
const service = { serviceId: '77001', login: 'atir-uzum', password: 'uzum-secret-&-key' }
Object.assign(process.env, {
  UZUM_SERVICE_ID: service.serviceId,
  UZUM_LOGIN: service.login,
  UZUM_PASSWORD: service.password,
})
const t = setupTestApi({ products: 80 })
const other = secondProcess(t)
const productPage = productPageOf(t, other)
const orders = orderMaker(t)
const { call: uzum, basic, transId, params } = uzumCaller(t, service)
const order = (id: number) => orders.read(id)
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })
const move = (orderId: number, to: number, reason?: string) =>
  changeOrderStatus(t.database.db, orderId, to, { lang: 'ru', config, now: new Date(), reason })

const place = async (price = 123_000) => (await orders.place({ method: 'uzum', price })).order
/** What Uzum sends for the order: its number, the amount in tiyin. */
const payOf = (o: Order) => ({ params: params(o.id), amount: o.total * 100 })

/** An Uzum transaction for a fresh order, created, and confirmed when asked. */
async function transaction(confirmed = false) {
  const placed = await orders.place({ method: 'uzum', stock: 5 })
  const id = transId()
  expect((await uzum('create', { transId: id, ...payOf(placed.order) })).status).toBe('CREATED')
  if (confirmed) expect((await uzum('confirm', { transId: id })).status).toBe('CONFIRMED')
  return { id, ...placed }
}

const failedWith = (errorCode: number, http = 200) => expect.objectContaining({ http, status: 'FAILED', errorCode })

describe('Uzum Bank: check → create → confirm, each call repeated', () => {
  let o: Order
  let productId: number
  const id = transId()
  let created: UzumAnswer
  let confirmed: UzumAnswer

  beforeAll(async () => {
    const placed = await orders.place({ method: 'uzum', stock: 5 })
    o = placed.order
    productId = placed.productId
  })

  it('check: the order may be paid for its total in tiyin; the same again; nothing is written', async () => {
    const check = await uzum('check', payOf(o))
    expect(check).toEqual({
      http: 200,
      serviceId: Number(service.serviceId),
      timestamp: expect.any(Number),
      status: 'OK',
      data: { order_id: { value: String(o.id) } },
    })
    expect(await uzum('check', payOf(o))).toMatchObject({ status: 'OK', data: check.data })
    // Uzum may check without an amount, and with the order number as a shopper types it.
    expect((await uzum('check', { params: { order_id: String(o.id).padStart(6, '0') } })).status).toBe('OK')
    expect(await orders.paymentsOf(o.id)).toEqual([])
  })

  it('create: CREATED for exactly what the order owes; the same transId again answers the same', async () => {
    created = await uzum('create', { transId: id, ...payOf(o) })
    expect(created).toEqual({
      http: 200,
      serviceId: Number(service.serviceId),
      transId: id,
      status: 'CREATED',
      transTime: expect.any(Number),
      data: { order_id: { value: String(o.id) } },
      amount: o.total * 100,
    })
    expect(await uzum('create', { transId: id, ...payOf(o) })).toEqual(created)
    expect(await orders.paymentsOf(o.id)).toEqual([
      expect.objectContaining({ provider: 'uzum', externalId: id, status: 'pending', amount: o.total }),
    ])
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'pending' })
  })

  it('status: CREATED, not confirmed nor reversed', async () => {
    expect(await uzum('status', { transId: id })).toEqual({
      ...created,
      confirmTime: null,
      reverseTime: null,
    })
  })

  it('while it holds the order, another transaction is refused (99999), at check and at create', async () => {
    expect(await uzum('check', payOf(o))).toEqual(failedWith(99999))
    expect(await uzum('create', { transId: transId(), ...payOf(o) })).toEqual(failedWith(99999))
    expect(await orders.paymentsOf(o.id)).toHaveLength(1)
  })

  it('confirm: CONFIRMED, the order paid and accepted, its stock taken once; the same again answers the same', async () => {
    confirmed = await uzum('confirm', { transId: id, paymentSource: 'UZCARD', phone: '998901234567' })
    expect(confirmed).toEqual({
      http: 200,
      serviceId: Number(service.serviceId),
      transId: id,
      status: 'CONFIRMED',
      confirmTime: expect.any(Number),
      data: { order_id: { value: String(o.id) } },
      amount: o.total * 100,
    })
    expect(await uzum('confirm', { transId: id, paymentSource: 'UZCARD' })).toEqual(confirmed)
    expect(await order(o.id)).toMatchObject({ status: 3, payment_status: 'paid', paid_total: o.total })
    expect(await orders.stockOf(productId)).toBe(4)
  })

  it('status: CONFIRMED with both times, and the same after', async () => {
    const status = await uzum('status', { transId: id })
    expect(status).toEqual({ ...created, status: 'CONFIRMED', confirmTime: confirmed.confirmTime, reverseTime: null })
    expect(await uzum('status', { transId: id })).toEqual(status)
  })

  it('the paid order takes no other payment (10008); its transaction is not created again (10010)', async () => {
    expect(await uzum('check', payOf(o))).toEqual(failedWith(10008))
    expect(await uzum('create', { transId: transId(), ...payOf(o) })).toEqual(failedWith(10008))
    expect(await uzum('create', { transId: id, ...payOf(o) })).toEqual(failedWith(10010))
  })
})

describe('Uzum Bank: reverse', () => {
  it('before confirm: REVERSED, the order still payable by a new transaction; the same again answers the same', async () => {
    const { id, order: o, productId } = await transaction()
    const reversed = await uzum('reverse', { transId: id })
    expect(reversed).toEqual({
      http: 200,
      serviceId: Number(service.serviceId),
      transId: id,
      status: 'REVERSED',
      reverseTime: expect.any(Number),
      data: { order_id: { value: String(o.id) } },
      amount: o.total * 100,
    })
    expect(await uzum('reverse', { transId: id })).toEqual(reversed)
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'failed' })
    expect(await orders.stockOf(productId)).toBe(4)
    expect(await uzum('status', { transId: id })).toMatchObject({
      status: 'REVERSED',
      confirmTime: null,
      reverseTime: reversed.reverseTime,
    })
    // Reversed is final: not confirmed after it, nor created again.
    expect(await uzum('confirm', { transId: id })).toEqual(failedWith(10015))
    expect(await uzum('create', { transId: id, ...payOf(o) })).toEqual(failedWith(10010))
    const next = transId()
    expect((await uzum('create', { transId: next, ...payOf(o) })).status).toBe('CREATED')
    expect((await uzum('confirm', { transId: next })).status).toBe('CONFIRMED')
    expect(await order(o.id)).toMatchObject({ status: 3, payment_status: 'paid' })
  })

  it('after confirm: the order cancelled and refunded, its stock back in every shop process; the same again answers the same', async () => {
    const { id, order: o, productId } = await transaction(true)
    for (const through of ['this', 'other'] as const) {
      await productPage(productId, through)
      expect(await productPage(productId, through)).toEqual({ cache: 'hit', stock: 4 })
    }
    const reversed = await uzum('reverse', { transId: id })
    expect(reversed).toMatchObject({ http: 200, transId: id, status: 'REVERSED', reverseTime: expect.any(Number) })
    expect(await order(o.id)).toMatchObject({
      status: 2,
      cancel_reason: 'uzum',
      payment_status: 'refunded',
      refund: { status: 'refunded', amount: o.total },
    })
    expect(await orders.stockOf(productId)).toBe(5)
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0))
    for (const through of ['this', 'other'] as const) expect((await productPage(productId, through)).stock).toBe(5)

    expect(await uzum('reverse', { transId: id })).toEqual(reversed)
    expect(await uzum('status', { transId: id })).toMatchObject({
      status: 'REVERSED',
      confirmTime: expect.any(Number),
      reverseTime: reversed.reverseTime,
    })
    expect(await uzum('confirm', { transId: id })).toEqual(failedWith(10015))
    expect(await orders.stockOf(productId)).toBe(5)
  })

  it('a paid order staff cancelled waits for the money (refund_pending) until Uzum reverses it', async () => {
    const { id, order: o, productId } = await transaction(true)
    await move(o.id, 2, 'out of stock')
    expect(await order(o.id)).toMatchObject({ status: 2, payment_status: 'refund_pending' })
    expect(await orders.paymentsOf(o.id)).toEqual([expect.objectContaining({ status: 'refund_pending' })])
    expect((await uzum('status', { transId: id })).status).toBe('CONFIRMED')
    expect((await uzum('reverse', { transId: id })).status).toBe('REVERSED')
    expect(await order(o.id)).toMatchObject({ status: 2, cancel_reason: 'out of stock', payment_status: 'refunded' })
    expect(await orders.stockOf(productId)).toBe(5)
  })

  it('a delivered order cannot be reversed (10017): the transaction stays confirmed', async () => {
    const { id, order: o } = await transaction(true)
    // A pickup order: ready, then handed over.
    for (const to of [4, 6]) await move(o.id, to)
    expect(await uzum('reverse', { transId: id })).toEqual(failedWith(10017))
    expect((await uzum('status', { transId: id })).status).toBe('CONFIRMED')
    expect(await order(o.id)).toMatchObject({ status: 6, payment_status: 'paid' })
  })
})

describe('Uzum Bank: what the shop refuses', () => {
  it('10001 access denied: no, a wrong or another scheme of authorization, on every webhook; nothing written', async () => {
    const o = await place()
    const body = { transId: transId(), ...payOf(o) }
    for (const operation of ['check', 'create', 'confirm', 'reverse', 'status']) {
      for (const auth of [null, basic(service.login, 'wrong'), basic('someone', service.password), 'Bearer x'])
        expect(await uzum(operation, body, { auth })).toEqual({
          http: 200,
          serviceId: Number(service.serviceId),
          transId: body.transId,
          timestamp: expect.any(Number),
          status: 'FAILED',
          errorCode: 10001,
        })
    }
    expect(await orders.paymentsOf(o.id)).toEqual([])
  })

  it('10001 for every call when the shop has no Uzum service set up (outside demo mode)', async () => {
    const payme = parseConfig({
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: '/tmp/atir-unused',
      PAYMENT_PROVIDER: 'payme',
      PAYME_MERCHANT_ID: 'm',
      PAYME_KEY: 'k',
    })
    const o = await place()
    const body = JSON.stringify({ serviceId: 77001, timestamp: Date.now(), ...payOf(o) })
    const answer = await handleUzum(t.database.db, 'check', basic(), body, { config: payme, now: new Date() })
    expect(answer).toMatchObject({ http: 200, body: { status: 'FAILED', errorCode: 10001 } })
  })

  it('10002 unparsable JSON; 10003 an unknown webhook or a method but POST', async () => {
    expect(await uzum('check', {}, { body: '{"serviceId": 77001,' })).toEqual(failedWith(10002))
    expect(await uzum('pay', { params: params(1) })).toEqual(failedWith(10003))
    for (const method of ['GET', 'PUT', 'DELETE'])
      expect(await uzum('check', {}, { method })).toEqual(failedWith(10003))
  })

  it('10005 a required parameter missing or of another type', async () => {
    const o = await place()
    const { amount } = payOf(o)
    const full = { serviceId: 77001, timestamp: Date.now(), transId: transId(), params: params(o.id), amount }
    const without = (key: keyof typeof full) => JSON.stringify({ ...full, [key]: undefined })
    for (const key of ['serviceId', 'timestamp', 'params'] as const)
      expect(await uzum('check', {}, { body: without(key) })).toEqual(failedWith(10005))
    for (const key of ['transId', 'amount'] as const)
      expect(await uzum('create', {}, { body: without(key) })).toEqual(failedWith(10005))
    expect(await uzum('create', { transId: 42, params: params(o.id), amount })).toEqual(failedWith(10005))
    expect(await uzum('check', { params: {} })).toEqual(failedWith(10005))
    expect(await uzum('check', {}, { body: '[]' })).toEqual(failedWith(10005))
    for (const operation of ['confirm', 'reverse', 'status'])
      expect(await uzum(operation, {}, { body: without('transId') })).toEqual(failedWith(10005))
    expect(await orders.paymentsOf(o.id)).toEqual([])
  })

  it('10006 another serviceId', async () => {
    const o = await place()
    const other = JSON.stringify({ serviceId: 77002, timestamp: Date.now(), ...payOf(o) })
    expect(await uzum('check', {}, { body: other })).toEqual(failedWith(10006))
    expect(
      await uzum('status', {}, { body: JSON.stringify({ serviceId: 'abc', timestamp: 1, transId: 'x' }) }),
    ).toEqual(failedWith(10005))
  })

  it('10007 an order the shop does not have, or one not paid online', async () => {
    const { order: cash } = await orders.place({ method: 'cash' })
    for (const unknown of ['999999', 'abc', '0', '-5', '1e3', cash.id])
      for (const operation of ['check', 'create'])
        expect(await uzum(operation, { transId: transId(), params: { order_id: unknown }, amount: 100 })).toEqual(
          failedWith(10007),
        )
  })

  it('10009 a cancelled or expired order, before create or between create and confirm (then 10015)', async () => {
    const customer = await orders.customer()
    const cancelled = await place()
    await t.json(`orders/${cancelled.id}/cancel/`, { method: 'POST', token: customer.access })
    expect(await uzum('check', payOf(cancelled))).toEqual(failedWith(10009))
    expect(await uzum('create', { transId: transId(), ...payOf(cancelled) })).toEqual(failedWith(10009))

    const expired = await place()
    await orders.age(expired.id, t.config.ORDER_PAYMENT_TTL_MINUTES + 5)
    expect(await expireUnpaidOrders(t.database.db, { config: t.config, now: new Date() })).toContain(expired.id)
    expect(await uzum('check', payOf(expired))).toEqual(failedWith(10009))

    // Cancelled while its transaction waited for Uzum's confirm: that transaction failed with it.
    const { id, order: between } = await transaction()
    await t.json(`orders/${between.id}/cancel/`, { method: 'POST', token: customer.access })
    expect(await uzum('confirm', { transId: id })).toEqual(failedWith(10015))
    expect(await uzum('status', { transId: id })).toMatchObject({ status: 'FAILED', confirmTime: null })
    expect(await uzum('reverse', { transId: id })).toEqual(failedWith(10018))
    expect(await order(between.id)).toMatchObject({ status: 2, payment_status: 'pending', paid_total: 0 })
  })

  it('10011 another amount than the order owes in tiyin (its total in sum, a tiyin off, a fraction)', async () => {
    const o = await place()
    const { amount } = payOf(o)
    for (const wrong of [o.total, amount - 1, amount + 100, amount + 0.5]) {
      expect(await uzum('check', { params: params(o.id), amount: wrong })).toEqual(failedWith(10011))
      expect(await uzum('create', { transId: transId(), params: params(o.id), amount: wrong })).toEqual(
        failedWith(10011),
      )
    }
    expect(await orders.paymentsOf(o.id)).toEqual([])
  })

  it('10014 a transaction the shop does not have', async () => {
    for (const operation of ['confirm', 'reverse', 'status'])
      expect(await uzum(operation, { transId: transId() })).toEqual(failedWith(10014))
  })

  it('an order paid another way meanwhile: confirm 10008, the transaction FAILED, so Uzum gives the money back', async () => {
    const { order: o, customer } = await orders.place({ method: 'card' })
    const id = transId()
    expect((await uzum('create', { transId: id, ...payOf(o) })).status).toBe('CREATED')
    const start = await t.json(`payments/${o.id}/start/`, { method: 'POST', token: customer.access })
    const paid = await t.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
      method: 'POST',
      token: customer.access,
      body: JSON.stringify({ approve: true }),
    })
    expect(paid.status).toBe(200)
    expect(await uzum('confirm', { transId: id })).toEqual(failedWith(10008))
    expect(await uzum('status', { transId: id })).toMatchObject({ status: 'FAILED', confirmTime: null })
    expect(await order(o.id)).toMatchObject({ status: 3, payment_status: 'paid', paid_total: o.total })
  })

  it("a created transaction holds its order for Uzum's 30 minutes; then another takes it and the first fails", async () => {
    const { id, order: o } = await transaction()
    await t.database.db
      .update(payments)
      .set({ createTime: Date.now() - UZUM_CONFIRM_MS - 1000 })
      .where(and(eq(payments.provider, 'uzum'), eq(payments.externalId, id)))
    expect((await uzum('check', payOf(o))).status).toBe('OK')
    const next = transId()
    expect((await uzum('create', { transId: next, ...payOf(o) })).status).toBe('CREATED')
    expect(await uzum('status', { transId: id })).toMatchObject({ status: 'FAILED' })
    expect(await uzum('confirm', { transId: id })).toEqual(failedWith(10015))
    expect((await uzum('confirm', { transId: next })).status).toBe('CONFIRMED')
  })

  it('99999 with HTTP 500 when the shop fails: Uzum asks /status later', async () => {
    expectLoggedErrors()
    const o = await place()
    // PostgreSQL text holds no NUL character.
    const answer = await uzum('create', { transId: 'uzum\u0000trans', ...payOf(o) })
    expect(answer).toEqual(failedWith(99999, 500))
    expect(await orders.paymentsOf(o.id)).toEqual([])
  })
})

describe('Uzum Bank at the same moment (races run for real on PostgreSQL)', () => {
  it('the same create sent twice at once is one transaction: both get its answer', async () => {
    for (let round = 0; round < 4; round++) {
      const o = await place()
      const body = { transId: transId(), ...payOf(o) }
      const [first, twin] = await releasedTogetherOnOrder(t, o.id, () => [uzum('create', body), uzum('create', body)])
      expect(first!.status).toBe('CREATED')
      expect(twin).toEqual(first)
      expect(await orders.paymentsOf(o.id)).toHaveLength(1)
    }
  })

  it('confirm racing reverse: either paid then refunded, or reversed and never paid; stock comes back at most once', async () => {
    for (let round = 0; round < 4; round++) {
      const { id, order: o, productId } = await transaction()
      const calls = () => [uzum('confirm', { transId: id }), uzum('reverse', { transId: id })]
      const [confirm, reverse] = await releasedTogetherOnOrder(t, o.id, () =>
        round % 2 ? calls() : calls().reverse(),
      ).then((answers) => (round % 2 ? answers : answers.reverse()))
      expect(reverse!.status).toBe('REVERSED')
      const read = await order(o.id)
      if (confirm!.status === 'CONFIRMED') {
        // Confirmed first: the reverse gave the money back.
        expect(read).toMatchObject({ status: 2, cancel_reason: 'uzum', payment_status: 'refunded' })
        expect(await orders.stockOf(productId)).toBe(5)
      } else {
        expect(confirm).toEqual(failedWith(10015))
        expect(read).toMatchObject({ status: 1, payment_status: 'failed', paid_total: 0 })
        expect(await orders.stockOf(productId)).toBe(4)
      }
      expect((await uzum('status', { transId: id })).status).toBe('REVERSED')
    }
  })

  it("create racing the order's expiry: either the transaction holds the order, or the order expired and create is 10009", async () => {
    for (let round = 0; round < 4; round++) {
      const { order: o, productId } = await orders.place({ method: 'uzum', stock: 5 })
      await orders.age(o.id, t.config.ORDER_PAYMENT_TTL_MINUTES + 5)
      const id = transId()
      const create = () => uzum('create', { transId: id, ...payOf(o) })
      const expire = () => expireUnpaidOrders(t.database.db, { config: t.config, now: new Date() })
      const [created, expired] = (await releasedTogetherOnOrder<unknown>(t, o.id, () =>
        round % 2 ? [create(), expire()] : [expire(), create()],
      ).then((answers) => (round % 2 ? answers : answers.reverse()))) as [UzumAnswer, number[]]
      if (created.status === 'CREATED') {
        expect(expired).not.toContain(o.id)
        expect(await order(o.id)).toMatchObject({ status: 1 })
        // The order waits for Uzum's confirm: the next expiry pass leaves it too.
        expect(await expire()).not.toContain(o.id)
        expect((await uzum('confirm', { transId: id })).status).toBe('CONFIRMED')
        expect(await orders.stockOf(productId)).toBe(4)
      } else {
        expect(created).toEqual(failedWith(10009))
        expect(expired).toContain(o.id)
        expect(await order(o.id)).toMatchObject({ status: 2, cancel_reason: 'payment_timeout' })
        expect(await orders.stockOf(productId)).toBe(5)
        expect(await orders.paymentsOf(o.id)).toEqual([])
      }
    }
  })
})

describe('Uzum Bank played by the sandbox page (demo mode)', () => {
  const start = (orderId: number, token: string) => t.json(`payments/${orderId}/start/`, { method: 'POST', token })
  const complete = (paymentId: number, token: string, approve: boolean) =>
    t.json(`payments/sandbox/${paymentId}/complete/`, { method: 'POST', token, body: JSON.stringify({ approve }) })

  it("starting opens an Uzum transaction through check and create; Pay is Uzum's confirm", async () => {
    const { order: o, customer } = await orders.place({ method: 'uzum' })
    const started = await start(o.id, customer.access)
    expect(started.body).toMatchObject({ provider: 'uzum', payment_id: expect.any(Number), amount: o.total })
    const paymentId = started.body.payment_id as number
    expect(started.body.redirect_url).toMatch(new RegExp(`^/\\w+/payment/sandbox/${paymentId}$`))
    // The page opened again: the same transaction, none more.
    expect((await start(o.id, customer.access)).body.payment_id).toBe(paymentId)
    expect((await t.json(`payments/sandbox/${paymentId}/`, { token: customer.access })).body).toEqual({
      id: paymentId,
      order_id: o.id,
      provider: 'uzum',
      amount: o.total,
      status: 'pending',
    })
    const [payment] = await orders.paymentsOf(o.id)
    expect(payment).toMatchObject({ id: paymentId, provider: 'uzum', externalId: expect.any(String) })
    expect((await uzum('status', { transId: payment!.externalId })).status).toBe('CREATED')

    expect((await complete(paymentId, customer.access, true)).body).toMatchObject({ status: 3, payment_status: 'paid' })
    expect((await uzum('status', { transId: payment!.externalId })).status).toBe('CONFIRMED')
    expect((await complete(paymentId, customer.access, true)).status).toBe(409)
  })

  it("Decline is Uzum's reverse: the order stays payable, and starting again opens a new transaction", async () => {
    const { order: o, customer } = await orders.place({ method: 'uzum' })
    const first = (await start(o.id, customer.access)).body.payment_id as number
    expect((await complete(first, customer.access, false)).body).toMatchObject({ status: 1, payment_status: 'failed' })
    const [reversed] = await orders.paymentsOf(o.id)
    expect((await uzum('status', { transId: reversed!.externalId })).status).toBe('REVERSED')
    const second = (await start(o.id, customer.access)).body.payment_id as number
    expect(second).not.toBe(first)
    expect((await complete(second, customer.access, true)).body).toMatchObject({ status: 3, payment_status: 'paid' })
  })

  it('a demo shop without UZUM_* settings takes the demo credentials, so a curl can play Uzum', async () => {
    const demo = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })
    const o = await place()
    const body = JSON.stringify({ serviceId: Number(demoUzumService.serviceId), timestamp: Date.now(), ...payOf(o) })
    const ctx = { config: demo, now: new Date() }
    expect(await handleUzum(t.database.db, 'check', uzumBasicAuth(demoUzumService), body, ctx)).toMatchObject({
      http: 200,
      body: { status: 'OK' },
    })
    // The shop's own settings are not taken there, nor the demo's where the settings are.
    expect((await handleUzum(t.database.db, 'check', basic(), body, ctx)).body.errorCode).toBe(10001)
    expect((await uzum('check', payOf(o), { auth: uzumBasicAuth(demoUzumService) })).errorCode).toBe(10001)
  })
})

describe('Uzum Bank: where the shopper pays', () => {
  it('is offered at checkout once set up (or in demo mode); a shop without it takes no order paid by uzum', async () => {
    const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' }
    const payme = parseConfig({ ...base, PAYMENT_PROVIDER: 'payme', PAYME_MERCHANT_ID: 'm', PAYME_KEY: 'k' })
    expect(offeredPaymentMethods(payme)).toEqual(['cash', 'card', 'payme', 'click'])
    expect(offeredPaymentMethods(parseConfig(base))).toContain('uzum')
    expect(offeredPaymentMethods(t.config)).toContain('uzum')
    expect(() => checkPaymentConfig(parseConfig({ ...base, PAYMENT_PROVIDER: 'uzum' }))).toThrow(
      'PAYMENT_PROVIDER=uzum needs UZUM_SERVICE_ID, UZUM_LOGIN and UZUM_PASSWORD',
    )
    const input = { payment_method: 'uzum', delivery: 'courier', pickup_point: null, idempotency_key: transId() }
    await expect(
      createOrder(t.database.db, 1, input as NewOrder, { lang: 'ru', config: payme, now: new Date() }),
    ).rejects.toMatchObject({ status: 400, detail: 'Этот способ оплаты сейчас недоступен: выберите другой.' })
  })

  it('the open-service link names the service, the order, the amount in tiyin and the way back', () => {
    const live = parseConfig({
      SESSION_SECRET: 'x'.repeat(40),
      DATA_DIR: '/tmp/atir-unused',
      PUBLIC_URL: 'https://atir.uz',
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('UZUM_'))),
    })
    const url = new URL(providerCheckoutUrl(live, 'uzum', { id: 42, total: 150_000 }, 'ru'))
    expect(url.origin + url.pathname).toBe('https://www.uzumbank.uz/open-service')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      serviceId: service.serviceId,
      order_id: '42',
      amount: '15000000',
      redirectUrl: 'https://atir.uz/ru/payment/result/42',
    })
  })
})
