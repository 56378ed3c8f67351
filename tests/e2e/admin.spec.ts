import { expect, test } from '@playwright/test'
import { freshPhone } from './support/customer.ts'
import { main, toasts, visit, watchErrors, withJs } from './support/page.ts'
import {
  adminNav,
  createStaff,
  demoOwner,
  enterCode,
  firstSignIn,
  staffSignOut,
  submitStaffLogin,
  totpCode,
} from './support/staff.ts'

// The back office's sign-in, staff and audit screens, with and
// without JavaScript (the two browser projects run this file each).

const newPassword = 'e2e-staff-password-1'

test('the back office asks for sign-in and comes back to the page asked for', async ({ page }) => {
  const response = await page.goto('/ru/admin/audit')
  expect(response?.headers()['cache-control']).toBe('private, no-store')
  await expect(page).toHaveURL(/\/ru\/admin\/login\?redirectTo=%2Fru%2Fadmin%2Faudit$/)
  await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', 'noindex')
  // A wrong password: the API's words, the phone typed stays, the password does not.
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(demoOwner.phone)
  await main(page).getByLabel('Пароль', { exact: true }).fill('not-the-password')
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page.getByText('Неверный номер телефона или пароль.').first()).toBeVisible()
  await expect(main(page).getByRole('textbox', { name: 'Номер телефона' })).not.toHaveValue('')
  // Without JavaScript the page comes back from the server, which never writes a password into it.
  if (!withJs()) await expect(main(page).getByLabel('Пароль', { exact: true })).toHaveValue('')
  // The language switch keeps the page.
  await page.getByRole('link', { name: 'Oʻzbekcha' }).click()
  await expect(page).toHaveURL(/\/sr\/admin\/login\?redirectTo=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Xodimlar uchun kirish' })).toBeVisible()
  await main(page).getByRole('textbox', { name: 'Telefon raqami' }).fill(demoOwner.phone)
  await main(page).getByLabel('Parol', { exact: true }).fill(demoOwner.password)
  await main(page).getByRole('button', { name: 'Kirish' }).click()
  await expect(page).toHaveURL(/\/ru\/admin\/audit$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Журнал действий' })).toBeVisible()
})

test('an owner sets up the second factor, signs in with it and adds a manager; the audit log shows it', async ({
  page,
  request,
}) => {
  const errors = watchErrors(page)
  const owner = await createStaff(request, 'owner', `Владелец ${test.info().project.name}`)

  // First sign-in: the one-time password is changed before anything else.
  await firstSignIn(page, owner, newPassword)
  await expect(adminNav(page).getByRole('link', { name: 'Сотрудники' })).toBeVisible()

  // The authenticator: the QR code and the secret as text; the code from it turns the second factor on.
  await adminNav(page).getByRole('link', { name: 'Мой аккаунт' }).click()
  await main(page).getByRole('button', { name: 'Подключить приложение' }).click()
  await expect(main(page).getByRole('img', { name: 'QR-код для приложения-аутентификатора' })).toBeVisible()
  const secret = await main(page).getByRole('textbox', { name: 'Ключ для ввода вручную' }).inputValue()
  expect(secret).toMatch(/^[A-Z2-7]{16,}/)
  await enterCode(page, 'Код из приложения', totpCode(secret), 'Подтвердить')
  const codes = main(page).getByRole('list', { name: 'Резервные коды' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  await main(page).getByRole('checkbox', { name: 'Я сохранил(а) резервные коды' }).check()
  await main(page).getByRole('button', { name: 'Продолжить' }).click()
  await expect(toasts(page).getByText('Второй фактор включён.')).toBeVisible()
  await expect(main(page).getByText('Включён', { exact: true })).toBeVisible()
  // An owner has no owner to ask: the way back in without the phone ends with the server's command.
  await expect(main(page).getByText(`npm run staff -- reset-second-factor --phone ${owner.phone}`)).toBeVisible()

  // Ten new recovery codes for the app's code (of the next 30-second step: no code works twice).
  const renew = main(page).getByRole('form', { name: 'Новые резервные коды' })
  await enterCode(page, 'Код из приложения', totpCode(secret, 1), 'Получить новые коды')
  await expect(codes).toHaveCount(10)
  const renewed = (await codes.allInnerTexts()).map((c) => c.trim())
  await main(page).getByRole('checkbox', { name: 'Я сохранил(а) резервные коды' }).check()
  await main(page).getByRole('button', { name: 'Продолжить' }).click()
  await expect(toasts(page).getByText('Резервные коды заменены: старые больше не работают.')).toBeVisible()
  await expect(renew).toBeVisible()

  // In demo mode without a bot, linking Telegram gives the command that sends the code to the bot locally.
  const telegram = main(page).getByRole('region', { name: 'Telegram' })
  await telegram.getByRole('button', { name: 'Привязать Telegram' }).click()
  await expect(telegram.getByText(/^npm run telegram -- simulate start [\w-]{32}$/)).toBeVisible()

  // Sign out, then in again: now the second factor is asked for; a new recovery code does.
  await staffSignOut(page)
  await submitStaffLogin(page, { phone: owner.phone, password: newPassword })
  await expect(page.getByRole('heading', { level: 1, name: 'Подтверждение входа' })).toBeVisible()
  await main(page).getByText('Нет телефона? Войти с резервным кодом').click()
  await main(page)
    .getByRole('textbox', { name: 'Резервный код' })
    .fill(renewed[0] ?? '')
  await main(page).getByRole('button', { name: 'Подтвердить' }).click()
  await expect(page.getByRole('banner').getByText(`Владелец ${test.info().project.name}`)).toBeVisible()

  // A manager, with a one-time password shown once.
  await adminNav(page).getByRole('link', { name: 'Сотрудники' }).click()
  const manager = { name: `Менеджер ${test.info().project.name}`, phone: '' }
  const form = main(page).getByRole('region', { name: 'Добавить сотрудника' })
  await form.getByRole('textbox', { name: 'Имя' }).fill(manager.name)
  manager.phone = `+998${freshPhone()}`
  await form.getByRole('textbox', { name: 'Номер телефона' }).fill(manager.phone)
  await form.getByRole('combobox', { name: 'Роль' }).selectOption({ label: 'Менеджер' })
  await form.getByRole('button', { name: 'Добавить' }).click()
  const oneTime = await main(page).getByRole('textbox', { name: 'Одноразовый пароль' }).inputValue()
  expect(oneTime.length).toBeGreaterThanOrEqual(10)
  await expect(main(page).getByRole('link', { name: manager.name })).toBeVisible()
  const managerId = (await main(page).getByRole('link', { name: manager.name }).getAttribute('href'))?.split('/').pop()
  await staffSignOut(page)

  // The manager signs in, changes the password, and sees the sections of a manager.
  await firstSignIn(page, { phone: manager.phone, password: oneTime }, newPassword)
  await expect(adminNav(page).getByRole('link', { name: 'Журнал действий' })).toBeVisible()
  await expect(adminNav(page).getByRole('link', { name: 'Сотрудники' })).toHaveCount(0)

  // The audit log (a manager may read it) shows the manager's steps with who made them.
  await adminNav(page).getByRole('link', { name: 'Журнал действий' }).click()
  await main(page).getByRole('textbox', { name: 'Объект', exact: true }).fill('staff')
  await main(page)
    .getByRole('textbox', { name: 'Номер объекта' })
    .fill(managerId ?? '')
  await main(page).getByRole('button', { name: 'Показать' }).click()
  const entries = main(page).getByRole('list', { name: 'Записи журнала' }).getByRole('listitem')
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText('Смена пароля')
  await expect(entries.nth(0)).toContainText(manager.name)
  await expect(entries.nth(1)).toContainText('Вход')
  await expect(entries.nth(2)).toContainText('Добавлен сотрудник')
  await expect(entries.nth(2)).toContainText(`Владелец ${test.info().project.name}`)
  // Fields by their names and values in the reader's words, not their keys and codes.
  await expect(entries.nth(2).getByRole('definition').filter({ hasText: manager.name })).toBeVisible()
  await expect(
    entries
      .nth(2)
      .getByRole('definition')
      .filter({ hasText: /^Менеджер$/ }),
  ).toBeVisible()
  await expect(
    entries
      .nth(2)
      .getByRole('term')
      .filter({ hasText: /^Роль$/ }),
  ).toBeVisible()
  expect(errors).toEqual([])
})

test('a content editor gets no Staff or Orders links and a 403 from the API', async ({ page, request }) => {
  test.slow()
  const editor = await createStaff(request, 'content', `Редактор ${test.info().project.name}`)
  await firstSignIn(page, editor, newPassword)
  // The first section a content editor may use.
  await expect(page).toHaveURL(/\/ru\/admin\/products$/)
  await expect(adminNav(page).getByRole('link', { name: 'Товары' })).toBeVisible()
  await expect(adminNav(page).getByRole('link', { name: 'Мой аккаунт' })).toBeVisible()
  await expect(adminNav(page).getByRole('link', { name: 'Заказы' })).toHaveCount(0)
  await expect(adminNav(page).getByRole('link', { name: 'Сотрудники' })).toHaveCount(0)
  await expect(adminNav(page).getByRole('link', { name: 'Журнал действий' })).toHaveCount(0)
  // Typing the address does not help: the API refuses, the page says so.
  await visit(page, '/ru/admin/staff')
  await expect(page.getByRole('heading', { level: 1, name: 'Нет доступа' })).toBeVisible()

  const login = await request.post('/api/v1/admin/auth/login/', {
    data: { phone: editor.phone, password: newPassword },
  })
  const { token } = await login.json()
  const staffList = await request.get('/api/v1/admin/staff/', { headers: { Authorization: `Bearer ${token}` } })
  expect(staffList.status()).toBe(403)
  const audit = await request.get('/api/v1/admin/audit/', { headers: { Authorization: `Bearer ${token}` } })
  expect(audit.status()).toBe(403)
})
