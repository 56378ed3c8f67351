import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { VolumeUnit } from '#contract/catalogue.ts'
import type { ListingSizes } from '#contract/product-lines.ts'
import type { Db } from '../db/client.ts'
import {
  brands,
  categories,
  categoryGroups,
  manufacturers,
  productCategories,
  productImages,
  productSearch,
  products,
} from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { MediaLinks } from '../media/links.ts'
import { memoize } from './cache.ts'
import { country } from './countries.ts'
import { searchHighlight } from './highlight.ts'
import { readSearchIntent, type SearchIntent } from './intent-words.ts'
import type { Ordering, ProductListQuery } from './query.ts'
import type { ProductCard, ProductDetail } from './schemas.ts'
import { COUNT_CAP, planSearch, searchOrder } from './search.ts'
import { searchTokens } from './search-text.ts'
import { emptyVocabulary, getVocabulary } from './vocabulary.ts'

/**
 * The sale price while it applies: inside [sale_starts_at, sale_ends_at)
 * (either end may be open), by the database's clock; null otherwise. Every
 * reader of a product's price (cards, filters, orderings, basket, checkout)
 * takes it from here, so a sale ends everywhere at the same moment.
 */
export const activeSalePrice = sql<number | null>`(case when ${products.salePrice} is not null
  and (${products.saleStartsAt} is null or ${products.saleStartsAt} <= now())
  and (${products.saleEndsAt} is null or now() < ${products.saleEndsAt}) then ${products.salePrice} end)`

/** The price the customer pays. */
export const pricePaid = sql<number>`coalesce(${activeSalePrice}, ${products.price})`

/** The price the customer pays for a row whose `salePrice` was read as `activeSalePrice`. */
export const unitPrice = (row: { price: number; salePrice: number | null }) => row.salePrice ?? row.price

/** What shoppers may see, find and buy: not hidden by staff. */
export const shownProduct = eq(products.isHidden, false)
const rating = sql<
  number | null
>`(case when ${products.reviewCount} > 0 then ${products.ratingSum}::float8 / ${products.reviewCount} end)`

/** A product row as `toCards` turns it into a product card. */
export type CardRow = {
  id: number
  slug: string
  title: { uz: string; sr: string; ru: string }
  price: number
  salePrice: number | null
  volume: number | null
  unit: VolumeUnit
  ratingSum: number
  reviewCount: number
  stock: number
  isRecommendation: boolean
  createdAt: Date | string
  updatedAt: Date | string
  brandId: number
}

/**
 * The columns of `products` every product card needs: products/, and the
 * basket lines and favourites that show the same cards. Brands are looked up
 * for the page's rows afterwards (brandsOf): joining them inside a ranking
 * query misleads the planner, whose estimate of chained LIKEs is far too low.
 */
export const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  price: products.price,
  salePrice: activeSalePrice,
  volume: products.volume,
  unit: products.unit,
  ratingSum: products.ratingSum,
  reviewCount: products.reviewCount,
  stock: products.stock,
  isRecommendation: products.isRecommendation,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  brandId: products.brandId,
} satisfies Record<keyof CardRow, unknown>

type BrandRow = { id: number; slug: string; name: string; aliases: string[] }

const orderings: Record<Ordering, SQL[]> = {
  price: [asc(pricePaid), asc(products.id)],
  '-price': [desc(pricePaid), asc(products.id)],
  created_at: [asc(products.createdAt), asc(products.id)],
  '-created_at': [desc(products.createdAt), desc(products.id)],
  // Unrated products go last either way: "lowest rated" means the rated ones.
  rating: [sql`${rating} asc nulls last`, desc(products.reviewCount), asc(products.id)],
  '-rating': [sql`${rating} desc nulls last`, desc(products.reviewCount), asc(products.id)],
  popularity: [desc(products.popularity), desc(products.id)],
}

/** Products in any of these categories. */
function inCategories(db: Db, ids: number[]): SQL {
  return inArray(
    products.id,
    db
      .select({ id: productCategories.productId })
      .from(productCategories)
      .where(inArray(productCategories.categoryId, ids)),
  )
}

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

export type ProductPage = { results: ProductCard[]; total: number; totalCapped?: boolean } | 'past-end'

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
 * One product per line among those `filters` keep (the first in the line's
 * order) and every product of no line: a list of one card per line.
 */
function firstOfEachLine(db: Db, filters: SQL[]): SQL {
  const firsts = db
    .selectDistinctOn([products.lineId], { id: products.id })
    .from(products)
    .where(and(isNotNull(products.lineId), ...filters))
    .orderBy(asc(products.lineId), asc(products.linePosition), asc(products.id))
  return or(isNull(products.lineId), inArray(products.id, firsts))!
}

/**
 * One page of the product list; `'past-end'` when `page` lies beyond the last
 * one. `sizes: 'together'` lists a line once, as its first product the filters
 * keep; a search always lists each size, so it finds "Sauvage 200 ml".
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
  if (!tokens.length) {
    const listed = query.sizes === 'together' ? [...filters, firstOfEachLine(db, filters)] : filters
    return filteredProducts(db, query, listed, query.ordering ?? '-created_at', lang, media)
  }

  // «женские духи»: words naming an audience or a kind of product filter like
  // the list's filters do; the rest is searched as text.
  const intent = readSearchIntent(tokens)
  const named = await intentConditions(db, intent)
  if (named === null) return nothing()
  const all = [...filters, ...named]
  if (intent.text.length) {
    const found = await searchProducts(db, query, intent.text, all, lang, media, named.length > 0)
    if (found) return found
  }
  // Only filter words (or none the catalogue knows besides them): the
  // filtered list, most popular first, as the search ranks equal matches.
  const page = await filteredProducts(db, query, all, query.ordering ?? 'popularity', lang, media)
  if (page !== 'past-end') for (const card of page.results) Object.assign(card, { highlight: [], brand_highlight: [] })
  return page
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

/**
 * A page of search results (search.ts explains matching and ranking). Narrow
 * queries are ranked over all their matches in one statement. Broad ones
 * ("100 ml", "eau de parfum": tens of thousands of matches) would read every
 * match to rank it, so they are counted up to COUNT_CAP and ranked within the
 * POOL_SIZE most popular products, which holds the first pages; an explicit
 * ordering walks its index instead. Past the pool, all matches are ranked.
 */
async function searchProducts(
  db: Db,
  query: ProductListQuery,
  tokens: string[],
  filters: SQL[],
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
  // The search table says what is hidden; the list's other filters and an explicit ordering name products' columns.
  const others = filters.filter((condition) => condition !== shownProduct)
  const withProducts = others.length > 0 || query.ordering !== undefined
  const matching = (words: SQL, ...more: SQL[]) => and(eq(productSearch.isHidden, false), ...others, words, ...more)
  const select = async (where: SQL | undefined, order: SQL[]) =>
    searchRows(
      db,
      await searchMatches(db, { id: productSearch.productId }, withProducts)
        .where(where)
        .orderBy(...order)
        .limit(size)
        .offset(offset),
    )
  const order = query.ordering ? orderings[query.ordering] : searchOrder(plan.score)

  let rows: SearchRow[]
  let total: number
  let totalCapped = false
  if (!plan.broad) {
    const counted = await searchMatches(
      db,
      { id: productSearch.productId, total: sql<number>`count(*) over ()`.mapWith(Number) },
      withProducts,
    )
      .where(matching(plan.indexed))
      .orderBy(...order)
      .limit(size)
      .offset(offset)
    rows = await searchRows(db, counted)
    total = counted[0]?.total ?? (offset > 0 ? await cappedCount(db, matching(plan.indexed), withProducts) : 0)
  } else {
    total = await cappedCount(db, matching(plan.indexed), withProducts)
    if (total > COUNT_CAP) {
      total = COUNT_CAP
      totalCapped = true
    }
    if (offset >= total) rows = []
    else if (query.ordering) {
      const share = plan.estimate / Math.max(1, vocabulary.products)
      // Sorting a few thousand matches is cheap; walking pays off for the really broad.
      const walked =
        plan.estimate > SORT_LIMIT
          ? await walkOrdered(db, filters, plan.unindexed, orderings[query.ordering], offset + size, share)
          : null
      rows = walked ? walked.slice(offset, offset + size) : await select(matching(plan.indexed), order)
    } else {
      const floor = vocabulary.poolFloor
      rows = floor === null ? [] : await select(matching(plan.unindexed, gte(productSearch.popularity, floor)), order)
      if (rows.length < size && offset + rows.length < total) rows = await select(matching(plan.indexed), order)
    }
  }
  if (offset > 0 && offset >= total) return 'past-end'
  const brandRows = await brandsOf(db, rows)
  const cards = await toCards(db, rows, lang, media, brandRows)
  for (const [i, card] of cards.entries()) {
    const brand = brandRows.get(rows[i]!.brandId)!
    const marks = searchHighlight(
      card.title,
      namedFilters ? tokens.join(' ') : query.search!,
      { brandName: brand.name, brandAliases: brand.aliases, searchKey: rows[i]!.searchKey },
      plan.tokens,
    )
    card.highlight = marks.title
    card.brand_highlight = marks.brand
  }
  return { results: cards, total, totalCapped }
}

/** Pictures of these products in display order. */
async function imagesOf(db: Db, ids: number[]) {
  const byProduct = new Map<number, string[]>()
  if (!ids.length) return byProduct
  const rows = await db
    .select({ productId: productImages.productId, path: productImages.path })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id))
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? []
    list.push(row.path)
    byProduct.set(row.productId, list)
  }
  return byProduct
}

/** The brands of these rows, by id. */
async function brandsOf(db: Db, rows: { brandId: number }[]): Promise<Map<number, BrandRow>> {
  const ids = [...new Set(rows.map((r) => r.brandId))]
  if (!ids.length) return new Map()
  const found = await db
    .select({ id: brands.id, slug: brands.slug, name: brands.name, aliases: brands.aliases })
    .from(brands)
    .where(inArray(brands.id, ids))
  return new Map(found.map((b) => [b.id, b]))
}

export async function toCards(
  db: Db,
  rows: CardRow[],
  lang: Lang,
  media: MediaLinks,
  knownBrands?: Map<number, BrandRow>,
): Promise<ProductCard[]> {
  const [images, brandRows] = await Promise.all([
    imagesOf(
      db,
      rows.map((r) => r.id),
    ),
    knownBrands ?? brandsOf(db, rows),
  ])
  await media.load([...images.values()].flat())
  return rows.map((row) => toCard(row, brandRows.get(row.brandId)!, images.get(row.id) ?? [], lang, media))
}

function toCard(row: CardRow, brand: BrandRow, images: string[], lang: Lang, media: MediaLinks): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    title: pick(row.title, lang),
    price: row.price,
    sale_price: row.salePrice,
    discount_percent: row.salePrice ? Math.round((1 - row.salePrice / row.price) * 100) : null,
    images: images.map((path) => media.links(path)),
    brand: { id: brand.id, slug: brand.slug, name: brand.name },
    volume: row.volume,
    unit: row.unit,
    rating: row.reviewCount > 0 ? Math.round((row.ratingSum / row.reviewCount) * 10) / 10 : null,
    review_count: row.reviewCount,
    in_stock: row.stock > 0,
    is_recommendation: row.isRecommendation,
    created_at: new Date(row.createdAt).toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
  }
}

const SIMILAR = 8

/** Everything the product page shows but its line (lines.ts); null when there is no such product (or it is hidden). */
export async function getProduct(
  db: Db,
  slug: string,
  lang: Lang,
  media: MediaLinks,
): Promise<Omit<ProductDetail, 'line'> | null> {
  const [row] = await db
    .select({
      ...cardColumns,
      lineId: products.lineId,
      description: products.description,
      audience: products.audience,
      country: products.country,
      releaseYear: products.releaseYear,
      manufacturerId: manufacturers.id,
      manufacturerSlug: manufacturers.slug,
      manufacturerName: manufacturers.name,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(
      manufacturers,
      and(
        eq(manufacturers.id, sql`coalesce(${products.manufacturerId}, ${brands.manufacturerId})`),
        eq(manufacturers.isHidden, false),
      ),
    )
    .where(and(eq(products.slug, slug), shownProduct))
  if (!row) return null

  const inCategories = await db
    .select({ id: categories.id, slug: categories.slug, title: categories.title })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(eq(productCategories.productId, row.id), eq(categories.isHidden, false)))
    .orderBy(asc(categories.position), asc(categories.id))

  const similar = await similarProducts(
    db,
    row,
    inCategories.map((c) => c.id),
  )
  const [card, ...similarCards] = await toCards(db, [row, ...similar], lang, media)
  const alts = await db
    .select({ alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, row.id))
    .orderBy(asc(productImages.position), asc(productImages.id))
  return {
    ...card!,
    // Staff's alternative text in the page's language, else the title.
    image_alts: alts.map(({ alt }) => alt?.[lang] || card!.title),
    description: pick(row.description, lang),
    audience: row.audience,
    audience_label: message(lang, `audience_${row.audience}`),
    country: country(row.country, lang),
    release_year: row.releaseYear,
    manufacturer:
      row.manufacturerId !== null
        ? { id: row.manufacturerId, slug: row.manufacturerSlug!, name: row.manufacturerName! }
        : null,
    categories: inCategories.map((c) => ({ id: c.id, slug: c.slug, title: pick(c.title, lang) })),
    stock: row.stock,
    similar: similarCards,
  }
}

/**
 * Products named like it first (titles that start with the same name, the
 * part before the first comma: its body products), then the rest of the
 * brand, then the same categories; only what can be ordered now. Its own
 * line's products are the page's choices, not similar products.
 */
async function similarProducts(
  db: Db,
  product: { id: number; brandId: number; title: { ru: string }; lineId: number | null },
  categoryIds: number[],
) {
  const name = product.title.ru.split(',')[0]!.trim()
  const sameLine = sql`(${products.title}->>'ru') like ${`${name.replace(/[\\%_]/g, '\\$&')},%`}`
  const otherLine = product.lineId === null ? undefined : sql`${products.lineId} is distinct from ${product.lineId}`
  const sameBrand = await db
    .select(cardColumns)
    .from(products)
    .where(
      and(
        eq(products.brandId, product.brandId),
        ne(products.id, product.id),
        gt(products.stock, 0),
        shownProduct,
        otherLine,
      ),
    )
    .orderBy(desc(sameLine), desc(products.popularity), asc(products.id))
    .limit(SIMILAR)
  if (sameBrand.length >= SIMILAR || !categoryIds.length) return sameBrand
  const sameCategory = await db
    .select(cardColumns)
    .from(products)
    .where(
      and(
        notInArray(products.id, [product.id, ...sameBrand.map((p) => p.id)]),
        gt(products.stock, 0),
        shownProduct,
        otherLine,
        inArray(
          products.id,
          db
            .select({ id: productCategories.productId })
            .from(productCategories)
            .where(inArray(productCategories.categoryId, categoryIds)),
        ),
      ),
    )
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(SIMILAR - sameBrand.length)
  return [...sameBrand, ...sameCategory]
}
