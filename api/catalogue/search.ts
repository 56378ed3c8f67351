import { type AnyColumn, desc, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { wordsOf } from '../db/schema/columns.ts'
import { productSearch, products } from '../db/schema/index.ts'
import { prefixRange, similarWords, type Vocabulary } from './vocabulary.ts'

// Product search over the search key: folded Latin text of brand, titles in
// every language, brand and line aliases and volume (search-key.ts). It reads
// the narrow table product_search (the key, popularity and the hidden flag,
// kept from products by a trigger: db/schema/catalogue.ts), whose rows are a
// tenth of a product's, so the rows of a common word are found in memory; only
// the page's products are read from products.
//
// Matching: every query word must start a word of the key ("dio" finds dior,
// "100 ml" needs both words). A word no key word starts with is taken as a
// misspelling and replaced by the closest known words (vocabulary.ts:
// "invictos" → invictus, "gabana" → gabbana), which must then appear whole.
// A word neither known nor close to a known one is left out when others are
// known. The word tests are LIKE patterns on the key with a space either side
// (`' dior sauvage 100 ml '` like `'% sauv%'`), and the GIN trigram index
// products_search_words_idx is built on exactly that text: pg_trgm takes the
// space before the word as a word start, so the index hands over the matching
// rows themselves, not every key holding the letters somewhere (2.5× as many
// for "shanel" at 100,000 products, each a row to read and recheck).
// pg_trgm's similarity operators (`%`, `<%`) are not run over the keys: on
// PGlite they cost ~50 µs a row, 0.2–3 s for a common word among 100,000
// products; the same trigram similarity runs over the vocabulary instead.
//
// Ranking: per query word 2 points when the key has it as a whole word, 1 as
// a prefix, 0 when only a correction matched; then popularity. So exact beats
// prefix beats fuzzy, and "dior sauvage" lists the Sauvage line (the only
// products with both words) before anything else of Dior.

const key = productSearch.searchKey
/** What the index serves. */
const indexedWords = wordsOf(key)
// The same text written so the planner cannot match it to the index: for words
// too common to narrow anything, whose index entries would cost more to read
// than the rows they keep, and for the broad queries that walk an ordering index.
const plain = (column: AnyColumn) => sql`(' ' || (${column} || ' '))`
const plainWords = plain(key)

/** Above this many estimated matches a query counts as broad and is ranked within the popular pool. */
const BROAD = 1500
/** A word in more than this share of products narrows nothing: the index is not asked about it. */
const COMMON_SHARE = 0.05
/** Counting stops here; the list then reports this total and `total_capped`. */
export const COUNT_CAP = 3000

export type TokenPlan = { token: string; corrections: string[]; estimate: number }

export type SearchPlan = {
  /** The query words searched for, with their corrections; unknown words are left out. */
  tokens: TokenPlan[]
  /** Word tests of every token, the narrowing ones in the index's form: for counts and narrow queries. */
  indexed: SQL
  /** Word tests out of the index's reach: lets the planner walk an ordering index (popularity, price) instead. */
  unindexed: SQL
  /** The ranking score over product_search's key (`searchScore` makes it over another). */
  score: SQL<number>
  /** Upper bound of the matches by the vocabulary; 0 when it knows none of the words. */
  estimate: number
  broad: boolean
}

const startsWord = (word: string, words = plainWords) => sql`${words} like ${`% ${word}%`}`
const isWord = (word: string, words = plainWords) => sql`${words} like ${`% ${word} %`}`
/** The token starts a word of the key, or one of its corrections is a whole word of it. */
const wordTest = ({ token, corrections }: TokenPlan, words = plainWords) =>
  or(startsWord(token, words), ...corrections.map((word) => isWord(word, words)))!

export function planSearch(tokens: string[], vocabulary: Vocabulary): SearchPlan {
  const all: TokenPlan[] = tokens.map((token) => {
    const [from, to] = prefixRange(vocabulary, token)
    let estimate = 0
    for (let i = from; i < to; i++) estimate += vocabulary.df.get(vocabulary.words[i]!) ?? 0
    const misspelt = from === to && token.length >= 3 && !/^\d+$/.test(token)
    const corrections = misspelt ? similarWords(vocabulary, token) : []
    for (const word of corrections) estimate += vocabulary.df.get(word) ?? 0
    return { token, corrections, estimate: Math.min(estimate, vocabulary.products) }
  })
  // A word no product has, nor anything like it ("dior for him", "sauvage 75 ml"),
  // would empty the results: it is left out as long as another word is known.
  // Alone it stays, so a product too new for this process's vocabulary is found.
  const known = all.filter((p) => p.estimate > 0)
  const plans = known.length ? known : all
  // Ask the index only about words that narrow: the rarest one, and any other rare one.
  const rarest = Math.min(...plans.map((p) => p.estimate))
  const narrows = (p: TokenPlan) => p.estimate === rarest || p.estimate <= vocabulary.products * COMMON_SHARE
  const score = searchScore(plans)
  return {
    tokens: plans,
    indexed: sql`(${sql.join(
      plans.map((p) => wordTest(p, narrows(p) ? indexedWords : plainWords)),
      sql` and `,
    )})`,
    unindexed: sql`(${sql.join(
      plans.map((p) => wordTest(p)),
      sql` and `,
    )})`,
    score,
    estimate: rarest,
    broad: rarest > BROAD,
  }
}

/** Per query word 2 points when `column` (a search key) has it whole, 1 as a word's start. */
export function searchScore(tokens: TokenPlan[], column: AnyColumn = key): SQL<number> {
  const words = plain(column)
  return sql<number>`(${sql.join(
    tokens.map(
      ({ token }) => sql`(case when ${isWord(token, words)} then 2 when ${startsWord(token, words)} then 1 else 0 end)`,
    ),
    sql` + `,
  )})`
}

/**
 * Best match first, then what `preferred` puts first (a concentration the
 * search named), then the most popular: over product_search, or over
 * `products` for a query of products.
 */
export function searchOrder(
  score: SQL<number>,
  table: 'search' | 'products' = 'search',
  preferred: SQL<number> | null = null,
): SQL[] {
  const first = [desc(score), ...(preferred ? [desc(preferred)] : [])]
  return table === 'search'
    ? [...first, desc(productSearch.popularity), desc(productSearch.productId)]
    : [...first, desc(products.popularity), desc(products.id)]
}

/** A condition on `products`: the product matches the plan (found through the search table's index). */
export function matchedProducts(db: Db, plan: SearchPlan): SQL {
  return inArray(products.id, db.select({ id: productSearch.productId }).from(productSearch).where(plan.indexed))
}
