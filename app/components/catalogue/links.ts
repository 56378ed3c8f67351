import type { Lang } from '#app/utils/i18n.ts'

/**
 * A link the API gives for a banner or story ("/products/category/x", or a
 * full URL) as the storefront's own path in this language, or as it is when
 * it leads elsewhere.
 */
export function shopHref(link: string | null, lang: Lang): { href: string; external: boolean } | null {
  if (!link) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith('//')) return { href: link, external: true }
  const path = link.startsWith('/') ? link : `/${link}`
  if (/^\/(uz|sr|ru)(\/|$)/.test(path)) return { href: path.replace(/^\/(uz|sr|ru)/, `/${lang}`), external: false }
  return { href: path === '/' ? `/${lang}` : `/${lang}${path}`, external: false }
}

/** Content pages that have their own address (/about, /contact): their /pages/{slug} is canonical there. */
export const ownPageAddress: Record<string, string> = { about: 'about', contact: 'contact' }
