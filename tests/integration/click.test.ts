import { describe, expect, it } from 'vitest'
import { clickPayUrl } from '#api/integrations/payments/click/checkout-url.ts'
import { expectLoggedErrors } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { clickCaller, orderMaker } from './support/orders.ts'

const SECRET = 'click-secret-key'
process.env.CLICK_SECRET_KEY = SECRET
process.env.CLICK_SERVICE_ID = '12345'
const t = setupTestApi({ products: 30 })
const orders = orderMaker(t)
const { call: click, signed, base, lastTrans } = clickCaller(t, SECRET, '12345')
const clickOrder = async (price = 99_000) => (await orders.place({ method: 'click', price })).order
const order = (id: number) => orders.read(id)

/** A fresh order prepared by Click: its Prepare's answer, and the Complete that would pay it. */
async function prepared() {
  const o = await clickOrder()
  const prep = await click('prepare', signed(base(o.id, o.total, '0')))
  expect(prep.error).toBe(0)
  const complete = { ...base(o.id, o.total, '1', lastTrans()), merchant_prepare_id: String(prep.merchant_prepare_id) }
  return { o, prep, complete, prepare: base(o.id, o.total, '0', lastTrans()) }
}

// Click's SHOP-API answers every Prepare (action 0) and Complete (action 1) with one of its error codes
// (REFERENCE-UZ "Click"): one test per row of that table, each code reached by every way the shop answers it.
describe('Click SHOP-API: the Prepare/Complete error table', () => {
  it('0 Success: Prepare then Complete pay the order; a repeated Prepare answers the same prepare id', async () => {
    const { o, prep, complete, prepare } = await prepared()
    expect(prep).toMatchObject({ merchant_trans_id: String(o.id), merchant_prepare_id: expect.any(Number) })
    expect(await click('prepare', signed(prepare))).toEqual(prep)
    const done = await click('complete', signed(complete))
    expect(done).toMatchObject({ error: 0, error_note: 'Success', merchant_confirm_id: prep.merchant_prepare_id })
    expect(await order(o.id)).toMatchObject({ status: 3, payment_status: 'paid', paid_total: o.total })
    expect(await orders.paymentsOf(o.id)).toEqual([expect.objectContaining({ provider: 'click', status: 'paid' })])
  })

  it('0 Success: a Prepare sent twice at once is one transaction', async () => {
    for (let round = 0; round < 4; round++) {
      const o = await clickOrder()
      const fields = signed(base(o.id, o.total, '0'))
      const [first, twin] = await Promise.all([click('prepare', fields), click('prepare', fields)])
      expect(first.error).toBe(0)
      expect(twin).toEqual(first)
      expect(await orders.paymentsOf(o.id)).toHaveLength(1)
    }
  })

  it('-1 SIGN CHECK FAILED: signed with another secret, or a field changed after signing', async () => {
    const { o, complete } = await prepared()
    for (const [step, fields] of [
      ['prepare', base(o.id, o.total, '0')],
      ['complete', complete],
    ] as const) {
      expect(await click(step, signed(fields, 'wrong-secret'))).toMatchObject({
        error: -1,
        error_note: 'SIGN CHECK FAILED!',
      })
      expect((await click(step, { ...signed(fields), amount: '1.00' })).error).toBe(-1)
    }
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'pending' })
  })

  it('-2 Incorrect parameter amount: Prepare or Complete for another amount than the order owes', async () => {
    const { o, complete } = await prepared()
    expect((await click('prepare', signed(base(o.id, o.total - 1, '0')))).error).toBe(-2)
    expect((await click('prepare', signed(base(o.id, o.total + 1, '0')))).error).toBe(-2)
    expect((await click('complete', signed({ ...complete, amount: (o.total - 1).toFixed(2) }))).error).toBe(-2)
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'pending' })
  })

  it('-3 Action not found: Prepare with action 1, Complete with action 0', async () => {
    const { o, complete } = await prepared()
    expect(await click('prepare', signed(base(o.id, o.total, '1')))).toMatchObject({
      error: -3,
      error_note: 'Action not found',
    })
    expect((await click('prepare', signed(base(o.id, o.total, '7')))).error).toBe(-3)
    expect((await click('complete', signed({ ...complete, action: '0' }))).error).toBe(-3)
  })

  it('-4 Already paid: a Complete repeated, or a Prepare, once the order is paid', async () => {
    const { o, complete, prepare } = await prepared()
    expect((await click('complete', signed(complete))).error).toBe(0)
    expect(await click('complete', signed(complete))).toMatchObject({ error: -4, error_note: 'Already paid' })
    expect((await click('prepare', signed(prepare))).error).toBe(-4)
    expect((await click('prepare', signed(base(o.id, o.total, '0')))).error).toBe(-4)
  })

  it('-5 User does not exist: Prepare or Complete for an order the shop does not have', async () => {
    const { complete } = await prepared()
    for (const unknown of ['999999', 'abc', '0']) {
      expect(await click('prepare', signed(base(unknown, 1000, '0')))).toMatchObject({
        error: -5,
        error_note: 'User does not exist',
      })
      expect((await click('complete', signed({ ...complete, merchant_trans_id: unknown }))).error).toBe(-5)
    }
  })

  it("-6 Transaction does not exist: Complete naming an unknown prepare, or another transaction's", async () => {
    const { o, complete } = await prepared()
    const unknown = await click('complete', signed({ ...complete, merchant_prepare_id: '999999' }))
    expect(unknown).toMatchObject({ error: -6, error_note: 'Transaction does not exist' })
    // Click's transaction id must be the one the prepare was made for.
    const other = { ...base(o.id, o.total, '1'), merchant_prepare_id: complete.merchant_prepare_id }
    expect((await click('complete', signed(other))).error).toBe(-6)
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'pending' })
  })

  it('-7 Failed to update user: what Click sent cannot be stored', async () => {
    expectLoggedErrors()
    const o = await clickOrder()
    // PostgreSQL text holds no NUL character.
    const answer = await click('prepare', signed({ ...base(o.id, o.total, '0'), click_paydoc_id: 'pay\u0000doc' }))
    expect(answer).toMatchObject({ error: -7, error_note: 'Failed to update user' })
    expect(await orders.paymentsOf(o.id)).toEqual([])
  })

  it('-8 Error in request from click: a field missing, or another service', async () => {
    const { o, complete } = await prepared()
    const { sign_string: _, ...unsigned } = signed(base(o.id, o.total, '0'))
    expect(await click('prepare', unsigned)).toMatchObject({ error: -8, error_note: 'Error in request from click' })
    const { amount: __, ...noAmount }: Record<string, string> = signed(base(o.id, o.total, '0'))
    expect((await click('prepare', noAmount)).error).toBe(-8)
    expect((await click('prepare', signed({ ...base(o.id, o.total, '0'), service_id: '54321' }))).error).toBe(-8)
    const { merchant_prepare_id: ___, ...noPrepare } = complete
    expect((await click('complete', signed(noPrepare))).error).toBe(-8)
  })

  it('-9 Transaction cancelled: Click reports its failure in Complete; that transaction answers -9 from then on, the order stays payable', async () => {
    const { o, complete, prepare } = await prepared()
    const failed = { ...complete, error: '-5017', error_note: 'Insufficient funds' }
    expect(await click('complete', signed(failed))).toMatchObject({
      error: -9,
      error_note: 'Transaction cancelled',
      merchant_confirm_id: Number(complete.merchant_prepare_id),
    })
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'failed' })
    // Repeats of the cancelled transaction, Prepare included, stay cancelled.
    expect((await click('complete', signed(failed))).error).toBe(-9)
    expect((await click('complete', signed(complete))).error).toBe(-9)
    expect((await click('prepare', signed(prepare))).error).toBe(-9)
    expect(await orders.paymentsOf(o.id)).toEqual([expect.objectContaining({ status: 'cancelled' })])
    // A new Click transaction may pay the order.
    const next = await click('prepare', signed(base(o.id, o.total, '0')))
    expect(next.error).toBe(0)
    const paid = { ...base(o.id, o.total, '1', lastTrans()), merchant_prepare_id: String(next.merchant_prepare_id) }
    expect((await click('complete', signed(paid))).error).toBe(0)
  })

  it('-9 Transaction cancelled: the order was cancelled, before the Prepare or between Prepare and Complete', async () => {
    const customer = await orders.customer()
    const cancelOrder = (id: number) => t.json(`orders/${id}/cancel/`, { method: 'POST', token: customer.access })
    const o = await clickOrder()
    await cancelOrder(o.id)
    expect((await click('prepare', signed(base(o.id, o.total, '0')))).error).toBe(-9)

    const { o: between, complete } = await prepared()
    await cancelOrder(between.id)
    expect((await click('complete', signed(complete))).error).toBe(-9)
    expect(await order(between.id)).toMatchObject({ status: 2, payment_status: 'pending' })
  })
})

describe('Click pay button', () => {
  it('builds the pay button URL', () => {
    const url = new URL(
      clickPayUrl({
        baseUrl: 'https://my.click.uz/services/pay',
        serviceId: '12345',
        merchantId: '678',
        orderId: 42,
        amount: 150_000,
        returnUrl: 'https://atir.uz/ru/payment/result/42',
      }),
    )
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: '12345',
      merchant_id: '678',
      amount: '150000',
      transaction_param: '42',
      return_url: 'https://atir.uz/ru/payment/result/42',
    })
  })
})
