import type { Concentration } from '#contract/product-lines.ts'
import { searchTokens } from './search-text.ts'

// Words of a search that name one size of a fragrance rather than the
// fragrance: a volume ("sauvage 200", "100 ml") or a concentration ("sauvage
// parfum", "edp", «туалетная вода»). A search lists each line once; one that
// names a size lists the line as that size, and those sizes first.
//
// The titles name a concentration in Russian and Uzbek («туалетная вода»,
// "tualet suvi"), and the search key holds them, so those words stay text that
// must match. The Latin names shoppers copy from the bottle ("edt", "eau de
// parfum", "parfum") are in no title: as text they would find nothing or the
// wrong concentration («парфюм суви» for "parfum"), so they are taken out of
// the text and only choose among a line's sizes.

export type NamedSize = {
  /** Volumes the query names: numbers standing alone ("200", "100 ml"). */
  volumes: number[]
  /** Concentrations the query names, in either way. */
  concentrations: Concentration[]
}

type Term = { concentration: Concentration; words: string }

const fold = (text: string) => searchTokens(text)

/** Named on bottles and by shoppers, in no title: taken out of the text. */
const bottleNames: Term[] = (
  [
    { concentration: 'edt', words: 'eau de toilette' },
    { concentration: 'edt', words: 'edt' },
    { concentration: 'edp', words: 'eau de parfum' },
    { concentration: 'edp', words: 'edp' },
    { concentration: 'extrait', words: 'extrait de parfum' },
    { concentration: 'extrait', words: 'extrait' },
    { concentration: 'edc', words: 'eau de cologne' },
    { concentration: 'edc', words: 'edc' },
    { concentration: 'parfum', words: 'parfum' },
  ] satisfies Term[]
).map((term) => ({ ...term, words: fold(term.words).join(' ') }))

/** The titles' own names (search-key words), by the first word's start: they stay text. */
const titleNames: { concentration: Concentration; stems: string[] }[] = [
  { concentration: 'edt', stems: ['tualetn', 'tualet suvi'] },
  { concentration: 'edp', stems: ['parfyumern', 'parfyum suvi'] },
  { concentration: 'extrait', stems: ['ekstrakt duxov', 'atir ekstrakti'] },
  { concentration: 'edc', stems: ['odekolon'] },
]

/** The longest bottle name starting at `at`, as the number of words it takes. */
function bottleNameAt(tokens: string[], at: number): (Term & { length: number }) | null {
  let best: (Term & { length: number }) | null = null
  for (const term of bottleNames) {
    const words = term.words.split(' ')
    if (words.every((word, i) => tokens[at + i] === word) && words.length > (best?.length ?? 0))
      best = { ...term, length: words.length }
  }
  return best
}

const isVolume = (token: string) => /^\d{1,4}$/.test(token) && Number(token) > 0

/**
 * The size a search's folded words name, if any, and the words left to search
 * as text (the bottle names taken out).
 */
export function readNamedSize(tokens: string[]): { text: string[]; named: NamedSize | null } {
  const text: string[] = []
  const volumes = new Set<number>()
  const strengths = new Set<Concentration>()
  for (let at = 0; at < tokens.length; ) {
    const token = tokens[at]!
    const bottle = bottleNameAt(tokens, at)
    if (bottle) {
      strengths.add(bottle.concentration)
      at += bottle.length
      continue
    }
    if (isVolume(token)) volumes.add(Number(token))
    const rest = tokens.slice(at).join(' ')
    for (const { concentration, stems } of titleNames)
      if (stems.some((stem) => rest.startsWith(stem))) strengths.add(concentration)
    text.push(token)
    at++
  }
  const named = volumes.size || strengths.size ? { volumes: [...volumes], concentrations: [...strengths] } : null
  return { text, named }
}

/** True when a product of this volume and concentration is the size `named` asks for. */
export function isNamedSize(
  named: NamedSize | null,
  product: { volume: number | null; concentration: Concentration | null },
): boolean {
  if (!named) return false
  const volume = !named.volumes.length || (product.volume !== null && named.volumes.includes(product.volume))
  const concentration =
    !named.concentrations.length ||
    (product.concentration !== null && named.concentrations.includes(product.concentration))
  return volume && concentration
}
