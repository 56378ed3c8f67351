import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { cashbackEntries, payments, promoCodes, users } from '#api/db/schema/index.ts'
import { PAYME_TIMEOUT_MS } from '#api/integrations/payments/payme/merchant.ts'
import { expireUnpaidOrders, IN_FLIGHT_MS } from '#api/orders/expiry.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { oneRow } from '../../api/db/rows.ts'
import { logLines } from '../setup/log-lines.ts'
import { untilState } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { clickCaller, orderMaker, paymeCaller } from './support/orders.ts'

const PAYME_KEY = 'expiry-payme-key'
const CLICK_SECRET = 'expiry-click-secret'
process.env.PAYME_KEY = PAYME_KEY
process.env.CLICK_SECRET_KEY = CLICK_SECRET
process.env.CLICK_SERVICE_ID = '555'
const t = setupTestApi({ products: 60 })
const orders = orderMaker(t)
const payme = paymeCaller(t, PAYME_KEY)
const click = clickCaller(t, CLICK_SECRET, '555')
const TTL = 45
const config = parseConfig({
  SESSION_SECRET: 'x'.repeat(40),
  DATA_DIR: '/tmp/atir-unused',
  ORDER_PAYMENT_TTL_MINUTES: String(TTL),
})
const minutes = (n: number) => n * 60_000
/** The moment `n` minutes after the order was placed. */
const minutesAfter = (order: { created_at: string }, n: number) =>
  new Date(new Date(order.created_at).getTime() + minutes(n))
const expire = (now: Date) => expireUnpaidOrders(t.database.db, { config, now })

describe('expiry of unpaid orders', () => {
  it('reads ORDER_PAYMENT_TTL_MINUTES, 60 by default', () => {
    expect(
      parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' }).ORDER_PAYMENT_TTL_MINUTES,
    ).toBe(60)
    expect(() => parseConfig({ SESSION_SECRET: 'x'.repeat(40), ORDER_PAYMENT_TTL_MINUTES: 'soon' })).toThrow(
      /ORDER_PAYMENT_TTL_MINUTES/,
    )
  })

  it('cancels an online order left unpaid past the hold: stock, promo use and cashback come back', async () => {
    const c = await registerCustomer(t)
    await t.database.db.update(users).set({ cashbackBalance: 15_000 }).where(eq(users.phone, c.phone))
    const { used: usedBefore } = oneRow(
      await t.database.db.select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.code, 'ATIR10')),
    )
    const { order, productId } = await orders.place({
      as: c,
      method: 'click',
      quantity: 2,
      extra: { promo_code: 'ATIR10', use_cashback: 10_000 },
    })
    expect(order).toMatchObject({ status: 1, cashback_used: 10_000, promo_code: 'ATIR10' })
    expect(await orders.stockOf(productId)).toBe(3)

    expect(await expire(minutesAfter(order, TTL - 1))).not.toContain(order.id)
    expect(await orders.read(order.id, c)).toMatchObject({ status: 1, can_pay: true })

    expect(await expire(minutesAfter(order, TTL + 1))).toContain(order.id)
    expect(await orders.read(order.id, c)).toMatchObject({
      status: 2,
      cancel_reason: 'payment_timeout',
      payment_status: 'pending',
      can_cancel: false,
      can_pay: false,
    })
    expect(await orders.stockOf(productId)).toBe(5)
    const { used } = oneRow(
      await t.database.db.select({ used: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.code, 'ATIR10')),
    )
    expect(used).toBe(usedBefore)
    const { balance } = oneRow(
      await t.database.db.select({ balance: users.cashbackBalance }).from(users).where(eq(users.phone, c.phone)),
    )
    expect(balance).toBe(15_000)
    // A second pass finds nothing more to do for it.
    expect(await expire(minutesAfter(order, TTL + 2))).not.toContain(order.id)
    expect(await orders.stockOf(productId)).toBe(5)
  })

  it('leaves cash orders and paid online orders alone', async () => {
    const { order: cash } = await orders.place({ method: 'cash' })
    const { order: paid } = await orders.place({ method: 'click' })
    await click.pay(paid.id, paid.total)
    const cancelled = await expire(minutesAfter(paid, TTL * 10))
    expect(cancelled).not.toContain(cash.id)
    expect(cancelled).not.toContain(paid.id)
    expect(await orders.read(cash.id)).toMatchObject({ status: 3 })
    expect(await orders.read(paid.id)).toMatchObject({ status: 3, payment_status: 'paid' })
  })

  it("keeps an order with a Payme transaction inside Payme's 12 hours; after them it is cancelled (state −1, reason 4)", async () => {
    const { order, productId } = await orders.place({ method: 'payme' })
    const tid = payme.transactionId()
    const created = await payme.call('CreateTransaction', {
      id: tid,
      time: Date.now(),
      amount: order.total * 100,
      account: payme.account(order.id),
    })
    expect(created.result.state).toBe(1)
    const createTime = created.result.create_time as number

    expect(await expire(minutesAfter(order, TTL + 1))).not.toContain(order.id)
    expect(await expire(new Date(createTime + PAYME_TIMEOUT_MS))).not.toContain(order.id)
    expect(await orders.read(order.id)).toMatchObject({ status: 1 })

    expect(await expire(new Date(createTime + PAYME_TIMEOUT_MS + 1))).toContain(order.id)
    expect(await orders.read(order.id)).toMatchObject({ status: 2, cancel_reason: 'payment_timeout' })
    expect(await orders.stockOf(productId)).toBe(5)
    expect((await payme.call('CheckTransaction', { id: tid })).result).toMatchObject({ state: -1, reason: 4 })
    // Payme cannot perform it any more.
    expect((await payme.call('PerformTransaction', { id: tid })).error?.code).toBe(-31008)
  })

  it('keeps an order whose payment was started in the last 30 minutes (being paid)', async () => {
    const { order, customer } = await orders.place({ method: 'card' })
    await orders.age(order.id, TTL + 30)
    const start = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: customer.access })
    expect(start.status).toBe(200)
    const now = new Date()
    expect(await expire(now)).not.toContain(order.id)
    expect(await expire(new Date(now.getTime() + IN_FLIGHT_MS - 1000))).not.toContain(order.id)

    expect(await expire(new Date(now.getTime() + IN_FLIGHT_MS + 1000))).toContain(order.id)
    const [payment] = await orders.paymentsOf(order.id)
    expect(payment).toMatchObject({ provider: 'sandbox', status: 'cancelled' })
    // The sandbox page can no longer approve it.
    const late = await t.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
      method: 'POST',
      token: customer.access,
      body: JSON.stringify({ approve: true }),
    })
    expect(late.status).toBe(409)
    expect(await orders.read(order.id)).toMatchObject({ status: 2, payment_status: 'pending' })
  })

  it('a payment arriving while the order expires: exactly one wins, stock comes back at most once', async () => {
    for (let round = 0; round < 6; round++) {
      const { order, productId, customer } = await orders.place({ method: 'card', stock: 5 })
      const start = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: customer.access })
      // The payment was started long ago: it no longer holds the order.
      await t.database.db
        .update(payments)
        .set({ createdAt: new Date(Date.now() - IN_FLIGHT_MS - minutes(5)) })
        .where(eq(payments.id, start.body.payment_id))
      const approve = () =>
        t.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
          method: 'POST',
          token: customer.access,
          body: JSON.stringify({ approve: true }),
        })
      const now = minutesAfter(order, TTL + 5)
      const [paid, cancelled, again] =
        round % 2
          ? await Promise.all([approve(), expire(now), expire(now)])
          : await Promise.all([expire(now), approve(), expire(now)]).then(([a, b, c]) => [b, a, c] as const)
      const read = await orders.read(order.id, customer)
      const wins = [...cancelled, ...again].filter((id) => id === order.id).length
      if (paid.status === 200) {
        expect(wins).toBe(0)
        expect(read).toMatchObject({ status: 3, payment_status: 'paid' })
        expect(await orders.stockOf(productId)).toBe(4)
      } else {
        expect(paid.status).toBe(409)
        expect(wins).toBe(1)
        expect(read).toMatchObject({ status: 2, cancel_reason: 'payment_timeout', payment_status: 'pending' })
        expect(await orders.stockOf(productId)).toBe(5)
      }
    }
  })

  it('a Click Complete racing the expiry: one wins; a lost Complete answers −9 and nothing is paid', async () => {
    for (let round = 0; round < 4; round++) {
      const { order, productId } = await orders.place({ method: 'click', stock: 5 })
      const prep = await click.call('prepare', click.signed(click.base(order.id, order.total, '0')))
      expect(prep.error).toBe(0)
      await t.database.db
        .update(payments)
        .set({ createTime: Date.now() - IN_FLIGHT_MS - minutes(1) })
        .where(eq(payments.id, prep.merchant_prepare_id!))
      const complete = () =>
        click.call(
          'complete',
          click.signed({
            ...click.base(order.id, order.total, '1', click.lastTrans()),
            merchant_prepare_id: String(prep.merchant_prepare_id),
          }),
        )
      const now = minutesAfter(order, TTL + 5)
      const [done, cancelled] =
        round % 2
          ? await Promise.all([complete(), expire(now)])
          : await Promise.all([expire(now), complete()]).then(([a, b]) => [b, a] as const)
      const read = await orders.read(order.id)
      if (done.error === 0) {
        expect(cancelled).not.toContain(order.id)
        expect(read).toMatchObject({ status: 3, payment_status: 'paid' })
        expect(await orders.stockOf(productId)).toBe(4)
      } else {
        expect(done.error).toBe(-9)
        expect(cancelled).toContain(order.id)
        expect(read).toMatchObject({ status: 2, payment_status: 'pending', paid_total: 0 })
        expect(await orders.stockOf(productId)).toBe(5)
      }
    }
  })

  it('two expiry passes at once cancel an order once: one cashback refund, stock back once', async () => {
    const c = await registerCustomer(t)
    await t.database.db.update(users).set({ cashbackBalance: 5_000 }).where(eq(users.phone, c.phone))
    const { order, productId } = await orders.place({ as: c, method: 'payme', extra: { use_cashback: true } })
    const now = minutesAfter(order, TTL + 1)
    const [a, b, d] = await Promise.all([expire(now), expire(now), expire(now)])
    expect([...a, ...b, ...d].filter((id) => id === order.id)).toHaveLength(1)
    expect(await orders.stockOf(productId)).toBe(5)
    const refunds = await t.database.db
      .select()
      .from(cashbackEntries)
      .where(and(eq(cashbackEntries.orderId, order.id), eq(cashbackEntries.reason, 'refund')))
    expect(refunds).toHaveLength(1)
  })

  it('the server job runs it periodically with its clock and stops cleanly', async () => {
    const { order, productId } = await orders.place({ method: 'payme' })
    const later = minutesAfter(order, TTL + 1)
    const jobs = startOrderJobs({ database: t.database, config, now: () => later }, { intervalMs: 20 })
    try {
      await vi.waitFor(async () => expect((await orders.read(order.id)).status).toBe(2), untilState)
      expect(await orders.stockOf(productId)).toBe(5)
      expect(logLines).toContainEqual(
        expect.objectContaining({
          level: 'info',
          msg: expect.stringMatching(`orders: cancelled unpaid .*\\b${order.id}\\b`),
        }),
      )
    } finally {
      await jobs.stop()
    }
    const { order: next } = await orders.place({ method: 'payme' })
    await new Promise((resolve) => setTimeout(resolve, 80))
    // Stopped: nothing runs any more.
    expect((await orders.read(next.id)).status).toBe(1)
  })
})
