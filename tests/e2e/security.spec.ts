import { readFileSync } from 'node:fs'
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import routes from '../../app/routes.ts'
import { sendRaw } from '../support/framed-request.ts'
import { freshPhone, registerCustomer } from './support/customer.ts'
import { messagesTo } from './support/sms.ts'
import { demoOwner } from './support/staff.ts'

// Security over HTTP, no browser (the `server` project runs it once): cookie
// flags, headers on every HTML page, cross-site form posts, protected pages,
// per-phone rate limits and uploads checked by content.

/** Every Set-Cookie of a response, by cookie name, with its attributes lower-cased. */
function cookies(response: APIResponse) {
  const found: Record<string, { value: string; attrs: Record<string, string> }> = {}
  for (const { name, value } of response.headersArray()) {
    if (name.toLowerCase() !== 'set-cookie') continue
    const [pair, ...attrs] = value.split(';').map((s) => s.trim())
    const eq = pair!.indexOf('=')
    found[pair!.slice(0, eq)] = {
      value: pair!.slice(eq + 1),
      attrs: Object.fromEntries(
        attrs.map((a) => {
          const [k, ...v] = a.split('=')
          return [k!.toLowerCase(), v.join('=')]
        }),
      ),
    }
  }
  return found
}

async function firstOf(request: APIRequestContext, path: string, key: string) {
  const body = await (await request.get(`/api/v1/${path}`, { headers: { 'Accept-Language': 'ru' } })).json()
  const list = Array.isArray(body) ? body : (body.results ?? body.items ?? [])
  const value = list[0]?.[key]
  expect(value, `${path} lists a ${key}`).toBeTruthy()
  return String(value)
}

async function signIn(request: APIRequestContext) {
  const national = await registerCustomer(request, 'secret-123', 'Dilnoza Karimova')
  const login = await request.post('/ru/login', {
    form: { phone: national, password: 'secret-123' },
    maxRedirects: 0,
  })
  return { national, login }
}

test('the visitor, locale and session cookies carry the right flags', async ({ request }) => {
  const home = await request.get('/ru', { maxRedirects: 0 })
  // Reading a page sets no visitor id (the page stays shareable); the first form post does.
  expect(cookies(home).visitorId, 'no visitorId for reading a page').toBeUndefined()
  const liked = await request.post('/ru/saved', { form: { intent: 'like', product_id: '1' }, maxRedirects: 0 })
  const visitor = cookies(liked).visitorId
  expect(visitor, 'visitorId is set by the first form post').toBeTruthy()
  expect(visitor!.attrs).toHaveProperty('httponly')
  expect(visitor!.attrs.samesite?.toLowerCase()).toBe('lax')
  expect(visitor!.attrs.path).toBe('/')

  // Visiting a language remembers it for the next visit to `/`.
  const locale = cookies(home).i18n_redirected
  expect(locale, 'a language page remembers the language').toBeTruthy()
  expect(locale!.value).toBe('ru')
  expect(locale!.attrs.samesite?.toLowerCase()).toBe('lax')
  expect(locale!.attrs.path).toBe('/')
  const days = Number(locale!.attrs['max-age']) / 86_400
  expect(days).toBeGreaterThanOrEqual(364)
  expect(days).toBeLessThanOrEqual(366)

  const { login } = await signIn(request)
  expect(login.status(), await login.text()).toBeGreaterThanOrEqual(300)
  const session = cookies(login).atir_session
  expect(session, 'signing in sets the session cookie').toBeTruthy()
  expect(session!.attrs).toHaveProperty('httponly')
  expect(session!.attrs.samesite?.toLowerCase()).toBe('lax')
  expect(session!.attrs.path).toBe('/')
})

test('every HTML page, 404s included, carries an enforced CSP with a nonce and the other headers', async ({
  request,
}) => {
  const product = await firstOf(request, 'products/?size=1', 'slug')
  const category = await firstOf(request, 'products/categories/', 'slug').catch(() => null)
  const brand = await firstOf(request, 'products/brands/', 'slug').catch(() => null)
  const page = await firstOf(request, 'pages/', 'slug').catch(() => null)
  const post = await firstOf(request, 'posts/', 'id').catch(() => null)
  const paths = [
    '/ru',
    '/uz/products',
    `/sr/products/${product}`,
    '/ru/products/categories',
    category && `/ru/products/category/${category}`,
    '/ru/brands',
    brand && `/ru/manufactures/${brand}`,
    page && `/ru/pages/${page}`,
    post && `/ru/posts/${post}`,
    '/ru/about',
    '/ru/contact',
    '/ru/mobile',
    '/ru/basket',
    '/ru/saved',
    '/ru/login',
    '/ru/register',
    '/ru/reset-password',
    '/ru/no-such-page',
    '/no-such-page',
    '/ru/products/no-such-product-xyz',
    '/ru/posts/999999999',
    '/ru/posts/not-a-number',
    '/ru/products/category/no-such-category',
  ].filter((p): p is string => Boolean(p))
  const nonces = new Set<string>()
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 })
    const headers = response.headers()
    const where = `${path} → ${response.status()}`
    expect(response.status(), where).toBeLessThan(500)
    expect(headers['content-type'], where).toContain('text/html')
    const csp = headers['content-security-policy']
    expect(csp, `${where}: CSP enforced, not report-only`).toBeTruthy()
    expect(csp, where).toMatch(/frame-ancestors 'none'/)
    expect(csp, where).toMatch(/object-src 'none'/)
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(csp ?? '')?.[1]
    expect(nonce, `${where}: script-src has a nonce`).toBeTruthy()
    expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-inline'/)
    nonces.add(nonce!)
    expect(headers['x-content-type-options'], where).toBe('nosniff')
    expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin')
    // Every inline script of the page carries this response's nonce.
    const html = await response.text()
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
      if (/\bsrc=/.test(tag) || /type="application\/(ld\+)?json"/.test(tag)) continue
      expect(tag, where).toContain(`nonce="${nonce}"`)
    }
  }
  // A nonce per rendered page: a page from the first-time visitors' cache keeps the one its
  // scripts carry (docs/decisions/010-cached-pages-for-first-time-visitors.md), never another page's.
  expect(nonces.size, 'a nonce of its own per page').toBe(paths.length)
})

test("the back office neither issues nor rewrites a shopper's cookies", async ({ request }) => {
  // A form post on a shop page issues the visitor id; one to the back office's sign-in does not.
  const refused = await request.post('/ru/admin/login', {
    form: { intent: 'login', phone: '901234567', password: 'not-the-password' },
    maxRedirects: 0,
  })
  expect(refused.status()).toBeGreaterThanOrEqual(400)
  expect(Object.keys(cookies(refused))).not.toContain('visitorId')
  expect(Object.keys(cookies(refused))).not.toContain('atir_session')
})

test('a form posted from another site is refused with 403', async ({ request }) => {
  const attempts: { path: string; form: Record<string, string> }[] = [
    { path: '/ru/login', form: { phone: '901234567', password: 'x' } },
    { path: '/ru/basket', form: { intent: 'clear' } },
    { path: '/ru/feedback', form: { name: 'x', text: 'y' } },
  ]
  for (const { path, form } of attempts) {
    const evil = await request.post(path, { form, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 })
    expect(evil.status(), `${path} from evil.example`).toBe(403)
    const nullOrigin = await request.post(path, { form, headers: { Origin: 'null' }, maxRedirects: 0 })
    expect(nullOrigin.status(), `${path} from Origin: null`).toBe(403)
    const noOrigin = await request.post(path, { form, headers: { 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 })
    expect(noOrigin.status(), `${path} cross-site without Origin`).toBe(403)
  }
  // The same post from the shop itself goes through to the action.
  const own = await request.post('/ru/login', {
    form: { phone: '901234567', password: 'x' },
    headers: { Origin: new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin },
    maxRedirects: 0,
  })
  expect(own.status()).not.toBe(403)
})

test('every protected page sends a visitor to the login page', async ({ request }) => {
  const paths = [
    '/ru/profile',
    '/ru/profile/edit',
    '/ru/profile/balance',
    '/ru/profile/cards',
    '/ru/profile/telegram',
    '/ru/profile/settings',
    '/ru/profile/settings/change-number',
    '/ru/profile/settings/change-password',
    '/ru/profile/delete',
    '/uz/my-orders',
    '/uz/my-orders/history',
    '/sr/order/1',
    '/ru/checkout',
    '/ru/checkout/contact',
    '/ru/checkout/payment',
    '/ru/payment/pay/1',
    '/ru/payment/result/1',
  ]
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 })
    expect(response.status(), path).toBeGreaterThanOrEqual(300)
    expect(response.status(), path).toBeLessThan(400)
    expect(response.headers().location, path).toMatch(new RegExp(`^(https?://[^/]+)?/${path.slice(1, 3)}/login\\b`))
  }
})

test('login is refused with 429 after repeated failures for one phone', async ({ request }) => {
  const national = await registerCustomer(request, 'secret-123', 'Dilnoza Karimova')
  const statuses: number[] = []
  for (let i = 0; i < 7; i++) {
    const r = await request.post('/api/v1/auth/login/', { data: { phone: `+998${national}`, password: `wrong-${i}` } })
    statuses.push(r.status())
  }
  expect(
    statuses.slice(0, 5).every((s) => s === 400 || s === 401),
    statuses.join(','),
  ).toBe(true)
  expect(statuses.at(-1)).toBe(429)
  // Even the right password waits now: the limit is on the phone, not on guessing.
  const right = await request.post('/api/v1/auth/login/', {
    data: { phone: `+998${national}`, password: 'secret-123' },
  })
  expect(right.status()).toBe(429)
  expect(right.headers()['retry-after']).toBeTruthy()
  expect((await right.json()).detail).toBeTruthy()
})

test('a second SMS code for one phone too early is refused with 429', async ({ request }) => {
  const national = freshPhone()
  const phone = `+998${national}`
  const first = await request.post('/api/v1/account/registration/entrypoint/', { data: { phone } })
  expect(first.status()).toBe(200)
  const sent = messagesTo(national).length
  const again = await request.post('/api/v1/account/registration/entrypoint/', { data: { phone } })
  expect(again.status()).toBe(429)
  expect(Number(again.headers()['retry-after'])).toBeGreaterThan(0)
  expect((await again.json()).detail).toBeTruthy()
  expect(messagesTo(national).length, 'no second SMS went out').toBe(sent)
})

test('feedback is refused with 429 after the limit for one address', async ({ request }) => {
  // The server trusts X-Forwarded-For from loopback (its reverse proxy): one fresh address for this test alone.
  const address = `10.${Date.now() % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
  const statuses: number[] = []
  for (let i = 0; i < 7; i++) {
    const r = await request.post('/api/v1/feedback/', {
      data: { name: 'Security test', text: `Message ${i}` },
      headers: { 'X-Forwarded-For': address },
    })
    statuses.push(r.status())
  }
  expect(statuses.slice(0, 5), statuses.join(',')).toEqual([201, 201, 201, 201, 201])
  expect(statuses.at(-1)).toBe(429)
})

test('an avatar upload is checked by content: text named .png is refused', async ({ request }) => {
  const national = await registerCustomer(request, 'secret-123', 'Dilnoza Karimova')
  const login = await request.post('/api/v1/auth/login/', {
    data: { phone: `+998${national}`, password: 'secret-123' },
  })
  expect(login.status()).toBe(200)
  const { access } = await login.json()
  const fakes = [
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('this is plain text, not a picture\n'.repeat(20)) },
    {
      name: 'photo.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    },
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('\x89PNG\r\n\x1a\n truncated') },
  ]
  for (const file of fakes) {
    const r = await request.post('/api/v1/account/avatar/', {
      headers: { Authorization: `Bearer ${access}` },
      multipart: { avatar: file },
    })
    expect([400, 415, 422], `${file.name}: ${file.buffer.subarray(0, 20).toString()}`).toContain(r.status())
    expect((await r.json()).detail).toBeTruthy()
  }
  const me = await (await request.get('/api/v1/account/', { headers: { Authorization: `Bearer ${access}` } })).json()
  expect(me.avatar_src ?? me.avatar ?? null).toBeFalsy()
})

// The usual ways a `redirectTo` tries to leave the shop (tests/unit/safe-redirect.test.ts has the full table).
const offSite = [
  '/.//evil.example',
  '/ru/..//evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
  'https://evil.example/ru',
  'javascript:alert(1)',
]

/** The values of the page's `redirectTo` fields. */
async function redirectFields(response: APIResponse) {
  return [...(await response.text()).matchAll(/name="redirectTo" value="([^"]*)"/g)].map((m) => m[1])
}

test('a redirectTo that resolves off the shop falls back to a shop page, signed out and signed in', async ({
  request,
}) => {
  for (const to of offSite) {
    const query = `redirectTo=${encodeURIComponent(to)}`
    for (const page of ['/ru/login', '/ru/register']) {
      const response = await request.get(`${page}?${query}`, { maxRedirects: 0 })
      expect(response.status(), `${page} ${JSON.stringify(to)}`).toBe(200)
      expect(await redirectFields(response), `${page} ${JSON.stringify(to)}`).toEqual(['/ru'])
    }
    const basket = await request.post('/ru/basket', {
      form: { intent: 'add', product_id: 'x1', redirectTo: to },
      maxRedirects: 0,
    })
    expect(basket.headers().location, `basket ${JSON.stringify(to)}`).toBe('/ru/basket')
  }

  const { national, login } = await signIn(request)
  expect(login.headers().location).toBe('/ru')
  for (const to of offSite) {
    const again = await request.post('/ru/login', {
      form: { phone: national, password: 'secret-123', redirectTo: to },
      maxRedirects: 0,
    })
    expect(again.status(), `login ${JSON.stringify(to)}`).toBe(302)
    expect(again.headers().location, `login ${JSON.stringify(to)}`).toBe('/ru')
    // The signed-in are sent on from the sign-in pages: to the shop, never off it.
    for (const page of ['/ru/login', '/ru/register']) {
      const onwards = await request.get(`${page}?redirectTo=${encodeURIComponent(to)}`, { maxRedirects: 0 })
      expect(onwards.headers().location, `${page} ${JSON.stringify(to)}`).toBe('/ru')
    }
  }
})

test('a storefront action sent anything but a form answers 415 or 400 with the localised page, never 500', async ({
  request,
}) => {
  const slug = await firstOf(request, 'products/?size=1', 'slug')
  await signIn(request)
  // Signed in, so the protected actions get as far as reading their form.
  const actions = [
    '/login',
    '/basket',
    '/checkout/payment',
    '/profile/edit',
    '/profile/settings/change-password',
    `/products/${slug}`,
    '/feedback',
  ]
  const bodies: { name: string; status: number; headers: Record<string, string>; data?: string }[] = [
    { name: 'JSON', status: 415, headers: { 'Content-Type': 'application/json' }, data: '{"phone":"901234567"}' },
    { name: 'text/plain', status: 415, headers: { 'Content-Type': 'text/plain' }, data: 'phone=901234567' },
    { name: 'no body', status: 400, headers: {}, data: undefined },
    {
      name: 'broken multipart',
      status: 400,
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      data: 'not a multipart body',
    },
  ]
  const texts = {
    ru: { title: 'Произошла ошибка', text: 'Магазин не смог прочитать отправленную форму.' },
    uz: { title: 'Хатолик юз берди', text: 'Дўкон юборилган формани ўқий олмади.' },
  }
  // A browser's User-Agent: bots get a bare status page instead (SPEC §8).
  const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'
  for (const [lang, expected] of Object.entries(texts)) {
    for (const action of actions) {
      for (const body of bodies) {
        const label = `${body.name} to /${lang}${action}`
        const response = await request.post(`/${lang}${action}`, {
          headers: { ...body.headers, 'User-Agent': userAgent },
          data: body.data,
          maxRedirects: 0,
        })
        expect(response.status(), label).toBe(body.status)
        const html = await response.text()
        expect(html, label).toContain(expected.title)
        expect(html, label).toContain(expected.text)
        // Inside the shop: its header and the way home, as on a 404.
        expect(html, label).toContain('class="site-header"')
        expect(html, label).toContain(`href="/${lang}"`)
      }
    }
  }
  // React Router's own requests from a page with JavaScript (`.data`) are answered the same way.
  const data = await request.post('/ru/login.data', {
    headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
    data: '{}',
  })
  expect(data.status()).toBe(415)
  expect(await data.text()).toContain(texts.ru.text)

  // An action that reads no form still takes a bare POST: the story viewer's "read" beacon.
  const stories = await (await request.get('/api/v1/common/story/')).json()
  const item = stories.results?.[0]?.items?.[0]?.id
  expect(item, 'the demo catalogue has a story').toBeTruthy()
  const beacon = await request.post(`/ru/story-read/${item}`)
  expect(beacon.status()).toBe(200)
  expect((await beacon.json()).is_read).toBe(true)
})

/** Every route module that has an action, as its URL pattern (`:lang/products/:slug`), from app/routes.ts. */
function actionRoutes(entries: RouteConfigEntry[] = routes, parent = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path].filter(Boolean).join('/')
    const source = readFileSync(new URL(`../../app/${entry.file}`, import.meta.url), 'utf8')
    const own = /export (async )?(function|const) action\b/.test(source) && !path.includes('*') ? [path] : []
    return [...own, ...actionRoutes(entry.children ?? [], path)]
  })
}

test('every storefront and back-office action sent no body, a chunked one or an empty form: never a 5xx', async ({
  playwright,
  baseURL,
}) => {
  const visitor = await playwright.request.newContext({ baseURL })
  const slug = await firstOf(visitor, 'products/?size=1', 'slug')
  const values: Record<string, string> = { lang: 'ru', slug, kind: 'brands' }
  const patterns = actionRoutes()
  expect(patterns.length).toBeGreaterThan(40)
  const urls = patterns.map((p) => `/${p.replace(/:(\w+)/g, (_, name: string) => values[name] ?? '1')}`)

  const customer = await playwright.request.newContext({ baseURL })
  await signIn(customer)
  const staff = await playwright.request.newContext({ baseURL })
  const desk = await staff.post('/ru/admin/login', {
    form: { intent: 'login', phone: demoOwner.phone.replace('+998', ''), password: demoOwner.password },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(desk.status()).toBe(302)
  const cookieOf = async (context: APIRequestContext) =>
    (await context.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  const who = { visitor: '', customer: await cookieOf(customer), staff: await cookieOf(staff) }

  const sweep = async (paths: string[]) => {
    for (const url of paths)
      for (const [name, cookie] of Object.entries(who)) {
        if (name === 'staff' && !url.startsWith('/ru/admin')) continue
        if (name === 'customer' && url.startsWith('/ru/admin')) continue
        for (const framing of ['none', 'chunked', 'length'] as const) {
          const headers: Record<string, string> = { Origin: baseURL!, Cookie: cookie }
          if (framing === 'length') headers['Content-Type'] = 'application/x-www-form-urlencoded'
          const answer = await sendRaw(`${baseURL}${url}`, { method: 'POST', headers, transport: framing })
          expect(answer.status, `${framing} POST ${url} as ${name}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
          // A body without a length never reaches an action (browsers always send one).
          if (framing === 'chunked') expect(answer.status, `chunked POST ${url}`).toBe(411)
        }
      }
  }
  const signingOut = urls.filter((url) => url.endsWith('/logout'))
  await sweep(urls.filter((url) => !signingOut.includes(url)))
  // Nothing unconfirmed did anything lasting: both are still signed in (the account was not deleted).
  expect((await customer.get('/ru/profile', { maxRedirects: 0 })).status()).toBe(200)
  expect((await staff.get('/ru/admin', { maxRedirects: 0 })).status()).toBe(200)
  await sweep(signingOut)
  await Promise.all([visitor, customer, staff].map((context) => context.dispose()))
})
