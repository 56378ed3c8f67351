import { expect, test } from '@playwright/test'
import { createCookieSessionStorage } from 'react-router'
import {
  apiCall,
  exitCode,
  outboxCode,
  registerCustomer,
  type ServerProcess,
  startServer,
  tmpDataDir,
} from './support/server-process.ts'
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts'
import { startWireDatabase, type WireDatabase } from './support/wire-database.ts'

// PostgreSQL mode (DATABASE_URL) with the network to the database cut and
// restored under a running server. While cut: pages answer 503 with the
// "temporarily unavailable" page in their language, the API 503 JSON, each
// within the configured timeouts and without the process dying; /healthz and
// /readyz stay 200 (the process is alive and can serve those pages: a restart or
// leaving the load balancer's pool would only hide them), while the dependency
// monitor says the database is down in /readyz and /metrics. Once restored the
// same process serves pages again. A signed-in shopper whose access token has
// expired (the refresh then needs the database) gets the same 503 page, no
// error report, and is still signed in once the database is back.

const databaseTimeoutMs = 1_000
const metricsToken = 'outage-metrics-token-0123'
const apiTimeoutMs = 4_000
const sessionSecret = 'outage-session-secret-0123456789abcdef'
// What an answer may take while the database is away: the timeouts plus scheduling slack on a busy machine.
const answerWithinMs = apiTimeoutMs + 3_000

test.describe.configure({ mode: 'serial' })

let database: WireDatabase
let proxy: TcpProxy
let server: ServerProcess
const data = tmpDataDir('outage')

test.beforeAll(async () => {
  database = await startWireDatabase()
  proxy = await startTcpProxy(database)
  const url = `postgres://${encodeURIComponent(database.user)}:${encodeURIComponent(database.password)}@127.0.0.1:${proxy.port}/${database.database}`
  server = await startServer({
    dataDir: data.dir,
    env: {
      DATABASE_URL: url,
      DATABASE_TIMEOUT_MS: String(databaseTimeoutMs),
      API_TIMEOUT_MS: String(apiTimeoutMs),
      SEED_PRODUCTS: '20',
      METRICS_TOKEN: metricsToken,
      SESSION_SECRET: sessionSecret,
    },
  })
})

test.afterAll(async () => {
  server?.child.kill('SIGKILL')
  if (server) await exitCode(server.child)
  await proxy?.close()
  await database?.close()
  data.remove()
})

// A browser's: bots get a bare status document instead of the error page (SPEC §8).
const userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

/** GET as a browser; never waits longer than `answerWithinMs` (then it fails). */
async function timedGet(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, {
    headers: { 'User-Agent': userAgent, ...headers },
    signal: AbortSignal.timeout(answerWithinMs),
  })
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') }
}

const pages = ['/ru', '/uz/basket', '/sr/products?search=atir']
const titles = {
  ru: 'Сервис временно недоступен',
  uz: 'Хизмат вақтинча ишламаяпти',
  sr: 'Xizmat vaqtincha ishlamayapti',
}
const visitor = { Fingerprint: 'outage-test-visitor' }
// A returning visitor with a basket: their counts come from the database on every page, cached or not.
// A visitor who owns nothing may get a catalogue page whole from the page cache (server/page-cache.ts)
// through an outage until it expires; that is not tested here.
const returning = { Cookie: 'visitorId=outage-test-visitor; atir_basket=1' }

async function expectServing() {
  expect((await timedGet('/healthz')).status).toBe(200)
  for (const path of pages) expect((await timedGet(path, returning)).status, path).toBe(200)
  expect((await timedGet('/api/v1/orders/cart/products/', visitor)).status).toBe(200)
}

/** What the dependency monitor last found of the database, in /readyz and in /metrics. */
async function databaseAsSeen() {
  const ready = JSON.parse((await timedGet('/readyz')).body) as { dependencies: { database: string } }
  const metrics = await timedGet('/metrics', { Authorization: `Bearer ${metricsToken}` })
  const up = /^atir_dependency_up\{dependency="database"\} (\d)$/m.exec(metrics.body)?.[1]
  return { ready: ready.dependencies.database, up }
}

/** 503 for what needs the database, each answer in time; the probes 200; the process alive. */
async function expectUnavailable() {
  const health = await timedGet('/healthz')
  expect(health.status).toBe(200)
  expect(JSON.parse(health.body)).toEqual({ status: 'ok' })
  expect((await timedGet('/readyz')).status).toBe(200)
  // Checked every 10 s: within one round, both say it.
  await expect.poll(databaseAsSeen, { timeout: 25_000, intervals: [500] }).toEqual({ ready: 'down', up: '0' })
  for (const path of pages) {
    const page = await timedGet(path, returning)
    expect(page.status, path).toBe(503)
    expect(page.type).toContain('text/html')
    const lang = path.split('/')[1] as keyof typeof titles
    expect(page.body, path).toContain(`<h1>${titles[lang]}</h1>`)
  }
  const api = await timedGet('/api/v1/orders/cart/products/', { ...visitor, 'Accept-Language': 'sr' })
  expect(api.status).toBe(503)
  expect(api.type).toContain('application/json')
  expect(JSON.parse(api.body)).toEqual({ detail: 'Xizmat vaqtincha ishlamayapti. Bir daqiqadan soʻng urinib koʻring.' })
  expect(server.child.exitCode).toBeNull()
  expect(server.child.signalCode).toBeNull()
}

async function expectBack() {
  proxy.restore()
  // The pool reconnects by itself: no restart.
  await expect
    .poll(async () => (await timedGet(pages[0]!, returning)).status, { timeout: 20_000, intervals: [200] })
    .toBe(200)
  await expectServing()
  await expect.poll(databaseAsSeen, { timeout: 25_000, intervals: [500] }).toEqual({ ready: 'up', up: '1' })
}

test('the network to the database drops silently: 503s within the timeouts, then back', async () => {
  await expectServing()
  proxy.cut('silent')
  await expectUnavailable()
  await expectBack()
})

test('the database server stops (connections reset, refused): 503s at once, then back', async () => {
  await expectServing()
  proxy.cut('reset')
  await expectUnavailable()
  await expectBack()
})

/**
 * The storefront's session cookie of a customer whose access token has expired: the real refresh token
 * beside an access token past its `exp`, as a shopper's cookie is after a quarter of an hour away.
 */
async function expiredSessionCookie(refresh: string) {
  const storage = createCookieSessionStorage({ cookie: { name: 'atir_session', secrets: [sessionSecret] } })
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const access = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) - 60 })}.expired`
  const session = await storage.getSession()
  session.set('tokens', { access, refresh })
  return (await storage.commitSession(session)).split(';')[0]!
}

test('a signed-in shopper whose access token expired gets the 503 page, stays signed in, and is back after', async () => {
  test.setTimeout(150_000)
  await expectServing()
  const customer = await registerCustomer(server, outboxCode(data.dir))
  const product = (await apiCall(server, 'products/?size=1')).body.results[0] as { slug: string }
  const signedIn = { Cookie: `${await expiredSessionCookie(customer.refresh)}; ${returning.Cookie}` }
  const shopperPages = ['/ru', '/uz/basket', `/ru/products/${product.slug}`, '/sr/products?search=atir']
  proxy.cut('reset')
  await expect.poll(databaseAsSeen, { timeout: 25_000, intervals: [500] }).toEqual({ ready: 'down', up: '0' })
  const logged = server.output().length
  for (const path of shopperPages) {
    const response = await fetch(`${server.url}${path}`, {
      headers: { 'User-Agent': userAgent, ...signedIn },
      signal: AbortSignal.timeout(answerWithinMs),
    })
    const body = await response.text()
    expect(response.status, `${path}: ${body.slice(0, 300)}`).toBe(503)
    const lang = path.split('/')[1] as keyof typeof titles
    expect(body, path).toContain(`<h1>${titles[lang]}</h1>`)
    // Not signed out: the session cookie is left as it is.
    expect(
      response.headers.getSetCookie().filter((c) => c.startsWith('atir_session=')),
      path,
    ).toEqual([])
  }
  // Unavailable is not a bug: no page error, which is what is logged and sent to the error reports.
  expect(server.output().slice(logged)).not.toContain('"msg":"storefront error"')

  proxy.restore()
  await expect
    .poll(async () => (await timedGet(pages[0]!, returning)).status, { timeout: 20_000, intervals: [200] })
    .toBe(200)
  // The same cookie: the refresh now works, and the profile is the customer's own.
  const profile = await fetch(`${server.url}/ru/profile`, {
    headers: { 'User-Agent': userAgent, ...signedIn },
    redirect: 'manual',
    signal: AbortSignal.timeout(answerWithinMs),
  })
  expect(profile.status).toBe(200)
  expect(await profile.text()).toContain('Dilnoza Karimova')
})
