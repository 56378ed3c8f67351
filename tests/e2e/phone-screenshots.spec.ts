import { expect, type Page, test } from '@playwright/test'
import { placeOrder, type Shopper, shopper } from './support/orders.ts'
import { main, signIn, toasts, visit } from './support/page.ts'
import { messagesTo, nextCode } from './support/sms.ts'

// The phone pictures: the menu, profile, cards, filters and an order at 360 px, with and
// without JavaScript, written to the test artefacts (test-results/phone-screens/<label>/),
// not committed. SCREENSHOT_LABEL names the set (`before`, `after`); the test checks each page
// is there before taking its picture, nothing about its looks (the phone specs do that).
test.describe.configure({ mode: 'serial' })
test.use({ viewport: { width: 360, height: 780 } })

const label = process.env.SCREENSHOT_LABEL || 'latest'
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0')
let who: Shopper

test.beforeAll(async ({ request }) => {
  who = await shopper(request, 'phone-screens-1', 'Malika Yusupova')
})

async function shot(page: Page, name: string, fullPage = true) {
  // Beside Playwright's outputDir, which it empties at every start: the `before` set stays.
  const path = `test-results/phone-screens/${label}/${test.info().project.name}-${name}.png`
  await page.screenshot({ path, fullPage })
}

test('menu, profile, cards, filters and order at 360 px', async ({ page, request }) => {
  await visit(page, '/ru')
  await page.getByRole('button', { name: 'Меню' }).first().click()
  await shot(page, 'menu', false)

  await signIn(page, who)
  await visit(page, '/ru/profile')
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
  await shot(page, 'profile')

  await visit(page, '/ru/profile/cards')
  for (const number of ['8600069195406311', '9860123412341234', '4200123412341234', '5440123412341234']) {
    const form = main(page)
    await form.getByRole('textbox', { name: 'Номер карты' }).fill(number)
    await form.getByRole('textbox', { name: 'Срок действия' }).fill(`03/${nextYear}`)
    const seen = messagesTo(who.phone).length
    await form.getByRole('button', { name: 'Получить код' }).click()
    await form.getByRole('textbox', { name: 'Код из SMS' }).fill(await nextCode(who.phone, seen))
    await form.getByRole('button', { name: 'Подтвердить' }).click()
    await expect(toasts(page).getByText('Карта сохранена.')).toBeVisible()
    await visit(page, '/ru/profile/cards')
  }
  await shot(page, 'cards')

  await visit(page, '/ru/products')
  await page.getByRole('link', { name: 'Фильтры', exact: true }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Фильтры' })).toBeVisible()
  await shot(page, 'filters', false)

  const order = await placeOrder(request, who, 'cash', ['dior-sauvage-eau-de-parfum-100-ml'])
  await visit(page, `/ru/order/${order.id}`)
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible()
  await shot(page, 'order')
})
