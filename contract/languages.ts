// The shop's interface languages (SPEC §1): browser-safe, no imports, shared by the API and the storefront.
export const languages = ['uz', 'sr', 'ru'] as const
export type Lang = (typeof languages)[number]
export const defaultLang: Lang = 'ru'

/** A text in every interface language. */
export type Localized = Record<Lang, string>

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value)
}

/** The text in `lang`, falling back to Russian when that translation is empty. */
export function pick(text: Localized | null | undefined, lang: Lang): string {
  if (!text) return ''
  return text[lang] || text.ru || ''
}
