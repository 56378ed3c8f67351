import { data } from 'react-router'
import { isLang, type Lang } from '#contract/languages.ts'

export { defaultLang, isLang, type Lang, languages } from '#contract/languages.ts'

/**
 * The language of a page under `/{lang}/`. The shop's layout answers an
 * unknown prefix with its 404 page; a page's own loader, which runs beside
 * it, and a resource route stop at a 404 too.
 */
export function langOf(params: { lang?: string }): Lang {
  if (!isLang(params.lang)) throw data(null, { status: 404 })
  return params.lang
}

/** The real language tags behind the shop's codes, for <html lang> and hreflang. */
export const htmlLang: Record<Lang, string> = { uz: 'uz-Cyrl', sr: 'uz-Latn', ru: 'ru' }

/** Names as speakers of each language write them, for the switcher. */
export const languageNames: Record<Lang, string> = { uz: 'Ўзбекча', sr: 'Oʻzbekcha', ru: 'Русский' }

/** The same path in another language: `/uz/products?x=1` → `/ru/products?x=1`. */
export function switchLanguagePath(pathname: string, search: string, to: Lang) {
  const rest = pathname.replace(/^\/(uz|sr|ru)(?=\/|$)/, '')
  return `/${to}${rest}${search}`
}
