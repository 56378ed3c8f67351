import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { decodeJwt } from 'jose'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  apiCall,
  exitCode,
  outboxCode,
  registerCustomer,
  type ServerProcess,
  serverEnv,
  startServer,
  tmpDataDir,
} from '../e2e/support/server-process.ts'
import { untilNotice } from '../support/until-state.ts'
import { adminQuery, freshPostgresDatabase } from './support/api.ts'
import { type S3Server, startS3 } from './support/s3.ts'

// Two shop processes behind a load balancer without sticky sessions:
// the built server twice (build/server/index.js, as `npm start` runs it), on one
// PostgreSQL database and one S3-protocol store (s3rver), started together on an
// empty database. Needs the PostgreSQL server of DATABASE_URL, so vitest.config.ts
// leaves this file out of the PGlite pass; CI runs it in its PostgreSQL pass
// (.ci/run), after `npm test` has built the shop. A second process on one PGlite
// folder is refused: tests/e2e/start-up-server.spec.ts.

const root = fileURLToPath(new URL('../..', import.meta.url))
const server = process.env.DATABASE_URL
// The storefront refreshes an access token 10 s before it expires
// (app/utils/api-client.server.ts): at the shortest lifetime the configuration
// allows, the session of this file's shopper is refreshed 20 s after sign-in.
const accessTokenSeconds = 30
const refreshSlackSeconds = 10

let databaseUrl: string
let s3: S3Server
let a: ServerProcess
let b: ServerProcess
const folders = [tmpDataDir('process-a'), tmpDataDir('process-b')] as const

beforeAll(async () => {
  if (!server) throw new Error('this file needs DATABASE_URL (a PostgreSQL server)')
  if (!existsSync(`${root}build/server/index.js`)) throw new Error('no build: run `react-router build` first')
  databaseUrl = await freshPostgresDatabase(server)
  s3 = await startS3()
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'shared-by-both-processes-'.padEnd(40, 'x'),
    ACCESS_TOKEN_TTL_SECONDS: String(accessTokenSeconds),
    ...s3.env('shop'),
  }
  // Both at once on the empty database: each migrates (one waits for the other's lock) and seeds.
  ;[a, b] = await Promise.all([
    startServer({ dataDir: folders[0].dir, env }),
    startServer({ dataDir: folders[1].dir, env }),
  ])
})

afterAll(async () => {
  for (const process of [a, b]) {
    process?.child.kill('SIGTERM')
    if (process) await exitCode(process.child)
  }
  await s3?.close()
  for (const folder of folders) folder.remove()
  if (server && databaseUrl)
    await adminQuery(server, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`)
})

/** The first row of a query on the shop's database, straight from the test. */
async function selectOne<T>(query: string): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query(query)).rows[0] as T
  } finally {
    await client.end()
  }
}

/** The demo owner's back-office token on `process`. */
async function ownerToken(process: ServerProcess) {
  const login = await apiCall(process, 'admin/auth/login/', {
    method: 'POST',
    body: { phone: '+998900000001', password: 'atir-demo-owner' },
  })
  expect(login.status).toBe(200)
  return login.body.token as string
}

/** A browser's cookie jar for one shopper: only the session cookie matters here. */
class Shopper {
  cookie = ''

  /** A page of the storefront on `process`, keeping the cookie it sets. */
  async visit(process: ServerProcess, path: string, init: RequestInit = {}) {
    const response = await fetch(`${process.url}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookie },
    })
    this.keep(response)
    return { status: response.status, location: response.headers.get('location'), text: await response.text() }
  }

  keep(response: Response) {
    const set = response.headers.getSetCookie().find((c) => c.startsWith('atir_session='))
    if (set) this.cookie = set.split(';')[0]!
  }

  /** The access token inside the signed cookie (React Router's encoding: base64 JSON, a dot, the signature). */
  get access() {
    const value = decodeURIComponent(this.cookie.slice('atir_session='.length))
    const data = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf('.')), 'base64').toString('utf8'))
    return data.tokens.access as string
  }
}

/** The profile page: 200 with the shopper's name while signed in, a redirect to sign-in otherwise. */
async function expectSignedIn(shopper: Shopper, process: ServerProcess) {
  const page = await shopper.visit(process, '/ru/profile')
  expect(page.location, `signed out on port ${process.port}`).toBeNull()
  expect(page.status).toBe(200)
  expect(page.text).toContain('Dilnoza Karimova')
}

describe('two shop processes on one PostgreSQL and one S3 store', () => {
  const shopper = new Shopper()
  let customer: Awaited<ReturnType<typeof registerCustomer>>

  it('both come up when started at once on an empty database', async () => {
    for (const process of [a, b]) expect((await fetch(`${process.url}/readyz`)).status).toBe(200)
    const lists = await Promise.all([a, b].map((p) => apiCall(p, 'products/?size=1')))
    expect(lists.map((l) => l.status)).toEqual([200, 200])
    expect(lists[0]!.body.total).toBeGreaterThan(0)
    expect(lists[1]!.body.total).toBe(lists[0]!.body.total)
    // One seed, not two: SEED_PRODUCTS of tests/e2e/support/server-process.ts.
    expect(await selectOne<{ n: number }>('select count(*)::int as n from products')).toEqual({
      n: Number(serverEnv.SEED_PRODUCTS),
    })
  })

  it('keeps a shopper signed in on A signed in on B', async () => {
    customer = await registerCustomer(a, outboxCode(folders[0]!.dir))
    const login = await shopper.visit(a, '/ru/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ phone: customer.phone, password: customer.password }).toString(),
    })
    expect(login.status, login.text.slice(0, 500)).toBe(302)
    expect(shopper.cookie).not.toBe('')
    for (const process of [b, a, b]) await expectSignedIn(shopper, process)
  })

  it('serves a picture uploaded on A from B', async () => {
    const form = new FormData()
    const png = (await import('sharp')).default({
      create: { width: 320, height: 200, channels: 3, background: '#0f766e' },
    })
    form.append('avatar', new Blob([new Uint8Array(await png.png().toBuffer())], { type: 'image/png' }), 'me.png')
    const upload = await fetch(`${a.url}/api/v1/account/avatar/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer.access}` },
      body: form,
    })
    expect(upload.status).toBe(200)
    const { avatar_src } = (await upload.json()) as { avatar_src: { small: string; original: string } }
    for (const url of [avatar_src.original, avatar_src.small]) {
      const path = new URL(url, a.url).pathname
      const [onA, onB] = await Promise.all([fetch(`${a.url}${path}`), fetch(`${b.url}${path}`)])
      expect([onA.status, onB.status], path).toEqual([200, 200])
      expect(onB.headers.get('content-type')).toMatch(/^image\//)
      expect(Buffer.from(await onB.arrayBuffer())).toEqual(Buffer.from(await onA.arrayBuffer()))
    }
  })

  // A change reaches the other process by NOTIFY, which arrives on its own connection a moment after the
  // commit: the tests wait for it, bounded well below the 60 s the caches would keep an answer, so what
  // they show is the notice emptying B's caches, not the caches expiring.
  const noticeArrives = untilNotice

  it("shows a stock change made through A on B's product page once the notice arrives", async () => {
    const token = await ownerToken(a)
    const listed = await apiCall(b, 'products/?size=1&in_stock=true')
    const { slug } = listed.body.results[0] as { slug: string }
    const product = (await apiCall(b, `products/${slug}/`)).body as { id: number; slug: string; stock: number }
    expect(product.stock).toBeGreaterThan(0)
    const visitor = new Shopper()
    expect((await visitor.visit(b, `/ru/products/${product.slug}`)).text).not.toContain('Нет в наличии')
    // B keeps the product in its memory.
    expect((await fetch(`${b.url}/api/v1/products/${product.slug}/`)).headers.get('x-cache')).toBe('hit')

    const counted = await apiCall(a, `admin/stock/products/${product.id}/corrections/`, {
      method: 'POST',
      token,
      body: { seen: product.stock, counted: 0, reason: 'Пересчёт' },
    })
    expect(counted.status, JSON.stringify(counted.body)).toBe(200)
    await vi.waitFor(
      async () => expect((await visitor.visit(b, `/ru/products/${product.slug}`)).text).toContain('Нет в наличии'),
      noticeArrives,
    )
  })

  it("shows a back-office price change made through A on B's cached product page, for every kind of shopper", async () => {
    const listed = await apiCall(b, 'products/?size=40&in_stock=true')
    const product = (listed.body.results as { id: number; slug: string; price: number; sale_price: number | null }[])
      // The page's structured data gives the price a shopper pays: one without a sale shows the new price.
      .find((p) => p.sale_price === null)!
    const path = `/ru/products/${product.slug}`
    const priceOf = (price: number) => `"price":${price}`
    // A first-time visitor (the page whole from B's cache), a returning visitor with a basket (the page
    // filled in for them) and the signed-in shopper (their name in it).
    const kinds = [
      { name: 'first-time', cookie: 'i18n_redirected=ru' },
      { name: 'returning', cookie: 'i18n_redirected=ru; visitorId=abcdefghijklmnopqrstuv; atir_basket=1' },
    ]
    const page = async (cookie: string) => {
      const response = await fetch(`${b.url}${path}`, { headers: { cookie } })
      return { cache: response.headers.get('x-cache'), text: await response.text() }
    }
    // B keeps the page: each of them gets it from its cache.
    for (const { name, cookie } of kinds)
      await vi.waitFor(async () => {
        const kept = await page(cookie)
        expect(kept.cache, name).toBe('hit')
        expect(kept.text).toContain(priceOf(product.price))
      }, noticeArrives)
    const before = await shopper.visit(b, path)
    expect(before.text).toContain('Dilnoza')
    expect(before.text).toContain(priceOf(product.price))

    const changed = await apiCall(a, `admin/products/${product.id}/`, {
      method: 'PATCH',
      token: await ownerToken(a),
      body: { price: product.price + 1000 },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    for (const { name, cookie } of kinds)
      await vi.waitFor(async () => {
        const next = await page(cookie)
        expect(next.text, name).toContain(priceOf(product.price + 1000))
        expect(next.cache, name).toBe('hit')
      }, noticeArrives)
    const after = await shopper.visit(b, path)
    expect(after.text).toContain('Dilnoza')
    expect(after.text).toContain(priceOf(product.price + 1000))
  })

  it('finds a product added through A with a misspelt word on B once the notice arrives', async () => {
    const search = async (process: ServerProcess, query: string) =>
      (await apiCall(process, `products/?search=${query}`)).body.results.map((p: { id: number }) => p.id)
    // B's typo vocabulary is built, without the new word.
    expect(await search(b, 'zarafshan')).toEqual([])
    const refs = await selectOne<{ brand: number; category: number }>(
      'select (select min(id) from brands) as brand, (select min(id) from categories) as category',
    )
    const created = await apiCall(a, 'admin/products/', {
      method: 'POST',
      token: await ownerToken(a),
      body: {
        title: { uz: 'Зарафшон атир суви', sr: 'Zarafshon atir suvi', ru: 'Зарафшон парфюмерная вода' },
        description: { uz: 'Гул ҳиди.', sr: 'Gul hidi.', ru: 'Цветочный аромат.' },
        brand_id: refs.brand,
        category_ids: [refs.category],
        audience: 'women',
        country: 'uz',
        price: 250_000,
      },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    await vi.waitFor(async () => expect(await search(b, 'zarafshan')).toEqual([created.body.id]), noticeArrives)
  })

  it('keeps the shopper signed in while requests alternate between A and B across a token refresh', async () => {
    const before = shopper.access
    const refreshAt = (decodeJwt(before).exp! - refreshSlackSeconds) * 1000
    // The token's own refresh time: from then on the storefront refreshes it on the next request.
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(refreshAt), {
      timeout: (accessTokenSeconds - refreshSlackSeconds + 5) * 1000,
      interval: 200,
    })
    // A browser's two requests at once with the same cookie, one on each process: both refresh.
    const [onA, onB] = [new Shopper(), new Shopper()]
    onA.cookie = shopper.cookie
    onB.cookie = shopper.cookie
    await Promise.all([expectSignedIn(onA, a), expectSignedIn(onB, b)])
    expect(onA.access).not.toBe(before)
    expect(onB.access).not.toBe(before)
    expect(decodeJwt(onA.access).sid).toBe(decodeJwt(before).sid)
    expect(decodeJwt(onB.access).sid).toBe(decodeJwt(before).sid)
    // Whichever cookie the browser kept, the session goes on, on either process.
    for (const process of [b, a, b, a]) await expectSignedIn(onA, process)
    for (const process of [a, b, a, b]) await expectSignedIn(onB, process)
  })

  it('refuses a third process with another SESSION_SECRET, which would sign shoppers out at random', async () => {
    const folder = tmpDataDir('process-c')
    try {
      const env = { ...s3.env('shop'), DATABASE_URL: databaseUrl, SESSION_SECRET: 'another-secret-'.padEnd(40, 'y') }
      const refused = await startServer({ dataDir: folder.dir, env }).then(
        (c) => {
          c.child.kill('SIGKILL')
          return 'it started'
        },
        (error: Error) => error.message,
      )
      expect(refused).toMatch(/^the server exited \(1\) before it was healthy/)
      expect(refused).toContain(
        "Atir cannot start: SESSION_SECRET is not the session secret this database's shop signs with",
      )
      // Refused before anything of its own was made.
      expect(existsSync(folder.dir)).toBe(false)
      for (const process of [a, b]) expect((await fetch(`${process.url}/healthz`)).status).toBe(200)
    } finally {
      folder.remove()
    }
  })
})
