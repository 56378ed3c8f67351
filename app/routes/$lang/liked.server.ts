import type { Badges } from '#api/types.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'

/** The API's largest page: favourites beyond the latest 100 show as not pressed on cards (still on /saved). */
const LIKED_MAX = 100

/**
 * Ids of the visitor's favourites, for the pressed state of the favourite
 * buttons. Product lists are shared-cached and carry no `is_liked`, so the
 * layout asks once per page view, and only when the badge says there are any.
 */
export async function loadLikedIds(api: ApiClient, badges: Badges): Promise<number[]> {
  if (badges.favourites_total <= 0) return []
  try {
    const page = await api.get('products/likes/', { size: LIKED_MAX })
    return page.results.map((product) => product.id)
  } catch {
    // The buttons then show "not pressed"; pressing one still likes the product.
    return []
  }
}
