import { randomBytes } from 'node:crypto'
import { parseCookie, stringifySetCookie } from 'cookie'
import { isFingerprint } from '#contract/visitor.ts'
import { secureCookies } from './cookie-session.server.ts'

const visitorCookie = 'visitorId'
const oneYear = 365 * 24 * 60 * 60

/**
 * The anonymous visitor's id (SPEC §3 "Visitor fingerprint"): read from the
 * `visitorId` cookie, or a new one. A new id is kept (Set-Cookie) only by a
 * request that can change something (a basket, favourite, story or sign-in
 * form): pages a visitor merely reads set no cookie of their own, so they stay
 * the same for every first-time visitor and can be shared-cached
 * (docs/decisions/010-cached-pages-for-first-time-visitors.md). Such a read
 * uses a throwaway id, which owns nothing.
 */
export function getVisitor(request: Request): { id: string; setCookie: string | null } {
  const existing = parseCookie(request.headers.get('cookie') ?? '')[visitorCookie]
  if (existing && isFingerprint(existing)) return { id: existing, setCookie: null }
  const id = randomBytes(18).toString('base64url')
  if (request.method === 'GET' || request.method === 'HEAD') return { id, setCookie: null }
  const setCookie = stringifySetCookie({
    name: visitorCookie,
    value: id,
    path: '/',
    maxAge: oneYear,
    httpOnly: true,
    sameSite: 'lax',
    // As the session cookie: also behind a TLS-terminating proxy, whenever PUBLIC_URL is https.
    secure: secureCookies(request),
  })
  return { id, setCookie }
}

export function localeCookie(lang: string) {
  return stringifySetCookie({ name: 'i18n_redirected', value: lang, path: '/', maxAge: oneYear, sameSite: 'lax' })
}

/**
 * A cookie whose value changes with every change of what the visitor owns
 * (basket, favourites, stories seen). Pages vary on Cookie and any cookie
 * besides the visitor id and the language makes them private
 * (app/utils/http-cache.ts), so no browser or proxy shows a page with the old
 * state after a change; and a visitor id without it owns nothing, so the page
 * cache gives that visitor the first-time visitor's page without asking
 * (docs/decisions/017-cached-pages-for-everyone.md).
 */
export function ownedChangedCookie(request: Request) {
  return stringifySetCookie({
    name: 'atir_basket',
    value: Date.now().toString(36),
    path: '/',
    maxAge: oneYear,
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(request),
  })
}
