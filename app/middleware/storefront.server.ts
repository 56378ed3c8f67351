import type { MiddlewareFunction } from 'react-router'
import { apiClientContext, createApiClient } from '#app/lib/api.server.ts'
import { clientAddressContext } from '#app/lib/request-context.ts'
import { getVisitor } from '#app/lib/visitor.server.ts'
import { getLocale } from './i18next.ts'

/** Gives every loader and action an API client for this visitor, and keeps the visitor cookie. */
export const storefrontMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const visitor = getVisitor(request)
  const clientAddress = context.get(clientAddressContext)
  context.set(
    apiClientContext,
    createApiClient(context, { lang: getLocale(context) as never, fingerprint: visitor.id, clientAddress }),
  )
  const response = await next()
  if (visitor.setCookie) response.headers.append('Set-Cookie', visitor.setCookie)
  return response
}
