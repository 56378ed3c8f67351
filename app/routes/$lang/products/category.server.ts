import { data, type RouterContextProvider } from 'react-router'
import { parseListParams } from '#app/components/catalogue/list-params.ts'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { rethrowNotFound } from '#app/utils/api-errors.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueLoaderHeaders } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { listingCanonical, loadListing, requireKnownSlugs } from '#app/utils/listing.server.ts'
import { redirectIfRenamed, rethrowMoved } from '#app/utils/moved.server.ts'
import { absoluteUrl, breadcrumbLd } from '#app/utils/seo.ts'

/**
 * A category's page: its products with the list's filters. Found by slug
 * (/products/category/{slug}) or by id (/products/categories/{id}); both show
 * the same page, whose canonical address is the slug one.
 */
export async function loadCategoryPage(
  apiPath: `products/category/${string}/` | `products/categories/${string}/`,
  {
    request,
    context,
    lang,
    slug,
  }: { request: Request; context: Readonly<RouterContextProvider>; lang: Lang; slug?: string },
) {
  const api = context.get(apiClientContext)
  const t = serverT(context, 'catalogue')
  // By slug, an old slug of a renamed category is a 301 to its current page.
  const category = await api.get(apiPath).catch(slug ? rethrowMoved(request, slug) : rethrowNotFound)
  if (slug) redirectIfRenamed(request, slug, category.slug)
  const url = new URL(request.url)
  const filters = { ...parseListParams(url.searchParams), sections: [] }
  const listing = await loadListing(api, filters, { sections: [category.slug] })
  await requireKnownSlugs(request, api, filters, { brands: listing.brandOptions })
  const basePath = `/${lang}/products/category/${category.slug}`
  const origin = siteOrigin(request)
  const canonical = listingCanonical(basePath, filters)
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: t('categories.title'), to: `/${lang}/products/categories` },
    ...(category.group
      ? [{ name: category.group.title, to: `/${lang}/products?sections=${category.group.slug}` }]
      : []),
    { name: category.title, to: basePath },
  ]
  const pageTitle =
    filters.page > 1 ? t('list.title_page', { title: category.title, page: filters.page }) : category.title
  const seo = {
    title: t('category.meta_title', { title: pageTitle }),
    description: t('category.meta_description', { title: category.title, count: listing.total }),
    url: absoluteUrl(origin, canonical.path),
    lang,
    noindex: canonical.noindex,
    image: category.image ? absoluteUrl(origin, category.image.large) : null,
    jsonLd: [breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) })))],
  }
  return data(
    { lang, category: { id: category.id, slug: category.slug, title: category.title }, basePath, crumbs, listing, seo },
    { headers: catalogueLoaderHeaders(request, lang) },
  )
}
