import type { Suggestion, SuggestPage } from '#app/components/catalogue/live-search.tsx'
import { toLineView } from '#app/components/catalogue/views.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import { catalogueCacheControl } from '#app/utils/http-cache.ts'
import { langOf } from '#app/utils/i18n.ts'
import type { Route } from './+types/search-suggest'

const pageSize = 10

/**
 * GET /{lang}/search-suggest?q=…&page=… — the header search's suggestions as
 * JSON: 10 a page, the title's matched parts, a thumbnail, a line's sizes. The browser asks
 * the storefront, which asks the API with the visitor's language.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const url = new URL(request.url)
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  const pageParam = Number(url.searchParams.get('page') ?? '1')
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 1000 ? pageParam : 1
  const headers = { 'Cache-Control': catalogueCacheControl(request, lang), Vary: 'Cookie' }
  const none: SuggestPage = { query, page, totalPages: 0, total: 0, results: [] }
  if (!query) return Response.json(none, { headers })
  try {
    const found = await context.get(apiClientContext).get('products/', { search: query, page, size: pageSize })
    const results: Suggestion[] = found.results.map((p) => ({
      slug: p.slug,
      title: p.title,
      highlight: p.highlight ?? [],
      image: p.images[0] ? { extra_small: p.images[0].extra_small, small: p.images[0].small } : null,
      price: p.price,
      salePrice: p.sale_price,
      line: p.line ? toLineView(p.line) : null,
    }))
    return Response.json(
      { query, page: found.current_page, totalPages: found.total_pages, total: found.total, results },
      { headers },
    )
  } catch (error) {
    // Past the last page or a query the API refuses: simply no more suggestions.
    if (isApiError(error, 404, 400)) return Response.json(none, { headers })
    throw error
  }
}
