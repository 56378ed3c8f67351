import { data, useLocation } from 'react-router'
import type { CategoryGroup } from '#api/types.ts'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { hasNarrowingFilters, parseListParams } from '#app/components/catalogue/list-params.ts'
import { ProductListing } from '#app/components/catalogue/listing.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { listingCanonical, loadListing, loadSearchHelp, requireKnownSlugs } from '#app/utils/listing.server.ts'
import { absoluteUrl, breadcrumbLd, seoMeta } from '#app/utils/seo.ts'
import type { Route } from './+types/index'

/** Titles of header groups and categories by slug, for a `sections` list. */
function sectionTitles(groups: CategoryGroup[]) {
  const titles = new Map<string, string>()
  for (const group of groups) {
    if (group.slug) titles.set(group.slug, group.title)
    for (const child of group.children) titles.set(child.slug, child.title)
  }
  return titles
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const url = new URL(request.url)
  const filters = parseListParams(url.searchParams)
  const api = context.get(apiClientContext)
  const t = serverT(context, 'catalogue')
  const [found, tree] = await Promise.all([
    loadListing(api, filters),
    filters.sections.length ? api.get('products/categories/') : null,
  ])
  // A search that found nothing offers other spellings, brands, popular products and categories.
  const unanswered = filters.search && found.total === 0 && filters.page === 1 && !hasNarrowingFilters(filters)
  const listing = unanswered ? { ...found, searchHelp: await loadSearchHelp(api, filters.search) } : found
  const sections = tree ? sectionTitles(tree.results) : new Map<string, string>()
  await requireKnownSlugs(request, api, filters, { brands: listing.brandOptions, groups: tree?.results })
  const brands = new Map(listing.brandOptions.map((b) => [b.slug, b.name]))
  const named = (slugs: string[], names: Map<string, string>) =>
    slugs
      .map((s) => names.get(s))
      .filter(Boolean)
      .join(', ')
  const title = filters.search
    ? t('list.title_search', { query: filters.search })
    : named(filters.sections, sections) ||
      named(filters.brand, brands) ||
      (filters.sale ? t('list.title_sale') : filters.recommended ? t('list.title_recommended') : t('list.title_all'))

  const origin = siteOrigin(request)
  const canonical = listingCanonical(url.pathname, filters)
  const pageTitle = filters.page > 1 ? t('list.title_page', { title, page: filters.page }) : title
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: title, to: `${url.pathname}${url.search}` },
  ]
  const seo = {
    title: t('list.meta_title', { title: pageTitle }),
    description: t('list.meta_description', { title, count: listing.total }),
    url: absoluteUrl(origin, canonical.path),
    lang,
    noindex: canonical.noindex,
    jsonLd: [breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) })))],
  }
  return data({ lang, title, crumbs, listing, seo }, { headers: catalogueLoaderHeaders(request, lang) })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function Products({ loaderData: { lang, title, crumbs, listing } }: Route.ComponentProps) {
  const { search } = useLocation()
  return (
    <main id="main" className="container catalogue-page">
      <Breadcrumbs crumbs={crumbs} />
      <h1>{title}</h1>
      <ProductListing key={search} listing={listing} lang={lang} basePath={`/${lang}/products`} label={title} />
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
