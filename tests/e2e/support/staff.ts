import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { freshPhone } from './customer.ts'
import { main, toasts, visit, withJs } from './page.ts'

// Staff for the back-office specs. The e2e server runs the demo seed, whose
// owner (no second factor) signs in and makes the staff each test needs:
// every test and project has its own, so the JavaScript and no-JavaScript
// runs in parallel workers never share an account, its sessions or its codes.

/** The demo seed's owner (api/db/seed/staff.ts), printed in the demo shop's start-up log. */
export const demoOwner = { phone: '+998900000001', password: 'atir-demo-owner' } as const

export type StaffLogin = { phone: string; password: string }

/** A new staff member of `role` made through the API as the demo owner; they still have to change the password. */
export async function createStaff(request: APIRequestContext, role: string, name: string) {
  const login = await request.post('/api/v1/admin/auth/login/', {
    data: { phone: demoOwner.phone, password: demoOwner.password },
  })
  expect(login.status()).toBe(200)
  const { token } = await login.json()
  const phone = `+998${freshPhone()}`
  const created = await request.post('/api/v1/admin/staff/', {
    data: { phone, name, role },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(created.status()).toBe(201)
  const body = await created.json()
  return { id: body.staff.id as number, phone, password: body.password as string }
}

/** The authenticator's code for `secret`, `stepsAhead` 30-second steps from now (the API takes one step ahead). */
export function totpCode(secret: string, stepsAhead = 0) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 })
}

/**
 * Types a 6-digit code. With JavaScript the field sends its form at the sixth
 * digit (as on the storefront); without it the button does.
 */
export async function enterCode(page: Page, label: string, code: string, button: string) {
  await main(page).getByRole('textbox', { name: label }).fill(code)
  if (!withJs()) await main(page).getByRole('button', { name: button }).click()
}

/** Phone and password on /ru/admin/login; the page that follows is the caller's to check. */
export async function submitStaffLogin(page: Page, who: StaffLogin) {
  await visit(page, '/ru/admin/login')
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(who.phone)
  await main(page).getByLabel('Пароль', { exact: true }).fill(who.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
}

/** The first sign-in with a one-time password: the set-up step changes it to `password`. */
export async function firstSignIn(page: Page, who: StaffLogin, password: string) {
  await submitStaffLogin(page, who)
  await expect(page.getByRole('heading', { level: 1, name: 'Настройка аккаунта' })).toBeVisible()
  await main(page).getByLabel('Одноразовый пароль', { exact: true }).fill(who.password)
  await main(page).getByLabel('Новый пароль', { exact: true }).fill(password)
  await main(page).getByLabel('Повторите новый пароль', { exact: true }).fill(password)
  await main(page).getByRole('button', { name: 'Сменить пароль' }).click()
  await expect(toasts(page).getByText('Пароль изменён')).toBeVisible()
}

/** Signs out with the header's button. */
export async function staffSignOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Выйти' }).click()
  await expect(page).toHaveURL(/\/ru\/admin\/login$/)
  await expect(toasts(page).getByText('Вы вышли из бэк-офиса.')).toBeVisible()
}

/** The header's section links (the back office's navigation). */
export const adminNav = (page: Page) => page.getByRole('navigation', { name: 'Разделы бэк-офиса' })

// The orders desk's specs: staff who are past their set-up, and the owner's API session.

/** A session of the demo owner, for moving orders "meanwhile" and reading the audit log through the API. */
export async function ownerToken(request: APIRequestContext) {
  return apiLogin(request, demoOwner.phone, demoOwner.password)
}

async function apiLogin(request: APIRequestContext, phone: string, password: string) {
  const answer = await request.post('/api/v1/admin/auth/login/', { data: { phone, password } })
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()).token as string
}

export type ReadyStaff = StaffLogin & { id: number; name: string; token: string }

/**
 * A staff member of `role` whose one-time password is already changed (through
 * the API), so signing in leads straight into the back office; `token` is an API session.
 */
export async function readyStaff(request: APIRequestContext, role: string, name: string): Promise<ReadyStaff> {
  const made = await createStaff(request, role, name)
  const password = `${role}-desk-${made.phone.slice(-7)}`
  const first = await apiLogin(request, made.phone, made.password)
  const changed = await request.post('/api/v1/admin/auth/password/', {
    headers: { Authorization: `Bearer ${first}` },
    data: { old_password: made.password, new_password: password, password_confirm: password },
  })
  expect(changed.status(), await changed.text()).toBe(200)
  return { id: made.id, phone: made.phone, password, name, token: await apiLogin(request, made.phone, password) }
}

/** Signs in on /ru/admin/login and waits to be let in. */
export async function staffSignIn(page: Page, who: StaffLogin) {
  await submitStaffLogin(page, who)
  await expect(page).not.toHaveURL(/\/admin\/login/)
}
