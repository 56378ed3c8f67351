import { isLang } from './i18n.ts'

// Only ever used to resolve a candidate; never a real host.
const dummyOrigin = 'http://shop.invalid'

/**
 * A page of this shop to send a visitor to (`redirectTo`, a Referer, a
 * reported page), or `fallback`. The candidate is resolved the way a browser
 * would resolve it (dot segments, `/./`, `/../`), and what is checked is the
 * resolved path, which is also what is returned: `/.//evil.example` resolves to
 * `//evil.example` and is refused. Backslashes and control characters are
 * refused before resolving, since browsers read `\` as `/` and drop tabs and
 * newlines. Accepted: a path under a shop language (`/ru`, `/uz/…`, `/sr/…`)
 * with its query and hash.
 */
export function safeRedirect(to: unknown, fallback: string): string {
  if (typeof to !== 'string' || !to.startsWith('/') || to.length > 2000) return fallback
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, dummyOrigin)
  } catch {
    return fallback
  }
  if (url.origin !== dummyOrigin) return fallback
  // `/ru` or `/ru/…`: one slash, then a language, so never `//host`.
  const [empty, lang] = url.pathname.split('/')
  if (empty !== '' || !isLang(lang)) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}
