import type { RouterContextProvider } from 'react-router'
import type { ReviewsData } from '#app/components/reviews/reviews.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { isApiError } from '#app/utils/api-errors.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { personalText } from '#app/utils/personal.server.ts'

/** Reviews shown per page on the product page. */
export const REVIEWS_PER_PAGE = 10

/**
 * The reviews section of a product page: a page of reviews (`?reviews=N`)
 * and what this visitor may do (the shopper's own: app/utils/personal.server.ts).
 * For the product page's loader.
 */
export async function loadReviews(
  context: Readonly<RouterContextProvider>,
  request: Request,
  lang: Lang,
  slug: string,
): Promise<ReviewsData> {
  const api = context.get(apiClientContext)
  const url = new URL(request.url)
  const wanted = Number(url.searchParams.get('reviews') ?? 1)
  const page = Number.isInteger(wanted) && wanted > 0 && wanted < 10_000 ? wanted : 1
  const path = `/${lang}/products/${slug}`
  const [answer, permission] = await Promise.all([
    api.get(`products/${slug}/reviews/`, { page, size: REVIEWS_PER_PAGE }).catch((error) => {
      // A page past the end: the first one.
      if (isApiError(error, 400)) return api.get(`products/${slug}/reviews/`, { size: REVIEWS_PER_PAGE })
      throw error
    }),
    personalText({ request, context }, 'review', { slug, lang, path }),
  ])
  // The API's neighbour links name its own address (in process: http://in-process/…); the page
  // makes its own, so they stay out of the HTML.
  const { links: _links, ...shown } = answer
  // The product page's own action (review.server.ts); back at the form when it refuses.
  return { page: shown, permission, action: `${path}#review-form` }
}
