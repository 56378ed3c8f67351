import type { AddressInfo } from 'node:net'
import express from 'express'
import { isbot } from 'isbot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { metrics } from '#api/metrics.ts'
import { privateCache, publicCache } from '#app/utils/http-cache.ts'
import { pageCache } from '../../server/page-cache.ts'
import { untilNotice, untilState } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { addToBasket, checkoutAs, orderMaker } from './support/orders.ts'
import { secondProcess } from './support/second-process.ts'
import { signedInStaff } from './support/staff.ts'

// The page cache of first-time visitors (server/page-cache.ts) on a second shop
// "process" (support/second-process.ts): a change through this one (an order
// taking stock, a back-office edit) shows on the other's next page.

const t = setupTestApi({ products: 20 })
const orders = orderMaker(t)
const other = secondProcess(t)
let base = ''
let renders = 0
let close = () => {}

beforeAll(async () => {
  // The other process's storefront, reduced to a product page rendered from its API.
  const app = express()
  app.use(pageCache(other.database.db))
  app.get('/ru/products/:slug', async (req, res) => {
    renders++
    const answer = await other.api.fetch(new Request(`http://shop.test/api/v1/products/${req.params.slug}/`))
    const product = (await answer.json()) as { price: number; stock: number }
    const personal = req.get('cookie')?.includes('atir_session')
    res.set('Cache-Control', personal ? privateCache : publicCache).set('Vary', 'Cookie')
    if (req.query.visitor) res.append('Set-Cookie', 'visitorId=abcdefghijklmnopqrstuv; Path=/')
    res.type('html').send(`<p>price ${product.price}, stock ${product.stock}</p>`)
  })
  // A page that differs for bots, as the home page does (its shelves further down), and says so by Vary.
  app.get('/ru', (req, res) => {
    renders++
    res.set('Cache-Control', publicCache).set('Vary', 'Cookie, User-Agent')
    res.type('html').send(isbot(req.get('user-agent')) ? '<p>every shelf</p>' : '<p>shelves to come</p>')
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

/** First-time visitors' pages served from the cache (`hit`) or rendered (`miss`), as /metrics counts them. */
async function served(result: 'hit' | 'miss') {
  const series = `atir_page_cache_requests_total{result="${result}"}`
  const line = (await metrics.metrics()).split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

describe('the page cache of first-time visitors', () => {
  it('renders a page once for every first-time visitor and never for anyone with a personal cookie', async () => {
    const { slug } = await aProduct(1)
    const path = `/ru/products/${slug}`
    const first = await visit(path)
    expect(first.cache).toBe('miss')
    // Kept once compressed: from then on every first-time visitor gets the same bytes without a render.
    const hit = await cached(path)
    const before = renders
    const hits = await served('hit')
    for (let i = 0; i < 3; i++) expect((await visit(path)).cache).toBe('hit')
    expect(renders).toBe(before)
    // The hit ratio's numerator, for /metrics.
    expect(await served('hit')).toBe(hits + 3)
    expect(hit.body).toBe(first.body)
    expect(hit.headers.get('cache-control')).toBe(publicCache)
    expect(hit.headers.get('etag')).toBeTruthy()
    expect(hit.headers.get('vary')).toMatch(/Cookie/)
    // A browser asking again with the ETag gets a 304.
    const again = await fetch(base + path, { headers: { 'If-None-Match': hit.headers.get('etag')! } })
    expect(again.status).toBe(304)

    // A session, a basket or a visitor id: rendered for that request, never from or into the cache.
    for (const cookie of ['atir_session=x', 'atir_basket=1', 'visitorId=abcdefghijklmnopqrstuv']) {
      const personal = await visit(path, { Cookie: cookie })
      expect(personal.cache, cookie).toBeNull()
    }
    expect(renders).toBe(before + 3)
    // The language cookie is the one a first-time visitor may carry: a page of its own.
    expect((await visit(path, { Cookie: 'i18n_redirected=ru' })).cache).toBe('miss')
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

  it('keeps no page that sets a personal cookie or is private', async () => {
    const { slug } = await aProduct(2)
    const path = `/ru/products/${slug}?visitor=1`
    await visit(path)
    const before = renders
    for (let i = 0; i < 3; i++) expect((await visit(path)).cache).toBe('miss')
    expect(renders).toBe(before + 3)
  })

  it('shows an order taking stock through the other process on the next page', async () => {
    const { productId } = await orders.place({ stock: 9, quantity: 2, price: 111_000 })
    const { body } = await t.json(`products/?size=50`)
    const slug = body.results.find((p: { id: number }) => p.id === productId).slug as string
    const path = `/ru/products/${slug}`
    expect((await cached(path)).body).toContain('stock 7')
    // A second order of the same product, 3 more units, paid in cash on pickup.
    const customer = await orders.customer()
    await addToBasket(t, customer, productId, 3)
    const placed = await checkoutAs(t, customer)
    expect(placed.status).toBe(201)
    await vi.waitFor(async () => expect((await visit(path)).body).toContain('stock 4'), untilNotice)
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
