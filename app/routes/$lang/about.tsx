import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { htmlText, RichHtml, RichText } from '#app/components/catalogue/rich-text.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { orNull } from '#app/utils/api-errors.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { absoluteUrl, breadcrumbLd, seoMeta, snippet } from '#app/utils/seo.ts'
import type { Route } from './+types/about'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  const t = serverT(context, 'catalogue')
  // The text is the `about` content page; without one the page still says who we are.
  const page = await orNull(context.get(apiClientContext).get('pages/about/'))
  const title = page?.title ?? t('about.title')
  // The page's body is the API's sanitised HTML; the fallback is plain text.
  const body = page ? { html: page.body } : { text: t('about.fallback') }
  const origin = siteOrigin(request)
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: title, to: `/${lang}/about` },
  ]
  const seo = {
    title: t('about.meta_title', { title }),
    description: snippet(body.html ? htmlText(body.html) : (body.text ?? '')),
    url: absoluteUrl(origin, `/${lang}/about`),
    lang,
    jsonLd: [breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) })))],
  }
  return data({ lang, title, body, crumbs, seo }, { headers: catalogueLoaderHeaders(request, lang) })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function About({ loaderData: { lang, title, body, crumbs } }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue')
  return (
    <main id="main" className="container text-page">
      <Breadcrumbs crumbs={crumbs} />
      <article>
        <h1>{title}</h1>
        {body.html ? <RichHtml html={body.html} /> : <RichText text={body.text ?? ''} />}
      </article>
      <ul className="link-row">
        <li>
          <Link to={`/${lang}/contact`}>{t('contact.title')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/brands`}>{t('brands.title')}</Link>
        </li>
        <li>
          <Link to={`/${lang}/products/categories`}>{t('categories.title')}</Link>
        </li>
      </ul>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
