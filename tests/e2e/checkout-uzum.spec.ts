import { expect, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { basketToCheckout, main, signIn, visit, watchErrors } from './support/page.ts'

// Paying with Uzum Bank in demo mode: the sandbox page plays Uzum, sending the shop's own Uzum webhooks
// (check and create when the payment starts, confirm for Pay, reverse for Decline), as the Uzum Bank app
// would. With and without JavaScript.
test.describe.configure({ mode: 'serial' })

const product = 'dior-sauvage-eau-de-parfum-100-ml'
const customer = { phone: '', password: 'checkout-uzum-1' }

test.beforeAll(async ({ request }) => {
  customer.phone = await registerCustomer(request, customer.password, 'Шахзода')
})

test('Uzum Bank at checkout: declined, then paid through Uzum → the order paid', async ({ page }) => {
  test.setTimeout(90_000)
  const errors = watchErrors(page)
  await signIn(page, customer)
  await basketToCheckout(page, product)
  await main(page)
    .getByRole('group', { name: 'Как получить заказ' })
    .getByRole('radio', { name: /Самовывоз/ })
    .check()
  await main(page)
    .getByRole('group', { name: 'Пункт самовывоза' })
    .getByRole('radio', { name: /Магазин Atir на Амира Темура/ })
    .check()
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/contact$/)
  await main(page).getByRole('button', { name: 'Далее' }).click()
  await expect(page).toHaveURL(/\/ru\/checkout\/payment$/)
  await main(page)
    .getByRole('radio', { name: /^Uzum Bank/ })
    .check()
  await main(page).getByRole('button', { name: 'Оформить заказ' }).click()

  // Sent to pay: in demo mode, the page that plays the Uzum Bank app.
  await expect(page).toHaveURL(/\/ru\/payment\/sandbox\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Тестовая оплата' })).toBeVisible()
  await expect(main(page).getByRole('note')).toContainText('Uzum Bank')
  await main(page).getByRole('button', { name: 'Отклонить' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/result\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Оплата не прошла' })).toBeVisible()

  // Uzum reversed that transaction: the order is still payable, by a new one.
  await main(page).getByRole('button', { name: 'Попробовать ещё раз' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/sandbox\/\d+$/)
  await main(page).getByRole('button', { name: 'Оплатить' }).click()
  await expect(page).toHaveURL(/\/ru\/payment\/result\/\d+$/)
  await expect(main(page).getByRole('heading', { level: 1, name: 'Оплата прошла успешно' })).toBeVisible()

  await main(page).getByRole('link', { name: 'Перейти к заказу' }).click()
  await expect(page).toHaveURL(/\/ru\/order\/\d+$/)
  const number = (await main(page).getByRole('heading', { level: 1 }).textContent())?.match(/\d+/)?.[0] ?? ''
  await expect(main(page).getByText('Uzum Bank')).toBeVisible()
  await expect(main(page).getByText('Принят')).toBeVisible()
  await visit(page, '/ru/my-orders')
  await expect(main(page).getByRole('link', { name: `Заказ № ${number}` })).toBeVisible()
  expect(errors).toEqual([])
})
