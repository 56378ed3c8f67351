import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { demoOwner } from '#api/db/seed/staff.ts'
import { freshPhone } from './customer.ts'
import { main, visit } from './page.ts'

// Staff made straight through the admin API, for specs about the back office's
// screens (the sign-in and staff screens have their own specs).

export type StaffRole = 'owner' | 'manager' | 'content' | 'warehouse'
/** `phone` is the 9 national digits (for the sign-in form), `token` an API session. */
export type StaffAccount = { phone: string; password: string; name: string; token: string }

async function login(request: APIRequestContext, phone: string, password: string) {
  const answer = await request.post('/api/v1/admin/auth/login/', { data: { phone, password } })
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()).token as string
}

/** A session of the demo seed's owner (no second factor in demo mode). */
export const ownerToken = (request: APIRequestContext) => login(request, demoOwner.phone, demoOwner.password)

/**
 * A new staff member of `role`, made by the demo owner; the one-time password
 * is changed at once, so the account signs in straight to the back office.
 */
export async function newStaff(request: APIRequestContext, role: StaffRole, name: string): Promise<StaffAccount> {
  const owner = await ownerToken(request)
  const phone = freshPhone()
  const made = await request.post('/api/v1/admin/staff/', {
    headers: { Authorization: `Bearer ${owner}` },
    data: { phone: `+998${phone}`, name, role },
  })
  expect(made.status(), await made.text()).toBe(201)
  const once = (await made.json()).password as string
  const password = `${role}-desk-${phone}`
  const first = await login(request, `+998${phone}`, once)
  const changed = await request.post('/api/v1/admin/auth/password/', {
    headers: { Authorization: `Bearer ${first}` },
    data: { old_password: once, new_password: password, password_confirm: password },
  })
  expect(changed.status(), await changed.text()).toBe(200)
  return { phone, password, name, token: await login(request, `+998${phone}`, password) }
}

/** Signs in on the back office's sign-in page and waits for its navigation. */
export async function staffSignIn(page: Page, who: Pick<StaffAccount, 'phone' | 'password'>) {
  await visit(page, '/ru/admin/login')
  await main(page).getByRole('textbox', { name: 'Номер телефона' }).fill(who.phone)
  await main(page).getByLabel('Пароль', { exact: true }).fill(who.password)
  await main(page).getByRole('button', { name: 'Войти' }).click()
  await expect(page).not.toHaveURL(/\/admin\/login/)
}
