import { data } from 'react-router'
import { ContentPage } from '#app/components/catalogue/content-page.tsx'
import { ownPageAddress } from '#app/components/catalogue/links.ts'
import { htmlText } from '#app/components/catalogue/rich-text.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { rethrowNotFound } from '#app/utils/api-errors.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { absoluteUrl, breadcrumbLd, seoMeta, snippet } from '#app/utils/seo.ts'
import type { Route } from './+types/$slug'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(params.slug)) throw data(null, { status: 404 })
  const t = serverT(context, 'catalogue')
  const page = await context.get(apiClientContext).get(`pages/${params.slug}/`).catch(rethrowNotFound)
  const origin = siteOrigin(request)
  const path = `/${lang}/pages/${page.slug}`
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: page.title, to: path },
  ]
  const own = ownPageAddress[page.slug]
  const seo = {
    title: t('page.meta_title', { title: page.title }),
    description: snippet(htmlText(page.body)),
    url: absoluteUrl(origin, own ? `/${lang}/${own}` : path),
    lang,
    type: 'article' as const,
    jsonLd: [breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) })))],
  }
  return data({ page, crumbs, seo }, { headers: catalogueLoaderHeaders(request, lang) })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function Page({ loaderData: { page, crumbs } }: Route.ComponentProps) {
  return <ContentPage page={page} crumbs={crumbs} />
}

export const ErrorBoundary = RouteErrorBoundary
