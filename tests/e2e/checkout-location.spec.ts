import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { basketToCheckout, main, signIn, watchErrors, withJs } from './support/page.ts'

// Without a maps key (this e2e server has none) the delivery point comes from the browser's
// geolocation (docs/decisions/011-keyless-delivery-point.md), and the order keeps it.
test.describe.configure({ mode: 'serial' })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const customer = { phone: '', password: 'checkout-location-1' }
// Tashkent, Independence Square.
const here = { latitude: 41.3125, longitude: 69.2705 }

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Севара')
})

/** Step 1 (address, and the point where it is offered), step 2 as prefilled, step 3 cash: the order page. */
async function placeOrder(page: Page, locate: boolean) {
  await basketToCheckout(page, product)
  await main(page)
    .getByRole('combobox', { name: /^Район/ })
    .selectOption({ label: 'Яккасарайский район' })
  await main(page).getByRole('textbox', { name: 'Улица' }).fill('Шота Руставели')
  await main(page).getByRole('textbox', { name: 'Дом' }).fill('7')
  const use = main(page).getByRole('button', { name: 'Указать моё местоположение' })
  if (locate) {
    await use.click()
    await expect(main(page).getByText('Точка определена: 41.312500, 69.270500.')).toBeVisible()
  } else {
    await expect(use).toHaveCount(0)
  }
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible()
}

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px the browser's location becomes the order's delivery point`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport)
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation(here)
    const errors = watchErrors(page)
    await signIn(page, customer)
    await placeOrder(page, withJs())
    const onMap = main(page).getByRole('link', { name: 'на карте' })
    if (withJs()) await expect(onMap).toHaveAttribute('href', /pt=69\.2705,41\.3125&/)
    // Without JavaScript there is no way to a point: the address alone, as before.
    else await expect(onMap).toHaveCount(0)
    expect(errors).toEqual([])
  })
}

test('a refused location says so; the address is enough on its own', async ({ page }) => {
  await signIn(page, customer)
  await basketToCheckout(page, product)
  const use = main(page).getByRole('button', { name: 'Указать моё местоположение' })
  if (!withJs()) return await expect(use).toHaveCount(0)
  // No permission granted: the browser refuses.
  await use.click()
  await expect(main(page).getByRole('alert').filter({ hasText: 'Не удалось определить местоположение' })).toBeVisible()
})
