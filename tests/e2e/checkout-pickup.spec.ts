import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { basketToCheckout, main, signIn, watchErrors, withJs } from './support/page.ts'

// Pickup or courier is the first question; pickup shows the shop's point (from the
// contacts) and asks for no address; the order page shows the point. On a phone the
// payment step keeps the total with the button that places the order.
test.describe.configure({ mode: 'serial' })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const customer = { phone: '', password: 'checkout-pickup-1' }
const point = 'Магазин Atir на Амира Темура'

/**
 * On a phone, from the top of the payment step: "Place order" and the total are both on the screen, the
 * total before the button (left of it or above); the breakdown opens from the total.
 */
async function expectTotalWithButton(page: Page, width: number) {
  await page.setViewportSize({ width, height: 640 })
  await page.evaluate(() => window.scrollTo(0, 0))
  const bar = main(page).getByRole('region', { name: 'Итого к оплате' })
  const place = bar.getByRole('button', { name: 'Оформить заказ' })
  const sum = bar.getByText(/^\d[\d\s]*\sсум$/).filter({ visible: true })
  await expect(place).toBeInViewport({ ratio: 1 })
  await expect(sum).toBeInViewport({ ratio: 1 })
  const [button, money] = [await place.boundingBox(), await sum.boundingBox()]
  expect(money!.x + money!.width <= button!.x || money!.y + money!.height <= button!.y, `${width} px`).toBe(true)
  await bar.getByText('Подробнее').click()
  await expect(bar.getByRole('term').filter({ hasText: /^Товары$/ })).toBeInViewport()
  await bar.getByText('Подробнее').click()
  await expect(bar.getByRole('term').filter({ hasText: /^Товары$/ })).toBeHidden()
}

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Нодира')
})

for (const viewport of [
  { width: 320, height: 640 },
  { width: 1280, height: 800 },
]) {
  test(`at ${viewport.width} px pickup needs no address and the order shows the point`, async ({ page }) => {
    await page.setViewportSize(viewport)
    const errors = watchErrors(page)
    await signIn(page, customer)
    await basketToCheckout(page, product)

    const way = main(page).getByRole('group', { name: 'Как получить заказ' })
    await expect(way.getByRole('radio', { name: /Доставка курьером/ })).toBeChecked()
    await way.getByRole('radio', { name: /Самовывоз/ }).check()
    const points = main(page).getByRole('group', { name: 'Пункт самовывоза' })
    const shop = points.getByRole('radio', { name: new RegExp(point) })
    await expect(shop).toBeVisible()
    await expect(points.getByText(/Часы работы: 10:00–21:00/)).toBeVisible()
    const street = main(page).getByRole('textbox', { name: 'Улица' })
    // With JavaScript the address goes away; without it, it stays, marked as the courier's, and is not asked for.
    if (withJs()) await expect(street).toHaveCount(0)
    else {
      const courier = main(page).getByRole('group', { name: /только для доставки курьером/ })
      await expect(courier).toBeVisible()
      // A group of fields under its heading, not the browser's framed box.
      expect(await courier.evaluate((group) => getComputedStyle(group).borderTopStyle)).toBe('none')
    }
    await shop.check()
    await main(page).getByRole('button', { name: 'Далее' }).click()

    await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
    await main(page).getByRole('button', { name: 'Далее' }).click()
    await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
    await expect(main(page).getByText(new RegExp(`Способ доставки: Самовывоз: ${point}`))).toBeVisible()
    const summary = page.getByRole('complementary', { name: 'Ваш заказ' })
    await expect(summary.getByText('бесплатно')).toBeVisible()
    if (viewport.width < 900) for (const width of [viewport.width, 360]) await expectTotalWithButton(page, width)
    await main(page).getByRole('button', { name: 'Оформить заказ' }).click()

    await expect(main(page).getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible()
    const place = main(page)
      .getByRole('term')
      .filter({ hasText: /^Пункт самовывоза$/ })
    await expect(place.locator('xpath=following-sibling::dd[1]')).toContainText(point)
    await expect(
      main(page)
        .getByRole('term')
        .filter({ hasText: /^Область$/ }),
    ).toHaveCount(0)
    await expect(main(page).getByRole('link', { name: 'на карте' })).toHaveAttribute('href', /yandex\.uz\/maps/)
    expect(errors).toEqual([])
  })
}
