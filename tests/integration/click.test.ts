import { createHash, randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '#api/db/schema/index.ts'
import { clickPayUrl } from '#api/integrations/payments/checkout.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'

const SECRET = 'click-secret-key'
process.env.CLICK_SECRET_KEY = SECRET
process.env.CLICK_SERVICE_ID = '12345'
const t = setupTestApi({ products: 20 })

let ids: number[] = []
let taken = 0
let customer: Customer
beforeAll(async () => {
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})
async function clickOrder(price = 99_000) {
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
      address: { region: '1718', district: 'Urgut', street: 'Registon', house: '7' },
      receiver: { name: 'Aziz', phone: '+998901112233' },
      delivery: 'pickup',
      payment_method: 'click',
      idempotency_key: randomUUID(),
    }),
  })
  expect(r.status).toBe(201)
  return r.body as { id: number; total: number }
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex')
let trans = 1000
function signed(fields: Record<string, string>, secret = SECRET) {
  const sign = md5(
    fields.click_trans_id! +
      fields.service_id +
      secret +
      fields.merchant_trans_id +
      (fields.merchant_prepare_id ?? '') +
      fields.amount +
      fields.action +
      fields.sign_time,
  )
  return { ...fields, sign_string: sign }
}
async function click(step: 'prepare' | 'complete', fields: Record<string, string>) {
  const r = await t.json(`payments/click/${step}/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  })
  expect(r.status).toBe(200)
  return r.body as { error: number; error_note: string; merchant_prepare_id?: number; merchant_confirm_id?: number }
}
const base = (orderId: number | string, amount: number | string, action: string, id = ++trans) => ({
  click_trans_id: String(id),
  service_id: '12345',
  click_paydoc_id: '777',
  merchant_trans_id: String(orderId),
  amount: typeof amount === 'number' ? amount.toFixed(2) : amount,
  action,
  error: '0',
  error_note: 'Success',
  sign_time: '2026-11-22 16:00:00',
})
const order = (id: number) => t.json(`orders/${id}/`, { token: customer.access }).then((r) => r.body)

describe('Click SHOP-API', () => {
  it('prepare and complete pay the order (error 0); repeats say already paid (-4)', async () => {
    const o = await clickOrder()
    const prep = await click('prepare', signed(base(o.id, o.total, '0')))
    expect(prep).toMatchObject({ error: 0, merchant_trans_id: String(o.id), merchant_prepare_id: expect.any(Number) })
    const fields = { ...base(o.id, o.total, '1', trans), merchant_prepare_id: String(prep.merchant_prepare_id) }
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
      ...base(o.id, o.total, '1', trans),
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
    await t.json(`orders/${o.id}/cancel/`, { method: 'POST', token: customer.access })
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
