import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { closeErrorReports } from '#api/error-report.ts'
import { withRequestContext } from '#api/log.ts'
import { handleError } from '#app/entry.server.tsx'
import { apiError } from '#app/utils/forms.server.ts'
import { expectLoggedErrors, logLines } from '../setup/log-lines.ts'

// The storefront's unexpected errors go through the shop's logger like the
// API's: one JSON line with the request id, never console output
// (biome's noConsole keeps console.* out of app/, api/ and server/).

// The reports' SDK loads at the first report, and its import alone (@sentry/node and its OpenTelemetry
// modules) takes seconds on a busy machine: loaded with the file, outside any test's time limit.
await import('@sentry/node')

// The error-report service (a Sentry-compatible DSN): a server of the test's own that takes envelopes.
const reports: string[] = []
const service = createServer(async (request, response) => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  if (request.url?.startsWith('/api/7/envelope/')) reports.push(Buffer.concat(chunks).toString('utf8'))
  response.end('{"id":"x"}')
})
beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve))
  process.env.SESSION_SECRET ??= 'unit-test-secret-unit-test-secret-0123456789'
  process.env.ERROR_REPORT_URL = `http://publickey@127.0.0.1:${(service.address() as AddressInfo).port}/7`
})
afterAll(() => new Promise((resolve) => service.close(resolve)))

const args = (request: Request) => ({ request, params: {}, context: undefined as never })

test('an error in a loader, action or render is one error line with the request id, and a report', async () => {
  expectLoggedErrors()
  const from = logLines.length
  const request = new Request('http://shop.test/ru/order/+998901234567')
  withRequestContext({ id: 'req-storefront-1' }, () => handleError(new Error('loader broke'), args(request)))
  expect(logLines.slice(from)).toEqual([
    expect.objectContaining({
      level: 'error',
      msg: 'storefront error',
      reqId: 'req-storefront-1',
      method: 'GET',
      path: '/ru/order/+99890*****67',
      err: expect.objectContaining({ message: 'loader broke', type: 'Error' }),
    }),
  ])
  // And reported, like the API's 500s (sent once what is queued is flushed).
  await closeErrorReports(5_000)
  expect(reports).toHaveLength(1)
  const event = JSON.parse(reports[0]!.split('\n')[2]!)
  expect(event).toMatchObject({
    exception: { values: [{ type: 'Error', value: 'loader broke' }] },
    tags: { request_id: 'req-storefront-1' },
    request: { method: 'GET', url: '/ru/order/+99890*****67' },
  })
})

test('a request the visitor gave up on is not logged as an error', () => {
  const from = logLines.length
  const controller = new AbortController()
  controller.abort()
  handleError(new Error('aborted'), args(new Request('http://shop.test/ru', { signal: controller.signal })))
  expect(logLines.slice(from)).toEqual([])
  expect(reports).toHaveLength(1)
})

test('a form step that fails for a reason other than the API (a bug) logs it and shows the generic text', () => {
  expectLoggedErrors()
  const from = logLines.length
  const failed = withRequestContext({ id: 'req-storefront-2' }, () =>
    apiError(new TypeError('undefined is not a function'), ['phone'], 'generic'),
  )
  expect(failed).toMatchObject({ status: 400, detail: 'generic' })
  expect(logLines.slice(from)).toEqual([
    expect.objectContaining({
      level: 'error',
      reqId: 'req-storefront-2',
      err: expect.objectContaining({ type: 'TypeError' }),
    }),
  ])
})
