import { randomUUID } from 'node:crypto'
import { asc, gt, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client.ts'
import { rowsOf } from '../db/recordset.ts'
import { productSearch } from '../db/schema/index.ts'
import { forgetCachedCatalogue } from './cache.ts'
import { refreshPlannerStatistics } from './statistics.ts'

// The words of all search keys with how many products contain each, kept in
// memory (a few thousand words even for 100,000 products). Search uses it to
// correct misspelt words ("invictos" → invictus, "gabana" → gabbana) with the
// same trigram similarity as pg_trgm, and to tell broad words ("ml", "voda")
// from narrow ones before it asks the database. pg_trgm's own word_similarity
// costs ~50 µs a row on PGlite, far too much to run over thousands of rows per
// query; here it runs over the vocabulary instead.

// Rebuilding reads every search key (from the narrow search table: at 100,000
// products about half a second of PGlite time, in slices; see keyWordCounts),
// so it happens hourly, not after every edit: the process that
// writes search keys adds their words at once and announces them to the other
// processes on the database through a NOTIFY (announceSearchKeyWords,
// listenForSearchWords), so a product added on one is found with a typo on all.
const REFRESH_MS = 60 * 60_000
const channel = 'atir_search_words'
// NOTIFY payloads stop at 8000 bytes: a bigger batch (an import) asks for a rebuild instead.
const MAX_PAYLOAD = 7000
/** Size of the "popular pool" broad queries are ranked in (see search.ts). */
export const POOL_SIZE = 2000

export type Vocabulary = {
  /** Sorted, for prefix lookups. */
  words: string[]
  /** Products whose key contains the word. */
  df: Map<string, number>
  /** Trigram → indices into `words`. */
  grams: Map<string, number[]>
  products: number
  /** Popularity of the POOL_SIZE-th most popular product; null when there are fewer. */
  poolFloor: number | null
}

export function trigramsOf(word: string): string[] {
  const padded = `  ${word} `
  const set = new Set<string>()
  for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3))
  return [...set]
}

// Search keys read per query while the vocabulary is rebuilt.
const KEYS_PER_READ = 5000

/**
 * Each word of the search keys with how often it occurs, and how many keys
 * there are. Read in slices of `perRead` keys in product order, not as one
 * GROUP BY: on the embedded database a query holds the process's only thread,
 * and that one took 1.3–1.7 s at 100,000 products, while a slice is tens of
 * milliseconds with the shop's requests answered between them. The slices are
 * not one snapshot; a key written meanwhile has its words added anyway
 * (addSearchKeyWords).
 */
export async function keyWordCounts(
  db: Db,
  perRead = KEYS_PER_READ,
): Promise<{ df: Map<string, number>; products: number }> {
  const df = new Map<string, number>()
  let products = 0
  let after = 0
  for (;;) {
    const slice = await db
      .select({ id: productSearch.productId, key: productSearch.searchKey })
      .from(productSearch)
      .where(gt(productSearch.productId, after))
      .orderBy(asc(productSearch.productId))
      .limit(perRead)
    for (const { key } of slice) for (const word of key.split(' ')) if (word) df.set(word, (df.get(word) ?? 0) + 1)
    products += slice.length
    if (slice.length < perRead) return { df, products }
    after = slice.at(-1)!.id
  }
}

async function build(db: Db): Promise<Vocabulary> {
  // Not fatal: a role that may not ANALYZE still searches, only slower.
  await refreshPlannerStatistics(db).catch(() => [])
  const { df, products } = await keyWordCounts(db)
  const floor = await db.execute<{ p: number }>(
    sql`select popularity as p from product_search order by popularity desc, product_id desc offset ${POOL_SIZE - 1} limit 1`,
  )
  const words = [...df.keys()].sort()
  const grams = new Map<string, number[]>()
  words.forEach((word, i) => {
    for (const gram of trigramsOf(word)) {
      const list = grams.get(gram)
      if (list) list.push(i)
      else grams.set(gram, [i])
    }
  })
  const poolRow = rowsOf<{ p: number }>(floor)[0]
  return {
    words,
    df,
    grams,
    products,
    poolFloor: poolRow ? Number(poolRow.p) : null,
  }
}

type Slot = { value?: Vocabulary; builtAt: number; pending?: Promise<Vocabulary> }
const slots = new WeakMap<Db, Slot>()

/**
 * The vocabulary of this database, built on first use and rebuilt hourly in
 * the background while the old one keeps serving. Search stays correct with
 * an old one: every query word is also matched literally.
 */
export async function getVocabulary(db: Db): Promise<Vocabulary> {
  let slot = slots.get(db)
  if (!slot) {
    slot = { builtAt: 0 }
    slots.set(db, slot)
  }
  if (slot.value && Date.now() - slot.builtAt < REFRESH_MS) return slot.value
  if (!slot.pending) {
    const current = slot
    current.pending = build(db)
      .then((value) => {
        Object.assign(current, { value, builtAt: Date.now() })
        return value
      })
      .finally(() => {
        current.pending = undefined
      })
    // A background rebuild that fails (database closing) leaves the old vocabulary in place.
    if (current.value) current.pending.catch(() => {})
  }
  return slot.value ?? slot.pending!
}

/** Makes the words of freshly written search keys known to this process's vocabulary. */
export function addSearchKeyWords(db: Db, keys: string[]) {
  const vocabulary = slots.get(db)?.value
  if (!vocabulary) return
  for (const word of new Set(keys.flatMap((k) => k.split(' ')).filter(Boolean))) {
    if (vocabulary.df.has(word)) continue
    vocabulary.df.set(word, 1)
    const [at] = prefixRange(vocabulary, word)
    vocabulary.words.splice(at, 0, word)
    // Indices after the insertion point moved by one.
    for (const list of vocabulary.grams.values())
      list.forEach((index, i) => {
        if (index >= at) list[i] = index + 1
      })
    for (const gram of trigramsOf(word)) {
      const list = vocabulary.grams.get(gram)
      if (list) list.push(at)
      else vocabulary.grams.set(gram, [at])
    }
  }
}

// Each database handle's name on the channel: its own notices are already applied.
const senders = new WeakMap<Db, string>()
function senderOf(db: Db) {
  let id = senders.get(db)
  if (!id) {
    id = randomUUID()
    senders.set(db, id)
  }
  return id
}

/**
 * Adds the words of freshly written search keys here and, once `tx` commits,
 * in every other process on the database. Inside a transaction pass it as `tx`.
 */
export async function announceSearchKeyWords(db: Db, keys: string[], tx: Db = db) {
  addSearchKeyWords(db, keys)
  const words = [...new Set(keys.flatMap((k) => k.split(' ')).filter(Boolean))]
  let payload = JSON.stringify({ from: senderOf(db), words })
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: senderOf(db), rebuild: true })
  await tx.execute(sql`select pg_notify(${channel}, ${payload})`)
}

/**
 * Takes in the words other processes announce. After a gap in listening (or a
 * batch too big to announce word by word) the vocabulary is rebuilt on its
 * next use. Cached catalogue answers are dropped with each notice: one
 * computed between the catalogue's own notice and this one lacks the words.
 * Resolves with the function that stops listening.
 */
export function listenForSearchWords(database: Database) {
  const { db } = database
  const own = senderOf(db)
  return database.listen(
    channel,
    (payload) => {
      let notice: { from?: string; words?: unknown; rebuild?: boolean }
      try {
        notice = JSON.parse(payload)
      } catch {
        return
      }
      if (notice.from === own) return
      if (Array.isArray(notice.words))
        addSearchKeyWords(
          db,
          notice.words.filter((w) => typeof w === 'string'),
        )
      else slots.delete(db)
      forgetCachedCatalogue(db)
    },
    (listening) => {
      if (listening) slots.delete(db)
    },
  )
}

/** What search uses when the vocabulary cannot be read: every word is matched literally. */
export const emptyVocabulary: Vocabulary = { words: [], df: new Map(), grams: new Map(), products: 0, poolFloor: null }

/** Words starting with `prefix`, as a range of the sorted word list. */
export function prefixRange(vocabulary: Vocabulary, prefix: string): [number, number] {
  const { words } = vocabulary
  let lo = 0
  let hi = words.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (words[mid]! < prefix) lo = mid + 1
    else hi = mid
  }
  let end = lo
  while (end < words.length && words[end]!.startsWith(prefix)) end++
  return [lo, end]
}

/** Known words most like `token` by pg_trgm similarity, best first. */
export function similarWords(vocabulary: Vocabulary, token: string, min = 0.4, limit = 5): string[] {
  const own = trigramsOf(token)
  const shared = new Map<number, number>()
  for (const gram of own) for (const i of vocabulary.grams.get(gram) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1)
  const scored: [string, number][] = []
  for (const [i, n] of shared) {
    const word = vocabulary.words[i]!
    const similarity = n / (own.length + trigramsOf(word).length - n)
    if (similarity >= min) scored.push([word, similarity])
  }
  scored.sort((a, b) => b[1] - a[1] || (vocabulary.df.get(b[0]) ?? 0) - (vocabulary.df.get(a[0]) ?? 0))
  const best = scored[0]?.[1] ?? 0
  return scored
    .filter(([, s]) => s >= best - 0.1)
    .slice(0, limit)
    .map(([w]) => w)
}
