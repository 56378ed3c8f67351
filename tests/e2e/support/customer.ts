import { type APIRequestContext, expect, test } from '@playwright/test'
import { messagesTo, nextCode } from './sms.ts'

// Customers made straight through the API, for tests about something else than
// registering. The API caps SMS codes at 20 per client address a day and every
// e2e test calls from 127.0.0.1: keep to one or two registrations per project.

const mobileCodes = ['90', '91', '93', '94', '95', '97', '98', '99', '33', '88']
let counter = 0
/** A fresh Uzbek mobile number (9 national digits), different per project and call. */
export function freshPhone() {
  counter++
  const project = test.info().project.name
  const salt = [...project].reduce((sum, c) => sum + c.charCodeAt(0), 0) * 104_729
  const operator = mobileCodes[(Date.now() + counter + salt) % mobileCodes.length]
  const seed = (Date.now() * 13 + counter * 7919 + salt) % 10_000_000
  return `${operator}${String(seed).padStart(7, '0')}`
}

/** Registers a customer through the API with the code from the SMS outbox; returns the 9-digit phone. */
export async function registerCustomer(request: APIRequestContext, password: string, fullName: string) {
  const national = freshPhone()
  const phone = `+998${national}`
  const seen = messagesTo(national).length
  const entry = await request.post('/api/v1/account/registration/entrypoint/', { data: { phone } })
  expect(entry.status()).toBe(200)
  const { session } = await entry.json()
  const code = await nextCode(national, seen)
  const verify = await request.post('/api/v1/account/registration/verify/', { data: { phone, code, session } })
  expect(verify.status()).toBe(200)
  const { signature } = await verify.json()
  const register = await request.post('/api/v1/account/registration/register/', {
    data: { password, full_name: fullName, signature },
  })
  expect(register.status()).toBe(201)
  return national
}
