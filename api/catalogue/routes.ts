import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { editorialRoutes } from './editorial-routes.ts'
import { homeRoutes } from './home-routes.ts'
import { productRoutes } from './product-routes.ts'
import { taxonomyRoutes } from './taxonomy-routes.ts'
import { getVocabulary } from './vocabulary.ts'

/**
 * The public catalogue: products and search, categories, brands,
 * manufacturers, banners, stories, pages and posts. Product routes go last:
 * `products/{slug}/` must not shadow the fixed `products/…/` paths.
 */
export function catalogueRoutes(deps: ApiDeps) {
  // Reading the search vocabulary takes about a second at 100,000 products on
  // PGlite: start it now rather than on the first search. A failure here is
  // retried by that search.
  getVocabulary(deps.database.db).catch(() => {})
  return createRouter()
    .route('/', homeRoutes(deps))
    .route('/', taxonomyRoutes(deps))
    .route('/', editorialRoutes(deps))
    .route('/', productRoutes(deps))
}
