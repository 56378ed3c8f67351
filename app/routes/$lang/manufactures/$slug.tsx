import { useTranslation } from 'react-i18next'
import { data, Link, useLocation } from 'react-router'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { parseListParams } from '#app/components/catalogue/list-params.ts'
import { ProductListing } from '#app/components/catalogue/listing.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { listingCanonical, loadListing, requireKnownSlugs } from '#app/utils/listing.server.ts'
import { redirectIfRenamed, rethrowMoved } from '#app/utils/moved.server.ts'
import { absoluteUrl, breadcrumbLd, seoMeta } from '#app/utils/seo.ts'
import type { Route } from './+types/$slug'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(params.slug)) throw data(null, { status: 404 })
  const api = context.get(apiClientContext)
  const t = serverT(context, 'catalogue')
  const maker = await api.get(`products/manufacturers/${params.slug}/`).catch(rethrowMoved(request, params.slug))
  redirectIfRenamed(request, params.slug, maker.slug)
  const url = new URL(request.url)
  const filters = parseListParams(url.searchParams)
  const listing = await loadListing(
    api,
    filters,
    { manufacturer: maker.slug },
    maker.brands.map((b) => ({ slug: b.slug, name: b.name })),
  )
  await requireKnownSlugs(request, api, filters, { brands: listing.brandOptions })
  const basePath = `/${lang}/manufactures/${maker.slug}`
  const origin = siteOrigin(request)
  const canonical = listingCanonical(basePath, filters)
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: t('brands.title'), to: `/${lang}/brands` },
    { name: maker.name, to: basePath },
  ]
  const seo = {
    title: t('manufacturer.meta_title', { name: maker.name }),
    description: t('manufacturer.meta_description', {
      name: maker.name,
      brands: maker.brands.map((b) => b.name).join(', '),
      count: maker.product_count,
    }),
    url: absoluteUrl(origin, canonical.path),
    lang,
    noindex: canonical.noindex,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: maker.name,
        brand: maker.brands.map((b) => ({ '@type': 'Brand', name: b.name })),
      },
      breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) }))),
    ],
  }
  return data(
    { lang, maker: { ...maker }, basePath, crumbs, listing, seo },
    { headers: catalogueLoaderHeaders(request, lang) },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function ManufacturerPage({ loaderData }: Route.ComponentProps) {
  const { lang, maker, basePath, crumbs, listing } = loaderData
  const { t } = useTranslation('catalogue')
  const { search } = useLocation()
  return (
    <main id="main" className="container catalogue-page">
      <Breadcrumbs crumbs={crumbs} />
      <h1>{maker.name}</h1>
      <p className="lead">
        {t('manufacturer.country', { country: maker.country.name })}{' '}
        {maker.brands.length ? (
          <>
            {t('manufacturer.brands')}{' '}
            {maker.brands.map((b, i) => (
              <span key={b.id}>
                {i > 0 ? ', ' : null}
                <Link to={`/${lang}/products?brand=${b.slug}`}>{b.name}</Link>
              </span>
            ))}
          </>
        ) : null}
      </p>
      <ProductListing key={search} listing={listing} lang={lang} basePath={basePath} label={maker.name} />
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
