import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { PostArticle } from '#app/components/catalogue/post-article.tsx'
import { htmlText } from '#app/components/catalogue/rich-text.tsx'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { rethrowNotFound } from '#app/utils/api-errors.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { catalogueHeaders, catalogueLoaderHeaders, sharedPage } from '#app/utils/http-cache.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { pageId } from '#app/utils/ids.ts'
import { formatDate, isoDate } from '#app/utils/money.ts'
import { absoluteUrl, breadcrumbLd, seoMeta, siteName, snippet } from '#app/utils/seo.ts'
import type { Route } from './+types/$id'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  pageId(params.id)
  const api = context.get(apiClientContext)
  const t = serverT(context, 'catalogue')
  const [post, others] = await Promise.all([
    api.get(`posts/${params.id}/`).catch(rethrowNotFound),
    api.get('posts/', { size: 4 }).catch(() => null),
  ])
  const origin = siteOrigin(request)
  const path = `/${lang}/posts/${post.id}`
  const crumbs = [
    { name: t('breadcrumbs.home'), to: `/${lang}` },
    { name: post.title, to: path },
  ]
  const seo = {
    title: t('post.meta_title', { title: post.title }),
    description: snippet(htmlText(post.body)),
    url: absoluteUrl(origin, path),
    lang,
    type: 'article' as const,
    image: post.image ? absoluteUrl(origin, post.image.large) : null,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: post.title,
        datePublished: post.published_at,
        ...(post.image ? { image: absoluteUrl(origin, post.image.large) } : {}),
        author: { '@type': 'Organization', name: siteName },
        publisher: { '@type': 'Organization', name: siteName },
        mainEntityOfPage: absoluteUrl(origin, path),
      },
      breadcrumbLd(crumbs.map((c) => ({ name: c.name, url: absoluteUrl(origin, c.to) }))),
    ],
  }
  const more = (others?.results ?? []).filter((p) => p.id !== post.id).slice(0, 3)
  return data({ lang, post, more, crumbs, seo }, { headers: catalogueLoaderHeaders(request, lang) })
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = catalogueHeaders
export const handle = sharedPage

export default function PostPage({ loaderData: { lang, post, more, crumbs } }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue')
  return (
    <main id="main" className="container text-page">
      <Breadcrumbs crumbs={crumbs} />
      <PostArticle post={post} />
      {more.length ? (
        <section aria-labelledby="more-posts" className="more-posts">
          <h2 id="more-posts">{t('post.more')}</h2>
          <ul>
            {more.map((p) => (
              <li key={p.id}>
                <Link to={`/${lang}/posts/${p.id}`}>{p.title}</Link>{' '}
                <time className="muted" dateTime={isoDate(p.published_at)}>
                  {formatDate(p.published_at)}
                </time>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
