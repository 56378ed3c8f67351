import type { MiddlewareFunction } from 'react-router'
import { notePageRoute } from '#api/log.ts'
import { apiClientContext, createApiClient } from '#app/utils/api-client.server.ts'
import { flashContext, flashCookieHeader, readFlash } from '#app/utils/flash.server.ts'
import { clientAddressContext } from '#app/utils/request-context.ts'
import { readSession, sessionContext, sessionCookieHeader } from '#app/utils/session.server.ts'
import { sharedRenderContext } from '#app/utils/shared-render.server.ts'
import { getVisitor } from '#app/utils/visitor.server.ts'
import { getLocale } from './i18next.ts'

/** Back-office pages: staff have their own session (staff-session.server.ts), not the customer's. */
const backOffice = /^\/(?:uz|sr|ru)\/admin(?:\/|$)/

/**
 * Gives every loader and action flash messages and an API client; on shop
 * pages also this visitor's session, the client carrying the customer's
 * tokens. Afterwards writes the cookies that changed (visitor id, session
 * with refreshed or cleared tokens, flash) onto whatever response the route
 * produced, redirects included. The back office neither reads nor refreshes
 * a customer's session, nor issues a visitor id.
 */
export const storefrontMiddleware: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  // The access line and the request metric name the route React Router matched.
  notePageRoute(pattern)
  const visitor = getVisitor(request)
  const clientAddress = context.get(clientAddressContext)
  const lang = getLocale(context) as never
  const shop = !backOffice.test(new URL(request.url).pathname)
  const [session, flash] = await Promise.all([shop ? readSession(request) : null, readFlash(request)])
  context.set(flashContext, flash)
  // A page rendered for everyone (server/page-cache.ts) is not kept when a call of it failed.
  const shared = context.get(sharedRenderContext)
  const onFailure = shared ? () => (shared.failed = true) : undefined
  const stockShown = shared ? (productIds: readonly number[] | null) => shared.showsStockOf(productIds) : undefined
  if (session) {
    context.set(sessionContext, session)
    const tokens = {
      get: () => session.get('tokens') ?? null,
      set: (value: Parameters<typeof session.set<'tokens'>>[1]) => session.set('tokens', value),
    }
    context.set(
      apiClientContext,
      createApiClient(context, { lang, fingerprint: visitor.id, tokens, clientAddress, onFailure, stockShown }),
    )
  } else {
    context.set(
      apiClientContext,
      createApiClient(context, { lang, fingerprint: visitor.id, clientAddress, onFailure, stockShown }, 'none'),
    )
  }
  const response = await next()
  if (session && visitor.setCookie) response.headers.append('Set-Cookie', visitor.setCookie)
  if (session?.changed) response.headers.append('Set-Cookie', await sessionCookieHeader(session, request))
  const flashHeader = await flashCookieHeader(flash, request)
  if (flashHeader) response.headers.append('Set-Cookie', flashHeader)
  // A page rendered for a signed-in customer (their name in the header) must never sit in a shared cache.
  if (session && (session.data.tokens || session.changed)) response.headers.set('Cache-Control', 'private, no-store')
  return response
}
