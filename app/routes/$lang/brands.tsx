import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { absoluteUrl, breadcrumbLd, seoMeta } from '#app/utils/seo.ts'
import type { Route } from './+types/brands'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const t = serverT(context, 'catalogue')
  const { results } = await context.get(apiClientContext).get('products/brands/')
  // A–Z as the API orders them, grouped under their index letter.
  const letters = new Map<string, { slug: string; name: string; count: number; popular: boolean }[]>()
  for (const brand of results) {
    const list = letters.get(brand.letter) ?? []
    list.push({ slug: brand.slug, name: brand.name, count: brand.product_count, popular: brand.is_popular })
    letters.set(brand.letter, list)
  }
  const origin = siteOrigin(request)
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: t('brands.title'), to: `/${lang}/brands` },
  ]
  const seo = {
    title: t('brands.meta_title'),
    description: t('brands.meta_description', {
      count: results.length,
      list: results
        .filter((b) => b.is_popular)
        .slice(0, 6)
        .map((b) => b.name)
        .join(', '),
    }),
    url: absoluteUrl(origin, `/${lang}/brands`),
    lang,
    jsonLd: [breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) })))],
  }
  return data(
    { lang, letters: [...letters.entries()], total: results.length, crumbs, seo },
    { headers: catalogueLoaderHeaders(request, lang) },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function Brands({ loaderData: { lang, letters, total, crumbs } }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue')
  return (
    <main id="main" className="container catalogue-page">
      <Breadcrumbs crumbs={crumbs} />
      <h1>{t('brands.title')}</h1>
      {total === 0 ? (
        <p className="empty-state">{t('brands.empty')}</p>
      ) : (
        <>
          <nav className="letter-index" aria-label={t('brands.index')}>
            <ul>
              {letters.map(([letter]) => (
                <li key={letter}>
                  <a href={`#letter-${letter === '#' ? 'digits' : letter}`}>{letter}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="brand-letters">
            {letters.map(([letter, brands]) => (
              <section
                key={letter}
                id={`letter-${letter === '#' ? 'digits' : letter}`}
                aria-labelledby={`letter-title-${letter}`}
              >
                <h2 id={`letter-title-${letter}`}>{letter}</h2>
                <ul>
                  {brands.map((brand) => (
                    <li key={brand.slug}>
                      <Link to={`/${lang}/products?brand=${brand.slug}`}>{brand.name}</Link>{' '}
                      <span className="muted">({brand.count})</span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
