// A page of a search's results: its matches found, counted and ranked
// (search.ts plans the words), then read as cards with the matched words marked.
import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { productSearch, products } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import type { MediaLinks } from '../media/links.ts'
import { searchHighlight } from './highlight.ts'
import { firstOfEachLine } from './lines.ts'
import type { ProductPage } from './listing.ts'
import { brandsOf, type CardRow, cardColumns, orderings, shownProduct, toCards } from './products.ts'
import type { ProductListQuery } from './query.ts'
import { COUNT_CAP, matchedProducts, planSearch, type SearchPlan, searchOrder, searchScore } from './search.ts'
import type { NamedSize } from './size-words.ts'
import { emptyVocabulary, getVocabulary, type Vocabulary } from './vocabulary.ts'

/**
 * Search matches in product_search, joined to products when the list's other
 * filters or an explicit ordering need its columns (a brand's products, the
 * cheapest first); a plain search reads the narrow table alone.
 */
function searchMatches<F extends Parameters<Db['select']>[0] & object>(db: Db, fields: F, withProducts: boolean) {
  const query = db.select(fields).from(productSearch).$dynamic()
  return withProducts ? query.innerJoin(products, eq(products.id, productSearch.productId)) : query
}

/** Matches, at most COUNT_CAP + 1 counted. */
async function cappedCount(db: Db, where: SQL | undefined, withProducts: boolean) {
  const limited = searchMatches(db, { one: sql`1` }, withProducts)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('limited')
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(limited)
  return row?.n ?? 0
}

/**
 * The first `wanted` products matching `match` in an explicit order, for broad
 * searches: the planner underestimates how many rows the word tests keep and
 * would sort every match, so the ordering index is walked explicitly, a batch
 * at a time (sized by the expected share of matches) until enough are found.
 */
async function walkOrdered(db: Db, filters: SQL[], match: SQL, order: SQL[], wanted: number, share: number) {
  // null: not found within WALK_LIMIT rows; the caller then sorts all matches.
  let batch = Math.max(100, Math.ceil((wanted / Math.max(share, 0.001)) * 2))
  while (batch <= WALK_LIMIT) {
    const window = db
      .select({ id: products.id })
      .from(products)
      .where(filters.length ? and(...filters) : undefined)
      .orderBy(...order)
      .limit(batch)
    const rows = await db
      .select(searchColumns)
      .from(products)
      .innerJoin(productSearch, eq(productSearch.productId, products.id))
      .where(and(inArray(products.id, window), match))
      .orderBy(...order)
      .limit(wanted)
    if (rows.length >= wanted) return rows
    batch *= 4
  }
  return null
}

const searchColumns = { ...cardColumns, searchKey: products.searchKey }
type SearchRow = CardRow & { searchKey: string }

/**
 * The card columns of these ranked ids, in their order. Ranking reads only ids
 * (and counts every match): carrying the titles of a thousand matches through
 * the count and the sort cost as much as finding them.
 */
async function searchRows(db: Db, ranked: { id: number }[]): Promise<SearchRow[]> {
  if (!ranked.length) return []
  const found = await db
    .select(searchColumns)
    .from(products)
    .where(
      inArray(
        products.id,
        ranked.map((r) => r.id),
      ),
    )
  const byId = new Map(found.map((row) => [row.id, row]))
  // A product deleted between the two reads is left out.
  return ranked.flatMap(({ id }) => byId.get(id) ?? [])
}

/** Beyond this many rows walking costs more than sorting every match. */
const WALK_LIMIT = 50_000
/** Up to this many estimated matches, sorting them all beats walking an index. */
const SORT_LIMIT = 5000

/** One search's page: what its steps share. */
type SearchPage = {
  db: Db
  query: ProductListQuery
  filters: SQL[]
  plan: SearchPlan
  vocabulary: Vocabulary
  offset: number
  /** The ranking, or the explicit ordering. */
  order: SQL[]
  /** The search's conditions with the list's other filters. */
  matching: (words: SQL, ...more: SQL[]) => SQL | undefined
  /** One page of the matches of `where` in `order`. */
  select: (where: SQL | undefined, order: SQL[]) => Promise<SearchRow[]>
  withProducts: boolean
}

type Found = { rows: SearchRow[]; total: number; totalCapped: boolean }

/**
 * A page of search results (search.ts explains matching and ranking). Narrow
 * queries are ranked over all their matches in one statement. Broad ones
 * ("100 ml", "eau de parfum": tens of thousands of matches) would read every
 * match to rank it, so they are counted up to COUNT_CAP and ranked within the
 * POOL_SIZE most popular products, which holds the first pages; an explicit
 * ordering walks its index instead. Past the pool, all matches are ranked.
 */
export async function searchProducts(
  db: Db,
  query: ProductListQuery,
  { text: tokens, sized }: { text: string[]; sized: Sizes },
  listFilters: SQL[],
  lang: Lang,
  media: MediaLinks,
  namedFilters: boolean,
): Promise<ProductPage | null> {
  const { page, size } = query
  const offset = (page - 1) * size
  const vocabulary = await getVocabulary(db).catch(() => emptyVocabulary)
  const plan = planSearch(tokens, vocabulary)
  // «женские духи на лето»: with filter words, words no product has are left out
  // even when no other word is left; the caller then lists what the filters keep.
  if (namedFilters && vocabulary.products > 0 && plan.estimate === 0) return null
  const preferred = sizePreference(sized.named)
  const filters = sized.together ? [...listFilters, lineByBestMatch(db, listFilters, plan, preferred)] : listFilters
  // The search table says what is hidden; the list's other filters, an explicit ordering and a named concentration
  // name products' columns.
  const others = filters.filter((condition) => condition !== shownProduct)
  const withProducts = others.length > 0 || query.ordering !== undefined || preferred !== null
  const search: SearchPage = {
    db,
    query,
    filters,
    plan,
    vocabulary,
    offset,
    order: query.ordering ? orderings[query.ordering] : searchOrder(plan.score, 'search', preferred),
    matching: (words, ...more) => and(eq(productSearch.isHidden, false), ...others, words, ...more),
    select: async (where, order) =>
      searchRows(
        db,
        await searchMatches(db, { id: productSearch.productId }, withProducts)
          .where(where)
          .orderBy(...order)
          .limit(size)
          .offset(offset),
      ),
    withProducts,
  }
  const { rows, total, totalCapped } = plan.broad ? await broadSearch(search) : await narrowSearch(search)
  if (offset > 0 && offset >= total) return 'past-end'
  const text = namedFilters ? tokens.join(' ') : query.search!
  return { results: await highlightedCards(db, rows, { lang, media, text, plan }), total, totalCapped }
}

/** How a search lists a line's sizes: once (`together`), and the size its words named, if any. */
type Sizes = { together: boolean; named: NamedSize | null }

/** Products of a concentration the search named rank first among equal matches: 1 for them, else 0. */
function sizePreference(named: NamedSize | null): SQL<number> | null {
  if (!named?.concentrations.length) return null
  return sql<number>`(case when ${inArray(products.concentration, named.concentrations)} then 1 else 0 end)`
}

/**
 * A search's line stands as its best match, ranked as the search ranks: the
 * most words matched whole (so the volume a search names), the concentration
 * it names, the most popular size.
 */
function lineByBestMatch(db: Db, filters: SQL[], plan: SearchPlan, preferred: SQL<number> | null): SQL {
  const best = searchOrder(searchScore(plan.tokens, products.searchKey), 'products', preferred).slice(0, -1)
  return firstOfEachLine(db, [...filters, matchedProducts(db, plan)], best)
}

/** A narrow search: its matches ranked and counted in one statement. */
async function narrowSearch(search: SearchPage): Promise<Found> {
  const { db, plan, offset, withProducts } = search
  const where = search.matching(plan.indexed)
  const counted = await searchMatches(
    db,
    { id: productSearch.productId, total: sql<number>`count(*) over ()`.mapWith(Number) },
    withProducts,
  )
    .where(where)
    .orderBy(...search.order)
    .limit(search.query.size)
    .offset(offset)
  const rows = await searchRows(db, counted)
  const total = counted[0]?.total ?? (offset > 0 ? await cappedCount(db, where, withProducts) : 0)
  return { rows, total, totalCapped: false }
}

/** A broad search: counted up to COUNT_CAP, its page walked from an ordering's index or ranked within the pool. */
async function broadSearch(search: SearchPage): Promise<Found> {
  const { db, query, plan, offset, matching, select, order } = search
  const { size } = query
  let total = await cappedCount(db, matching(plan.indexed), search.withProducts)
  const totalCapped = total > COUNT_CAP
  if (totalCapped) total = COUNT_CAP
  if (offset >= total) return { rows: [], total, totalCapped }
  if (query.ordering) {
    const share = plan.estimate / Math.max(1, search.vocabulary.products)
    // Sorting a few thousand matches is cheap; walking pays off for the really broad.
    const walked =
      plan.estimate > SORT_LIMIT
        ? await walkOrdered(db, search.filters, plan.unindexed, orderings[query.ordering], offset + size, share)
        : null
    const rows = walked ? walked.slice(offset, offset + size) : await select(matching(plan.indexed), order)
    return { rows, total, totalCapped }
  }
  const floor = search.vocabulary.poolFloor
  let rows = floor === null ? [] : await select(matching(plan.unindexed, gte(productSearch.popularity, floor)), order)
  if (rows.length < size && offset + rows.length < total) rows = await select(matching(plan.indexed), order)
  return { rows, total, totalCapped }
}

/** The cards of these rows with the words the search matched marked in their titles and brands. */
async function highlightedCards(
  db: Db,
  rows: SearchRow[],
  marking: { lang: Lang; media: MediaLinks; text: string; plan: SearchPlan },
) {
  const brandRows = await brandsOf(db, rows)
  const cards = await toCards(db, rows, marking.lang, marking.media, brandRows)
  for (const [i, card] of cards.entries()) {
    const brand = brandRows.get(rows[i]!.brandId)!
    const marks = searchHighlight(
      card.title,
      marking.text,
      { brandName: brand.name, brandAliases: brand.aliases, searchKey: rows[i]!.searchKey },
      marking.plan.tokens,
    )
    card.highlight = marks.title
    card.brand_highlight = marks.brand
  }
  return cards
}
