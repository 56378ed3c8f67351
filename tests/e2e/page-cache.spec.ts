import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import { registerCustomer } from './support/customer.ts'
import { hydrated, main, toasts, visit, watchErrors } from './support/page.ts'
import { ownerToken } from './support/staff.ts'

// Cached pages (server/page-cache.ts): a visitor with no cookie gets the
// product page whole from the page cache; returning visitors and signed-in
// shoppers get the same cached pages with their own parts filled in (counts,
// name, the product's buttons, a toast), never another's; a stock change or a
// back-office edit shows on the next request. With and without JavaScript.

type Product = { id: number; slug: string; title: string; stock: number; price: number }

/**
 * An in-stock product at its regular price (the page's structured data then
 * carries `price`) that no other spec uses: one per project and slot, at a fixed
 * place in the oldest-first list, which specs running alongside cannot shift as
 * they count stock to 0 or set sales (a price-ordered in-stock list did, and
 * two tests took one product): the first six of that page (a card per size) in stock
 * at their regular price as the demo catalogue seeds them.
 */
async function productFor(request: APIRequestContext, slot: 0 | 1 | 2): Promise<Product> {
  const index = (test.info().project.name === 'chromium-js' ? 0 : 3) + slot
  const list = await request.get('/api/v1/products/?ordering=created_at&page=7&size=12&sizes=separate')
  const fit = ((await list.json()).results as { slug: string; in_stock: boolean; sale_price: number | null }[]).filter(
    (p) => p.in_stock && p.sale_price === null,
  )
  const slug = fit[index]?.slug
  expect(slug, 'six products on the page in stock at their regular price').toBeTruthy()
  const product = await (await request.get(`/api/v1/products/${slug}/`)).json()
  expect(product.stock, `${slug} is in stock`).toBeGreaterThan(0)
  expect(product.sale_price, `${slug} is at its regular price`).toBeNull()
  return product as Product
}

/** A request as a first-time visitor sends it: no cookie at all. */
async function firstTimeVisit(path: string) {
  const response = await fetch(new URL(path, test.info().project.use.baseURL), {
    headers: { 'Accept-Encoding': 'br, gzip' },
  })
  return { response, body: await response.text(), cache: response.headers.get('x-cache') }
}

/** Visits until the page comes from the cache (it is kept once compressed, just after the first answer). */
async function cachedFor(path: string) {
  await expect.poll(async () => (await firstTimeVisit(path)).cache).toBe('hit')
  return firstTimeVisit(path)
}

async function shopperPage(browser: Browser, request: APIRequestContext, name: string) {
  const password = 'cache-pass-1'
  const phone = await registerCustomer(request, password, name)
  const page = await (await browser.newContext()).newPage()
  // Signed in through the login form's post, in the browser's own cookie jar (the login page has its own specs).
  const login = await page.request.post('/ru/login', { form: { phone, password }, maxRedirects: 0 })
  expect(login.status(), await login.text()).toBeGreaterThanOrEqual(300)
  expect((await page.context().cookies()).map((c) => c.name)).toContain('atir_session')
  return page
}

const header = (page: Page) => page.getByRole('banner')
const basketBadge = (page: Page, count: number) =>
  header(page).getByRole('link', { name: `Корзина: ${count}`, exact: true })

test('a first-time visitor gets the product page from the cache, whole and working', async ({ page, request }) => {
  const product = await productFor(request, 0)
  const path = `/ru/products/${product.slug}`
  const first = await firstTimeVisit(path)
  expect(first.response.status).toBe(200)
  expect(first.response.headers.get('cache-control')).toMatch(/^public, .*s-maxage=\d+/)
  expect(first.response.headers.get('vary')).toMatch(/Cookie/)
  // No visitor id for merely reading: the one cookie is the language's, the same for everyone here.
  expect(first.response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['i18n_redirected'])

  const hit = await cachedFor(path)
  // The scripts' nonce is the one the cached Content-Security-Policy allows.
  const nonce = /'nonce-([^']+)'/.exec(hit.response.headers.get('content-security-policy') ?? '')?.[1]
  expect(nonce).toBeTruthy()
  const nonces = new Set([...hit.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))
  expect([...nonces]).toEqual([nonce])

  // In a browser the cached page shows, hydrates (with JavaScript) and adds to the basket.
  const errors = watchErrors(page)
  await visit(page, path)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.title)
  await main(page)
    .getByRole('button', { name: `В корзину: ${product.title}`, exact: true })
    .click()
  await expect(toasts(page).getByText('Товар добавлен в корзину')).toBeVisible()
  await expect(basketBadge(page, 1)).toBeVisible()
  // The basket's first change issued the visitor id.
  expect((await page.context().cookies()).map((c) => c.name)).toContain('visitorId')
  expect(errors).toEqual([])
})

test("two shoppers and a visitor: each sees their own name and badges, never another's page", async ({
  browser,
  request,
}) => {
  // Two registrations and sign-ins: slow on a busy machine.
  test.slow()
  const product = await productFor(request, 1)
  const path = `/ru/products/${product.slug}`
  await cachedFor(path)
  // Names no demo customer has: the demo's reviews name theirs on product pages.
  const mohira = await shopperPage(browser, request, 'Мохира Тошпулатова')
  const ulugbek = await shopperPage(browser, request, 'Улугбек Эргашев')

  // Mohira puts the product in her basket.
  await visit(mohira, path)
  await main(mohira)
    .getByRole('button', { name: `В корзину: ${product.title}`, exact: true })
    .click()
  await expect(toasts(mohira).getByText('Товар добавлен в корзину')).toBeVisible()

  for (const [page, name, other, basket] of [
    [mohira, 'Мохира', 'Улугбек', 1],
    [ulugbek, 'Улугбек', 'Мохира', 0],
  ] as const) {
    await visit(page, path)
    await expect(header(page).getByRole('button', { name: `Меню профиля: ${name}` })).toBeVisible()
    await expect(header(page).getByText(other)).toHaveCount(0)
    await expect(basketBadge(page, basket)).toBeVisible()
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(product.title)
  }
  await expect(main(mohira).getByRole('link', { name: 'В корзине', exact: true })).toBeVisible()

  // The visitor, after both: the shared page, with no one's name, basket or sign-in.
  const visitor = await (await browser.newContext()).newPage()
  await visit(visitor, path)
  await expect(header(visitor).getByRole('link', { name: 'Войти' })).toBeVisible()
  await expect(header(visitor).getByText(/Мохира|Улугбек/)).toHaveCount(0)
  await expect(basketBadge(visitor, 0)).toBeVisible()
  const shared = await cachedFor(path)
  expect(shared.body).not.toMatch(/Мохира|Улугбек/)
  for (const page of [mohira, ulugbek, visitor]) await page.context().close()
})

test("a stock change and a back-office edit show on the visitor's next request", async ({ page, request }) => {
  const product = await productFor(request, 2)
  const path = `/ru/products/${product.slug}`
  const token = await ownerToken(request)
  const auth = { Authorization: `Bearer ${token}` }
  expect((await cachedFor(path)).body).toContain(`"price":${product.price}`)

  // The warehouse counts it to 0.
  const counted = await request.post(`/api/v1/admin/stock/products/${product.id}/corrections/`, {
    headers: auth,
    data: { seen: product.stock, counted: 0, reason: 'page cache test' },
  })
  expect(counted.status(), await counted.text()).toBe(200)
  await visit(page, path)
  await expect(main(page).getByText('Нет в наличии').first()).toBeVisible()
  await expect(main(page).getByRole('button', { name: `В корзину: ${product.title}`, exact: true })).toHaveCount(0)

  // A manager changes the price: the next first-time request has it, from a new render.
  const cached = await cachedFor(path)
  expect(cached.body).not.toContain(`"price":${product.price + 1000}`)
  const edited = await request.patch(`/api/v1/admin/products/${product.id}/`, {
    headers: auth,
    data: { price: product.price + 1000 },
  })
  expect(edited.status(), await edited.text()).toBe(200)
  const next = await firstTimeVisit(path)
  expect(next.body).toContain(`"price":${product.price + 1000}`)
})

/** Opens `path` as a document (never a client navigation) and waits as `visit` does: the page cache's word on it. */
/**
 * Opens a page and says whether it came from the page cache. Any catalogue change (other tests
 * make them all along) starts a new template, so callers poll for a hit rather than expect the first.
 */
async function open(page: Page, path: string) {
  const response = await page.goto(path)
  await hydrated(page)
  return response?.headers()['x-cache']
}

test("a returning visitor and a signed-in shopper get their own counts, cards and basket button from the cached pages, never another's", async ({
  browser,
  request,
}) => {
  // A registration and a sign-in: slow on a busy machine.
  test.slow()
  const product = await productFor(request, 1)
  const path = `/ru/products/${product.slug}`
  // A list with the product's card: a search for its title.
  const list = `/ru/products?search=${encodeURIComponent(product.title)}`
  await cachedFor(path)
  await cachedFor(list)
  const visitor = await (await browser.newContext()).newPage()
  const shopper = await shopperPage(browser, request, 'Нилуфар Юсупова')
  const stranger = await (await browser.newContext()).newPage()
  const errors = [visitor, shopper, stranger].map(watchErrors)
  const add = (page: Page) => main(page).getByRole('button', { name: `В корзину: ${product.title}`, exact: true })
  const inBasket = (page: Page) => main(page).getByRole('link', { name: 'В корзине', exact: true })
  const favourite = (page: Page) =>
    main(page)
      .getByRole('button', { name: `В избранное: ${product.title}`, exact: true })
      .first()
  const savedBadge = (page: Page, count: number) =>
    header(page).getByRole('link', { name: `Избранное: ${count}`, exact: true })

  // The visitor puts the product in the basket from its page; the shopper likes it from the list.
  await visit(visitor, path)
  await add(visitor).click()
  await expect(toasts(visitor).getByText('Товар добавлен в корзину')).toBeVisible()
  await visit(shopper, list)
  await favourite(shopper).click()
  await expect(toasts(shopper).getByText('Добавлено в избранное')).toBeVisible()

  for (const [page, basket, liked] of [
    [visitor, 1, false],
    [shopper, 0, true],
    [stranger, 0, false],
  ] as const) {
    await expect.poll(() => open(page, path), { message: 'the product page from the page cache' }).toBe('hit')
    await expect(basketBadge(page, basket)).toBeVisible()
    if (basket) {
      await expect(inBasket(page)).toBeVisible()
      await expect(main(page).getByRole('spinbutton').first()).toHaveValue('1')
      await expect(add(page)).toHaveCount(0)
    } else {
      await expect(add(page)).toBeVisible()
      await expect(inBasket(page)).toHaveCount(0)
    }
    await expect(favourite(page)).toHaveAttribute('aria-pressed', String(liked))
    await expect.poll(() => open(page, list), { message: 'the list from the page cache' }).toBe('hit')
    await expect(favourite(page)).toHaveAttribute('aria-pressed', String(liked))
    await expect(savedBadge(page, liked ? 1 : 0)).toBeVisible()
    await expect(basketBadge(page, basket)).toBeVisible()
  }
  await expect(header(shopper).getByRole('button', { name: 'Меню профиля: Нилуфар' })).toBeVisible()
  for (const page of [visitor, stranger]) await expect(header(page).getByText('Нилуфар')).toHaveCount(0)
  // The cached pages hydrate with their shopper's own data: no mismatch, no error.
  expect(errors.flat()).toEqual([])
  for (const page of [visitor, shopper, stranger]) await page.context().close()
})

test("a page with a toast is its shopper's alone", async ({ browser, request }) => {
  const product = await productFor(request, 2)
  const path = `/ru/products/${product.slug}`
  await cachedFor(path)
  const visitor = await (await browser.newContext()).newPage()
  await visit(visitor, path)
  await main(visitor)
    .getByRole('button', { name: `В корзину: ${product.title}`, exact: true })
    .click()
  await expect(toasts(visitor).getByText('Товар добавлен в корзину')).toBeVisible()

  // Another visitor on the same page right after: the cached page, with no one's toast.
  const other = await (await browser.newContext()).newPage()
  await expect.poll(() => open(other, path)).toBe('hit')
  await expect(main(other).getByRole('heading', { level: 1 })).toHaveText(product.title)
  await expect(toasts(other).getByText('Товар добавлен в корзину')).toHaveCount(0)
  // The visitor's own next page shows it no more: it was shown once.
  await open(visitor, path)
  await expect(toasts(visitor).getByText('Товар добавлен в корзину')).toHaveCount(0)
  for (const page of [visitor, other]) await page.context().close()
})

test("the sign-in page comes from the cache with the visitor's own badge; signed in, it sends them on", async ({
  browser,
  request,
}) => {
  // A registration and a sign-in: slow on a busy machine.
  test.slow()
  const product = await productFor(request, 0)
  // Where a visitor's checkout sends them.
  const path = '/ru/login?redirectTo=%2Fru%2Fbasket'
  expect((await cachedFor(path)).response.headers.get('cache-control')).toMatch(/^public, /)
  // A failed sign-in's answer shows what was typed: its sender's alone, never a shared cache's.
  const failed = await request.post(path, { form: { phone: '901234567', password: 'wrong-pass-1' }, maxRedirects: 0 })
  expect(failed.status()).toBe(400)
  expect(failed.headers()['cache-control']).toBe('private, no-store')
  const visitor = await (await browser.newContext()).newPage()
  const errors = watchErrors(visitor)
  await visit(visitor, `/ru/products/${product.slug}`)
  await main(visitor)
    .getByRole('button', { name: `В корзину: ${product.title}`, exact: true })
    .click()
  await expect(toasts(visitor).getByText('Товар добавлен в корзину')).toBeVisible()
  await expect.poll(() => open(visitor, path), { message: 'the sign-in page from the page cache' }).toBe('hit')
  await expect(basketBadge(visitor, 1)).toBeVisible()

  // The cached form signs in and goes where the page was asked to.
  const password = 'cache-pass-2'
  const national = await registerCustomer(request, password, 'Дилноза Каримова')
  await main(visitor).getByRole('textbox', { name: 'Номер телефона' }).fill(national)
  await main(visitor).getByLabel('Пароль', { exact: true }).fill(password)
  await main(visitor).getByRole('button', { name: 'Войти' }).click()
  await expect(toasts(visitor).getByText('Вы успешно вошли в аккаунт')).toBeVisible()
  await expect(visitor).toHaveURL(/\/ru\/basket$/)

  // Signed in, the sign-in page is no longer theirs: it sends them on, never served from the cache.
  const again = await visitor.goto(path)
  await expect(visitor).toHaveURL(/\/ru\/basket$/)
  expect(again?.headers()['x-cache']).toBeUndefined()
  await expect(header(visitor).getByRole('button', { name: 'Меню профиля: Дилноза' })).toBeVisible()
  expect(errors).toEqual([])
  await visitor.context().close()
})
