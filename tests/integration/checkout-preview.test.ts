import { asc } from 'drizzle-orm'
import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import { products } from '#api/db/schema/index.ts'
import { paymentPreview } from '#app/routes/$lang/checkout/place.server.ts'
import { apiClientContext, createApiClient } from '#app/utils/api-client.server.ts'
import { apiContext } from '#app/utils/request-context.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { addToBasket, stockProduct } from './support/orders.ts'

// The checkout's step 3 (place.server.ts) takes its money from POST orders/preview/, through the storefront's client.

const t = setupTestApi({ products: 5 })
let customer: Customer

beforeAll(async () => {
  process.env.SESSION_SECRET ??= 'x'.repeat(40)
  customer = await registerCustomer(t)
  const [first] = await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1)
  await stockProduct(t, first!.id, 5, 200_000)
  await addToBasket(t, customer, first!.id)
})

/** A request context whose API client calls the test API as the customer. */
function customerContext() {
  const context = new RouterContextProvider()
  context.set(apiContext, t.api)
  const client = createApiClient(context, { lang: 'ru', fingerprint: 'visitor_0123456789abcdef' })
  context.set(apiClientContext, client.withAuth({ bearer: customer.access }))
  return context
}

describe('paymentPreview', () => {
  it('for pickup asks for pickup alone, without a region', async () => {
    const preview = await paymentPreview(customerContext(), {
      address: { delivery: 'pickup', pickup_point: 'amir-temur' },
    })
    expect(preview.options.map((o) => o.delivery)).toEqual(['pickup', 'pickup'])
    expect(preview.options[0]?.delivery_price).toBe(0)
  })

  it("shows the API's options for the basket and the applied code", async () => {
    const preview = await paymentPreview(customerContext(), {
      address: { region: '1726' },
      payment: { promo_code: 'ATIR10' },
    })
    const api = await t.json('orders/preview/', {
      method: 'POST',
      token: customer.access,
      body: JSON.stringify({ region: '1726', delivery: 'courier', promo_code: 'ATIR10' }),
    })
    expect(preview).toMatchObject({ ...api.body, promoError: null })
    expect(preview.discount).toBe(20_000)
  })

  it('a saved code the API now refuses: its reason, and the money without it', async () => {
    const preview = await paymentPreview(customerContext(), {
      address: { region: '1726' },
      payment: { promo_code: 'YANGIYIL2024' },
    })
    const withoutCode = await t.json('orders/preview/', {
      method: 'POST',
      token: customer.access,
      body: JSON.stringify({ region: '1726', delivery: 'courier' }),
    })
    expect(preview).toMatchObject({ ...withoutCode.body, promoError: 'Такого промокода не существует.' })
    expect(preview.discount).toBe(0)
  })
})
