import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect } from '@playwright/test'
import { registerCustomer } from './customer.ts'

// Orders placed straight through the API, for specs about what comes after
// the checkout (the checkout has its own specs).

export type Shopper = { phone: string; password: string; token: string }

/** A registered customer and their API token; `phone` is the 9 national digits (for signIn). */
export async function shopper(request: APIRequestContext, password: string, fullName: string): Promise<Shopper> {
  const national = await registerCustomer(request, password, fullName)
  const login = await request.post('/api/v1/auth/login/', { data: { phone: `+998${national}`, password } })
  expect(login.status()).toBe(200)
  return { phone: national, password, token: (await login.json()).access }
}

/** An order of one unit of each product (by slug), placed through the API with pickup (or a courier to Tashkent). */
export async function placeOrder(
  request: APIRequestContext,
  who: Shopper,
  method: 'cash' | 'card' | 'payme',
  slugs: string[],
  receiver = { name: 'Gulnoza', phone: '+998901234567' },
  delivery: 'pickup' | 'courier' = 'pickup',
) {
  const headers = { Authorization: `Bearer ${who.token}` }
  for (const slug of slugs) {
    const found = await request.get(`/api/v1/products/${slug}/`)
    expect(found.status()).toBe(200)
    const { id } = await found.json()
    const added = await request.post('/api/v1/orders/cart/products/', {
      headers,
      data: { product_id: id, quantity: 1 },
    })
    expect(added.status()).toBe(200)
  }
  const placed = await request.post('/api/v1/orders/', {
    headers,
    data: {
      address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' },
      receiver,
      delivery,
      pickup_point: delivery === 'pickup' ? 'amir-temur' : null,
      payment_method: method,
      idempotency_key: randomUUID(),
    },
  })
  expect(placed.status()).toBe(201)
  return (await placed.json()) as { id: number; total: number; number: string; pay_by: string | null }
}

/** Pays (or declines) a card order on the sandbox, as the shopper would on its test page. */
export async function sandboxPayment(request: APIRequestContext, who: Shopper, orderId: number, approve: boolean) {
  const headers = { Authorization: `Bearer ${who.token}` }
  const start = await request.post(`/api/v1/payments/${orderId}/start/`, { headers })
  expect(start.status()).toBe(200)
  const { payment_id } = await start.json()
  const done = await request.post(`/api/v1/payments/sandbox/${payment_id}/complete/`, { headers, data: { approve } })
  expect(done.status()).toBe(200)
  return (await done.json()) as { status: number; payment_status: string }
}
