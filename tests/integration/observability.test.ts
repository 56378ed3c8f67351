import { writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import express from 'express'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#api/db/client.ts'
import { openDatabase } from '#api/db/client.ts'
import { logger } from '#api/log.ts'
import { LocalStore } from '#api/media/local-store.ts'
import { mediaStoreOf } from '#api/media/store.ts'
import { reportDatabase } from '#api/metrics.ts'
import { metricsEndpoint, readiness, requestObservation } from '../../server/observability.ts'
import { logLines, logText } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { lastSmsCode, loginCustomer, newPhone, registerCustomer } from './support/customer.ts'
import { serveApiOverHttp } from './support/http.ts'
import { orderMaker } from './support/orders.ts'

// The shop's HTTP layer around the API as server/shop.ts builds it (the storefront aside):
// request ids, access lines, /metrics and /readyz, over a real socket.
const t = setupTestApi({ products: 20 })
const metricsToken = 'metrics-token-0123456789'
const served = serveApiOverHttp(t, (app) => {
  app.use(requestObservation({ log: logger(), routeOf: () => '/storefront' }))
  readiness(app, { database: t.database, media: mediaStoreOf(t.config) })
  metricsEndpoint(app, { METRICS_TOKEN: metricsToken })
})
/** `t` with its calls going over HTTP through the observed app, so the support helpers work unchanged. */
const http = served.t
beforeAll(() => reportDatabase(t.database))

const accessLines = () => logLines.filter((line) => line.msg === 'request')

describe('logs', () => {
  it('an SMS code, a password, tokens and cookies reach no log line; phone numbers only masked', async () => {
    const from = logLines.length
    const phone = newPhone()
    const customer = await registerCustomer(http, { phone, password: 'very-secret-password-1' })
    const code = lastSmsCode(http, phone)
    const signedIn = await loginCustomer(http, customer)
    const me = await fetch(`${served.base}/api/v1/account/?phone=${encodeURIComponent(phone)}`, {
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

  it('one access line per request: id, method, path without query, status, time; the id on the API lines too', async () => {
    const from = logLines.length
    const response = await fetch(`${served.base}/api/v1/account/registration/entrypoint/?token=in-the-query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'lb-4f2a.9' },
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
        status: 200,
        ms: expect.any(Number),
        msg: 'request',
      },
    ])
    // Written by the SMS module while the API answered: the same id.
    expect(written.find((line) => line.msg === 'sms: written to the outbox')?.reqId).toBe('lb-4f2a.9')
    expect(logText()).not.toContain('in-the-query')
  })

  it('an id that is not sane is replaced; phone numbers in a path are masked', async () => {
    const from = logLines.length
    const response = await fetch(`${served.base}/api/v1/users/+998901234567/`, {
      headers: { 'X-Request-Id': 'x'.repeat(200) },
    })
    expect(response.status).toBe(404)
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const [line] = accessLines().slice(-1)
    expect(logLines.indexOf(line!)).toBeGreaterThanOrEqual(from)
    expect(line).toMatchObject({ reqId: id, path: '/api/v1/users/+99890*****67/', status: 404 })
  })

  it('probes are logged at debug, not at info', async () => {
    expect((await fetch(`${served.base}/readyz`)).status).toBe(200)
    expect(accessLines().at(-1)).toMatchObject({ level: 'debug', path: '/readyz' })
  })
})

describe('GET /metrics', () => {
  const orders = orderMaker(http)
  const scrape = async () => {
    const response = await fetch(`${served.base}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    return response.text()
  }
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `))
    return line ? Number(line.slice(series.length + 1)) : 0
  }

  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await fetch(`${served.base}/metrics`)).status).toBe(401)
    const wrong = await fetch(`${served.base}/metrics`, {
      headers: { Authorization: 'Bearer metrics-token-0123456780' },
    })
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
})

describe('GET /readyz', () => {
  it('answers 200 when the database answers and the media store takes a file', async () => {
    const response = await fetch(`${served.base}/readyz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', checks: { database: 'ok', media: 'ok' } })
  })

  async function readyz(database: Database, mediaDir: string) {
    const app = express()
    readiness(app, { database, media: new LocalStore(mediaDir) })
    const server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`)
      return { status: response.status, body: await response.json() }
    } finally {
      server.close()
    }
  }

  it('answers 503 naming the database when it is closed', async () => {
    const closed = await openDatabase({ dataDir: null })
    await closed.close()
    expect(await readyz(closed, t.dataDir)).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'failed', media: 'ok' } },
    })
  })

  it('answers 503 naming the media folder when it cannot take a file', async () => {
    const file = join(t.dataDir, 'not-a-folder')
    writeFileSync(file, '')
    expect(await readyz(t.database, file)).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', media: 'failed' } },
    })
  })
})
