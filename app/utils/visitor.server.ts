import { randomBytes } from 'node:crypto'
import { parseCookie, stringifySetCookie } from 'cookie'
import { isFingerprint } from '#contract/visitor.ts'
import { secureCookies } from './session.server.ts'

const visitorCookie = 'visitorId'
const oneYear = 365 * 24 * 60 * 60

/**
 * The anonymous visitor's id (SPEC §3 "Visitor fingerprint"): read from the
 * `visitorId` cookie, or a new one with the Set-Cookie header to keep it.
 */
export function getVisitor(request: Request): { id: string; setCookie: string | null } {
  const existing = parseCookie(request.headers.get('cookie') ?? '')[visitorCookie]
  if (existing && isFingerprint(existing)) return { id: existing, setCookie: null }
  const id = randomBytes(18).toString('base64url')
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
