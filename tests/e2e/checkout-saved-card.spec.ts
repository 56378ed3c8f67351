import { expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { basketToCheckout, main, signIn, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { messagesTo, nextCode } from './support/sms.ts'

// Paying an order with a saved card, with and without JavaScript:
// cards added in the profile, chosen on the payment step, charged at once.
// The sandbox declines cards ending in 0002. One customer per project, serial.
test.describe.configure({ mode: 'serial' })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const customer = { phone: '', password: 'saved-card-pass-1' }
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0')

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Нодира')
})

/** Adds a card on the profile's cards page with the code from the SMS. */
async function addCard(page: Page, number: string) {
  await visit(page, '/ru/profile/cards')
  const form = main(page)
  await form.getByRole('textbox', { name: 'Номер карты' }).fill(number)
  await form.getByRole('textbox', { name: 'Срок действия' }).fill(`03/${nextYear}`)
  const seen = messagesTo(customer.phone).length
  await form.getByRole('button', { name: 'Получить код' }).click()
  await expect(form.getByRole('heading', { name: 'Подтверждение карты' })).toBeVisible()
  await form.getByRole('textbox', { name: 'Код из SMS' }).fill(await nextCode(customer.phone, seen))
  await form.getByRole('button', { name: 'Подтвердить' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/cards$/)
  await expect(toasts(page).getByText('Карта сохранена.')).toBeVisible()
}

/** The product in the basket, then the checkout's address and contact steps, up to the payment step. */
async function toPaymentStep(page: Page) {
  await basketToCheckout(page, product)
  await main(page).getByRole('combobox', { name: 'Область' }).selectOption({ label: 'Бухарская область' })
  await main(page)
    .getByRole('textbox', { name: /^Район или город/ })
    .fill('Бухара')
  await main(page).getByRole('textbox', { name: 'Улица' }).fill('Ляби-хауз')
  await main(page).getByRole('textbox', { name: 'Дом' }).fill('7')
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  if (withJs()) await page.waitForLoadState('networkidle')
}

test('with no saved card the payment step offers a new card and the way to add one', async ({ page }) => {
  const errors = watchErrors(page)
  await signIn(page, customer)
  await toPaymentStep(page)
  await main(page)
    .getByRole('radio', { name: /Банковской картой/ })
    .check()
  const cards = main(page).getByRole('group', { name: 'Какой картой оплатить' })
  await expect(cards.getByRole('radio', { name: /Новой картой/ })).toBeChecked()
  await expect(cards.getByText('Сохранённых карт пока нет.')).toBeVisible()
  await cards.getByRole('link', { name: 'Добавить карту в профиле' }).click()
  await expect(page).toHaveURL(/\/ru\/profile\/cards$/)
  expect(errors).toEqual([])
})

test('saved cards: a declined one, then another paid at once → payment result → my orders', async ({ page }) => {
  const errors = watchErrors(page)
  await signIn(page, customer)
  await addCard(page, '8600 0691 9540 6311')
  await addCard(page, '8600 0000 0000 0002')

  await toPaymentStep(page)
  const cards = main(page).getByRole('group', { name: 'Какой картой оплатить' })
  if (withJs()) await expect(cards).toBeHidden()
  await main(page)
    .getByRole('radio', { name: /Банковской картой/ })
    .check()
  await expect(cards).toBeVisible()
  // Each card by its system, masked number and expiry; the first one to start with.
  const good = cards.getByRole('radio', { name: `Uzcard 8600 **** **** 6311 до 03/${nextYear}` })
  const declined = cards.getByRole('radio', { name: `Uzcard 8600 **** **** 0002 до 03/${nextYear}` })
  await expect(good).toBeChecked()
  await declined.check()

  // Back and forth between the steps keeps the choice.
  await main(page).getByRole('button', { name: 'Назад' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  await expect(main(page).getByRole('radio', { name: /Банковской картой/ })).toBeChecked()
  await expect(declined).toBeChecked()

  // The sandbox declines it: the order waits for payment, the reason is shown.
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()
  await expect(page).toHaveURL(/\/ru\/order\/\d+$/)
  await expect(toasts(page).getByText(/^Банк отклонил оплату картой/)).toBeVisible()
  // Its time, with the date when that is tomorrow in Tashkent (an order placed after 23:00 there).
  await expect(
    main(page).getByText(/^Заказ ожидает оплаты: оплатите до (\d\d\.\d\d\.\d{4} )?\d\d:\d\d, иначе/),
  ).toBeVisible()
  const number = (await main(page).getByRole('heading', { level: 1 }).textContent())?.match(/\d+/)?.[0] ?? ''

  // Paid with the other card from the order page: no provider page, straight to the result.
  const again = main(page).getByRole('group', { name: 'Какой картой оплатить' })
  await expect(again.getByRole('radio', { name: /0002/ })).toBeChecked()
  await again.getByRole('radio', { name: /6311/ }).check()
  await main(page).getByRole('button', { name: 'Оплатить заказ' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/result\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible()

  await main(page).getByRole('link', { name: 'Мои заказы' }).click()
  await expect(page).toHaveURL(/\/ru\/my-orders$/)
  await expect(main(page).getByRole('link', { name: `Заказ № ${number}` })).toBeVisible()
  expect(errors).toEqual([])
})

test('a saved card charged right from the payment step', async ({ page }) => {
  const errors = watchErrors(page)
  await signIn(page, customer)
  await toPaymentStep(page)
  await main(page)
    .getByRole('radio', { name: /Банковской картой/ })
    .check()
  await main(page).getByRole('group', { name: 'Какой картой оплатить' }).getByRole('radio', { name: /6311/ }).check()
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/result\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible()
  await main(page).getByRole('link', { name: 'Перейти к заказу' }).click()
  await expect(main(page).getByText('Банковской картой')).toBeVisible()
  const number = (await main(page).getByRole('heading', { level: 1 }).textContent())?.match(/\d+/)?.[0] ?? ''
  await visit(page, '/ru/my-orders')
  await expect(main(page).getByRole('link', { name: `Заказ № ${number}` })).toBeVisible()
  expect(errors).toEqual([])
})
