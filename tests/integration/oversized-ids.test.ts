import { describe, expect, test } from 'vitest'
import { message } from '#api/http/messages.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { fillPath, loadOperations } from './support/openapi.ts'
import { paymeCaller } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Ids past PostgreSQL's integer (2^31 − 1) are bad input or unknown, never a
// query the database refuses: 400 or 404 with a localised {detail}, nothing
// logged as an error (the setup fails a test on console.error).

const PAYME_KEY = 'oversized-ids-payme-key'
Object.assign(process.env, { PAYME_KEY })
const t = setupTestApi({ products: 10 })

const oversized = ['2147483648', '99999999999999999999', '0']
// Messages a refused id may carry, in Uzbek (the request's language).
const refusals = new Set(
  ['invalid_input', 'not_found', 'category_not_found', 'post_not_found', 'story_item_not_found'].map((key) =>
    message('uz', key as never),
  ),
)

/** A body each operation would otherwise accept, so the id is what is judged. */
const bodies: Record<string, unknown> = {
  'PUT orders/cart/products/{product_id}/': { quantity: 1 },
  'POST admin/orders/{id}/status/': { status: 2, expected_status: 3 },
  'POST admin/orders/{id}/assign/': { staff_id: null },
  'POST payments/sandbox/{payment_id}/complete/': { approve: true },
  'POST cards/{id}/verify/': { code: '123456' },
}

let customer: Customer
let ownerToken: string

describe('every path id above 2^31 − 1', () => {
  test('answers 400 or 404 with a localised message, on every operation with an id in its path', async () => {
    customer ??= await registerCustomer(t)
    // The back office's operations are called as its owner.
    ownerToken ??= (await signedInStaff(t, 'owner')).token
    const operations = (await loadOperations(t)).filter((op) =>
      op.pathParams.some((p) => p === 'id' || p.endsWith('_id')),
    )
    // The orders, payments, cards, basket and favourites ids at least.
    expect(operations.length).toBeGreaterThanOrEqual(10)
    for (const op of operations) {
      for (const id of oversized) {
        const values = Object.fromEntries(op.pathParams.map((p) => [p, id]))
        const key = `${op.method} ${op.path}`
        const body = op.bodyType === 'application/json' ? JSON.stringify(bodies[key] ?? {}) : undefined
        const { status, body: answer } = await t.json(fillPath(op.path, values), {
          method: op.method,
          lang: 'uz',
          token: op.path.startsWith('admin/') ? ownerToken : customer.access,
          headers: body ? { 'Content-Type': 'application/json' } : {},
          body,
        })
        expect([400, 404], `${key} with ${id}: ${JSON.stringify(answer)}`).toContain(status)
        expect(refusals, `${key} with ${id}`).toContain(answer.detail)
      }
    }
  })
})

describe('ids and sums above 2^31 − 1 in a body', () => {
  const cases: [string, string, string, unknown][] = [
    ['POST', 'orders/cart/products/', 'product_id', { product_id: 2 ** 31, quantity: 1 }],
    ['POST', 'payments/1/start/', 'card_id', { card_id: 2 ** 31 }],
    ['POST', 'promo/check/', 'total', { code: 'WELCOME', total: 2 ** 31 }],
  ]
  test.each(cases)('%s %s: 400 on %s', async (method, path, field, value) => {
    customer ??= await registerCustomer(t)
    // The back office's operations are called as its owner.
    ownerToken ??= (await signedInStaff(t, 'owner')).token
    const { status, body } = await t.json(path, {
      method,
      lang: 'uz',
      token: customer.access,
      body: JSON.stringify(value),
    })
    expect(status).toBe(400)
    expect(body.errors.map((e: { field: string }) => e.field)).toContain(field)
  })

  test('a new order with a saved card id above 2^31 − 1: 400 on card_id', async () => {
    customer ??= await registerCustomer(t)
    // The back office's operations are called as its owner.
    ownerToken ??= (await signedInStaff(t, 'owner')).token
    const { status, body } = await t.json('orders/', {
      method: 'POST',
      lang: 'uz',
      token: customer.access,
      body: JSON.stringify({ payment_method: 'card', card_id: 2 ** 31, use_cashback: 2 ** 31 }),
    })
    expect(status).toBe(400)
    const fields = body.errors.map((e: { field: string }) => e.field)
    expect(fields).toContain('card_id')
    expect(fields).toContain('use_cashback')
  })

  test('Payme asking about an order id above 2^31 − 1 hears "order not found"', async () => {
    const payme = paymeCaller(t, PAYME_KEY)
    for (const order_id of [2 ** 31, '2147483648', 1.5]) {
      const answer = await payme.call('CheckPerformTransaction', { amount: 100_000, account: { order_id } })
      expect(answer.error?.data, String(order_id)).toBe('order_id')
    }
  })
})
