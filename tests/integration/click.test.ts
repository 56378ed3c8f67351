import { describe, expect, it } from 'vitest'
import { clickPayUrl } from '#api/integrations/payments/click/checkout-url.ts'
import { setupTestApi } from './support/api.ts'
import { clickCaller, orderMaker } from './support/orders.ts'

const SECRET = 'click-secret-key'
process.env.CLICK_SECRET_KEY = SECRET
process.env.CLICK_SERVICE_ID = '12345'
const t = setupTestApi({ products: 20 })
const orders = orderMaker(t)
const { call: click, signed, base, lastTrans } = clickCaller(t, SECRET, '12345')
const clickOrder = async (price = 99_000) => (await orders.place({ method: 'click', price })).order
const order = (id: number) => orders.read(id)

describe('Click SHOP-API', () => {
  it('prepare and complete pay the order (error 0); repeats say already paid (-4)', async () => {
    const o = await clickOrder()
    const prep = await click('prepare', signed(base(o.id, o.total, '0')))
    expect(prep).toMatchObject({ error: 0, merchant_trans_id: String(o.id), merchant_prepare_id: expect.any(Number) })
    const fields = { ...base(o.id, o.total, '1', lastTrans()), merchant_prepare_id: String(prep.merchant_prepare_id) }
    const done = await click('complete', signed(fields))
    expect(done).toMatchObject({ error: 0, merchant_confirm_id: prep.merchant_prepare_id })
    expect(await order(o.id)).toMatchObject({ status: 3, payment_status: 'paid', paid_total: o.total })
    expect((await click('complete', signed(fields))).error).toBe(-4)
    expect((await click('prepare', signed(base(o.id, o.total, '0')))).error).toBe(-4)
  })

  it('checks sign, amount, action, order, transaction and request fields', async () => {
    const o = await clickOrder()
    expect((await click('prepare', signed(base(o.id, o.total, '0'), 'wrong-secret'))).error).toBe(-1)
    const tampered = { ...signed(base(o.id, o.total, '0')), amount: '1.00' }
    expect((await click('prepare', tampered)).error).toBe(-1)
    expect((await click('prepare', signed(base(o.id, o.total - 1, '0')))).error).toBe(-2)
    expect((await click('prepare', signed(base(o.id, o.total, '1')))).error).toBe(-3)
    expect((await click('prepare', signed(base(999_999, o.total, '0')))).error).toBe(-5)
    const { sign_string: _, ...unsigned } = signed(base(o.id, o.total, '0'))
    expect((await click('prepare', unsigned)).error).toBe(-8)
    const missing = { ...base(o.id, o.total, '1'), merchant_prepare_id: '999999' }
    expect((await click('complete', signed(missing))).error).toBe(-6)
  })

  it('a complete with error < 0 from Click cancels the payment (-9); the order stays payable', async () => {
    const o = await clickOrder()
    const prep = await click('prepare', signed(base(o.id, o.total, '0')))
    const fields = {
      ...base(o.id, o.total, '1', lastTrans()),
      merchant_prepare_id: String(prep.merchant_prepare_id),
      error: '-5017',
      error_note: 'Insufficient funds',
    }
    expect((await click('complete', signed(fields))).error).toBe(-9)
    expect(await order(o.id)).toMatchObject({ status: 1, payment_status: 'failed' })
    expect((await click('complete', signed({ ...fields, error: '0' }))).error).toBe(-9)
  })

  it('a cancelled order answers -9', async () => {
    const o = await clickOrder()
    await t.json(`orders/${o.id}/cancel/`, { method: 'POST', token: (await orders.customer()).access })
    expect((await click('prepare', signed(base(o.id, o.total, '0')))).error).toBe(-9)
  })

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
