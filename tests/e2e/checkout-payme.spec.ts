import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { basketToCheckout, main, signIn } from './support/page.ts'

// Leaving for an external payment page (Payme), against the e2e server set up
// with PAYMENT_PROVIDER=payme. Payme itself is never called: its checkout address is answered by the test.
test.describe.configure({ mode: 'serial' })
// The second e2e server (playwright.config.ts) has a maps key and Payme set up.
test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PROVIDERS_PORT}` })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const customer = { phone: '', password: 'checkout-payme-1' }

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Зарина')
})

/** With JavaScript, lets the page hydrate before it is used. */
const settle = async (page: Page) => {
  if (test.info().project.name === 'chromium-js') await page.waitForLoadState('networkidle')
}

test('placing a Payme order leads to the Payme checkout', async ({ page }) => {
  await page.route('https://checkout.paycom.uz/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Payme checkout</title><h1>Payme</h1>' }),
  )
  await signIn(page, customer)
  await basketToCheckout(page, product)
  await main(page)
    .getByRole('combobox', { name: /^Район/ })
    .selectOption({ label: 'Юнусабадский район' })
  await main(page).getByRole('textbox', { name: 'Улица' }).fill('Амир Темур')
  await main(page).getByRole('textbox', { name: 'Дом' }).fill('7')
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await settle(page)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  await settle(page)
  await main(page)
    .getByRole('radio', { name: /^Payme/ })
    .check()
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()
  const continueLink = main(page).getByRole('link', { name: 'Перейти к оплате' })
  if (test.info().project.name === 'chromium-nojs') await continueLink.click()
  await expect(page).toHaveURL(/^https:\/\/checkout\.paycom\.uz\//)
  await expect(page.getByRole('heading', { name: 'Payme' })).toBeVisible()
})
