import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { cardProviderOf } from '#api/cards/provider.ts'
import { parseConfig } from '#api/config.ts'
import { payments, products, users } from '#api/db/schema/index.ts'
import type { ApiDeps } from '#api/http/context.ts'
import { ApiError } from '#api/http/errors.ts'
import type { CardProvider } from '#api/integrations/payments/card-provider.ts'
import { cancelByCustomer } from '#api/orders/service.ts'
import { startPayment } from '#api/payments/service.ts'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi, type TestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { paymeSubscribe, type SubscribeOptions } from './support/payme-subscribe.ts'

// Paying an order with a saved card (POST payments/{order_id}/start/ charges
// it server-side), with the sandbox provider and with a Payme double.
const t = setupTestApi({ products: 40 })

const GOOD = '8600 0691 9540 6311'
// The sandbox declines cards ending in 0002 (README, SANDBOX_DECLINED_ENDING).
const DECLINED = '8600 0000 0000 0002'
const EXPIRY = (() => {
  const now = new Date()
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 1) % 100).padStart(2, '0')}`
})()

beforeAll(() => {
  // Provider failures are logged as warnings; keep the output readable.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterAll(() => vi.restoreAllMocks())

type Call = (
  path: string,
  init?: { method?: string; body?: unknown; token?: string; lang?: string },
) => Promise<{
  status: number
  body: Json
}>
const caller =
  (api: () => Api): Call =>
  async (path, init = {}) => {
    const headers: Record<string, string> = { 'Accept-Language': init.lang ?? 'ru' }
    if (init.token) headers.Authorization = `Bearer ${init.token}`
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await api().fetch(
      new Request(`http://shop.test/api/v1/${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    )
    return { status: response.status, body: response.status === 204 ? null : await response.json() }
  }

let ids: number[] = []
let taken = 0
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

function lastCardCode(test: TestApi, phone: string) {
  const sms = readFileSync(join(test.dataDir, 'sms-outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .findLast((m) => m.to === phone && m.text.includes('****'))
  return /\b(\d{6})$/.exec(sms!.text)![1]!
}

/** Adds and confirms a card through the API; `code` for Payme's, else the sandbox SMS. */
async function saveCard(call: Call, customer: Customer, number: string, code?: string) {
  const added = await call('cards/', { method: 'POST', token: customer.access, body: { number, expiry: EXPIRY } })
  expect(added.status).toBe(201)
  const verified = await call(`cards/${added.body.card_id}/verify/`, {
    method: 'POST',
    token: customer.access,
    body: { code: code ?? lastCardCode(t, customer.phone) },
  })
  expect(verified.status).toBe(200)
  return added.body.card_id as number
}

/** A card order of one product (120 000 sum, pickup) with `card_id`. */
async function cardOrder(call: Call, customer: Customer, cardId: number | null, method = 'card') {
  const id = ids[taken++]!
  await t.database.db.update(products).set({ stock: 5, price: 120_000, salePrice: null }).where(eq(products.id, id))
  const added = await call('orders/cart/products/', {
    method: 'POST',
    token: customer.access,
    body: { product_id: id, quantity: 1 },
  })
  expect(added.status).toBe(200)
  const placed = await call('orders/', {
    method: 'POST',
    token: customer.access,
    body: {
      address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' },
      receiver: { name: 'Dilnoza', phone: '+998901234567' },
      delivery: 'pickup',
      pickup_point: 'amir-temur',
      payment_method: method,
      card_id: cardId,
      idempotency_key: randomUUID(),
    },
  })
  expect(placed.status).toBe(201)
  expect(placed.body.status).toBe(1)
  return placed.body as { id: number; total: number }
}

const paymentsOf = (orderId: number) =>
  t.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id))

describe('paying with a saved card (sandbox)', () => {
  const call = caller(() => t.api)
  let alice: Customer
  let bob: Customer
  let good: number
  let declined: number
  beforeAll(async () => {
    alice = await registerCustomer(t)
    bob = await registerCustomer(t)
    good = await saveCard(call, alice, GOOD)
    declined = await saveCard(call, alice, DECLINED)
  })
  const start = (orderId: number, body?: unknown, lang?: string) =>
    call(`payments/${orderId}/start/`, { method: 'POST', token: alice.access, body, lang })

  it('charges the card at once: payment recorded, order accepted, the result page next', async () => {
    const order = await cardOrder(call, alice, good)
    const started = await start(order.id)
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({
      order_id: order.id,
      provider: 'card:sandbox',
      amount: order.total,
      redirect_url: `/ru/payment/result/${order.id}`,
    })
    const [payment] = await paymentsOf(order.id)
    expect(payment).toMatchObject({ id: started.body.payment_id, provider: 'card:sandbox', status: 'paid' })
    expect(payment!.amount).toBe(order.total)
    expect(payment!.externalId).toMatch(/^sandbox_receipt_/)
    const after = await call(`orders/${order.id}/`, { token: alice.access })
    expect(after.body).toMatchObject({ status: 3, payment_status: 'paid', card_id: good })
    // Paid: nothing more to charge.
    expect((await start(order.id)).status).toBe(409)
    expect(await paymentsOf(order.id)).toHaveLength(1)
  })

  it('a declined card: 402 with the reason, the order still payable, then paid with another card', async () => {
    const order = await cardOrder(call, alice, declined)
    const refused = await start(order.id, undefined, 'uz')
    expect(refused.status).toBe(402)
    expect(refused.body.detail).toBe(
      'Банк карта орқали тўловни рад этди. Буюртма тўловни кутмоқда: қайта уриниб кўринг, бошқа карта ёки бошқа усулни танланг.',
    )
    expect((await call(`orders/${order.id}/`, { token: alice.access })).body).toMatchObject({
      status: 1,
      payment_status: 'failed',
    })
    expect((await paymentsOf(order.id)).map((p) => [p.provider, p.status, p.externalId])).toEqual([
      ['card:sandbox', 'failed', null],
    ])
    // Retried with the same card: declined again.
    expect((await start(order.id)).status).toBe(402)
    const paid = await start(order.id, { card_id: good })
    expect(paid.status).toBe(200)
    expect((await call(`orders/${order.id}/`, { token: alice.access })).body).toMatchObject({
      status: 3,
      payment_status: 'paid',
      card_id: good,
    })
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['failed', 'failed', 'paid'])
  })

  it('after a decline the order can be paid another way: card_id null opens the provider page', async () => {
    const order = await cardOrder(call, alice, declined)
    expect((await start(order.id)).status).toBe(402)
    const other = await start(order.id, { card_id: null })
    expect(other.status).toBe(200)
    expect(other.body.provider).toBe('sandbox')
    expect(other.body.redirect_url).toBe(`/ru/payment/sandbox/${other.body.payment_id}`)
    const done = await call(`payments/sandbox/${other.body.payment_id}/complete/`, {
      method: 'POST',
      token: alice.access,
      body: { approve: true },
    })
    expect(done.body).toMatchObject({ status: 3, payment_status: 'paid', card_id: null })
  })

  it("refuses another customer's card, an unconfirmed one and a card for an order not paid by card", async () => {
    const bobs = await saveCard(call, bob, GOOD)
    const placed = await call('orders/', {
      method: 'POST',
      token: alice.access,
      body: {
        address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' },
        receiver: { name: 'Dilnoza', phone: '+998901234567' },
        delivery: 'pickup',
        pickup_point: 'amir-temur',
        payment_method: 'card',
        card_id: bobs,
        idempotency_key: randomUUID(),
      },
    })
    expect(placed.status).toBe(400)

    const order = await cardOrder(call, alice, null)
    const stolen = await start(order.id, { card_id: bobs })
    expect(stolen.status).toBe(400)
    expect(stolen.body.errors).toEqual([{ field: 'card_id', message: 'Карта не найдена.' }])
    const pending = await call('cards/', {
      method: 'POST',
      token: alice.access,
      body: { number: '8600 1111 2222 3333', expiry: EXPIRY },
    })
    expect((await start(order.id, { card_id: pending.body.card_id })).status).toBe(400)
    expect(await paymentsOf(order.id)).toEqual([])
    expect((await call(`orders/${order.id}/`, { token: alice.access })).body).toMatchObject({
      status: 1,
      payment_status: 'pending',
    })
    // Bob cannot start Alice's order at all.
    const foreign = await call(`payments/${order.id}/start/`, {
      method: 'POST',
      token: bob.access,
      body: { card_id: bobs },
    })
    expect(foreign.status).toBe(404)

    const payme = await cardOrder(call, alice, null, 'payme')
    const wrong = await start(payme.id, { card_id: good }, 'sr')
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].field).toBe('card_id')
    expect((await start(payme.id, { card_id: 'x' })).status).toBe(400)
  })

  it('gives the money back when the order is cancelled while its card is being charged', async () => {
    const order = await cardOrder(call, alice, good)
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, alice.phone))
    const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40) })
    const ctx = { lang: 'ru' as const, config, now: new Date() }
    const sandbox = cardProviderOf({ database: t.database, config })
    const refunded: string[] = []
    // The customer cancels in another tab while the provider is charging the card.
    const racing: CardProvider = {
      ...sandbox,
      async charge(token, payment) {
        const receipt = await sandbox.charge(token, payment)
        await cancelByCustomer(t.database.db, user!.id, order.id, ctx)
        return receipt
      },
      async refund(receiptId) {
        refunded.push(receiptId)
        await sandbox.refund(receiptId)
      },
    }
    const started = await startPayment(t.database.db, user!.id, order.id, { ...ctx, cards: () => racing }).catch(
      (e) => e,
    )
    expect(started).toBeInstanceOf(ApiError)
    expect(started.status).toBe(409)
    const [payment] = await paymentsOf(order.id)
    expect(payment).toMatchObject({ provider: 'card:sandbox', status: 'refunded' })
    expect(refunded).toEqual([payment!.externalId])
    expect((await call(`orders/${order.id}/`, { token: alice.access })).body).toMatchObject({ status: 2 })
  })

  it('refunds a sandbox charge through the provider', async () => {
    const order = await cardOrder(call, alice, good)
    await start(order.id)
    const [payment] = await paymentsOf(order.id)
    const cards = cardProviderOf({ database: t.database, config: parseConfig({ SESSION_SECRET: 'x'.repeat(40) }) })
    await expect(cards.refund(payment!.externalId!)).resolves.toBeUndefined()
    await expect(cards.refund('receipt-of-someone-else')).rejects.toMatchObject({ reason: 'rejected' })
  })
})

describe('paying with a saved card (Payme)', () => {
  const url = 'https://checkout.test.paycom.uz/api'
  const server = setupServer()
  afterEach(() => server.resetHandlers())
  afterAll(() => server.close())
  const payme = (options: SubscribeOptions = {}) => paymeSubscribe(server, url, options)

  let deps: ApiDeps
  let api: Api
  let customer: Customer
  let card: number
  const call = caller(() => api)
  beforeAll(async () => {
    server.listen({ onUnhandledFrame: 'error' })
    const config = parseConfig({
      ...process.env,
      DATA_DIR: t.dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'payme',
      PAYME_MERCHANT_ID: 'merchant-1',
      PAYME_KEY: 'secret-key',
      PAYME_API_URL: url,
      PAYMENT_TIMEOUT_MS: '300',
    })
    deps = { database: t.database, config }
    api = createApi(deps)
    customer = await registerCustomer(t)
    payme()
    card = await saveCard(call, customer, GOOD, '666666')
  })
  const start = (orderId: number, body?: unknown) =>
    call(`payments/${orderId}/start/`, { method: 'POST', token: customer.access, body })

  it('creates a receipt for the order in tiyin, pays it with the token, records the receipt id', async () => {
    const double = payme()
    // The double forgets between tests: the token saved before is confirmed again here.
    double.tokens.set('payme-token-1', { verified: true, number: '8600069195406311', expire: '' })
    const order = await cardOrder(call, customer, card)
    const started = await start(order.id)
    expect(started.status).toBe(200)
    expect(started.body.provider).toBe('card:payme')
    expect(started.body.redirect_url).toBe(`/ru/payment/result/${order.id}`)
    expect(double.calls.map((c) => [c.method, c.auth])).toEqual([
      ['receipts.create', 'merchant-1:secret-key'],
      ['receipts.pay', 'merchant-1:secret-key'],
    ])
    expect(double.calls[0]!.params).toMatchObject({
      amount: order.total * 100,
      account: { order_id: String(order.id) },
    })
    const receiptId = double.calls[1]!.params.id
    expect(double.calls[1]!.params).toEqual({ id: receiptId, token: 'payme-token-1' })
    expect((await paymentsOf(order.id)).map((p) => [p.provider, p.status, p.externalId])).toEqual([
      ['card:payme', 'paid', receiptId],
    ])
    expect((await call(`orders/${order.id}/`, { token: customer.access })).body).toMatchObject({
      status: 3,
      payment_status: 'paid',
    })
    // The refund the cancellation of a paid order uses.
    await cardProviderOf(deps).refund(receiptId)
    expect(double.receipts.get(receiptId)?.state).toBe(50)
  })

  it('a card Payme declines: 402, receipt cancelled, the order still payable', async () => {
    const double = payme({ payError: -31630 })
    double.tokens.set('payme-token-1', { verified: true, number: '8600069195406311', expire: '' })
    const order = await cardOrder(call, customer, card)
    const refused = await start(order.id)
    expect(refused.status).toBe(402)
    expect(refused.body.detail).toBe(
      'Банк отклонил оплату картой. Заказ ждёт оплаты: попробуйте ещё раз, другую карту или другой способ.',
    )
    expect(double.calls.map((c) => c.method)).toEqual(['receipts.create', 'receipts.pay', 'receipts.cancel'])
    expect((await call(`orders/${order.id}/`, { token: customer.access })).body).toMatchObject({
      status: 1,
      payment_status: 'failed',
    })
  })

  it('Payme not answering in time: 503 with a clear message, the order payable, and paid on retry', async () => {
    let double = payme({ slowPay: 1000 })
    double.tokens.set('payme-token-1', { verified: true, number: '8600069195406311', expire: '' })
    const order = await cardOrder(call, customer, card)
    const slow = await start(order.id)
    expect(slow.status).toBe(503)
    expect(slow.body.detail).toBe(
      'Платёжная система не ответила, оплата не прошла. Заказ ждёт оплаты: попробуйте через минуту или выберите другой способ.',
    )
    expect((await call(`orders/${order.id}/`, { token: customer.access })).body).toMatchObject({
      status: 1,
      payment_status: 'failed',
    })
    expect(double.calls.at(-1)?.method).toBe('receipts.cancel')

    server.resetHandlers()
    payme({ down: true })
    const down = await start(order.id)
    expect(down.status).toBe(503)
    expect((await paymentsOf(order.id)).map((p) => p.status)).toEqual(['failed', 'failed'])

    server.resetHandlers()
    double = payme()
    double.tokens.set('payme-token-1', { verified: true, number: '8600069195406311', expire: '' })
    expect((await start(order.id)).status).toBe(200)
    expect((await call(`orders/${order.id}/`, { token: customer.access })).body).toMatchObject({
      status: 3,
      payment_status: 'paid',
    })
  })
})
