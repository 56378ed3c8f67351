import { foldText, highlightRanges, mergeRanges, type Range, searchTokens } from './search-text.ts'

// What the storefront marks in a result's title. Prefix matches come from
// search-text.ts; on top of that a brand found through one of its local
// spellings ("шанель") is marked where its real name stands in the title, and
// a misspelt word ("sauvaje") marks the title word it resembles.

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'`´ʻʼ‘’]*/gu
const FUZZY_MIN = 0.45

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `
  const set = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3))
  return set
}

/** pg_trgm's similarity() of two single words. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigrams(a)
  const tb = trigrams(b)
  let shared = 0
  for (const t of ta) if (tb.has(t)) shared++
  return shared / (ta.size + tb.size - shared)
}

export type Highlights = { title: Range[]; brand: Range[] }

/**
 * What to mark in a search result: ranges in its shown title and in its brand
 * name. A query word found as a prefix marks that prefix; a brand found through
 * a local spelling ("шанель") marks the whole brand name, and that name
 * where it stands in the title; a misspelt word
 * ("sauvaje") marks the title word it resembles; a word that only matched one
 * of the line's local spellings ("саваж") marks the product's name, the title
 * up to its first comma.
 */
export function searchHighlight(
  title: string,
  query: string,
  product: { brandName: string; brandAliases: readonly string[]; searchKey: string },
  corrections: readonly { token: string; corrections: readonly string[] }[] = [],
): Highlights {
  const tokens = searchTokens(query)
  if (!tokens.length) return { title: [], brand: [] }
  const titleRanges: Range[] = [...highlightRanges(title, query)]
  const brandRanges: Range[] = [...highlightRanges(product.brandName, query)]
  const nameTokens = searchTokens(product.brandName)
  const aliasTokens = product.brandAliases.flatMap(searchTokens)
  const left = tokens.filter(
    (token) => highlightRanges(title, token).length === 0 && !nameTokens.some((n) => n.startsWith(token)),
  )
  const viaAlias = left.filter((token) => aliasTokens.some((a) => a.startsWith(token)))
  if (viaAlias.length) {
    brandRanges.push([0, product.brandName.length])
    titleRanges.push(...highlightRanges(title, product.brandName))
  }
  let rest = left.filter((token) => !viaAlias.includes(token))
  // A misspelt word the search corrected marks what its corrections mark.
  for (const { token, corrections: words } of corrections) {
    if (!rest.includes(token)) continue
    const marked = words.flatMap((word) => highlightRanges(title, word))
    if (!marked.length) continue
    titleRanges.push(...marked)
    rest = rest.filter((t) => t !== token)
  }
  const fuzzy = rest.filter((token) => token.length >= 4)
  if (fuzzy.length) {
    const resembled = new Set<string>()
    for (const word of title.matchAll(WORD_RE)) {
      const folded = foldText(word[0]).replace(/ /g, '')
      const close = fuzzy.filter((token) => folded && trigramSimilarity(folded, token) >= FUZZY_MIN)
      if (!close.length) continue
      titleRanges.push([word.index, word.index + word[0].length])
      for (const token of close) resembled.add(token)
    }
    rest = rest.filter((token) => !resembled.has(token))
  }
  const keyTokens = product.searchKey.split(' ')
  const comma = title.indexOf(',')
  if (comma > 0 && rest.some((token) => token.length >= 3 && keyTokens.some((k) => k.startsWith(token)))) {
    titleRanges.push([0, title.slice(0, comma).trimEnd().length])
  }
  return { title: mergeRanges(titleRanges), brand: mergeRanges(brandRanges) }
}
