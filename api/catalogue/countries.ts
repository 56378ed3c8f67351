import type { Lang } from '../http/locale.ts'

// Country names come from ICU (Node ships full ICU); shop wording wins where
// ICU's differs from what customers read on labels.
const locales: Record<Lang, string> = { uz: 'uz-Cyrl', sr: 'uz-Latn', ru: 'ru' }
const overrides: Partial<Record<Lang, Record<string, string>>> = {
  ru: { US: 'США', KR: 'Южная Корея', GB: 'Великобритания' },
  uz: { US: 'АҚШ', AE: 'БАА' },
  sr: { US: 'AQSH', AE: 'BAA' },
}

const names = new Map<Lang, Intl.DisplayNames>()

// ICU writes Uzbek oʻ/gʻ with U+2018 in some names and U+02BB in others; the shop uses U+02BB.
const uzbekLatinApostrophes = (name: string) =>
  name.replace(/([OoGg])[‘’'`ʼ]/g, '$1ʻ').replace(/(\p{L})[‘’'`](?=\p{L})/gu, '$1ʼ')

/** `{ code, name }` of an ISO 3166 alpha-2 code in the interface language. */
export function country(code: string, lang: Lang) {
  const upper = code.toUpperCase()
  const override = overrides[lang]?.[upper]
  if (override) return { code: upper, name: override }
  let display = names.get(lang)
  if (!display) {
    display = new Intl.DisplayNames([locales[lang]], { type: 'region', fallback: 'code' })
    names.set(lang, display)
  }
  let name: string
  try {
    name = display.of(upper) ?? upper
  } catch {
    name = upper
  }
  return { code: upper, name: lang === 'sr' ? uzbekLatinApostrophes(name) : name }
}
