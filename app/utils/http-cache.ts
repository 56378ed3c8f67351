import { parseCookie } from 'cookie'
import type { HeadersArgs } from 'react-router'

// Catalogue pages are the same for every anonymous visitor with the same
// cookies, so the shop's page cache (server/page-cache.ts), a CDN or a reverse
// proxy may keep them. They are kept apart per Cookie header (Vary), and never
// shared when the request carries anything personal (a session, a flash
// message, a basket) or the response sets a personal cookie. The one cookie a
// shared page may set is the language cookie: it follows from the URL
// (`/uz/…` sets `uz`), so it is the same for everyone who gets that page
// (docs/decisions/010-cached-pages-for-first-time-visitors.md).

/**
 * Browsers ask again every time (a stock change shows at once); a shared cache
 * in front may answer for a minute. The shop's own page cache is emptied at
 * once by every catalogue change.
 */
export const publicCache = 'public, max-age=0, s-maxage=60'
export const privateCache = 'private, no-cache'

/** The cookie that remembers the language: derived from the URL, never personal. */
const languageCookie = 'i18n_redirected'

/**
 * Cookies that do not make a page personal. The visitor id is issued only by
 * a form post (app/utils/visitor.server.ts) and what it owns shows through
 * cookies of its own (a basket or favourites change leaves `atir_basket`), so
 * a page for a visitor with only these is still the same for every such visitor
 * (and Vary: Cookie keeps two ids apart in a shared cache).
 */
const anonymousCookies = new Set(['visitorId', languageCookie])

/** A cookie besides the anonymous ones: a session, a basket or favourites changed, a flash message. */
export function hasPersonalCookie(request: Request): boolean {
  const cookies = parseCookie(request.headers.get('cookie') ?? '')
  return Object.keys(cookies).some((name) => !anonymousCookies.has(name))
}

/** True when a Set-Cookie value sets only the language cookie. */
export function isLanguageCookie(setCookie: string): boolean {
  return setCookie.trimStart().startsWith(`${languageCookie}=`)
}

/** The Cache-Control a catalogue page for this request may carry: public when nothing in it is personal. */
export function catalogueCacheControl(request: Request, _lang?: string): string {
  return hasPersonalCookie(request) ? privateCache : publicCache
}

/** Headers a loader returns with its data: `data(value, { headers: catalogueLoaderHeaders(request, lang) })`. */
export function catalogueLoaderHeaders(request: Request, lang?: string): HeadersInit {
  return { 'Cache-Control': catalogueCacheControl(request, lang) }
}

/** True when every cookie these headers set is the language cookie. */
function setsOnlyLanguage(headers: Headers): boolean {
  return headers.getSetCookie().every(isLanguageCookie)
}

/**
 * A route's `headers` export: the loader's Cache-Control, made private when a
 * parent sets a personal cookie or the page is an error; always Vary: Cookie and
 * Save-Data (smaller pictures, app/utils/save-data.ts).
 */
export function catalogueHeaders({ loaderHeaders, parentHeaders, errorHeaders }: HeadersArgs): Headers {
  const headers = new Headers({ Vary: 'Cookie, Save-Data' })
  const wanted = loaderHeaders.get('Cache-Control')
  const shareable = wanted && !errorHeaders && setsOnlyLanguage(parentHeaders) && setsOnlyLanguage(loaderHeaders)
  headers.set('Cache-Control', shareable ? wanted : privateCache)
  return headers
}

/**
 * The `handle` of a route whose page is the same for every shopper but for
 * their own parts (`personalText` in its data, `PersonalSlot`s in its HTML):
 * the page cache renders it once for everyone and fills those parts in per
 * request (server/page-cache.ts, docs/decisions/017-cached-pages-for-everyone.md).
 */
export const sharedPage = { sharedPage: 'everyone' } as const

/**
 * The `handle` of a shared page only a signed-out shopper is shown (the sign-in page): a signed-in
 * shopper's request for it is rendered for them, which sends them on.
 */
export const signedOutPage = { sharedPage: 'signed-out' } as const

export type SharedPageKind = (typeof sharedPage | typeof signedOutPage)['sharedPage']

/** Who a route's `handle` says its page is shared by (`sharedPage`, `signedOutPage`); null for a page of its own. */
export function sharedPageKind(handle: unknown): SharedPageKind | null {
  const kind = (handle as { sharedPage?: unknown } | undefined)?.sharedPage
  return kind === 'everyone' || kind === 'signed-out' ? kind : null
}

/** For robots.txt, sitemaps and other files without a page: shared for `maxAge` seconds unless the request is personal. */
export function resourceCacheControl(request: Request, maxAge: number): string {
  return hasPersonalCookie(request) ? `private, max-age=${maxAge}` : `public, max-age=${maxAge}`
}
