import { apiListQuery, parseListParams } from '#app/components/catalogue/list-params.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { catalogueCacheControl } from '#app/utils/http-cache.ts'
import { langOf } from '#app/utils/i18n.ts'
import type { Route } from './+types/list-count'

/** The answer: how many products the list query finds (the API's `total`). */
export type ListCount = { total: number }

const slug = /^[a-z0-9][a-z0-9-]{0,99}$/

/**
 * GET /{lang}/list-count?<a list page's query>[&manufacturer=…] — how many products a list page would show
 * with these filters, as JSON: the phone's filter sheet says it on its "Show" button while the shopper
 * ticks. The same query as the list pages (list-params.ts), one product asked for.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const url = new URL(request.url)
  const filters = parseListParams(url.searchParams)
  const maker = url.searchParams.get('manufacturer')
  const headers = { 'Cache-Control': catalogueCacheControl(request, lang), Vary: 'Cookie' }
  try {
    const found = await context
      .get(apiClientContext)
      .get(
        'products/',
        apiListQuery({ ...filters, page: 1 }, maker && slug.test(maker) ? { manufacturer: maker } : {}, 1),
      )
    return Response.json({ total: found.total } satisfies ListCount, { headers })
  } catch (error) {
    // An unknown brand or manufacturer finds nothing.
    if (isApiError(error, 404, 400)) return Response.json({ total: 0 } satisfies ListCount, { headers })
    throw error
  }
}
