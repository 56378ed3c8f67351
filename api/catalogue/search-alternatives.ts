import { and, eq, exists } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { brands, products } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import type { MediaLinks } from '../media/links.ts'
import { listingSizes } from './lines.ts'
import { listProducts } from './listing.ts'
import type { ProductCard } from './schemas.ts'
import { foldText, searchTokens } from './search-text.ts'
import { emptyVocabulary, getVocabulary, prefixRange, similarWords, trigramsOf, type Vocabulary } from './vocabulary.ts'

// What to offer a search that found nothing (search.ts explains the search
// itself). The search already corrects a word to the known ones at pg_trgm's
// similarity of 0.4 and leaves out unknown words while others are known; what
// still finds nothing is a word further off («шанелл совааж»), or words no
// product has together («chanel sauvage»). Here the bar is lower and each
// word is also tried alone: every spelling offered is one the search answers
// with products, worded as the shop writes it (the matched words of its best
// product). The brands offered are those whose names are nearest the words.

/** Similarity from which a known word is offered for a query word (the search itself corrects at 0.4). */
const LOOSE = 0.25
/** Similarity from which a brand's name is offered. */
const BRAND_MIN = 0.3
const SPELLINGS = 3
const BRANDS = 3
/** Searches tried at most for one answer: each is a search of the catalogue. */
const TRIES = 6

export type SearchAlternatives = {
  spellings: { query: string; total: number }[]
  brands: { id: number; slug: string; name: string }[]
}

const none: SearchAlternatives = { spellings: [], brands: [] }

/** pg_trgm's similarity of two folded words (shared trigrams over all), as vocabulary.ts computes it. */
function similarity(a: string, b: string) {
  const own = new Set(trigramsOf(a))
  const other = trigramsOf(b)
  const shared = other.filter((gram) => own.has(gram)).length
  return shared / (own.size + other.length - shared)
}

/** Folded queries worth a search, nearest first: the words corrected more loosely, then each word alone. */
function candidates(tokens: string[], vocabulary: Vocabulary): string[] {
  const known = (token: string) => {
    const [from, to] = prefixRange(vocabulary, token)
    return from < to
  }
  const options = tokens.map((token) =>
    known(token) ? [token] : token.length >= 3 && !/^\d+$/.test(token) ? similarWords(vocabulary, token, LOOSE, 3) : [],
  )
  const queries: string[] = []
  const usable = options.filter((list) => list.length)
  if (usable.length) queries.push(usable.map((list) => list[0]!).join(' '))
  // The other spellings of a word, with the rest as corrected.
  options.forEach((list, i) => {
    for (const word of list.slice(1))
      queries.push(
        options
          .map((other, j) => (j === i ? word : other[0]))
          .filter(Boolean)
          .join(' '),
      )
  })
  // Words no product has together: each one alone.
  if (usable.length > 1) for (const list of usable) queries.push(list[0]!)
  const asked = tokens.join(' ')
  return [...new Set(queries)].filter((query) => query && query !== asked)
}

/** The whole words of `text` the ranges touch (a range may mark only a word's start: «J'ador»). */
function markedWords(text: string, ranges: readonly (readonly [number, number])[] | undefined) {
  return (ranges ?? []).flatMap(([start, end]) => {
    const before = text.slice(0, start).match(/[\p{L}\p{N}'ʼʻ’]*$/u)?.[0] ?? ''
    const after = text.slice(end).match(/^[\p{L}\p{N}'ʼʻ’]*/u)?.[0] ?? ''
    return `${before}${text.slice(start, end)}${after}`.split(/\s+/)
  })
}

/** The words of a product's brand and title the search marked for a query: how the shop writes them. */
function worded(card: ProductCard) {
  const seen = new Set<string>()
  return [...markedWords(card.brand.name, card.brand_highlight), ...markedWords(card.title, card.highlight)]
    .filter((word) => {
      const key = foldText(word)
      if (!key || seen.has(key)) return false
      seen.add(key)
      return true
    })
    .join(' ')
}

/** Spellings the search answers with products, and the brands nearest the words, for a search that found none. */
export async function searchAlternatives(
  db: Db,
  search: string,
  lang: Lang,
  media: MediaLinks,
): Promise<SearchAlternatives> {
  const tokens = searchTokens(search)
  if (!tokens.length) return none
  const vocabulary = await getVocabulary(db).catch(() => emptyVocabulary)
  const spellings: SearchAlternatives['spellings'] = []
  // Counted as the shop lists a search, so an offer finds as many as it says.
  const sizes = await listingSizes(db)
  const find = async (query: string) => {
    const found = await listProducts(db, { search: query, page: 1, size: 1, sizes }, lang, media)
    return found === 'past-end' ? null : found
  }
  for (const query of candidates(tokens, vocabulary).slice(0, TRIES)) {
    const found = await find(query)
    const best = found?.results[0]
    if (!found || !best) continue
    // Offered as the shop writes it, with what that search finds (the words may find more or fewer).
    const text = worded(best)
    const same = foldText(text) === query
    const as = text && !same ? await find(text) : null
    const offer = same
      ? { query: text, total: found.total }
      : as?.total
        ? { query: text, total: as.total }
        : { query, total: found.total }
    if (!spellings.some((s) => foldText(s.query) === foldText(offer.query))) spellings.push(offer)
    if (spellings.length === SPELLINGS) break
  }
  return { spellings, brands: await nearestBrands(db, tokens) }
}

/** Brands on show whose name (or an alias) is nearest the query's words or the whole query, nearest first. */
async function nearestBrands(db: Db, tokens: string[]) {
  const shown = db
    .select({ one: products.id })
    .from(products)
    .where(and(eq(products.brandId, brands.id), eq(products.isHidden, false)))
  const rows = await db
    .select({ id: brands.id, slug: brands.slug, name: brands.name, aliases: brands.aliases })
    .from(brands)
    .where(and(eq(brands.isHidden, false), exists(shown)))
  const whole = tokens.join(' ')
  const scored = rows.map((brand) => {
    const names = [brand.name, ...brand.aliases].map(foldText).filter(Boolean)
    let best = 0
    for (const name of names)
      for (const part of [whole, ...tokens]) {
        best = Math.max(best, similarity(part, name), ...name.split(' ').map((word) => similarity(part, word)))
      }
    return { brand, best }
  })
  return scored
    .filter(({ best }) => best >= BRAND_MIN)
    .sort((a, b) => b.best - a.best || a.brand.name.localeCompare(b.brand.name))
    .slice(0, BRANDS)
    .map(({ brand: { id, slug, name } }) => ({ id, slug, name }))
}
