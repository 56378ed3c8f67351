import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { payments, users } from '#api/db/schema/index.ts'
import type { ApiDeps } from '#api/http/context.ts'
import { clickAuthHeader } from '#api/integrations/payments/click/reversal.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { refundDepsOf, refundOrder, retryPauseMs, retryPendingRefunds } from '#api/payments/refunds.ts'
import { logLines } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { externalServices } from './support/msw.ts'
import { orderMaker, paymentProviders } from './support/orders.ts'
import { paymeSubscribe } from './support/payme-subscribe.ts'
import { signedInStaff } from './support/staff.ts'

const t = setupTestApi({ products: 40 })
const providers = paymentProviders(t, 'refunds', { serviceId: '555', merchantUserId: '4242' })
const CLICK_SECRET = providers.keys.click
const orders = orderMaker(t)
const payme = providers.payme
const click = providers.click
const config = parseConfig({ ...process.env, SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })

const server = externalServices()

type Reversal = { serviceId: string; paymentId: string; auth: string | null }
/** Click's reversal API: answers `reply` (by call number) and records every call. */
function clickReversal(
  reply: (n: number) => Response = () => HttpResponse.json({ error_code: 0, error_note: 'Успешно' }),
) {
  const calls: Reversal[] = []
  server.use(
    http.delete('https://click.test/v2/merchant/payment/reversal/:serviceId/:paymentId', ({ params, request }) => {
      calls.push({
        serviceId: String(params.serviceId),
        paymentId: String(params.paymentId),
        auth: request.headers.get('auth'),
      })
      return reply(calls.length)
    }),
  )
  return calls
}

const cancel = (orderId: number, c: Customer) =>
  t.json(`orders/${orderId}/cancel/`, { method: 'POST', token: c.access })
let manager: Promise<{ token: string }> | undefined
/** A manager cancels the accepted (paid) order in the back office. */
async function staffCancel(orderId: number) {
  manager ??= signedInStaff(t, 'manager')
  return t.json(`admin/orders/${orderId}/status/`, {
    method: 'POST',
    token: (await manager).token,
    body: JSON.stringify({ status: 2, expected_status: 3, reason: 'out of stock' }),
  })
}
const deps = (now = new Date()) => refundDepsOf({ database: t.database, config, now: () => now })

/** A Click order paid through Prepare and Complete; answers the order, its customer and Click's payment number. */
async function paidByClick() {
  const { order, customer, productId } = await orders.place({ method: 'click' })
  await click.pay(order.id, order.total)
  const [payment] = await orders.paymentsOf(order.id)
  return { order, customer, productId, paydoc: payment!.providerPaymentId! }
}

describe('refunds of paid orders that are cancelled', () => {
  it('sandbox: the money is back at once', async () => {
    const { order, customer, productId } = await orders.place({ method: 'card' })
    const start = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: customer.access })
    const paid = await t.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
      method: 'POST',
      token: customer.access,
      body: JSON.stringify({ approve: true }),
    })
    expect(paid.body).toMatchObject({ status: 3, payment_status: 'paid', refund: null })

    const r = await cancel(order.id, customer)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      status: 2,
      payment_status: 'refunded',
      refund: { status: 'refunded', amount: order.total, label: expect.stringContaining('возвращены') },
    })
    const [payment] = await orders.paymentsOf(order.id)
    expect(payment).toMatchObject({ status: 'refunded', refundAttempts: 1, refundError: null })
    expect(payment!.refundedAt).toBeInstanceOf(Date)
    expect(await orders.stockOf(productId)).toBe(5)
    // In the customer's language.
    const uz = await t.json(`orders/${order.id}/`, { token: customer.access, lang: 'uz' })
    expect(uz.body.refund.label).toContain('қайтарилди')
  })

  it('a saved card charge: the card provider refunds its receipt', async () => {
    const c = await registerCustomer(t)
    const added = await t.json('cards/', {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ number: '8600 0691 9540 6311', expiry: `12/${(new Date().getFullYear() + 2) % 100}` }),
    })
    expect(added.status).toBe(201)
    const sms = readFileSync(join(t.dataDir, 'sms-outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const code = /\b(\d{6})$/.exec(sms.findLast((m: { to: string }) => m.to === c.phone).text)![1]
    const verified = await t.json(`cards/${added.body.card_id}/verify/`, {
      method: 'POST',
      token: c.access,
      body: JSON.stringify({ code }),
    })
    expect(verified.status).toBe(200)
    const { order } = await orders.place({ as: c, method: 'card', extra: { card_id: added.body.card_id } })
    const charged = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: c.access })
    expect(charged.body.provider).toBe('card:sandbox')
    expect((await orders.read(order.id, c)).payment_status).toBe('paid')

    const r = await staffCancel(order.id)
    expect(r.body).toMatchObject({ status: 2, payment_status: 'refunded' })
    expect((await orders.read(order.id, c)).cancel_reason).toBe('out of stock')
    const [payment] = await orders.paymentsOf(order.id)
    expect(payment).toMatchObject({ provider: 'card:sandbox', status: 'refunded' })
  })

  it('Payme checkout: refund_pending until Payme cancels the performed transaction (−2), then refunded', async () => {
    const { order, customer } = await orders.place({ method: 'payme' })
    const id = payme.transactionId()
    await payme.call('CreateTransaction', {
      id,
      time: Date.now(),
      amount: order.total * 100,
      account: payme.account(order.id),
    })
    expect((await payme.call('PerformTransaction', { id })).result.state).toBe(2)

    const r = await cancel(order.id, customer)
    expect(r.body).toMatchObject({
      status: 2,
      payment_status: 'refund_pending',
      refund: { status: 'refund_pending', amount: order.total },
    })
    // The shop cannot ask Payme: the job leaves it alone.
    expect(await retryPendingRefunds(deps(new Date(Date.now() + 3_600_000)))).toBe(0)
    const [waiting] = await orders.paymentsOf(order.id)
    expect(waiting).toMatchObject({ status: 'refund_pending', refundAttempts: 0 })
    expect((await payme.call('CheckTransaction', { id })).result.state).toBe(2)

    // The merchant cancels it in Payme's cabinet; Payme calls CancelTransaction.
    const cancelled = await payme.call('CancelTransaction', { id, reason: 5 })
    expect(cancelled.result.state).toBe(-2)
    expect(await orders.read(order.id, customer)).toMatchObject({
      status: 2,
      cancel_reason: 'customer',
      payment_status: 'refunded',
      refund: { status: 'refunded' },
    })
    const [done] = await orders.paymentsOf(order.id)
    expect(done).toMatchObject({ status: 'refunded', providerState: -2 })
  })

  it('Click: the payment is reversed through the Merchant API with a signed Auth header', async () => {
    const calls = clickReversal()
    const { order, customer, paydoc } = await paidByClick()
    const before = Math.floor(Date.now() / 1000)
    const r = await cancel(order.id, customer)
    expect(r.body).toMatchObject({ status: 2, payment_status: 'refunded', refund: { status: 'refunded' } })
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ serviceId: '555', paymentId: paydoc })
    const [user, digest, timestamp] = calls[0]!.auth!.split(':')
    expect(user).toBe('4242')
    expect(Number(timestamp)).toBeGreaterThanOrEqual(before)
    expect(digest).toBe(
      createHash('sha1')
        .update(timestamp + CLICK_SECRET)
        .digest('hex'),
    )
    expect(clickAuthHeader('4242', CLICK_SECRET, new Date(1_700_000_000_000))).toBe(
      `4242:${createHash('sha1').update(`1700000000${CLICK_SECRET}`).digest('hex')}:1700000000`,
    )
  })

  it('a refused or failed Click reversal stays refund_pending, is logged without secrets and retried by the job', async () => {
    const from = logLines.length
    const calls = clickReversal((n) =>
      n === 1
        ? HttpResponse.json({ error_code: -5017, error_note: 'Недостаточно средств' })
        : n === 2
          ? HttpResponse.error()
          : HttpResponse.json({ error_code: 0, error_note: 'Успешно' }),
    )
    const { order, customer } = await paidByClick()
    const r = await cancel(order.id, customer)
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      status: 2,
      payment_status: 'refund_pending',
      refund: { status: 'refund_pending' },
    })
    expect(calls).toHaveLength(1)
    const [failed] = await orders.paymentsOf(order.id)
    expect(failed).toMatchObject({ status: 'refund_pending', refundAttempts: 1 })
    expect(failed!.refundError).toContain('-5017')
    const logged = JSON.stringify(logLines.slice(from))
    expect(logged).toContain(`payment ${failed!.id}`)
    expect(logged).not.toContain(CLICK_SECRET)
    expect(logged).not.toContain(calls[0]!.auth!)

    const triedAt = failed!.refundTriedAt!.getTime()
    // Not before its pause is over.
    expect(await retryPendingRefunds(deps(new Date(triedAt + retryPauseMs(1) - 1000)))).toBe(0)
    expect(calls).toHaveLength(1)
    // The network fails: still pending, the pause grows.
    expect(await retryPendingRefunds(deps(new Date(triedAt + retryPauseMs(1))))).toBe(0)
    expect(calls).toHaveLength(2)
    const [again] = await orders.paymentsOf(order.id)
    expect(again).toMatchObject({ status: 'refund_pending', refundAttempts: 2 })
    expect(again!.refundError).toMatch(/unreachable/)
    expect(retryPauseMs(2)).toBeGreaterThan(retryPauseMs(1))

    // The server's periodic job retries it once the pause is over.
    const later = new Date(again!.refundTriedAt!.getTime() + retryPauseMs(2))
    const jobs = startOrderJobs({ database: t.database, config, now: () => later }, { intervalMs: 3_600_000 })
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    await jobs.runOnce()
    await jobs.stop()
    log.mockRestore()
    expect(calls).toHaveLength(3)
    expect(await orders.read(order.id, customer)).toMatchObject({
      payment_status: 'refunded',
      refund: { status: 'refunded' },
    })
    const [done] = await orders.paymentsOf(order.id)
    expect(done).toMatchObject({ status: 'refunded', refundAttempts: 3, refundError: null })
  })

  it('a refund asked for twice at once calls Click once', async () => {
    const calls = clickReversal()
    const { order } = await paidByClick()
    // Cancelled without the request's refund call: the job and a request race for it.
    const cancelled = await changeOrderStatus(t.database.db, order.id, 2, { lang: 'ru', config, now: new Date() })
    expect(cancelled.paymentStatus).toBe('refund_pending')
    const d = deps()
    await Promise.all([refundOrder(d, order.id), retryPendingRefunds(d), refundOrder(d, order.id)])
    expect(calls).toHaveLength(1)
    const [payment] = await orders.paymentsOf(order.id)
    expect(payment).toMatchObject({ status: 'refunded', refundAttempts: 1 })
  })

  it('staff cancelling while Payme cancels the same paid order: cancelled once, stock back once, refunded', async () => {
    for (let round = 0; round < 4; round++) {
      const { order, productId } = await orders.place({ method: 'payme', stock: 5 })
      const id = payme.transactionId()
      await payme.call('CreateTransaction', {
        id,
        time: Date.now(),
        amount: order.total * 100,
        account: payme.account(order.id),
      })
      await payme.call('PerformTransaction', { id })
      expect(await orders.stockOf(productId)).toBe(4)
      const paymeCancel = () => payme.call('CancelTransaction', { id, reason: 5 })
      const [staff, cancelled] =
        round % 2
          ? await Promise.all([staffCancel(order.id), paymeCancel()])
          : await Promise.all([paymeCancel(), staffCancel(order.id)]).then(([a, b]) => [b, a] as const)
      expect(cancelled.result.state).toBe(-2)
      // Whoever came second found the order cancelled already (staff: 409) or cancelled it first.
      expect([200, 409]).toContain(staff.status)
      const read = await orders.read(order.id)
      expect(read).toMatchObject({ status: 2, payment_status: 'refunded', refund: { status: 'refunded' } })
      expect(await orders.stockOf(productId)).toBe(5)
    }
  })

  it('an order paid wholly by cashback has nothing to give back: refunded, no refund line', async () => {
    const c = await registerCustomer(t)
    await t.database.db.update(users).set({ cashbackBalance: 500_000 }).where(eq(users.phone, c.phone))
    const { order } = await orders.place({ as: c, method: 'card', extra: { use_cashback: true } })
    expect(order).toMatchObject({ total: 0, status: 3, payment_status: 'paid' })
    const r = await cancel(order.id, c)
    expect(r.body).toMatchObject({ status: 2, payment_status: 'refunded', refund: null })
    expect(await orders.paymentsOf(order.id)).toEqual([])
  })

  it('unpaid orders cancelled have no refund', async () => {
    const { order, customer } = await orders.place({ method: 'click' })
    const r = await cancel(order.id, customer)
    expect(r.body).toMatchObject({ status: 2, payment_status: 'pending', refund: null })
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(rows).toEqual([])
  })
})

describe('refunds of saved Payme card charges', () => {
  const url = 'https://checkout.test.paycom.uz/api'
  let deps: ApiDeps
  let api: Api
  let customer: Customer
  let cardId: number
  const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await api.fetch(
      new Request(`http://shop.test/api/v1/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          Authorization: `Bearer ${customer.access}`,
          ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    )
    return { status: response.status, body: await response.json() }
  }
  beforeAll(async () => {
    deps = {
      database: t.database,
      config: parseConfig({
        ...process.env,
        DATA_DIR: t.dataDir,
        SESSION_SECRET: 'x'.repeat(40),
        PAYMENT_PROVIDER: 'payme',
        PAYME_MERCHANT_ID: 'merchant-1',
        PAYME_API_URL: url,
        PAYMENT_TIMEOUT_MS: '5000',
      }),
    }
    api = createApi(deps)
    customer = await registerCustomer(t)
    paymeSubscribe(server, url)
    const added = await call('cards/', {
      method: 'POST',
      body: { number: '8600 0691 9540 6311', expiry: `12/${(new Date().getFullYear() + 2) % 100}` },
    })
    expect(added.status).toBe(201)
    expect(
      (await call(`cards/${added.body.card_id}/verify/`, { method: 'POST', body: { code: '666666' } })).status,
    ).toBe(200)
    cardId = added.body.card_id
  })
  /** A fresh Payme double that knows the saved card. */
  const double = (options: Parameters<typeof paymeSubscribe>[2] = {}) => {
    const d = paymeSubscribe(server, url, options)
    d.tokens.set('payme-token-1', { verified: true, number: '8600069195406311', expire: '1240' })
    return d
  }
  const cardOrder = async () => (await orders.place({ as: customer, method: 'card', extra: { card_id: cardId } })).order

  it('a failed receipts.cancel stays refund_pending and the job gives the money back later', async () => {
    const from = logLines.length
    const payme = double({ cancelFailures: 1 })
    const order = await cardOrder()
    const started = await call(`payments/${order.id}/start/`, { method: 'POST' })
    expect(started.body).toMatchObject({ provider: 'card:payme' })
    const r = await call(`orders/${order.id}/cancel/`, { method: 'POST' })
    expect(r.body).toMatchObject({
      status: 2,
      payment_status: 'refund_pending',
      refund: { status: 'refund_pending' },
    })
    const [pending] = await orders.paymentsOf(order.id)
    expect(pending).toMatchObject({ provider: 'card:payme', status: 'refund_pending', refundAttempts: 1 })
    expect(pending!.refundError).toMatch(/receipts\.cancel/)
    expect(JSON.stringify(logLines.slice(from))).not.toContain('8600')

    const later = new Date(pending!.refundTriedAt!.getTime() + retryPauseMs(1))
    expect(await retryPendingRefunds(refundDepsOf({ ...deps, now: () => later }))).toBe(1)
    expect(payme.receipts.get(pending!.externalId!)?.state).toBe(50)
    expect((await call(`orders/${order.id}/`)).body).toMatchObject({ payment_status: 'refunded' })
  })

  it('a charge that completes after the order was cancelled is given back (and retried if that fails)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const payme = double({ slowPay: 400, cancelFailures: 1 })
      const order = await cardOrder()
      const charging = call(`payments/${order.id}/start/`, { method: 'POST' })
      // The customer cancels while Payme is still charging the card.
      await vi.waitFor(() => expect(payme.calls.map((c) => c.method)).toContain('receipts.pay'))
      expect((await call(`orders/${order.id}/cancel/`, { method: 'POST' })).body).toMatchObject({
        status: 2,
        payment_status: 'pending',
      })
      expect((await charging).status).toBe(409)
      const [payment] = await orders.paymentsOf(order.id)
      expect(payment).toMatchObject({ status: 'refund_pending', refundAttempts: 1 })
      expect(payme.receipts.get(payment!.externalId!)?.state).toBe(4)

      const later = new Date(payment!.refundTriedAt!.getTime() + retryPauseMs(1))
      expect(await retryPendingRefunds(refundDepsOf({ ...deps, now: () => later }))).toBe(1)
      expect(payme.receipts.get(payment!.externalId!)?.state).toBe(50)
      const [done] = await orders.paymentsOf(order.id)
      expect(done).toMatchObject({ status: 'refunded', refundError: null })
    } finally {
      warn.mockRestore()
    }
  })
})
