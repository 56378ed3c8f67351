import { expect, test } from '@playwright/test'
import { exitCode, type ServerProcess, startServer, tmpDataDir } from './support/server-process.ts'

// The built server's own logs and metrics: JSON lines on stdout, an
// access line per request, /metrics for the bearer of METRICS_TOKEN, /readyz.

const metricsToken = 'e2e-metrics-token-0123'

/** The JSON lines the server printed so far. */
const lines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

test('prints JSON access lines with the request id, and serves /metrics and /readyz', async () => {
  const data = tmpDataDir('observability')
  const server = await startServer({
    dataDir: data.dir,
    env: { LOG_LEVEL: 'info', SEED_PRODUCTS: '5', METRICS_TOKEN: metricsToken },
  })
  try {
    expect(lines(server)).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: expect.stringMatching(/^Atir is serving http:\/\/localhost:\d+ /),
      }),
    )
    const page = await fetch(`${server.url}/ru/products?q=+998901234567`, { headers: { 'X-Request-Id': 'e2e-page-1' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('x-request-id')).toBe('e2e-page-1')
    await expect
      .poll(() => lines(server).find((line) => line.reqId === 'e2e-page-1' && line.msg === 'request'))
      .toEqual({
        level: 'info',
        time: expect.any(String),
        pid: server.child.pid,
        reqId: 'e2e-page-1',
        method: 'GET',
        path: '/ru/products',
        route: '/:lang/products',
        status: 200,
        ms: expect.any(Number),
        bytes: expect.any(Number),
        address: '127.0.0.1',
        userAgent: 'node',
        msg: 'request',
      })
    expect(server.output()).not.toContain('998901234567')

    expect((await fetch(`${server.url}/metrics`)).status).toBe(401)
    const metrics = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })
    expect(metrics.status).toBe(200)
    const text = await metrics.text()
    expect(text).toMatch(
      /^atir_http_request_duration_seconds_count\{method="GET",route="\/:lang\/products",status="200"\} 1$/m,
    )
    expect(text).toMatch(/^atir_database_connections\{state="total"\} 1$/m)

    const ready = async () => {
      const response = await fetch(`${server.url}/readyz`)
      return { status: response.status, body: await response.json() }
    }
    await expect
      .poll(ready)
      .toEqual({ status: 200, body: { status: 'ok', dependencies: { database: 'up', media: 'up' } } })
    expect(text).toMatch(/^atir_dependency_up\{dependency="database"\} 1$/m)
  } finally {
    server.child.kill('SIGTERM')
    await exitCode(server.child)
    data.remove()
  }
})
