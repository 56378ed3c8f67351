import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { resourceCacheControl } from '#app/utils/http-cache.ts'
import type { Route } from './+types/robots.txt'

/** /robots.txt: everything public may be crawled, except the API (its pictures excepted) and personal pages. */
export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request)
  const personal = ['basket', 'saved', 'checkout', 'profile', 'my-orders', 'order/', 'login', 'register']
  const lines = [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/v1/media/',
    'Disallow: /api/',
    'Disallow: /*/search-suggest',
    'Disallow: /*/list-count',
    'Disallow: /*/story-read/',
    ...personal.map((path) => `Disallow: /*/${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ]
  return new Response(lines.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': resourceCacheControl(request, 3600) },
  })
}
