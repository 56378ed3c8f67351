import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router'
import type { User } from '#api/types.ts'
import { getLocale } from '#app/middleware/i18next.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { isLang, type Lang } from './i18n.ts'
import { safeRedirect } from './safe-redirect.ts'
import { type AuthTokens, getSession, getTokens } from './session.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

// One `GET account/` per request, however many loaders ask.
const userContext = createContext<Promise<User | null> | null>(null)

/** The signed-in customer, or `null` for an anonymous visitor (or a session that just ended). */
export function getUser(context: Readonly<RouterContextProvider>): Promise<User | null> {
  const cached = context.get(userContext)
  if (cached) return cached
  const loading = loadUser(context)
  ;(context as RouterContextProvider).set(userContext, loading)
  return loading
}

async function loadUser(context: Readonly<RouterContextProvider>) {
  if (!getTokens(context)) return null
  try {
    return await context.get(apiClientContext).get('account/')
  } catch (error) {
    // 401 after the one refresh: the API client has already signed the visitor out.
    if (isApiError(error, 401)) return null
    throw error
  }
}

/** The shop language of this request (from the path, as the i18n middleware found it). */
export function requestLang(context: Readonly<RouterContextProvider>): Lang {
  const lang = getLocale(context as RouterContextProvider)
  return isLang(lang) ? lang : 'ru'
}

/** The sign-in page that comes back to `redirectTo` afterwards. */
export function loginPath(lang: Lang, redirectTo?: string | null) {
  return redirectTo ? `/${lang}/login?redirectTo=${encodeURIComponent(redirectTo)}` : `/${lang}/login`
}

/** Where a request came from, as a `redirectTo` value: its path and query. */
export function currentPath(request: Request) {
  const url = new URL(request.url)
  return `${url.pathname}${url.search}`
}

/**
 * The signed-in customer, or a redirect to the sign-in page that returns to
 * this page. Protected sections use `requireUserMiddleware`; this is for an
 * action on a public page: `const user = await requireUser({ request, context })`.
 */
export async function requireUser({ request, context }: Args): Promise<User> {
  const user = await getUser(context)
  if (user) return user
  throw redirect(loginPath(requestLang(context), currentPath(request)))
}

// The customer `requireUserMiddleware` let in; unset outside the protected sections.
const signedInContext = createContext<User>()

/**
 * Route middleware of the protected sections (profile, checkout, my orders,
 * an order, payment): a visitor goes to sign-in and comes back afterwards, a
 * customer is in the context for `signedInUser`. Server middleware runs
 * before every loader and action of the route and its children, document
 * and data requests alike, so they need no guard of their own. Refreshed or
 * cleared tokens reach the cookie through the storefront middleware around it.
 */
export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(signedInContext, await requireUser({ request, context }))
  return next()
}

/** The signed-in customer, in a loader or action under `requireUserMiddleware`. */
export function signedInUser(context: Readonly<RouterContextProvider>): User {
  return context.get(signedInContext)
}

/** For sign-in pages: a signed-in customer goes on to `redirectTo` (or home). */
export async function requireAnonymous({ request, context }: Args): Promise<void> {
  if (!(await getUser(context))) return
  const lang = requestLang(context)
  throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirectTo'), `/${lang}`))
}

/** Stores the customer's tokens after a login, registration or reset. */
export function signIn(context: Readonly<RouterContextProvider>, tokens: AuthTokens) {
  getSession(context).set('tokens', tokens)
  ;(context as RouterContextProvider).set(userContext, null)
}

/** Revokes the refresh token at the API and forgets the tokens. Never fails: a dead session is signed out too. */
export async function signOut(context: Readonly<RouterContextProvider>) {
  const tokens = getTokens(context)
  if (tokens) {
    await context
      .get(apiClientContext)
      .withAuth('none')
      .send('POST', 'auth/logout/', { refresh: tokens.refresh })
      .catch(() => undefined)
  }
  getSession(context).set('tokens', null)
  ;(context as RouterContextProvider).set(userContext, null)
}
