import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { TestApi } from './api.ts'

export type Customer = { phone: string; password: string; access: string; refresh: string }

let serial = 0
/** A fresh valid Uzbek number (per test file: each file has its own database and SMS outbox). */
export const newPhone = () => `+99893${String(3_000_000 + ++serial * 17).slice(-7)}`

/** The last code the dev SMS outbox holds for `phone`. */
export function lastSmsCode(t: TestApi, phone: string): string {
  const file = join(t.dataDir, 'sms-outbox.jsonl')
  const sms = existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { to: string; text: string })
        .findLast((m) => m.to === phone)
    : undefined
  if (!sms) throw new Error(`no SMS to ${phone}`)
  return /\d{6}/.exec(sms.text)![0]
}

const post = (t: TestApi, path: string, body: unknown, fingerprint?: string) =>
  t.json(path, { method: 'POST', body: JSON.stringify(body), fingerprint })

/**
 * Registers a customer through the API (entry point, SMS code, password) and
 * returns the tokens. With `fingerprint`, the last step is sent as that
 * visitor, whose basket and favourites then move into the new account.
 */
export async function registerCustomer(
  t: TestApi,
  options: { phone?: string; password?: string; fingerprint?: string } = {},
): Promise<Customer> {
  const phone = options.phone ?? newPhone()
  const password = options.password ?? 'secret-123'
  const entry = await post(t, 'account/registration/entrypoint/', { phone })
  expect(entry.status).toBe(200)
  const verify = await post(t, 'account/registration/verify/', {
    phone,
    code: lastSmsCode(t, phone),
    session: entry.body.session,
  })
  expect(verify.status).toBe(200)
  const done = await post(
    t,
    'account/registration/register/',
    { password, full_name: 'Dilnoza Karimova', signature: verify.body.signature },
    options.fingerprint,
  )
  expect(done.status).toBe(201)
  return { phone, password, ...(done.body.token as { access: string; refresh: string }) }
}

/** Signs in through auth/login/, as the visitor `fingerprint` when given; returns the new tokens. */
export async function loginCustomer(
  t: TestApi,
  customer: { phone: string; password: string },
  fingerprint?: string,
): Promise<Customer> {
  const login = await post(t, 'auth/login/', { phone: customer.phone, password: customer.password }, fingerprint)
  expect(login.status).toBe(200)
  return { ...customer, ...(login.body as { access: string; refresh: string }) }
}

/** Deletes the customer's account as the storefront asks it: confirmed, with the password. */
export const deleteAccount = (t: TestApi, c: Customer) =>
  t.json('account/delete/', {
    method: 'DELETE',
    token: c.access,
    body: JSON.stringify({ confirm: true, password: c.password }),
  })
