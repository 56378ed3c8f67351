import { parseCookie } from 'cookie'
import { defaultLang, isLang, type Lang } from '#app/utils/i18n.ts'
import { localeCookie } from '#app/utils/visitor.server.ts'

export const localeCookieName = 'i18n_redirected'

/** The language a browser prefers: uz-Cyrl → uz, uz-Latn (and bare uz, written in Latin today) → sr. */
export function langFromBrowser(header: string | null): Lang | null {
  if (!header) return null
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().toLowerCase().split(';q=')
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q) || 0 }
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q)
  for (const { tag } of tags) {
    if (tag.startsWith('uz-cyrl')) return 'uz'
    if (tag === 'uz' || tag.startsWith('uz-')) return 'sr'
    if (tag === 'ru' || tag.startsWith('ru-')) return 'ru'
  }
  return null
}

export function langFromCookie(cookieHeader: string | null): Lang | null {
  const value = parseCookie(cookieHeader ?? '')[localeCookieName]
  return isLang(value) ? value : null
}

/**
 * The Set-Cookie that remembers `lang` for the next visit to `/` (SPEC §2),
 * or `null` when the request's cookie says it already.
 */
export function languageCookieFor(cookieHeader: string | null, lang: Lang): string | null {
  return langFromCookie(cookieHeader) === lang ? null : localeCookie(lang)
}

export function langFromPath(pathname: string): Lang | null {
  const first = pathname.split('/')[1]
  return isLang(first) ? first : null
}

/** SPEC §2: the path prefix, then the cookie, then the browser's language, then ru. */
export function detectLang(request: Request): Lang {
  return (
    langFromPath(new URL(request.url).pathname) ??
    langFromCookie(request.headers.get('cookie')) ??
    langFromBrowser(request.headers.get('accept-language')) ??
    defaultLang
  )
}
