import { parseCookie } from 'cookie'
import type { HeadersArgs } from 'react-router'

// Catalogue pages are the same for every anonymous visitor with the same
// cookies, so a CDN or the browser may keep them briefly. They are kept apart
// per Cookie header (Vary), and never shared when the request carries anything
// personal (a session, a flash message) or the response sets a cookie: a shared
// cache would hand that cookie (a visitor id, a basket) to everyone else.

export const publicCache = 'public, max-age=60, stale-while-revalidate=600'
export const privateCache = 'private, no-cache'

/**
 * Cookies every anonymous visitor has; any other cookie makes a page personal.
 * That is also the switch for later features: a basket or favourites that
 * change what the header shows should leave a cookie of their own (or a flash
 * message), and the pages become private for that browser.
 */
const anonymousCookies = new Set(['visitorId', 'i18n_redirected'])
const fingerprint = /^[A-Za-z0-9_-]{16,64}$/

/** A cookie besides the anonymous ones: a session, a basket or favourites changed, a flash message. */
export function hasPersonalCookie(request: Request): boolean {
  const cookies = parseCookie(request.headers.get('cookie') ?? '')
  return Object.keys(cookies).some((name) => !anonymousCookies.has(name))
}

/**
 * The Cache-Control a catalogue page for this request may carry. Public only
 * when the request has no personal cookie and the response will set none:
 * the visitor id is already known and the language cookie already says `lang`.
 */
export function catalogueCacheControl(request: Request, lang: string): string {
  const cookies = parseCookie(request.headers.get('cookie') ?? '')
  const personal = hasPersonalCookie(request)
  const setsCookie = !fingerprint.test(cookies.visitorId ?? '') || cookies.i18n_redirected !== lang
  return personal || setsCookie ? privateCache : publicCache
}

/** Headers a loader returns with its data: `data(value, { headers: catalogueLoaderHeaders(request, lang) })`. */
export function catalogueLoaderHeaders(request: Request, lang: string): HeadersInit {
  return { 'Cache-Control': catalogueCacheControl(request, lang) }
}

/**
 * A route's `headers` export: the loader's Cache-Control, made private when a
 * parent sets a cookie or the page is an error; always Vary: Cookie and Save-Data
 * (smaller pictures, app/utils/save-data.ts).
 */
export function catalogueHeaders({ loaderHeaders, parentHeaders, errorHeaders }: HeadersArgs): Headers {
  const headers = new Headers({ Vary: 'Cookie, Save-Data' })
  const wanted = loaderHeaders.get('Cache-Control')
  const shareable = wanted && !errorHeaders && !parentHeaders.has('Set-Cookie') && !loaderHeaders.has('Set-Cookie')
  headers.set('Cache-Control', shareable ? wanted : privateCache)
  return headers
}

/** For robots.txt, sitemaps and other files without a page: shared for `maxAge` seconds when no cookie is set. */
export function resourceCacheControl(request: Request, maxAge: number): string {
  const cookies = parseCookie(request.headers.get('cookie') ?? '')
  const personal = Object.keys(cookies).some((name) => !anonymousCookies.has(name))
  const setsCookie = !fingerprint.test(cookies.visitorId ?? '')
  return personal || setsCookie ? `private, max-age=${maxAge}` : `public, max-age=${maxAge}`
}
