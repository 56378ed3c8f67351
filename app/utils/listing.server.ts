import { data } from 'react-router'
import type { CategoryGroup } from '#api/types.ts'
import {
  apiListQuery,
  type FixedFilters,
  hasNarrowingFilters,
  type ListFilters,
  listSearch,
} from '#app/components/catalogue/list-params.ts'
import { type BrandOption, type ListingView, type SearchHelp, toCardView } from '#app/components/catalogue/views.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'
import { rethrowNotFound } from '#app/utils/api-errors.server.ts'
import { redirectOldSlugs } from '#app/utils/moved.server.ts'

/** One page of a product list, with the brands its filter offers. */
export async function loadListing(
  api: ApiClient,
  filters: ListFilters,
  fixed: FixedFilters = {},
  brandOptions?: BrandOption[],
): Promise<ListingView> {
  const [page, brands] = await Promise.all([
    api.get('products/', apiListQuery(filters, fixed)).catch(rethrowNotFound),
    brandOptions ?? api.get('products/brands/').then((r) => r.results.map((b) => ({ slug: b.slug, name: b.name }))),
  ])
  return {
    filters,
    products: page.results.map(toCardView),
    total: page.total,
    totalPages: page.total_pages,
    page: page.current_page,
    sizes: page.sizes,
    brandOptions: brands,
    fixed,
  }
}

/** The slugs a list's `sections` may name: the header groups' and their categories'. */
export function sectionSlugs(groups: CategoryGroup[]) {
  return new Set(groups.flatMap((group) => [...(group.slug ? [group.slug] : []), ...group.children.map((c) => c.slug)]))
}

/**
 * The sections and brands a list's query names are the shop's: an old slug
 * of a renamed one is a 301 to the list with the current slug, one the shop
 * does not have is the 404 page rather than an empty list. `brands`: the
 * brands the list offers (a manufacturer's page, its own); `groups`: the
 * category tree, when the loader has it already.
 */
export async function requireKnownSlugs(
  request: Request,
  api: ApiClient,
  filters: Pick<ListFilters, 'sections' | 'brand'>,
  { brands, groups }: { brands: BrandOption[]; groups?: CategoryGroup[] },
) {
  const knownBrands = new Set(brands.map((brand) => brand.slug))
  const knownSections = filters.sections.length
    ? sectionSlugs(groups ?? (await api.get('products/categories/')).results)
    : new Set<string>()
  await Promise.all([
    redirectOldSlugs(request, 'brand', filters.brand, knownBrands, (slug) => api.get(`products/brands/${slug}/`)),
    redirectOldSlugs(request, 'sections', filters.sections, knownSections, (slug) =>
      api.get(`products/category/${slug}/`),
    ),
  ])
  const unknown = (slugs: string[], known: ReadonlySet<string>) => slugs.some((slug) => !known.has(slug))
  if (unknown(filters.brand, knownBrands) || unknown(filters.sections, knownSections)) throw data(null, { status: 404 })
}

/** Products and categories offered when a search finds nothing. */
const POPULAR = 8
const CATEGORIES = 8

/**
 * What a search that found nothing is offered: the spellings and brands the API finds near its words, the
 * shop's most popular products and its popular categories.
 */
export async function loadSearchHelp(api: ApiClient, search: string): Promise<SearchHelp> {
  const [alternatives, popular, categories] = await Promise.all([
    api.get('products/search-alternatives/', { search }),
    api.get('products/', { ordering: 'popularity', in_stock: 'true', size: POPULAR }),
    api.get('products/popular-categories/', { size: CATEGORIES }),
  ])
  return {
    ...alternatives,
    popular: popular.results.map(toCardView),
    categories: categories.results.map(({ id, slug, title, image }) => ({ id, slug, title, image })),
  }
}

/**
 * What search engines should index of a list: the list itself, a section, a
 * brand and their pages. A search, a price range or another order is the
 * same content again: canonical to the plain list and not indexed.
 */
export function listingCanonical(pathname: string, filters: ListFilters) {
  const canonical = listSearch(
    {
      ...filters,
      search: '',
      audience: [],
      priceFrom: null,
      priceTo: null,
      priceText: { from: '', to: '' },
      priceError: null,
      inStock: false,
      sizes: null,
      ordering: null,
    },
    {},
  )
  const noindex =
    Boolean(filters.search) ||
    filters.ordering !== null ||
    filters.audience.length > 0 ||
    filters.priceFrom !== null ||
    filters.priceTo !== null ||
    filters.priceError !== null ||
    filters.inStock ||
    filters.sizes !== null
  return { path: `${pathname}${canonical}`, noindex, filtered: hasNarrowingFilters(filters) }
}
