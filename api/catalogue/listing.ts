// The product list: its filters, the words of a search that name a filter
// or a size, one card per product line, and a page of what they keep. A search's text is
// matched and ranked in search-results.ts.
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm'
import type { ListingSizes } from '#contract/product-lines.ts'
import type { Db } from '../db/client.ts'
import { brands, categories, categoryGroups, manufacturers, products } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import type { MediaLinks } from '../media/links.ts'
import { memoize } from './cache.ts'
import { readSearchIntent, type SearchIntent } from './intent-words.ts'
import { firstOfEachLine } from './lines.ts'
import { activeSalePrice, cardColumns, inCategories, orderings, pricePaid, shownProduct, toCards } from './products.ts'
import type { Ordering, ProductListQuery } from './query.ts'
import type { ProductCard } from './schemas.ts'
import { searchProducts } from './search-results.ts'
import { searchTokens } from './search-text.ts'
import { type NamedSize, readNamedSize } from './size-words.ts'

/**
 * The WHERE conditions of the list filters. Slugs are resolved to ids first
 * (small indexed lookups); `null` means an unknown slug left nothing to match.
 */
async function filterConditions(db: Db, query: ProductListQuery): Promise<SQL[] | null> {
  const conditions: SQL[] = [shownProduct]
  if (query.sections) {
    const found = await db
      .selectDistinct({ id: categories.id })
      .from(categories)
      .leftJoin(categoryGroups, eq(categoryGroups.id, categories.groupId))
      .where(or(inArray(categories.slug, query.sections), inArray(categoryGroups.slug, query.sections)))
    if (!found.length) return null
    conditions.push(
      inCategories(
        db,
        found.map((r) => r.id),
      ),
    )
  }
  if (query.brand) {
    const found = await db.select({ id: brands.id }).from(brands).where(inArray(brands.slug, query.brand))
    if (!found.length) return null
    conditions.push(
      inArray(
        products.brandId,
        found.map((r) => r.id),
      ),
    )
  }
  if (query.manufacturer) {
    const found = await db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(inArray(manufacturers.slug, query.manufacturer))
    if (!found.length) return null
    const ids = found.map((r) => r.id)
    // A product made by its brand's manufacturer leaves its own manufacturer empty.
    const brandIds = (await db.select({ id: brands.id }).from(brands).where(inArray(brands.manufacturerId, ids))).map(
      (r) => r.id,
    )
    const own = inArray(products.manufacturerId, ids)
    conditions.push(
      brandIds.length ? or(own, and(isNull(products.manufacturerId), inArray(products.brandId, brandIds)))! : own,
    )
  }
  if (query.audience) conditions.push(inArray(products.audience, query.audience))
  if (query.sale_price__isnull !== undefined)
    conditions.push(query.sale_price__isnull ? isNull(activeSalePrice) : isNotNull(activeSalePrice))
  if (query.is_recommendation !== undefined) conditions.push(eq(products.isRecommendation, query.is_recommendation))
  if (query.price__gte !== undefined) conditions.push(gte(pricePaid, query.price__gte))
  if (query.price__lte !== undefined) conditions.push(lte(pricePaid, query.price__lte))
  if (query.in_stock !== undefined) conditions.push(query.in_stock ? gt(products.stock, 0) : eq(products.stock, 0))
  return conditions
}

export type ProductPage =
  | {
      results: ProductCard[]
      total: number
      totalCapped?: boolean
      /** The size a search named, if any (size-words.ts). */
      named?: NamedSize | null
    }
  | 'past-end'

/** Category ids by category slug and by header-group slug, for search words that name a section. */
function sectionIds(db: Db): Promise<Map<string, number[]>> {
  return memoize(db, 'section ids', async () => {
    const rows = await db
      .select({ id: categories.id, slug: categories.slug, group: categoryGroups.slug })
      .from(categories)
      .leftJoin(categoryGroups, eq(categoryGroups.id, categories.groupId))
    const bySlug = new Map<string, number[]>()
    const add = (slug: string, id: number) => bySlug.set(slug, [...(bySlug.get(slug) ?? []), id])
    for (const row of rows) {
      add(row.slug, row.id)
      if (row.group) add(row.group, row.id)
    }
    return bySlug
  })
}

/**
 * The filters a search's words name (intent-words.ts); null when a named
 * section does not exist. Of two section words the narrower one wins («пена
 * для ванны» is bath foam, not all of the bath); unrelated ones add up.
 */
async function intentConditions(db: Db, intent: SearchIntent): Promise<SQL[] | null> {
  const conditions: SQL[] = []
  if (intent.audiences.length) conditions.push(inArray(products.audience, intent.audiences))
  if (!intent.sections.length) return conditions
  const bySlug = await sectionIds(db)
  const sets = intent.sections.map((slugs) => new Set(slugs.flatMap((slug) => bySlug.get(slug) ?? [])))
  if (sets.some((set) => set.size === 0)) return null
  const within = (a: Set<number>, b: Set<number>) => [...a].every((id) => b.has(id))
  const kept = sets.filter(
    (set, i) => !sets.some((other, j) => j !== i && within(other, set) && (other.size < set.size || j < i)),
  )
  conditions.push(inCategories(db, [...new Set(kept.flatMap((set) => [...set]))]))
  return conditions
}

/**
 * One page of the product list; `'past-end'` when `page` lies beyond the last
 * one. `sizes: 'together'` lists a line once (lines.ts `firstOfEachLine`): as
 * its first product the filters keep, in a search as its best match, which
 * is the size the search names where it names one ("sauvage 200").
 */
export async function listProducts(
  db: Db,
  query: ProductListQuery & { sizes: ListingSizes },
  lang: Lang,
  media: MediaLinks,
): Promise<ProductPage> {
  const filters = await filterConditions(db, query)
  const tokens = query.search ? searchTokens(query.search) : []
  const nothing = () => (query.page === 1 ? { results: [], total: 0 } : ('past-end' as const))
  // Nothing can match: an unknown slug, or a search of punctuation only.
  if (filters === null || (query.search && !tokens.length)) return nothing()
  const together = query.sizes === 'together'
  if (!tokens.length) {
    const listed = together ? [...filters, firstOfEachLine(db, filters)] : filters
    return filteredProducts(db, query, listed, query.ordering ?? '-created_at', lang, media)
  }

  // «женские духи»: words naming an audience or a kind of product filter like
  // the list's filters do; the rest is searched as text, but for the names of
  // a concentration no title has ("edp"), which choose among a line's sizes.
  const intent = readSearchIntent(tokens)
  const { text, named } = readNamedSize(intent.text)
  const conditions = await intentConditions(db, intent)
  if (conditions === null) return nothing()
  const all = [...filters, ...conditions]
  if (text.length) {
    const sized = { together, named }
    const found = await searchProducts(db, query, { text, sized }, all, lang, media, conditions.length > 0)
    if (found) return found === 'past-end' ? found : { ...found, named }
  } else if (named?.concentrations.length) {
    // "edp" alone: what it names is the filter.
    all.push(inArray(products.concentration, named.concentrations))
  }
  // Only filter words (or none the catalogue knows besides them): the
  // filtered list, most popular first, as the search ranks equal matches.
  const listed = together ? [...all, firstOfEachLine(db, all)] : all
  const page = await filteredProducts(db, query, listed, query.ordering ?? 'popularity', lang, media)
  if (page === 'past-end') return page
  for (const card of page.results) Object.assign(card, { highlight: [], brand_highlight: [] })
  return { ...page, named }
}

/** A page of the products these conditions keep, in this order, with their (memoised) count. */
async function filteredProducts(
  db: Db,
  query: ProductListQuery,
  filters: SQL[],
  ordering: Ordering,
  lang: Lang,
  media: MediaLinks,
): Promise<ProductPage> {
  const { page, size } = query
  const offset = (page - 1) * size
  const where = filters.length ? and(...filters) : undefined
  // Counting reads every matching row (~80 ms for 100,000 on PGlite); paging and
  // re-ordering the same filters reuse the count.
  const { page: _page, size: _size, ordering: _ordering, ...filterKey } = query
  const total = await memoize(db, `count ${JSON.stringify(filterKey)}`, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where)
    return counted?.n ?? 0
  })
  if (offset > 0 && offset >= total) return 'past-end'
  const rows = await db
    .select(cardColumns)
    .from(products)
    .where(where)
    .orderBy(...orderings[ordering])
    .limit(size)
    .offset(offset)
  return { results: await toCards(db, rows, lang, media), total }
}
