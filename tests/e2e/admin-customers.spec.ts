import { devices, expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { main, signIn, toasts, visit, watchErrors, withJs } from './support/page.ts'
import { adminNav, readyStaff, staffSignIn } from './support/staff.ts'

// Customers: a manager finds a customer by phone, blocks them
// with a reason; the customer can no longer sign in and is told why, with
// the shop's phone; unblocked, they sign in again. A cashback adjustment
// shows in the customer's balance history with its reason.

/**
 * `signIn` in a fresh browser: with JavaScript its first page may still be
 * hydrating when the phone is typed (the masked field then starts empty
 * again), so the attempt is repeated until the customer is let in.
 */
const signInFresh = (page: Page, who: { phone: string; password: string }) => expect(() => signIn(page, who)).toPass()

test('a manager blocks a customer, who then cannot sign in and sees why', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const errors = watchErrors(page)
  const who = { phone: await registerCustomer(request, 'blocked-pass-1', 'Бахтиёр Юсупов'), password: 'blocked-pass-1' }
  const manager = await readyStaff(request, 'manager', 'Менеджер Клиенты')
  await staffSignIn(page, manager)
  await adminNav(page).getByRole('link', { name: 'Покупатели' }).click()
  await main(page)
    .getByRole('searchbox', { name: 'Телефон или имя' })
    .fill(`${who.phone.slice(0, 2)} ${who.phone.slice(2, 5)}-${who.phone.slice(5, 7)}-${who.phone.slice(7)}`)
  await main(page).getByRole('button', { name: 'Найти' }).click()
  await expect(main(page).getByText('Найдено: 1')).toBeVisible()
  await main(page).getByRole('link', { name: 'Бахтиёр Юсупов' }).click()
  await expect(main(page).getByRole('heading', { level: 1, name: 'Бахтиёр Юсупов' })).toBeVisible()

  // A credit with a reason the customer will read.
  await main(page).getByRole('textbox', { name: 'Сумма (со знаком минус — списать)' }).fill('25000')
  await main(page)
    .getByRole('textbox', { name: 'Причина (покупатель увидит её в истории)' })
    .fill('Извините за задержку')
  await main(page).getByRole('button', { name: 'Провести' }).click()
  await expect(toasts(page).getByText('Баланс изменён.')).toBeVisible()
  const customerBrowser = await browser.newContext({
    ...devices['Desktop Chrome'],
    baseURL,
    javaScriptEnabled: withJs(),
  })
  const shopper = await customerBrowser.newPage()
  await signInFresh(shopper, who)
  await visit(shopper, '/ru/profile/balance')
  await expect(main(shopper).getByText('Корректировка: Извините за задержку')).toBeVisible()
  await customerBrowser.close()

  // Blocking needs a reason; then it is done.
  await main(page).getByRole('button', { name: 'Заблокировать' }).click()
  await expect(main(page).getByRole('textbox', { name: 'Причина (видят только сотрудники)' })).toHaveAttribute(
    'aria-invalid',
    'true',
  )
  await main(page).getByRole('textbox', { name: 'Причина (видят только сотрудники)' }).fill('Ложные заказы')
  await main(page).getByRole('button', { name: 'Заблокировать' }).click()
  await expect(toasts(page).getByText('Покупатель заблокирован.')).toBeVisible()
  await expect(main(page).getByText(/Заблокирован .*: Ложные заказы/)).toBeVisible()

  // The customer tries to sign in: told why, with the shop's phone, and stays on the sign-in form.
  const blockedBrowser = await browser.newContext({
    ...devices['Desktop Chrome'],
    baseURL,
    javaScriptEnabled: withJs(),
  })
  const blocked = await blockedBrowser.newPage()
  await expect(async () => {
    await visit(blocked, '/ru/login')
    await main(blocked).getByRole('textbox', { name: 'Номер телефона' }).fill(who.phone)
    await main(blocked).getByLabel('Пароль', { exact: true }).fill(who.password)
    await main(blocked).getByRole('button', { name: 'Войти' }).click()
    await expect(
      blocked.getByText('Ваш аккаунт заблокирован. Свяжитесь с магазином: +998 71 202 47 47.').first(),
    ).toBeVisible()
  }).toPass()
  await expect(main(blocked).getByRole('textbox', { name: 'Номер телефона' })).toBeVisible()
  await blockedBrowser.close()

  // Unblocked, they are let in again.
  await main(page).getByRole('textbox', { name: 'Причина (видят только сотрудники)' }).fill('Разобрались по телефону')
  await main(page).getByRole('button', { name: 'Разблокировать' }).click()
  await expect(toasts(page).getByText('Покупатель разблокирован.')).toBeVisible()
  const againBrowser = await browser.newContext({ ...devices['Desktop Chrome'], baseURL, javaScriptEnabled: withJs() })
  const again = await againBrowser.newPage()
  await signInFresh(again, who)
  await againBrowser.close()
  expect(errors).toEqual([])
})
