import { RouterContextProvider } from 'react-router'
import { beforeAll, expect, test } from 'vitest'
import type { Api } from '#api/app.ts'
import { withRequestContext } from '#api/log.ts'
import { ApiResponseError, createApiClient } from '#app/utils/api-client.server.ts'
import { apiError } from '#app/utils/forms.server.ts'
import { apiContext } from '#app/utils/request-context.ts'
import { logLines } from '../setup/log-lines.ts'

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'unit-test-secret-unit-test-secret-0123456789'
  process.env.API_TIMEOUT_MS = '300'
})

function clientFor(fetch: (request: Request) => Promise<Response>) {
  const context = new RouterContextProvider()
  context.set(apiContext, { fetch } as Api)
  return createApiClient(context, { lang: 'ru', fingerprint: 'visitor_0123456789abcdef' })
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

test('an API that answers 503 (database away) becomes a 503 page, not a 500', async () => {
  const api = clientFor(async () => Response.json({ detail: 'later' }, { status: 503 }))
  const error = await thrown(api.get('products/'))
  expect(error instanceof Response && error.status).toBe(503)
})

test("a form catching a 503 gets the API's reason and status, not the generic text", async () => {
  const detail = 'SMS-сервис не отвечает. Попробуйте через минуту.'
  const api = clientFor(async () => Response.json({ detail }, { status: 503 }))
  const failed = apiError(await thrown(api.send('POST', 'account/registration/entrypoint/', {})), ['phone'], 'generic')
  expect(failed).toMatchObject({ status: 503, detail, firstError: detail })
})

test('an API that does not answer in time becomes a 504 page, and a log line with the request id', async () => {
  const api = clientFor(() => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')))
  const error = await withRequestContext({ id: 'req-api-timeout' }, () => thrown(api.get('products/')))
  expect(error instanceof Response && error.status).toBe(504)
  expect(logLines.at(-1)).toMatchObject({ level: 'warn', msg: 'API timed out', reqId: 'req-api-timeout' })
})

test('an in-process API that hangs (a silent database) becomes a 504 page at API_TIMEOUT_MS', async () => {
  const api = clientFor(() => new Promise<Response>(() => {}))
  const started = performance.now()
  const error = await thrown(api.get('products/'))
  expect(error instanceof Response && error.status).toBe(504)
  expect(performance.now() - started).toBeLessThan(5_000)
})

test('an API that cannot be reached becomes a 503 page', async () => {
  const api = clientFor(() => Promise.reject(new TypeError('fetch failed')))
  const error = await thrown(api.get('products/'))
  expect(error instanceof Response && error.status).toBe(503)
  expect(logLines.at(-1)).toMatchObject({ level: 'warn', msg: 'API unreachable', err: { message: 'fetch failed' } })
})

test('other API errors reach the loader with their status and body', async () => {
  const api = clientFor(async () => Response.json({ detail: 'Не найдено.' }, { status: 404 }))
  const error = await thrown(api.get('products/nope/'))
  expect(error).toBeInstanceOf(ApiResponseError)
  expect((error as ApiResponseError).status).toBe(404)
  expect((error as ApiResponseError).body.detail).toBe('Не найдено.')
})
