import { request } from '@playwright/test'
import { demoOwner } from './support/staff.ts'

// The demo seed gives a product a random stock (Dior Sauvage 100 ml: 46). Two
// projects, CI's retry and a few dozen specs that buy the product would sell it
// out before the run ends, and the last specs would fail on a sold-out product.
// So before any spec runs, the products the specs buy get a delivery, as the
// shop's staff would record one. Kept under 999 units: the basket spec asks
// for more than the stock.
const bought = ['dior-sauvage-eau-de-parfum-100-ml']
const arrival = 400

export default async function globalSetup() {
  // Playwright starts the web servers before this runs.
  for (const port of [process.env.E2E_PORT, process.env.E2E_PROVIDERS_PORT]) {
    const api = await request.newContext({ baseURL: `http://127.0.0.1:${port}` })
    try {
      const login = await api.post('/api/v1/admin/auth/login/', { data: demoOwner })
      if (!login.ok()) throw new Error(`e2e set-up: the demo owner's sign-in answered ${login.status()}`)
      const headers = { Authorization: `Bearer ${(await login.json()).token}` }
      for (const slug of bought) {
        const product = await api.get(`/api/v1/products/${slug}/`)
        if (!product.ok()) throw new Error(`e2e set-up: ${slug} answered ${product.status()}`)
        const { id } = await product.json()
        const received = await api.post(`/api/v1/admin/stock/products/${id}/arrivals/`, {
          headers,
          data: { quantity: arrival, note: 'End-to-end run: enough for every spec that buys it' },
        })
        if (!received.ok()) throw new Error(`e2e set-up: the arrival of ${slug} answered ${received.status()}`)
      }
    } finally {
      await api.dispose()
    }
  }
}
