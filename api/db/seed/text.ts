import { toLatin } from '../../catalogue/uzbek-latin.ts'
import type { Localized } from '../../http/locale.ts'

/** A text as written: Russian and Uzbek Cyrillic; the Uzbek Latin one is derived. */
export type Text = { ru: string; uz: string }

// Catalogue texts are assembled from a few hundred distinct sentences and
// phrases; converting each once keeps a 100,000-product seed fast.
const latinCache = new Map<string, string>()

/** The Uzbek Latin spelling of an Uzbek Cyrillic text, converted once per distinct text. */
export function latin(uz: string): string {
  let result = latinCache.get(uz)
  if (result === undefined) {
    result = toLatin(uz)
    latinCache.set(uz, result)
  }
  return result
}

export const localize = (text: Text): Localized => ({ uz: text.uz, sr: latin(text.uz), ru: text.ru })

export function joinLocalized(parts: Localized[], separator: string): Localized {
  return {
    uz: parts.map((p) => p.uz).join(separator),
    sr: parts.map((p) => p.sr).join(separator),
    ru: parts.map((p) => p.ru).join(separator),
  }
}

/** Localises each piece once and joins them, e.g. the sentences of a description. */
export const localizeJoined = (pieces: Text[], separator: string) => joinLocalized(pieces.map(localize), separator)

/** Paragraphs joined the way page bodies are stored: separated by blank lines. */
export const paragraphs = (...items: Text[]): Text => ({
  ru: items.map((p) => p.ru).join('\n\n'),
  uz: items.map((p) => p.uz).join('\n\n'),
})
