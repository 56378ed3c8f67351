import { defaultLang, type Lang } from '#contract/languages.ts'

// The languages live in contract/ (the storefront needs them too); the API's modules keep importing them from here.
export { defaultLang, isLang, type Lang, type Localized, languages, pick } from '#contract/languages.ts'

/**
 * The language an API client asked for. Clients send the shop's own codes
 * (uz = Uzbek Cyrillic, sr = Uzbek Latin, ru); real BCP 47 tags are understood too.
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang {
  if (!header) return defaultLang
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  for (const { tag } of ranked) {
    if (tag === 'uz-latn' || tag.startsWith('uz-latn-') || tag === 'sr') return 'sr'
    if (tag === 'uz' || tag.startsWith('uz-')) return 'uz'
    if (tag === 'ru' || tag.startsWith('ru-')) return 'ru'
  }
  return defaultLang
}
