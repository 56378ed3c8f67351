import { RouterContextProvider } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Api } from '#api/app.ts'
import { ApiUnavailableError, accessExpiry, createApiClient, type TokenStore } from '#app/utils/api-client.server.ts'
import { apiContext } from '#app/utils/request-context.ts'
import type { AuthTokens } from '#app/utils/session.server.ts'

beforeAll(() => {
  process.env.SESSION_SECRET ??= 'unit-test-secret-unit-test-secret-0123456789'
})

/** A JWT-shaped access token that expires in `seconds` (only `exp` matters to the storefront). */
let serial = 0
function access(seconds: number) {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256' })}.${part({ exp: Math.floor(Date.now() / 1000) + seconds, n: ++serial })}.sig`
}

/**
 * A tiny stand-in for the API: `account/` answers 200 for the live access
 * token and 401 otherwise; `auth/token/refresh/` rotates the live refresh token
 * once (a second use is refused, as the real API does).
 */
// Refreshes are shared per refresh token for a minute (by design), so every fake API has its own tokens.
let apis = 0
function fakeApi(options: { refreshStatus?: number } = {}) {
  const id = ++apis
  const state = { live: access(900), refresh: `api${id}-r1`, refreshCalls: 0, seen: [] as Array<string | null> }
  const api = {
    async fetch(request: Request) {
      const url = new URL(request.url)
      if (url.pathname.endsWith('/auth/token/refresh/')) {
        state.refreshCalls++
        await new Promise((resolve) => setTimeout(resolve, 5))
        const { refresh } = (await request.json()) as { refresh: string }
        if (options.refreshStatus) return Response.json({ detail: 'down' }, { status: options.refreshStatus })
        if (refresh !== state.refresh) return Response.json({ detail: 'reused' }, { status: 401 })
        state.refresh = `api${id}-r${state.refreshCalls + 1}`
        state.live = access(900)
        return Response.json({ access: state.live, refresh: state.refresh })
      }
      const bearer = request.headers.get('Authorization')?.replace('Bearer ', '') ?? null
      state.seen.push(bearer)
      if (bearer === null) return Response.json({ anonymous: true })
      if (bearer !== state.live) return Response.json({ detail: 'expired' }, { status: 401 })
      return Response.json({ id: 1 })
    },
  }
  return { api: api as unknown as Api, state }
}

function client(api: Api, tokens: AuthTokens | null) {
  const context = new RouterContextProvider()
  context.set(apiContext, api)
  const store = {
    value: tokens,
    writes: 0,
    get() {
      return this.value
    },
    set(next: AuthTokens | null) {
      this.value = next
      this.writes++
    },
  } satisfies TokenStore & { value: AuthTokens | null; writes: number }
  return { store, api: createApiClient(context, { lang: 'ru', fingerprint: 'visitor-1', tokens: store }) }
}

describe('the API client with a session', () => {
  it('reads the expiry of an access token', () => {
    const token = access(60)
    expect(accessExpiry(token)).toBeGreaterThan(Date.now() / 1000)
    expect(accessExpiry('not-a-jwt')).toBeNull()
  })

  it('sends the access token as Bearer', async () => {
    const { api: fake, state } = fakeApi()
    const { api } = client(fake, { access: state.live, refresh: state.refresh })
    expect(await api.get('account/')).toEqual({ id: 1 })
    expect(state.seen).toEqual([state.live])
    expect(state.refreshCalls).toBe(0)
  })

  it('refreshes an expired access token before the call and stores the new pair', async () => {
    const { api: fake, state } = fakeApi()
    const { api, store } = client(fake, { access: access(-5), refresh: state.refresh })
    expect(await api.get('account/')).toEqual({ id: 1 })
    expect(state.refreshCalls).toBe(1)
    expect(store.value).toEqual({ access: state.live, refresh: state.refresh })
  })

  it('on a 401 refreshes once and retries', async () => {
    const { api: fake, state } = fakeApi()
    // Not expired by its own clock, yet refused (e.g. the API restarted with another key).
    const { api, store } = client(fake, { access: access(600), refresh: state.refresh })
    expect(await api.get('account/')).toEqual({ id: 1 })
    expect(state.refreshCalls).toBe(1)
    expect(state.seen).toHaveLength(2)
    expect(store.value?.refresh).toBe(state.refresh)
  })

  it('parallel calls share one refresh: the refresh token is never used twice', async () => {
    const { api: fake, state } = fakeApi()
    const { api, store } = client(fake, { access: access(-5), refresh: state.refresh })
    const results = await Promise.all([api.get('account/'), api.get('account/'), api.get('account/')])
    expect(results).toEqual([{ id: 1 }, { id: 1 }, { id: 1 }])
    expect(state.refreshCalls).toBe(1)
    expect(store.value?.refresh).toBe(state.refresh)
  })

  it('another request with the same old cookie gets the same new pair, not a reuse', async () => {
    const { api: fake, state } = fakeApi()
    const old = { access: access(-5), refresh: state.refresh }
    const first = client(fake, old)
    const second = client(fake, old)
    await Promise.all([first.api.get('account/'), second.api.get('account/')])
    expect(state.refreshCalls).toBe(1)
    expect(second.store.value).toEqual(first.store.value)
  })

  it('signs out when the refresh is refused and goes on as the anonymous visitor', async () => {
    const { api: fake, state } = fakeApi()
    const { api, store } = client(fake, { access: access(-5), refresh: 'stolen-and-used' })
    expect(await api.get('account/')).toEqual({ anonymous: true })
    expect(store.value).toBeNull()
    expect(state.seen).toEqual([null])
  })

  it.each([503, 504, 500])(
    'an expired access token the API cannot refresh right now (%i): the call is unavailable, the customer stays signed in',
    async (status) => {
      const { api: fake, state } = fakeApi({ refreshStatus: status })
      const tokens = { access: access(-5), refresh: `r-kept-${status}` }
      const { api, store } = client(fake, tokens)
      const failed = await api.get('account/').catch((error: unknown) => error)
      expect(failed).toBeInstanceOf(ApiUnavailableError)
      expect((failed as ApiUnavailableError).status).toBe(status === 504 ? 504 : 503)
      expect((failed as ApiUnavailableError).answer).toEqual({ detail: 'down' })
      expect((await api.request('account/')).status).toBe(status === 504 ? 504 : 503)
      // Never sent with the expired token (its 401 would be a page error), never as the anonymous visitor.
      expect(state.seen).toEqual([])
      expect(store.value).toEqual(tokens)
      expect(store.writes).toBe(0)
    },
  )

  it('a refused access token (401) the API cannot refresh right now: unavailable, still signed in', async () => {
    const { api: fake, state } = fakeApi({ refreshStatus: 503 })
    const tokens = { access: access(600), refresh: 'r-refused-kept' }
    const { api, store } = client(fake, tokens)
    await expect(api.get('account/')).rejects.toBeInstanceOf(ApiUnavailableError)
    expect(state.seen).toEqual([tokens.access])
    expect(store.value).toEqual(tokens)
  })

  it('an API that does not answer the refresh at all: unavailable, still signed in', async () => {
    const api = {
      async fetch() {
        throw new Error('connection refused')
      },
    } as unknown as Api
    const tokens = { access: access(-5), refresh: 'r-unreachable' }
    const { api: unreachable, store } = client(api, tokens)
    await expect(unreachable.get('account/')).rejects.toMatchObject({ status: 503 })
    expect(store.value).toEqual(tokens)
  })

  it('an access token still good for a few seconds is used when the refresh cannot be done now', async () => {
    const { api: fake, state } = fakeApi({ refreshStatus: 503 })
    // Within the early-refresh slack: due for a refresh, not yet expired.
    state.live = access(5)
    const tokens = { access: state.live, refresh: 'r-soon' }
    const { api, store } = client(fake, tokens)
    expect(await api.get('account/')).toEqual({ id: 1 })
    expect(state.refreshCalls).toBe(1)
    expect(store.value).toEqual(tokens)
  })

  it("withAuth('none') and an explicit bearer never touch the session", async () => {
    const { api: fake, state } = fakeApi()
    const { api, store } = client(fake, { access: access(-5), refresh: state.refresh })
    expect(await api.withAuth('none').get('account/')).toEqual({ anonymous: true })
    await api.withAuth({ bearer: 'reset-session-token' }).request('account/')
    expect(state.seen).toEqual([null, 'reset-session-token'])
    expect(state.refreshCalls).toBe(0)
    expect(store.writes).toBe(0)
  })
})
