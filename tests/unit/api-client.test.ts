import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
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

describe("the API's shared answers", () => {
  // An API whose answers to one path are `versions` in turn, public with their hash as ETag, as catalogueCache says.
  function versionedApi(versions: object[], cacheControl = 'public, no-cache') {
    const seen: { path: string; ifNoneMatch: string | null }[] = []
    let current = 0
    const api: Api & { next(): void } = {
      async fetch(request) {
        const url = new URL(request.url)
        const ifNoneMatch = request.headers.get('if-none-match')
        seen.push({ path: `${url.pathname}${url.search}`, ifNoneMatch })
        const etag = `"v${current}"`
        const headers = { ETag: etag, 'Cache-Control': cacheControl }
        if (ifNoneMatch === etag) return new Response(null, { status: 304, headers })
        return Response.json(versions[current], { headers })
      },
      next() {
        current++
      },
    }
    return { api, seen }
  }
  const clientOf = (api: Api) => {
    const context = new RouterContextProvider()
    context.set(apiContext, api)
    return createApiClient(context, { lang: 'ru', fingerprint: 'visitor_0123456789abcdef' })
  }

  test('are asked again with their ETag and reused, frozen, while the API says 304', async () => {
    const { api, seen } = versionedApi([{ results: [{ id: 1, title: 'Атторлар' }] }, { results: [] }])
    const first = await clientOf(api).get('common/footer/')
    // Another page of another shopper: the same copy, confirmed by the API.
    const second = await clientOf(api).get('common/footer/')
    expect(second).toBe(first)
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([null, '"v0"'])
    expect(Object.isFrozen(first.results[0])).toBe(true)
    // Staff changed it: the API's new answer replaces the copy.
    api.next()
    expect(await clientOf(api).get('common/footer/')).toEqual({ results: [] })
    expect(seen.at(-1)?.ifNoneMatch).toBe('"v0"')
  })

  test('are kept per language and path, the query included', async () => {
    const { api, seen } = versionedApi([{ results: [] }])
    const context = new RouterContextProvider()
    context.set(apiContext, api)
    const uz = createApiClient(context, { lang: 'uz', fingerprint: 'visitor_0123456789abcdef' })
    const ru = createApiClient(context, { lang: 'ru', fingerprint: 'visitor_0123456789abcdef' })
    await uz.get('products/', { size: 6 })
    await ru.get('products/', { size: 6 })
    await ru.get('products/', { size: 12 })
    await uz.get('products/', { size: 6 })
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([null, null, null, '"v0"'])
  })

  test('a private answer is never kept for the next shopper', async () => {
    const { api, seen } = versionedApi([{ orders_total: 1, cart_total: 2, favourites_total: 0 }], 'private, no-cache')
    await clientOf(api).get('common/badges/')
    await clientOf(api).get('common/badges/')
    expect(seen.map((s) => s.ifNoneMatch)).toEqual([null, null])
  })
})

test("a page's calls hand the in-process API one memo of its tokens; a write empties it", async () => {
  const memos: unknown[] = []
  const sizes: number[] = []
  const context = new RouterContextProvider()
  context.set(apiContext, {
    async fetch(_request, caller) {
      memos.push(caller?.identities)
      sizes.push(caller?.identities?.size ?? -1)
      caller?.identities?.set('token', Promise.resolve(null))
      return Response.json({})
    },
  } as Api)
  const api = createApiClient(context, { lang: 'ru', fingerprint: 'visitor_0123456789abcdef' })
  await api.get('account/')
  await api.withAuth('none').get('products/')
  await api.send('POST', 'products/likes/', { product_id: 1 })
  expect(new Set(memos).size).toBe(1)
  expect(memos[0]).toBeInstanceOf(Map)
  // The write reached the API with the memo emptied, so a session it ends is not taken as still open.
  expect(sizes).toEqual([0, 1, 0])
  // Another page: another memo.
  const next = createApiClient(context, { lang: 'ru', fingerprint: 'visitor_0123456789abcdef' })
  await next.get('account/')
  expect(memos.at(-1)).not.toBe(memos[0])
})
