import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { CategoryTiles } from '#app/components/catalogue/category-tiles.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { absoluteUrl, breadcrumbLd, seoMeta } from '#app/utils/seo.ts'
import type { Route } from './+types/index'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const t = serverT(context, 'catalogue')
  const { results: groups } = await context.get(apiClientContext).get('products/categories/')
  const origin = siteOrigin(request)
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: t('categories.title'), to: `/${lang}/products/categories` },
  ]
  const seo = {
    title: t('categories.meta_title'),
    description: t('categories.meta_description', {
      list: groups
        .flatMap((g) => g.children.map((c) => c.title))
        .slice(0, 8)
        .join(', '),
    }),
    url: absoluteUrl(origin, `/${lang}/products/categories`),
    lang,
    jsonLd: [breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) })))],
  }
  return data({ lang, groups, crumbs, seo }, { headers: catalogueLoaderHeaders(request, lang) })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function Categories({ loaderData: { lang, groups, crumbs } }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue')
  return (
    <main id="main" className="container catalogue-page">
      <Breadcrumbs crumbs={crumbs} />
      <h1>{t('categories.title')}</h1>
      {groups.length === 0 ? <p className="empty-state">{t('categories.empty')}</p> : null}
      {groups.map((group) => (
        <section key={group.id ?? 'other'} className="category-group" aria-labelledby={`group-${group.id ?? 'other'}`}>
          <h2 id={`group-${group.id ?? 'other'}`}>
            {group.slug ? <Link to={`/${lang}/products?sections=${group.slug}`}>{group.title}</Link> : group.title}
          </h2>
          <CategoryTiles categories={group.children} lang={lang} />
        </section>
      ))}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
