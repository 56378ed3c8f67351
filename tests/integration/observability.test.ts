import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiBasePath } from '#api/app.ts'
import type { Database } from '#api/db/client.ts'
import { openDatabase } from '#api/db/client.ts'
import { verificationCodes } from '#api/db/schema/index.ts'
import { addressGroup } from '#api/http/identity.ts'
import { logger } from '#api/log.ts'
import { LocalStore } from '#api/media/local-store.ts'
import { mediaStoreOf } from '#api/media/store.ts'
import { reportDatabase } from '#api/metrics.ts'
import { enqueueNotification } from '#api/notifications/outbox.ts'
import { sampleBacklog } from '#api/orders/backlog.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { type DependencyWatch, watchDependencies } from '../../server/dependencies.ts'
import { metricsEndpoint, probes, requestObservation } from '../../server/observability.ts'
import { apiHandler } from '../../server/shop.ts'
import { expectLoggedErrors, logLines, logText } from '../setup/log-lines.ts'
import { migratedDatabase, setupTestApi, type TestApi } from './support/api.ts'
import { lastSmsCode, loginCustomer, newPhone, registerCustomer } from './support/customer.ts'
import { orderMaker } from './support/orders.ts'

// The shop's HTTP layer around the API as server/shop.ts builds it (the storefront aside):
// request ids, access lines, /metrics, /healthz and /readyz, over a real socket.
const t = setupTestApi({ products: 20 })
const metricsToken = 'metrics-token-0123456789'
const hour = 3_600_000
let base = ''
let close = () => {}
let dependencies: DependencyWatch
let stopping = false
beforeAll(async () => {
  reportDatabase(t.database)
  // Checked when a test says so: the timer would set the shared gauge between a test's steps.
  dependencies = watchDependencies({ database: t.database, media: mediaStoreOf(t.config) }, { intervalMs: hour })
  await dependencies.runOnce()
  const app = express()
  // As TRUST_PROXY=loopback sets it (server/shop.ts): a proxy on this machine, whose X-Forwarded-For counts.
  app.set('trust proxy', 'loopback')
  app.use(requestObservation({ log: logger(), routeOf: () => '/storefront' }))
  probes(app, { dependencies, stopping: () => stopping })
  metricsEndpoint(app, { METRICS_TOKEN: metricsToken })
  app.use(apiBasePath, apiHandler(t.api))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(async () => {
  close()
  await dependencies?.stop()
})

const scrape = async () => {
  const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain')
  return response.text()
}
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

/** `t` with its calls going over HTTP through the observed app, so the support helpers work unchanged. */
const http: TestApi = new Proxy(t, {
  get(target, key) {
    if (key === 'request')
      return (path: string, init: Parameters<TestApi['request']>[1] = {}) => {
        const headers = new Headers(init.headers)
        if (init.lang) headers.set('Accept-Language', init.lang)
        if (init.fingerprint) headers.set('Fingerprint', init.fingerprint)
        if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
        if (typeof init.body === 'string' && !headers.has('content-type'))
          headers.set('Content-Type', 'application/json')
        return fetch(`${base}${apiBasePath}/${path}`, { ...init, headers })
      }
    if (key === 'json')
      return async (path: string, init?: Parameters<TestApi['request']>[1]) => {
        const response = await http.request(path, init)
        return { status: response.status, body: await response.json(), headers: response.headers }
      }
    return Reflect.get(target, key)
  },
})

const accessLines = () => logLines.filter((line) => line.msg === 'request')

describe('logs', () => {
  it('an SMS code, a password, tokens and cookies reach no log line; phone numbers only masked', async () => {
    const from = logLines.length
    const phone = newPhone()
    const customer = await registerCustomer(http, { phone, password: 'very-secret-password-1' })
    const code = lastSmsCode(http, phone)
    const signedIn = await loginCustomer(http, customer)
    const me = await fetch(`${base}/api/v1/account/?phone=${encodeURIComponent(phone)}`, {
      headers: { Authorization: `Bearer ${signedIn.access}`, Cookie: 'atir_session=cookie-secret-value' },
    })
    expect(me.status).toBe(200)
    // Whatever a module hands the logger, the redaction list censors it.
    logger().warn(
      { code, password: customer.password, headers: { authorization: `Bearer ${signedIn.refresh}` }, phone },
      'a careless line',
    )

    const written = logLines.slice(from)
    const text = JSON.stringify(written)
    expect(written.some((line) => line.msg === 'sms: written to the outbox')).toBe(true)
    for (const secret of [code, customer.password, signedIn.access, signedIn.refresh, 'cookie-secret-value', phone])
      expect(text).not.toContain(secret)
    expect(text).toContain(`${phone.slice(0, 6)}*****${phone.slice(-2)}`)
    expect(written.find((line) => line.msg === 'a careless line')).toMatchObject({
      password: '[redacted]',
      headers: { authorization: '[redacted]' },
    })
  })

  it('one access line per request: id, method, path without query, route, status, time, bytes, address, user agent; the id on the API lines too', async () => {
    const from = logLines.length
    const response = await fetch(`${base}/api/v1/account/registration/entrypoint/?token=in-the-query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'lb-4f2a.9', 'User-Agent': 'Atir test/1.0' },
      body: JSON.stringify({ phone: newPhone() }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('lb-4f2a.9')
    const written = logLines.slice(from)
    expect(written.filter((line) => line.msg === 'request')).toEqual([
      {
        level: 'info',
        time: expect.any(String),
        pid: process.pid,
        reqId: 'lb-4f2a.9',
        method: 'POST',
        path: '/api/v1/account/registration/entrypoint/',
        route: '/api/v1/account/registration/entrypoint/',
        status: 200,
        ms: expect.any(Number),
        bytes: Number(response.headers.get('content-length')),
        address: '127.0.0.1',
        userAgent: 'Atir test/1.0',
        msg: 'request',
      },
    ])
    // Written by the SMS module while the API answered: the same id.
    expect(written.find((line) => line.msg === 'sms: written to the outbox')?.reqId).toBe('lb-4f2a.9')
    expect(logText()).not.toContain('in-the-query')
  })

  it('the address is the one the limits count: the proxy’s X-Forwarded-For when TRUST_PROXY trusts it', async () => {
    const from = logLines.length
    const response = await fetch(`${base}/api/v1/account/registration/entrypoint/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '2001:DB8::7, 127.0.0.1' },
      body: JSON.stringify({ phone: newPhone() }),
    })
    expect(response.status).toBe(200)
    const [line] = logLines.slice(from).filter((l) => l.msg === 'request')
    expect(line).toMatchObject({ address: '2001:db8::7', userAgent: 'node' })
    // The code counts against the same address in the daily limit per address (an IPv6 one by its /64).
    const counted = await t.database.db
      .select({ id: verificationCodes.id })
      .from(verificationCodes)
      .where(eq(verificationCodes.clientAddress, addressGroup('2001:db8::7')))
    expect(counted).toHaveLength(1)
  })

  it('an id that is not sane is replaced; phone numbers in a path are masked', async () => {
    const from = logLines.length
    const response = await fetch(`${base}/api/v1/users/+998901234567/`, {
      headers: { 'X-Request-Id': 'x'.repeat(200) },
    })
    expect(response.status).toBe(404)
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const [line] = accessLines().slice(-1)
    expect(logLines.indexOf(line!)).toBeGreaterThanOrEqual(from)
    expect(line).toMatchObject({ reqId: id, path: '/api/v1/users/+99890*****67/', status: 404 })
  })

  it("a signed-in customer's requests name the customer by id, the route by its pattern, never the phone", async () => {
    const phone = newPhone()
    const customer = await loginCustomer(
      http,
      await registerCustomer(http, { phone, password: 'very-secret-password-2' }),
    )
    const from = logLines.length
    const response = await fetch(`${base}/api/v1/orders/${9_999_999}/`, {
      headers: { Authorization: `Bearer ${customer.access}` },
    })
    expect(response.status).toBe(404)
    const [line] = logLines.slice(from).filter((l) => l.msg === 'request')
    expect(line).toMatchObject({ route: '/api/v1/orders/:id/', status: 404, customer: expect.any(Number) })
    expect(line?.bytes).toBeGreaterThan(0)
    expect(JSON.stringify(line)).not.toContain(phone.slice(4))
  })

  it('probes are logged at debug, not at info', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200)
    expect(accessLines().at(-1)).toMatchObject({ level: 'debug', path: '/readyz' })
  })
})

describe('GET /metrics', () => {
  const orders = orderMaker(http)

  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: 'Bearer metrics-token-0123456780' } })
    expect(wrong.status).toBe(401)
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer')
  })

  it('counts requests by route pattern, SMS, orders and payments; reports connections and the process', async () => {
    const before = await scrape()
    const placed = await orders.place({ method: 'cash' })
    // A sandbox card payment declined, then paid.
    const card = await orders.place({ method: 'card' })
    for (const approve of [false, true]) {
      const token = card.customer.access
      const start = await http.json(`payments/${card.order.id}/start/`, { method: 'POST', token })
      const done = await http.json(`payments/sandbox/${start.body.payment_id}/complete/`, {
        method: 'POST',
        token,
        body: JSON.stringify({ approve }),
      })
      expect(done.status).toBe(200)
    }
    for (const slug of ['one-product', 'another-product']) await http.request(`products/${slug}/`)
    const after = await scrape()

    const products =
      'atir_http_request_duration_seconds_count{method="GET",route="/api/v1/products/:slug/",status="404"}'
    expect(value(after, products) - value(before, products)).toBe(2)
    expect(after).not.toContain('one-product')
    const entry =
      'atir_http_request_duration_seconds_count{method="POST",route="/api/v1/account/registration/entrypoint/",status="200"}'
    expect(value(after, entry) - value(before, entry)).toBe(1)
    expect(value(after, 'atir_sms_total{result="sent"}') - value(before, 'atir_sms_total{result="sent"}')).toBe(1)
    const cash = 'atir_orders_created_total{payment_method="cash"}'
    expect(value(after, cash) - value(before, cash)).toBe(1)
    expect(placed.order.id).toBeGreaterThan(0)
    for (const result of ['paid', 'failed']) {
      const series = `atir_payments_total{result="${result}"}`
      expect(value(after, series) - value(before, series), result).toBe(1)
    }
    expect(value(after, 'atir_database_connections{state="total"}')).toBeGreaterThanOrEqual(1)
    expect(after).toContain('process_cpu_user_seconds_total')
  })

  it('times database queries by statement kind and counts the refusals of each limit', async () => {
    const before = await scrape()
    const phone = newPhone()
    const entry = () =>
      http.json('account/registration/entrypoint/', { method: 'POST', body: JSON.stringify({ phone }) })
    expect((await entry()).status).toBe(200)
    // A second code for the same phone at once: the cooldown refuses it.
    expect((await entry()).status).toBe(429)
    const after = await scrape()
    const refusals = 'atir_rate_limit_refusals_total{kind="code_cooldown"}'
    expect(value(after, refusals) - value(before, refusals)).toBe(1)
    const selects = 'atir_database_query_duration_seconds_count{statement="select"}'
    expect(value(after, selects)).toBeGreaterThan(value(before, selects))
  })

  it('the order jobs report when they last ran; the backlog of the outbox and refunds', async () => {
    const now = new Date()
    const jobs = startOrderJobs({ database: t.database, config: t.config }, { intervalMs: hour })
    try {
      await jobs.runOnce()
    } finally {
      await jobs.stop()
    }
    const ran = value(await scrape(), 'atir_order_jobs_last_success_timestamp_seconds{job="notifications"}')
    expect(ran).toBeGreaterThanOrEqual(Math.floor(now.getTime() / 1000))

    const old = new Date(now.getTime() - 3_600_000)
    await enqueueNotification(t.database.db, { channel: 'sms', recipient: '+998901110000', text: 'x', at: old })
    await enqueueNotification(t.database.db, { channel: 'telegram', recipient: 'staff', text: 'y', at: now })
    await sampleBacklog(t.database.db, now)
    const text = await scrape()
    expect(value(text, 'atir_notification_outbox_messages{channel="sms",state="pending"}')).toBeGreaterThanOrEqual(1)
    expect(value(text, 'atir_notification_outbox_messages{channel="telegram",state="pending"}')).toBeGreaterThanOrEqual(
      1,
    )
    expect(value(text, 'atir_notification_outbox_oldest_pending_seconds{channel="sms"}')).toBeGreaterThanOrEqual(3600)
  })
})

describe('GET /healthz and /readyz', () => {
  it('answer 200 while serving; /readyz says what the monitor found of the database and the picture store', async () => {
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' })
    const response = await fetch(`${base}/readyz`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok', dependencies: { database: 'up', media: 'up' } })
  })

  /** The probes of a process whose database (and picture folder) are those given, as it answers them. */
  async function probesWith(database: Database, mediaDir: string) {
    const watch = watchDependencies({ database, media: new LocalStore(mediaDir) }, { intervalMs: hour })
    await watch.runOnce()
    const app = express()
    probes(app, { dependencies: watch, stopping: () => false })
    metricsEndpoint(app, { METRICS_TOKEN: metricsToken })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const health = await fetch(`${at}/healthz`)
      const ready = await fetch(`${at}/readyz`)
      const metrics = await (
        await fetch(`${at}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
      ).text()
      return { health: health.status, ready: ready.status, body: await ready.json(), metrics }
    } finally {
      server.close()
      await watch.stop()
      // Back to what this file's own process finds.
      await dependencies.runOnce()
    }
  }

  it('with the database down both stay 200 (it is down for every process); the metric and the log say so', async () => {
    expectLoggedErrors()
    const from = logLines.length
    // A connection of this file's own to its database (a pool, or another in-memory PGlite), closed.
    const closed = t.databaseUrl
      ? await openDatabase({ url: t.databaseUrl, dataDir: null })
      : (await migratedDatabase()).database
    await closed.close()
    const seen = await probesWith(closed, t.dataDir)
    expect(seen).toMatchObject({
      health: 200,
      ready: 200,
      body: { status: 'ok', dependencies: { database: 'down', media: 'up' } },
    })
    expect(value(seen.metrics, 'atir_dependency_up{dependency="database"}')).toBe(0)
    expect(seen.metrics).toContain('atir_dependency_up{dependency="media"} 1')
    expect(logLines.slice(from)).toContainEqual(
      expect.objectContaining({ level: 'error', msg: expect.stringMatching(/^the database cannot be reached: /) }),
    )
  })

  it('with the picture folder unusable both stay 200, and the metric says the store is down', async () => {
    expectLoggedErrors()
    const file = join(t.dataDir, 'not-a-folder')
    writeFileSync(file, '')
    const seen = await probesWith(t.database, file)
    expect(seen).toMatchObject({ health: 200, ready: 200, body: { dependencies: { database: 'up', media: 'down' } } })
    expect(value(seen.metrics, 'atir_dependency_up{dependency="media"}')).toBe(0)
  })

  it('/readyz answers 503 once the process is shutting down, so a proxy stops sending to it', async () => {
    stopping = true
    try {
      const response = await fetch(`${base}/readyz`)
      expect(response.status).toBe(503)
      expect((await response.json()).status).toBe('stopping')
      expect((await fetch(`${base}/healthz`)).status).toBe(200)
    } finally {
      stopping = false
    }
  })
})
