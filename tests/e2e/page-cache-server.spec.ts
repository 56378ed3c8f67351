import { expect, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'

// A page from the page cache with its shopper's parts filled in
// (server/page-cache.ts, docs/decisions/017-cached-pages-for-everyone.md) is
// what a render for that shopper gives: the HTML a browser without JavaScript
// shows and the loader data a browser hydrates with. Compared here byte for
// byte with the same request rendered for itself (an Authorization header
// keeps a request out of the page cache), but for the scripts' nonce, which is
// each answer's own.

const base = () => test.info().project.use.baseURL as string
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

async function get(path: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, base()), {
    headers: { Cookie: cookie, 'User-Agent': userAgent, 'Accept-Encoding': 'identity', ...headers },
  })
  const body = await response.text()
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? ''
  return { response, body, cache: response.headers.get('x-cache'), nonce }
}

/** A form post as a browser without JavaScript sends it: the cookies its answer sets, added to `cookie`. */
async function post(path: string, cookie: string, form: Record<string, string>) {
  const response = await fetch(new URL(path, base()), {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, Origin: new URL(base()).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })
  expect(response.status, `${path} ${JSON.stringify(form)}`).toBeLessThan(400)
  const split = (pair: string) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] as const
  const jar = new Map(cookie.split('; ').map(split))
  for (const line of response.headers.getSetCookie()) {
    const [name, value] = split(line.split(';')[0]!)
    if (value) jar.set(name, value)
    else jar.delete(name)
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
}

/** The page from the cache and rendered for the request, the same but for the nonce. */
async function expectSameAsRendered(path: string, cookie: string) {
  await get(path, cookie)
  const as = cookie
    .split('; ')
    .map((c) => c.split('=')[0])
    .join(', ')
  // A catalogue change between the two (another spec's) renders both anew, and a first-time visitor's
  // page is kept whole a moment after its first answer: asked again until both are settled.
  await expect
    .poll(
      async () => {
        const cached = await get(path, cookie)
        const rendered = await get(path, cookie, { Authorization: 'a request rendered for itself' })
        return {
          cache: cached.cache,
          rendered: rendered.cache,
          cacheControl: cached.response.headers.get('cache-control') === rendered.response.headers.get('cache-control'),
          same: cached.body.replaceAll(cached.nonce, 'N') === rendered.body.replaceAll(rendered.nonce, 'N'),
        }
      },
      { message: `${path} as ${as}`, timeout: 30_000 },
    )
    .toEqual({ cache: 'hit', rendered: null, cacheControl: true, same: true })
}

test('a cached page is byte for byte the page rendered for its shopper', async ({ request }) => {
  test.slow()
  const popular = await (await request.get('/api/v1/products/?ordering=popularity&size=4')).json()
  const [first, second, third] = popular.results as { id: number; slug: string; title: string }[]
  const pages = [
    '/ru',
    `/ru/products/${first!.slug}`,
    `/ru/products?search=${encodeURIComponent(first!.title)}`,
    '/ru/products?sections=womens-perfume',
  ]
  // A returning visitor with a product in the basket and another in the favourites.
  let visitor = await post('/ru/basket', 'i18n_redirected=ru', { intent: 'add', product_id: String(first!.id) })
  visitor = await post('/ru/saved', visitor, { intent: 'like', product_id: String(second!.id) })
  // A signed-in shopper with two in the basket and a favourite.
  const password = 'cache-bytes-1'
  const phone = await registerCustomer(request, password, 'Гулнора Саидова')
  let shopper = await post('/ru/login', 'i18n_redirected=ru', { phone, password })
  shopper = await post('/ru/basket', shopper, { intent: 'add', product_id: String(first!.id) })
  shopper = await post('/ru/basket', shopper, { intent: 'add', product_id: String(third!.id) })
  shopper = await post('/ru/saved', shopper, { intent: 'like', product_id: String(first!.id) })
  for (const cookie of [visitor, shopper]) expect(cookie).toContain('atir_flash=')
  // Their toasts shown once (a page with one is the next test's); then each page as each of them.
  const without = (cookie: string) =>
    cookie
      .split('; ')
      .filter((c) => !c.startsWith('atir_flash='))
      .join('; ')
  for (const cookie of ['i18n_redirected=ru', without(visitor), without(shopper)])
    for (const path of pages) await expectSameAsRendered(path, cookie)

  const signedIn = await get(`/ru/products/${first!.slug}`, without(shopper))
  expect(signedIn.body).toContain('Гулнора')
  expect(signedIn.response.headers.get('cache-control')).toBe('private, no-store')
})

test("a toast is filled into its shopper's page alone, once, and its cookie cleared", async ({ request }) => {
  const popular = await (await request.get('/api/v1/products/?ordering=popularity&size=1')).json()
  const product = popular.results[0] as { id: number; slug: string }
  const path = `/ru/products/${product.slug}`
  // The page's template kept (a first-time visitor's page whole a moment after its first answer).
  await expect.poll(async () => (await get(path, 'i18n_redirected=ru')).cache).toBe('hit')
  const added = await post('/ru/basket', 'i18n_redirected=ru', { intent: 'add', product_id: String(product.id) })
  expect(added).toContain('atir_flash=')

  const withToast = await get(path, added)
  expect(withToast.cache).toBe('hit')
  expect(withToast.body).toContain('Товар добавлен в корзину')
  // Shown, so cleared: the browser forgets the flash cookie.
  expect(withToast.response.headers.getSetCookie().find((c) => c.startsWith('atir_flash='))).toMatch(/Max-Age=0/)
  // The same page rendered for that request has the toast in the same place.
  const rendered = await get(path, added, { Authorization: 'a request rendered for itself' })
  expect(withToast.body.replaceAll(withToast.nonce, 'N')).toBe(rendered.body.replaceAll(rendered.nonce, 'N'))

  // No one else's page has it: not a first-time visitor's, not another visitor's with a basket.
  const other = await post('/ru/basket', 'i18n_redirected=ru', { intent: 'add', product_id: String(product.id) })
  const otherCookie = other
    .split('; ')
    .filter((c) => !c.startsWith('atir_flash='))
    .join('; ')
  for (const cookie of ['i18n_redirected=ru', otherCookie]) {
    const page = await get(path, cookie)
    expect(page.cache).toBe('hit')
    expect(page.body).not.toContain('Товар добавлен в корзину')
  }
})

test("a change of the shopper's own made elsewhere is on their next cached page", async ({ request }) => {
  const popular = await (await request.get('/api/v1/products/?ordering=popularity&size=2')).json()
  const [first, second] = popular.results as { id: number; slug: string }[]
  const path = `/ru/products/${first!.slug}`
  const password = 'cache-elsewhere-1'
  const phone = await registerCustomer(request, password, 'Шахзод Каримов')
  const shopper = (await post('/ru/login', 'i18n_redirected=ru', { phone, password }))
    .split('; ')
    .filter((c) => !c.startsWith('atir_flash='))
    .join('; ')
  // Their page from the cache with an empty basket, read once: their values are remembered from here.
  await expectSameAsRendered(path, shopper)
  expect((await get(path, shopper)).body).toContain('aria-label="Корзина: 0"')

  // The same shopper on another device (the Mini App, a second phone) fills the basket through the API.
  const login = await request.post('/api/v1/auth/login/', { data: { phone: `+998${phone}`, password } })
  expect(login.status()).toBe(200)
  const { access } = await login.json()
  const added = await request.post('/api/v1/orders/cart/products/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { product_id: second!.id, quantity: 2 },
  })
  expect(added.status()).toBe(200)

  // The next page shows it (the database named the shopper when the line was written), and is their render.
  const next = await get(path, shopper)
  expect(next.cache).toBe('hit')
  expect(next.body).toContain('aria-label="Корзина: 2"')
  await expectSameAsRendered(path, shopper)
})
