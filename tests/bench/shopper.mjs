// A signed-in shopper for scripts/bench.mjs: the bench's own account (registered
// through the API on a database that lacks it, the code read from the SMS outbox
// of the server's data folder; a kept database reuses it, so repeated runs spend
// no SMS codes), a few products in the basket and the favourites, and the
// storefront's session cookie from its sign-in form, as a browser would hold it.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const password = 'bench-shopper-1'

async function call(base, path, { method = 'GET', body, token, allow = [] } = {}) {
  const headers = { 'Accept-Language': 'ru' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  const response = await fetch(`${base}/api/v1/${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (allow.includes(response.status)) return null
  if (!response.ok) throw new Error(`bench shopper: ${method} ${path} answered ${response.status}: ${text}`)
  return text ? JSON.parse(text) : null
}

function smsCode(dataDir, phone) {
  const file = join(dataDir, 'sms-outbox.jsonl')
  if (!existsSync(file)) return null
  const sms = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .findLast((m) => m.to === phone)
  return sms?.text.match(/\b\d{6}\b/)?.[0] ?? null
}

async function register(base, dataDir, phone) {
  const entry = await call(base, 'account/registration/entrypoint/', { method: 'POST', body: { phone } })
  const verify = await call(base, 'account/registration/verify/', {
    method: 'POST',
    body: { phone, code: smsCode(dataDir, phone), session: entry.session },
  })
  const done = await call(base, 'account/registration/register/', {
    method: 'POST',
    body: { password, full_name: 'Dilnoza Karimova', signature: verify.signature },
  })
  return done.token.access
}

/**
 * The bench's customer `phone` (registered when the database has none) with
 * `basket` in the basket and `liked` in the favourites (product ids), signed in
 * through the sign-in form: the Cookie header of that browser (its session,
 * visitor id and language).
 */
export async function signedInShopper(base, dataDir, { basket, liked, phone = '+998901234567' }) {
  const login = await call(base, 'auth/login/', { method: 'POST', body: { phone, password }, allow: [400, 401] })
  const token = login?.access ?? (await register(base, dataDir, phone))
  for (const id of basket)
    await call(base, 'orders/cart/products/', { method: 'POST', token, body: { product_id: id, if_absent: true } })
  for (const id of liked) await call(base, 'products/likes/', { method: 'POST', token, body: { product_id: id } })

  const form = await fetch(`${base}/ru/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Cookie: 'i18n_redirected=ru' },
    body: new URLSearchParams({ phone, password }),
  })
  const cookies = keptCookies(form)
  if (!cookies.has('atir_session')) throw new Error(`bench shopper: the sign-in form answered ${form.status}`)
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}

/**
 * The cookies a browser keeps from a form's answer, besides the language's: the
 * toast it queues (the flash cookie) is for the page the form leads back to, not
 * the bench's.
 */
function keptCookies(answer) {
  const cookies = new Map([['i18n_redirected', 'ru']])
  for (const line of answer.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const at = pair.indexOf('=')
    const value = pair.slice(at + 1)
    if (value && pair.slice(0, at) !== 'atir_flash') cookies.set(pair.slice(0, at), value)
  }
  return cookies
}

/**
 * A visitor whose earlier visit put `productId` in the basket through the
 * product page's form (no account): the Cookie header that browser keeps (its
 * visitor id, the basket's cookie and the language).
 */
export async function returningVisitor(base, productId) {
  const form = await fetch(`${base}/ru/basket`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base, Cookie: 'i18n_redirected=ru' },
    body: new URLSearchParams({ intent: 'add', product_id: String(productId) }),
  })
  const cookies = keptCookies(form)
  if (!cookies.has('visitorId') || !cookies.has('atir_basket'))
    throw new Error(`bench visitor: the basket form answered ${form.status}`)
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}
