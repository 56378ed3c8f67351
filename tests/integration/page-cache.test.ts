import type { AddressInfo } from 'node:net'
import express from 'express'
import { isbot } from 'isbot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { metrics } from '#api/metrics.ts'
import { privateCache, publicCache } from '#app/utils/http-cache.ts'
import type { SharedRender } from '#app/utils/shared-render.server.ts'
import { pageCache } from '../../server/page-cache.ts'
import { untilNotice, untilState } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { addToBasket, checkoutAs, orderMaker } from './support/orders.ts'
import { secondProcess } from './support/second-process.ts'
import { signedInStaff } from './support/staff.ts'

// The page cache (server/page-cache.ts) on a second shop "process"
// (support/second-process.ts), in front of a stand-in for the storefront: a
// product page rendered from that process's API. A change through this one
// (an order taking stock, a back-office edit) shows on the other's next page.
// What a real page's personal parts become is the e2e's (tests/e2e/page-cache.spec.ts).

const t = setupTestApi({ products: 20 })
const orders = orderMaker(t)
const other = secondProcess(t)
let base = ''
let renders = 0
let close = () => {}

/** The product page as the storefront would render it for `request`; `shared` when rendered for everyone. */
async function productPage(request: Request, shared?: SharedRender) {
  renders++
  const url = new URL(request.url)
  const slug = url.pathname.split('/').at(-1)
  // As the storefront's API client does: a page for everyone learns whose number in stock it shows.
  const answer = await other.api.fetch(new Request(`http://shop.test/api/v1/products/${slug}/`), {
    stockShown: (ids: readonly number[]) => shared?.showsStockOf(ids),
  })
  const product = (await answer.json()) as { price: number; stock: number }
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', Vary: 'Cookie' })
  headers.set('Cache-Control', request.headers.get('cookie')?.includes('atir_session') ? privateCache : publicCache)
  if (url.searchParams.has('visitor')) headers.append('Set-Cookie', 'visitorId=abcdefghijklmnopqrstuv; Path=/')
  // A block whose call failed (the page is still a 200 without it).
  if (url.searchParams.has('failed') && shared) shared.failed = true
  return new Response(`<p>price ${product.price}, stock ${product.stock}</p>`, { headers })
}

/** A page that differs for bots, as the home page does (its shelves further down), and says so by Vary. */
async function homePage(request: Request) {
  renders++
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', Vary: 'Cookie, User-Agent' })
  headers.set('Cache-Control', publicCache)
  const bot = isbot(request.headers.get('user-agent'))
  return new Response(bot ? '<p>every shelf</p>' : '<p>shelves to come</p>', { headers })
}

beforeAll(async () => {
  const app = express()
  app.use((_req, res, next) => {
    res.locals.nonce = 'test-nonce'
    next()
  })
  app.use(
    pageCache(other.database.db, {
      api: other.api,
      sharedPage: (path) => (path.startsWith('/ru/products/') || path === '/ru' ? 'everyone' : null),
      render: (request, shared) =>
        new URL(request.url).pathname === '/ru' ? homePage(request) : productPage(request, shared),
    }),
  )
  // What the cache passes on: rendered for the request.
  app.use(async (req, res) => {
    const request = new Request(`http://shop.test${req.originalUrl}`, {
      headers: { cookie: req.get('cookie') ?? '', 'user-agent': req.get('user-agent') ?? '' },
    })
    const page = req.path === '/ru' ? await homePage(request) : await productPage(request)
    res.status(page.status)
    for (const [name, value] of page.headers) res.append(name, value)
    res.send(await page.text())
  })
  const listening = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => listening.once('listening', resolve))
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`
  close = () => listening.close()
})

afterAll(() => close())

const visit = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(base + path, { headers })
  return { cache: response.headers.get('x-cache'), body: await response.text(), headers: response.headers }
}

/** Visits until the page comes from the cache (it is kept once compressed, just after the first answer). */
async function cached(path: string, headers: Record<string, string> = {}) {
  await vi.waitFor(async () => expect((await visit(path, headers)).cache).toBe('hit'), untilState)
  return visit(path, headers)
}

async function aProduct(offset: number) {
  const { body } = await t.json(`products/?size=1&page=${offset}`)
  return body.results[0] as { id: number; slug: string; price: number; stock: number }
}

/** Shared pages served from the cache (`hit`) or rendered first (`miss`), as /metrics counts them. */
async function served(result: 'hit' | 'miss', shopper: 'anonymous' | 'personal') {
  const series = `atir_page_cache_requests_total{result="${result}",shopper="${shopper}"}`
  const line = (await metrics.metrics()).split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe('the page cache', () => {
  it('renders a page once for everyone: whole for a visitor who owns nothing, filled in for anyone else', async () => {
    const { slug } = await aProduct(1)
    const path = `/ru/products/${slug}`
    const first = await visit(path)
    expect(first.cache).toBe('miss')
    // Kept whole once compressed: from then on every first-time visitor gets the same bytes without a render.
    const hit = await cached(path)
    const before = renders
    const hits = await served('hit', 'anonymous')
    for (let i = 0; i < 3; i++) expect((await visit(path)).cache).toBe('hit')
    // A visitor id alone owns nothing: the same whole page.
    expect((await visit(path, { Cookie: 'visitorId=abcdefghijklmnopqrstuv' })).cache).toBe('hit')
    expect(await served('hit', 'anonymous')).toBe(hits + 4)
    expect(hit.body).toBe(first.body)
    expect(hit.headers.get('cache-control')).toBe(publicCache)
    expect(hit.headers.get('etag')).toBeTruthy()
    expect(hit.headers.get('vary')).toMatch(/Cookie/)
    // A browser asking again with the ETag gets a 304.
    const again = await fetch(base + path, { headers: { 'If-None-Match': hit.headers.get('etag')! } })
    expect(again.status).toBe(304)

    // A basket cookie or a session (this one's signature is not the shop's: no one signed in): the
    // template with their parts, private, with no ETag and no render.
    const personal = await served('hit', 'personal')
    for (const cookie of ['atir_session=x', 'atir_basket=1; visitorId=abcdefghijklmnopqrstuv']) {
      const page = await visit(path, { Cookie: cookie })
      expect(page.cache, cookie).toBe('hit')
      expect(page.headers.get('cache-control')).toBe(privateCache)
      expect(page.headers.get('etag')).toBeNull()
      expect(page.body).toBe(first.body)
    }
    expect(await served('hit', 'personal')).toBe(personal + 2)
    expect(renders).toBe(before)
  })

  it("keeps a bot's page apart from a browser's, and one page for all browsers whatever their user agent", async () => {
    const phone = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36' }
    const desktop = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36' }
    const googlebot = { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }
    await cached('/ru', phone)
    expect(await visit('/ru', desktop)).toMatchObject({ cache: 'hit', body: '<p>shelves to come</p>' })
    expect(await visit('/ru', googlebot)).toMatchObject({ cache: 'miss', body: '<p>every shelf</p>' })
    expect((await cached('/ru', googlebot)).body).toBe('<p>every shelf</p>')
    expect((await visit('/ru', phone)).body).toBe('<p>shelves to come</p>')
  })

  it('keeps no page that sets a personal cookie or had a call fail, and renders it for each request', async () => {
    for (const query of ['visitor=1', 'failed=1']) {
      const { slug } = await aProduct(2)
      const path = `/ru/products/${slug}?${query}`
      await visit(path)
      const before = renders
      for (let i = 0; i < 3; i++) expect((await visit(path)).cache, query).toBeNull()
      // Each: the attempt at a page for everyone, then the page for the request.
      expect(renders).toBe(before + 6)
    }
  })

  it('shows an order taking stock through the other process on the next page, and keeps every other page', async () => {
    const { productId } = await orders.place({ stock: 9, quantity: 2, price: 111_000 })
    const { body } = await t.json(`products/?size=50`)
    const slug = body.results.find((p: { id: number }) => p.id === productId).slug as string
    const path = `/ru/products/${slug}`
    expect((await cached(path)).body).toContain('stock 7')
    const another = `/ru/products/${body.results.find((p: { id: number }) => p.id !== productId).slug}`
    await cached(another)
    // A second order of the same product, 3 more units, paid in cash on pickup.
    const customer = await orders.customer()
    await addToBasket(t, customer, productId, 3)
    const placed = await checkoutAs(t, customer)
    expect(placed.status).toBe(201)
    await vi.waitFor(async () => expect((await visit(path)).body).toContain('stock 4'), untilNotice)
    // Still in stock: no list or other page shows what changed, so theirs is the page kept.
    const before = renders
    expect((await visit(another)).cache).toBe('hit')
    expect(renders).toBe(before)
  })

  it('shows a back-office price change through the other process on the next page', async () => {
    const product = await aProduct(3)
    const path = `/ru/products/${product.slug}`
    expect((await cached(path)).body).toContain(`price ${product.price}`)
    const manager = await signedInStaff(t, 'manager')
    const changed = await t.json(`admin/products/${product.id}/`, {
      method: 'PATCH',
      token: manager.token,
      body: JSON.stringify({ price: product.price + 1000 }),
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    await vi.waitFor(
      async () => expect((await visit(path)).body).toContain(`price ${product.price + 1000}`),
      untilNotice,
    )
    // The template the shoppers' pages are filled from is the new one too.
    expect((await visit(path, { Cookie: 'atir_basket=1' })).body).toContain(`price ${product.price + 1000}`)
  })

  it('serves nothing from memory while its listening connection is down', async () => {
    const { slug } = await aProduct(4)
    const path = `/ru/products/${slug}`
    await cached(path)
    await other.cutListening()
    await vi.waitFor(async () => expect((await visit(path)).cache).toBeNull(), untilState)
    expect((await visit(path)).cache).toBeNull()
    other.restoreListening()
    await cached(path)
  })
})
