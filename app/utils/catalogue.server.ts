import { getConfig } from '#api/config.ts'

/**
 * The shop's public origin for canonical, hreflang, Open Graph, JSON-LD, sitemap
 * and robots URLs: PUBLIC_URL whenever it is set (live mode requires it). A demo
 * without it answers with the Host the browser asked for, never X-Forwarded-Host:
 * a cache in front keys pages by Host, so a forged X-Forwarded-Host would put
 * another site's links into the copy it serves to everyone. Behind a proxy that
 * rewrites Host, set PUBLIC_URL.
 */
export function siteOrigin(request: Request): string {
  const { PUBLIC_URL } = getConfig()
  if (PUBLIC_URL) return PUBLIC_URL.replace(/\/+$/, '')
  const { protocol } = new URL(request.url)
  const host = request.headers.get('host') ?? ''
  // Only a bare name or [address] with a port; anything else (a path, credentials) is no origin of ours.
  const bare = /^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i.test(host)
  return (bare && URL.parse(`${protocol}//${host}`)?.origin) || `${protocol}//localhost`
}
