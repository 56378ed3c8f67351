import { createSession, RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { User } from '#api/types.ts'
import { i18nextMiddleware } from '#app/middleware/i18next.ts'
import { type ApiClient, ApiResponseError, apiClientContext } from '#app/utils/api-client.server.ts'
import { requireUserMiddleware, signedInUser } from '#app/utils/auth.server.ts'
import { type AuthTokens, RequestSession, sessionContext } from '#app/utils/session.server.ts'

const customer: User = {
  id: 7,
  phone: '+998901234567',
  full_name: 'Dilnoza Karimova',
  extra_phone: null,
  avatar_src: null,
  cashback_balance: 0,
}

/**
 * Runs the sign-in guard for `url` the way React Router does (after the
 * i18n middleware, with this request's session and API client in context)
 * and records whether the route's loaders and actions were reached.
 */
async function guard(
  url: string,
  account: () => Promise<User>,
  tokens: AuthTokens | null = { access: 'a', refresh: 'r' },
) {
  const request = new Request(url)
  const context = new RouterContextProvider()
  context.set(sessionContext, new RequestSession(createSession(tokens ? { tokens } : {})))
  let accountCalls = 0
  const api = {
    get: async (path: string) => {
      expect(path).toBe('account/')
      accountCalls++
      return account()
    },
  }
  context.set(apiClientContext, api as unknown as ApiClient)
  let reached: User | null = null
  const args = { request, context, params: {}, url: new URL(url), pattern: '' } as never
  const outcome = await i18nextMiddleware(args, async () => {
    try {
      // The guard answers with next()'s response (or throws); it never lets a request through without one.
      return (await requireUserMiddleware(args, async () => {
        reached = signedInUser(context)
        return new Response('the page')
      })) as Response
    } catch (thrown) {
      // What React Router would turn into the answer: a redirect, an error page.
      return thrown as Response
    }
  })
  return { response: outcome as Response, reached, accountCalls }
}

describe('requireUserMiddleware', () => {
  it('lets a customer through with their account in context for the loaders and actions', async () => {
    const { response, reached, accountCalls } = await guard('http://shop.test/uz/profile/edit', async () => customer)
    expect(await response.text()).toBe('the page')
    expect(reached).toEqual(customer)
    expect(accountCalls).toBe(1)
  })

  it('sends a visitor without a session to the sign-in page of the language, coming back here', async () => {
    const { response, reached, accountCalls } = await guard(
      'http://shop.test/sr/order/12?pay=1',
      async () => customer,
      null,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/sr/login?redirectTo=%2Fsr%2Forder%2F12%3Fpay%3D1')
    expect(reached).toBeNull()
    expect(accountCalls).toBe(0)
  })

  it('sends a customer whose session the API ended (401 after the refresh) to sign-in too', async () => {
    const { response, reached } = await guard('http://shop.test/ru/checkout', async () => {
      throw new ApiResponseError(401, { detail: 'expired' })
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/ru/login?redirectTo=%2Fru%2Fcheckout')
    expect(reached).toBeNull()
  })

  it('lets any other failure of the API through to the error page instead of signing out', async () => {
    const down = new Error('the API is away')
    const outcome = await guard('http://shop.test/ru/my-orders', async () => {
      throw down
    })
    expect(outcome.response).toBe(down)
    expect(outcome.reached).toBeNull()
  })
})

describe('signedInUser', () => {
  it('refuses to answer outside a guarded route rather than return nobody', () => {
    expect(() => signedInUser(new RouterContextProvider())).toThrow()
  })
})
