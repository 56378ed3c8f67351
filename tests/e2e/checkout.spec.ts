import { expect, type Locator, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { basketToCheckout, main, signIn, toasts, visit, watchErrors, withJs } from './support/page.ts'

// Checkout, payment and orders, with and without JavaScript. One
// customer per project (SMS codes are capped per address a day), so serial.
test.describe.configure({ mode: 'serial' })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const customer = { phone: '', password: 'checkout-pass-1' }

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Малика')
})

/** The amount next to a label of a list of totals (`<dt>label</dt><dd>amount</dd>`). */
const amountOf = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd[1]')

/** Puts the product in the basket and opens the checkout from the basket page. */
async function toAddressStep(page: Page) {
  const title = await basketToCheckout(page, product)
  await expect(main(page).getByRole('heading', { level: 2, name: 'Получение заказа' })).toBeVisible()
  return title
}

test('basket → checkout in three steps with cash → the order page → my orders', async ({ page }) => {
  const errors = watchErrors(page)
  await signIn(page, customer)
  const title = await toAddressStep(page)
  const steps = main(page).getByRole('navigation', { name: 'Шаги оформления' })
  await expect(steps.getByText('1. Получение заказа')).toHaveAttribute('aria-current', 'step')

  // Step 1: a required field left empty stays on the step, with what was typed.
  await main(page).getByRole('combobox', { name: 'Область' }).selectOption({ label: 'город Ташкент' })
  await main(page)
    .getByRole('combobox', { name: /^Район/ })
    .selectOption({ label: 'Чиланзарский район' })
  await main(page).getByRole('textbox', { name: 'Улица' }).fill('Бунёдкор')
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(main(page).getByRole('textbox', { name: 'Дом' })).toHaveAttribute('aria-invalid', 'true')
  await expect(main(page).getByRole('textbox', { name: 'Улица' })).toHaveValue('Бунёдкор')
  await main(page).getByRole('textbox', { name: 'Дом' }).fill('12')
  await main(page).getByRole('textbox', { name: 'Квартира' }).fill('5')
  await main(page).getByRole('textbox', { name: 'Ориентир' }).fill('у метро')
  await main(page).getByRole('button', { name: 'Далее' }).click()

  // Step 2: the customer's own name and number to start with; back keeps step 1.
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await expect(main(page).getByRole('textbox', { name: 'Имя получателя' })).toHaveValue('Малика')
  await main(page).getByRole('textbox', { name: 'Имя получателя' }).fill('Малика Каримова')
  await main(page).getByRole('button', { name: 'Назад' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout$/)
  await expect(main(page).getByRole('textbox', { name: 'Улица' })).toHaveValue('Бунёдкор')
  await expect(main(page).getByRole('textbox', { name: 'Дом' })).toHaveValue('12')
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(main(page).getByRole('textbox', { name: 'Имя получателя' })).toHaveValue('Малика Каримова')
  await main(page).getByRole('textbox', { name: 'Дополнительный номер' }).fill('12345')
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(main(page).getByText('Проверьте номер телефона').first()).toBeVisible()
  await main(page).getByRole('textbox', { name: 'Дополнительный номер' }).fill('')
  await main(page).getByRole('button', { name: 'Далее' }).click()

  // Step 3: an unknown promo code, then cash.
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  await expect(main(page).getByRole('radio', { name: /Наличными при получении/ })).toBeChecked()
  const summary = page.getByRole('complementary', { name: 'Ваш заказ' })
  await expect(summary.getByText('В том числе НДС 12%')).toBeVisible()
  // The API's preview prices each delivery way; the page only shows the one chosen.
  const stepTotal = (await amountOf(summary, 'Итого к оплате').textContent()) ?? ''
  expect(stepTotal).toMatch(/\d/)
  // The way was chosen at step 1: step 3 says which, and does not ask again.
  await expect(main(page).getByText(/Способ доставки: Курьером/)).toBeVisible()
  await expect(main(page).getByRole('radio', { name: /Самовывоз/ })).toHaveCount(0)
  await main(page).getByRole('textbox', { name: 'Промокод' }).fill('YANGIYIL2024')
  await main(page).getByRole('button', { name: 'Применить промокод' }).click()
  await expect(main(page).getByText('Такого промокода не существует.').first()).toBeVisible()
  await main(page).getByRole('textbox', { name: 'Промокод' }).fill('')
  // Kept for a resubmission of this very form below.
  const key = await main(page).locator('input[name="idempotency_key"]').inputValue()
  const stepCookie = (await page.context().cookies()).find((c) => c.name === 'atir_checkout')
  expect(stepCookie).toBeTruthy()
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()

  // The order page: success toast, the steps with "approved" current, the details.
  await expect(page).toHaveURL(/\/ru\/order\/\d+$/)
  // The address changes before the order page has rendered: wait for its heading.
  const heading = main(page).getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })
  const number = (await heading.textContent())?.match(/\d+/)?.[0] ?? ''
  expect(number).not.toBe('')
  await expect(toasts(page).getByText(`Заказ № ${number} оформлен`)).toBeVisible()
  const progress = main(page).getByRole('list', { name: 'Ход заказа' })
  await expect(progress.getByRole('listitem')).toHaveCount(3)
  await expect(progress.getByRole('listitem').filter({ hasText: 'Заказ подтверждён' })).toHaveAttribute(
    'aria-current',
    'step',
  )
  await expect(main(page).getByRole('link', { name: title })).toBeVisible()
  await expect(main(page).getByText('Малика Каримова')).toBeVisible()
  await expect(main(page).getByText('Чиланзарский район')).toBeVisible()
  await expect(main(page).getByText('В том числе НДС 12%')).toBeVisible()
  await expect(amountOf(main(page), 'Итого')).toHaveText(stepTotal)

  // The same form sent again (a double click, a reload): the same order, not a second one.
  const orderUrl = new URL(page.url()).pathname
  if (stepCookie) await page.context().addCookies([stepCookie])
  const again = await page.request.post('/ru/checkout/payment', {
    form: { intent: 'place', payment_method: 'cash', promo_code: '', idempotency_key: key },
    maxRedirects: 0,
  })
  expect(again.status()).toBe(302)
  expect(again.headers().location).toBe(orderUrl)

  // My orders: the active tab lists it, once.
  await visit(page, '/ru/my-orders')
  await expect(main(page).getByText('Всего заказов: 1')).toBeVisible()
  const tabs = main(page).getByRole('navigation', { name: 'Заказы' })
  await expect(tabs.getByRole('link', { name: 'Активные заказы' })).toHaveAttribute('aria-current', 'page')
  await main(page)
    .getByRole('link', { name: `Заказ № ${number}` })
    .click()
  await expect(page).toHaveURL(/\/ru\/order\/\d+$/)

  // The basket is empty again: the checkout sends back to it.
  await visit(page, '/ru/checkout')
  await expect(page).toHaveURL(/\/ru\/basket$/)

  // Cancel: confirmed in a modal with JavaScript, at once without.
  await page.goBack()
  await visit(page, `/ru/my-orders`)
  await main(page)
    .getByRole('link', { name: `Заказ № ${number}` })
    .click()
  await main(page).getByRole('button', { name: 'Отменить заказ' }).click()
  if (withJs()) await page.getByRole('dialog').getByRole('button', { name: 'Да, отменить' }).click()
  await expect(toasts(page).getByText('Заказ отменён')).toBeVisible()
  await visit(page, '/ru/my-orders/history')
  await expect(main(page).getByRole('link', { name: `Заказ № ${number}` })).toBeVisible()
  expect(errors).toEqual([])
})

test('sandbox card payment: declined, then paid → payment result → my orders', async ({ page }) => {
  const errors = watchErrors(page)
  await signIn(page, customer)
  await toAddressStep(page)

  // Another region: the district is free text.
  await main(page).getByRole('combobox', { name: 'Область' }).selectOption({ label: 'Самаркандская область' })
  await main(page)
    .getByRole('textbox', { name: /^Район или город/ })
    .fill('Самарканд')
  await main(page).getByRole('textbox', { name: 'Улица' }).fill('Регистан')
  await main(page).getByRole('textbox', { name: 'Дом' }).fill('1')
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  // A working promo code: the discount shows in the totals and stays on the order.
  await main(page).getByRole('textbox', { name: 'Промокод' }).fill('ATIR10')
  await main(page).getByRole('button', { name: 'Применить промокод' }).click()
  await expect(toasts(page).getByText('Промокод применён')).toBeVisible()
  await expect(main(page).getByText(/^Промокод ATIR10: скидка/)).toBeVisible()
  await expect(page.getByRole('complementary', { name: 'Ваш заказ' }).getByText('Скидка по промокоду')).toBeVisible()
  await main(page)
    .getByRole('radio', { name: /Банковской картой/ })
    .check()
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()

  // The local test payment page: declined first.
  await expect(page).toHaveURL(/\/ru\/payment\/sandbox\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible()
  await expect(main(page).getByRole('note')).toContainText('тестовый платёж')
  await main(page).getByRole('button', { name: 'Отклонить' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/result\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Оплата не прошла' })).toBeVisible()

  // Try again: a new sandbox payment, paid.
  await main(page).getByRole('button', { name: 'Попробовать ещё раз' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/sandbox\/\d+$/)
  await main(page).getByRole('button', { name: 'Оплатить' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/result\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible()
  await expect(main(page).getByText(/Платёж завершён/)).toBeVisible()

  await main(page).getByRole('link', { name: 'Перейти к заказу' }).click()
  await expect(page).toHaveURL(/\/ru\/order\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: /^Заказ № \d+$/ })).toBeVisible()
  const number = (await main(page).getByRole('heading', { level: 1 }).textContent())?.match(/\d+/)?.[0] ?? ''
  await expect(main(page).getByText('Самаркандская область')).toBeVisible()
  await expect(main(page).getByText('Банковской картой')).toBeVisible()
  await expect(main(page).getByText(/^ATIR10 \(−/)).toBeVisible()
  await visit(page, '/ru/my-orders')
  await expect(main(page).getByRole('link', { name: `Заказ № ${number}` })).toBeVisible()
  expect(errors).toEqual([])
})

test("an order id that is not one of the customer's is the 404 page", async ({ page }) => {
  await signIn(page, customer)
  const response = await page.goto('/ru/order/999999')
  expect(response?.status()).toBe(404)
})
