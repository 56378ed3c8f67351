import { expect, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'

// A visitor with a basket who picks "Checkout":
// one sign-in prompt in the checkout's own words, then the checkout itself.

const product = 'dior-sauvage-eau-de-parfum-100-ml'

test('a visitor signs in from the basket and lands on the checkout', async ({ page, request }) => {
  const errors = watchErrors(page)
  const customer = { phone: await registerCustomer(request, 'sign-in-pass-1', 'Лола'), password: 'sign-in-pass-1' }

  await visit(page, `/ru/products/${product}`)
  const title = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? ''
  await main(page)
    .getByRole('button', { name: `В корзину: ${title}`, exact: true })
    .click()
  await expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible()
  await visit(page, '/ru/basket')
  await page.getByRole('region', { name: 'Итого' }).getByRole('link', { name: 'Оформить заказ' }).click()

  // With JavaScript the sign-in dialog at once, saying why; without it the login page.
  const form = withJs() ? page.getByRole('dialog', { name: 'Вход' }) : main(page)
  if (withJs()) {
    await expect(form).toBeVisible()
    await expect(form.getByText('Войдите, чтобы оформить заказ: корзина сохранится.')).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await expect(page.getByText('Войдите в аккаунт, чтобы увидеть свои заказы.')).toHaveCount(0)
  } else {
    await expect(page).toHaveURL(/\/ru\/login\?redirectTo=%2Fru%2Fcheckout$/)
    await expect(form.getByText('Войдите, чтобы оформить заказ: корзина сохранится.')).toBeVisible()
  }
  await form.getByRole('textbox', { name: 'Номер телефона' }).fill(customer.phone)
  await form.getByLabel('Пароль', { exact: true }).fill(customer.password)
  await form.getByRole('button', { name: 'Войти' }).click()

  await expect(toasts(page).getByText('Вы успешно вошли в аккаунт')).toBeVisible()
  await expect(page).toHaveURL(/\/ru\/checkout$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible()
  await expect(main(page).getByRole('heading', { level: 2, name: 'Получение заказа' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toHaveCount(0)
  expect(errors).toEqual([])
})
