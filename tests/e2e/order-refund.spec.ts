import { randomUUID } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { placeOrder, sandboxPayment, shopper } from './support/orders.ts'
import { hydrated, main, signIn, toasts, withJs } from './support/page.ts'

// Cancelling a paid order: the order page says where the money stands. The
// orders are placed and paid through the API (the checkout has its own specs);
// the customer cancels on the order page, with and without JavaScript.
test.describe.configure({ mode: 'serial' })

const product = 'dior-sauvage-eau-de-parfum-100-ml'

/** Cancels on the order page: confirmed in a modal with JavaScript, at once without. */
async function cancelOnPage(page: Page, orderId: number) {
  await page.goto(`/ru/order/${orderId}`)
  await hydrated(page)
  await main(page).getByRole('button', { name: 'Отменить заказ' }).click()
  if (withJs()) {
    // A plain question with answers that say what they do.
    const dialog = page.getByRole('dialog', { name: 'Отменить заказ?' })
    await expect(dialog.getByRole('button', { name: 'Оставить заказ' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Да, отменить' }).click()
  }
  await expect(toasts(page).getByText('Заказ отменён')).toBeVisible()
}

test('a paid order cancelled on its page: the sandbox gives the money back at once', async ({ page, request }) => {
  const who = await shopper(request, 'refund-pass-1', 'Гулноза')
  const order = await placeOrder(request, who, 'card', [product])
  expect((await sandboxPayment(request, who, order.id, true)).payment_status).toBe('paid')

  await signIn(page, who)
  await cancelOnPage(page, order.id)
  await expect(main(page).getByText('Заказ отменён.')).toBeVisible()
  await expect(main(page).getByText(/возвращены тем же способом, которым заказ был оплачен/)).toBeVisible()

  // In Uzbek (Latin) too.
  await page.goto(`/sr/order/${order.id}`)
  await expect(main(page).getByText(/buyurtma toʻlangan usul bilan qaytarildi/)).toBeVisible()
})

test.describe('with Payme', () => {
  // The second e2e server (playwright.config.ts) has Payme set up (key e2e-payme-key).
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PROVIDERS_PORT}` })

  test('Payme: the refund is pending until Payme cancels its transaction, then done', async ({ page, request }) => {
    const who = await shopper(request, 'refund-pass-1', 'Гулноза')
    const order = await placeOrder(request, who, 'payme', [product])
    const auth = { Authorization: `Basic ${Buffer.from('Paycom:e2e-payme-key').toString('base64')}` }
    const transaction = randomUUID().replace(/-/g, '').slice(0, 24)
    const rpc = async (method: string, params: Record<string, unknown>) => {
      const r = await request.post('/api/v1/payments/payme/', {
        headers: auth,
        data: { jsonrpc: '2.0', id: 1, method, params },
      })
      return (await r.json()).result
    }
    await rpc('CreateTransaction', {
      id: transaction,
      time: Date.now(),
      amount: order.total * 100,
      account: { order_id: String(order.id) },
    })
    expect((await rpc('PerformTransaction', { id: transaction })).state).toBe(2)

    await signIn(page, who)
    await cancelOnPage(page, order.id)
    await expect(main(page).getByText(/^Возврат .+ оформлен: деньги вернутся тем же способом/)).toBeVisible()

    // The merchant cancels the payment in the Payme cabinet: Payme calls the shop.
    expect((await rpc('CancelTransaction', { id: transaction, reason: 5 })).state).toBe(-2)
    await page.reload()
    await expect(main(page).getByText(/возвращены тем же способом, которым заказ был оплачен/)).toBeVisible()
  })
})
