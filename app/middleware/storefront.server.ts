import type { MiddlewareFunction } from 'react-router'
import { apiClientContext, createApiClient } from '#app/utils/api-client.server.ts'
import { flashContext, flashCookieHeader, readFlash } from '#app/utils/flash.server.ts'
import { clientAddressContext } from '#app/utils/request-context.ts'
import { readSession, sessionContext, sessionCookieHeader } from '#app/utils/session.server.ts'
import { getVisitor } from '#app/utils/visitor.server.ts'
import { getLocale } from './i18next.ts'

/**
 * Gives every loader and action this visitor's session, flash messages and
 * an API client that carries the customer's tokens; afterwards writes the
 * cookies that changed (visitor id, session with refreshed or cleared tokens,
 * flash) onto whatever response the route produced, redirects included.
 */
export const storefrontMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const visitor = getVisitor(request)
  const clientAddress = context.get(clientAddressContext)
  const [session, flash] = await Promise.all([readSession(request), readFlash(request)])
  context.set(sessionContext, session)
  context.set(flashContext, flash)
  const tokens = {
    get: () => session.get('tokens') ?? null,
    set: (value: Parameters<typeof session.set<'tokens'>>[1]) => session.set('tokens', value),
  }
  context.set(
    apiClientContext,
    createApiClient(context, { lang: getLocale(context) as never, fingerprint: visitor.id, tokens, clientAddress }),
  )
  const response = await next()
  if (visitor.setCookie) response.headers.append('Set-Cookie', visitor.setCookie)
  if (session.changed) response.headers.append('Set-Cookie', await sessionCookieHeader(session, request))
  const flashHeader = await flashCookieHeader(flash, request)
  if (flashHeader) response.headers.append('Set-Cookie', flashHeader)
  // A page rendered for a signed-in customer (their name in the header) must never sit in a shared cache.
  if (session.data.tokens || session.changed) response.headers.set('Cache-Control', 'private, no-store')
  return response
}
