import { useTranslation } from 'react-i18next'
import { data, Link } from 'react-router'
import { Breadcrumbs } from '#app/components/catalogue/breadcrumbs.tsx'
import { ResponsiveImage } from '#app/components/catalogue/image.tsx'
import { shopHref } from '#app/components/catalogue/links.ts'
import { RouteErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiClientContext } from '#app/utils/api-client.server.ts'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { langOf } from '#app/utils/i18n.ts'
import { pageId } from '#app/utils/ids.ts'
import { absoluteUrl, seoMeta } from '#app/utils/seo.ts'
import { ownedChangedCookie } from '#app/utils/visitor.server.ts'
import type { Route } from './+types/$id'

/**
 * One story as a page: what the story viewer shows, for browsers without
 * JavaScript (the rail's links lead here). Seeing the page marks its items read.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langOf(params)
  pageId(params.id)
  const api = context.get(apiClientContext)
  const t = serverT(context, 'catalogue')
  const { results } = await api.get('common/story/')
  const index = results.findIndex((s) => s.id === Number(params.id))
  const story = results[index]
  if (!story) throw data(null, { status: 404 })
  const unread = story.items.filter((item) => !item.is_read)
  await Promise.all(unread.map((item) => api.get(`common/story-item/${item.id}/read/`)))
  const origin = siteOrigin(request)
  const seo = {
    title: t('story.meta_title', { title: story.title }),
    description: story.items.map((item) => item.title).join(' · '),
    url: absoluteUrl(origin, `/${lang}/stories/${story.id}`),
    lang,
    noindex: true,
  }
  const neighbour = (i: number) => (results[i] ? { id: results[i].id, title: results[i].title } : null)
  return data(
    { lang, story, previous: neighbour(index - 1), next: neighbour(index + 1), seo },
    // Read marks are this visitor's own, and so are their pages from now on (app/utils/visitor.server.ts).
    {
      headers: {
        'Cache-Control': 'private, no-store',
        ...(unread.length ? { 'Set-Cookie': ownedChangedCookie(request) } : {}),
      },
    },
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => seoMeta(loaderData?.seo)
export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders

export default function StoryPage({ loaderData: { lang, story, previous, next } }: Route.ComponentProps) {
  const { t } = useTranslation('catalogue')
  return (
    <main id="main" className="container text-page story-page">
      <Breadcrumbs
        crumbs={[
          { name: t('breadcrumbs.home'), to: `/${lang}` },
          { name: story.title, to: `/${lang}/stories/${story.id}` },
        ]}
      />
      <h1>{story.title}</h1>
      <ol className="story-items">
        {story.items.map((item, index) => {
          const target = shopHref(item.link, lang)
          return (
            <li key={item.id}>
              <figure>
                <ResponsiveImage
                  links={item.image}
                  alt={item.title}
                  width={270}
                  height={480}
                  sizes="(min-width: 640px) 270px, 70vw"
                  candidates={['small', 'medium']}
                  priority={index === 0}
                />
                <figcaption>
                  {target ? (
                    target.external ? (
                      <a href={target.href} rel="noopener noreferrer">
                        {item.title}
                      </a>
                    ) : (
                      <Link to={target.href}>{item.title}</Link>
                    )
                  ) : (
                    item.title
                  )}
                </figcaption>
              </figure>
            </li>
          )
        })}
      </ol>
      <nav className="link-row" aria-label={t('story.other')}>
        {previous ? <Link to={`/${lang}/stories/${previous.id}`}>‹ {previous.title}</Link> : null}
        <Link to={`/${lang}`}>{t('story.back')}</Link>
        {next ? <Link to={`/${lang}/stories/${next.id}`}>{next.title} ›</Link> : null}
      </nav>
    </main>
  )
}

export const ErrorBoundary = RouteErrorBoundary
