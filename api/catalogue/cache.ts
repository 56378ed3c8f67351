import { createHash, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Context, MiddlewareHandler } from 'hono'
import type { Database, Db } from '../db/client.ts'
import type { ApiEnv } from '../http/context.ts'

// Catalogue reads are the same for every visitor and change rarely, so rendered
// JSON bodies are kept in memory per database. A write (invalidateCatalogue)
// drops them at once in this process and, through a PostgreSQL NOTIFY, in every
// other process on the database (listenForCatalogueChanges). No entry lives
// past the next moment a sale, banner or story window opens or closes or a
// post is due (nextSaleBoundary), which is all of the catalogue that changes
// with the clock. So the TTL only bounds what a missed notice could cost, and
// it is long: a large catalogue's lists and counts cost the database seconds
// to recompute (the home page's blocks at 100,000 products: ~1.5 s, which on
// the embedded database stops the process's one thread), not to be paid every
// minute for nothing. The bodies are kept within API_CACHE_MB
// (limitCachedAnswers), counted at two bytes a character: V8 keeps text with
// Cyrillic in it so.
const TTL_MS = 10 * 60_000
const channel = 'atir_catalogue'
// The derived values of `memoize` (counts): small, so counted, not weighed.
const MAX_MEMOS = 500
const MAX_BODY_BYTES = 256 * 1024
const DEFAULT_MAX_BYTES = 32 * 2 ** 20

/**
 * What browsers and proxies may do with a shared catalogue response: keep it,
 * but ask again each time (a 304 thanks to the ETag), so a stock or price
 * change is never served stale from outside either.
 */
export const sharedCacheControl = 'public, no-cache'
/** Per-visitor responses (stories with read marks): revalidate every time, cheap thanks to the ETag. */
export const privateCacheControl = 'private, no-cache'

type Entry = {
  body: string
  etag: string
  contentType: string
  expires: number
  /** The products whose number in stock it shows (answerShowsStockOf): forgotten when theirs moves. */
  stockOf?: readonly number[]
}

const weight = (entry: Entry) => 2 * (entry.body.length + entry.etag.length)

class ResponseCache {
  private entries = new Map<string, Entry>()
  private bytes = 0
  maxBytes = DEFAULT_MAX_BYTES
  /** Bumped by every invalidation so a response computed before it is not stored after it. */
  generation = 0
  /** Bumped by every change, whole or of some products' stock: what was derived under another is stale. */
  version = 0
  /** Per product, the `version` its stock last moved at (since the last whole change). */
  private stockMoves = new Map<number, number>()
  /** False while notices of other processes' writes may be missed: nothing is served from memory then. */
  trusted = true
  /** Its name on the channel: its own notices need no second clear. */
  readonly id = randomUUID()

  get(key: string): Entry | undefined {
    if (!this.trusted) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= Date.now()) {
      this.drop(key)
      return undefined
    }
    // Map keeps insertion order: re-inserting makes this the most recently used.
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry
  }

  set(key: string, entry: Entry) {
    if (!this.trusted) return
    this.drop(key)
    // One answer may not push out an eighth of the rest.
    if (weight(entry) > this.maxBytes / 8) return
    this.entries.set(key, entry)
    this.bytes += weight(entry)
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.drop(oldest)
    }
  }

  private drop(key: string) {
    const old = this.entries.get(key)
    if (!old) return
    this.entries.delete(key)
    this.bytes -= weight(old)
  }

  clear() {
    this.entries.clear()
    this.bytes = 0
    this.generation++
    this.version++
    this.stockMoves.clear()
  }

  /** These products' stock moved, none of them selling out or coming back: only answers showing their number go. */
  forgetStockOf(productIds: readonly number[]) {
    this.version++
    for (const id of productIds) this.stockMoves.set(id, this.version)
    for (const [key, entry] of this.entries) if (entry.stockOf?.some((id) => productIds.includes(id))) this.drop(key)
  }

  /** Whether the stock of one of `productIds` moved after `version`. */
  stockMovedSince(productIds: readonly number[], version: number) {
    return productIds.some((id) => (this.stockMoves.get(id) ?? 0) > version)
  }

  get size() {
    return this.entries.size
  }

  get weight() {
    return this.bytes
  }
}

type Boundary = { generation: number; at: Promise<number>; known: number | null }
const boundaries = new WeakMap<Db, Boundary>()

/**
 * When the next scheduled change of what the shop shows is due (ms since the
 * epoch; Infinity when none is due): a product's sale window, a banner's or
 * story's display window opening or closing, a post's publication time.
 * Cached answers show those, so none may outlive that moment. Looked up once
 * per cache generation (a write may move a window) and again once the moment
 * has passed.
 */
export function nextSaleBoundary(db: Db): Promise<number> {
  const generation = cacheFor(db).generation
  const known = boundaries.get(db)
  if (known && known.generation === generation && (known.known === null || known.known > Date.now())) return known.at
  const entry: Boundary = { generation, known: null, at: Promise.resolve(Number.POSITIVE_INFINITY) }
  entry.at = db
    .execute(
      sql`select (extract(epoch from min(at)) * 1000)::float8 as at from (
          select min(sale_starts_at) as at from products where sale_price is not null and sale_starts_at > now()
          union all select min(sale_ends_at) from products where sale_price is not null and sale_ends_at > now()
          union all select min(t) from banners, unnest(array[starts_at, ends_at]) t where is_active and t > now()
          union all select min(t) from stories, unnest(array[starts_at, ends_at]) t where is_active and t > now()
          union all select min(published_at) from posts where is_published and published_at > now()
        ) due`,
    )
    .then((result) => {
      const at = (result as unknown as { rows: { at: number | string | null }[] }).rows[0]?.at
      entry.known = at === null || at === undefined ? Number.POSITIVE_INFINITY : Number(at)
      return entry.known
    })
  entry.at.catch(() => boundaries.delete(db))
  boundaries.set(db, entry)
  return entry.at
}

type Memo = { value: Promise<unknown>; expires: number; generation: number }
const memos = new WeakMap<Db, Map<string, Memo>>()

/**
 * A value derived from catalogue data (a list's total), shared by the
 * requests that need it until the TTL passes or the catalogue changes.
 */
export function memoize<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  let map = memos.get(db)
  if (!map) {
    map = new Map()
    memos.set(db, map)
  }
  const generation = cacheFor(db).generation
  const hit = map.get(key)
  if (hit && hit.expires > Date.now() && hit.generation === generation && cacheFor(db).trusted)
    return hit.value as Promise<T>
  const memo: Memo = { value: Promise.resolve(), expires: Date.now() + TTL_MS, generation }
  // A count of products on sale changes when a sale starts or ends.
  const value = nextSaleBoundary(db).then((until) => {
    memo.expires = Math.min(memo.expires, until)
    return compute()
  })
  memo.value = value
  map.set(key, memo)
  value.catch(() => map.delete(key))
  if (map.size > MAX_MEMOS) map.delete(map.keys().next().value!)
  return value
}

// One cache per database: test files and a dev reload each get their own.
const caches = new WeakMap<Db, ResponseCache>()

function cacheFor(db: Db): ResponseCache {
  let cache = caches.get(db)
  if (!cache) {
    cache = new ResponseCache()
    caches.set(db, cache)
  }
  return cache
}

/**
 * Forget every cached catalogue response of this database, in this process
 * and (resolved once the notice is sent) in the others. Call it after any
 * write that changes what the catalogue shows (products, prices, stock,
 * ratings, brands, categories, banners, stories, pages, posts). Inside a
 * transaction pass it as `tx`: the notice then goes out when it commits
 * (and PGlite, one transaction at a time, is not asked to wait for itself).
 */
export async function invalidateCatalogue(db: Db, tx: Db = db) {
  const cache = cacheFor(db)
  cache.clear()
  await tx.execute(sql`select pg_notify(${channel}, ${cache.id})`)
}

/** A product's stock moved from `before` to `after`. */
export type StockMove = { productId: number; before: number; after: number }

// A notice names the products when only their stock moved; a longer one than
// this (PostgreSQL's limit is 8,000 bytes) says "everything" instead.
const MAX_NAMED_IN_NOTICE = 7000

/**
 * After stock moved (an order placed, an unpaid one cancelled): lists, counts
 * and filters show only whether a product is in stock, its own answer its
 * number. So unless one of them sold out or came back (then everything
 * goes, as invalidateCatalogue), only the answers showing their number are
 * forgotten, here and in the other processes; a large catalogue's lists and
 * counts outlive a sale day's orders. The page version moves either way.
 * Call it once the transaction that moved the stock has committed.
 */
export async function stockMoved(db: Db, moves: readonly StockMove[]) {
  if (!moves.length) return
  const cache = cacheFor(db)
  const ids = [...new Set(moves.map((m) => m.productId))]
  const notice = `${cache.id} ${ids.join(',')}`
  if (moves.some((m) => m.before > 0 !== m.after > 0) || notice.length > MAX_NAMED_IN_NOTICE)
    return invalidateCatalogue(db)
  cache.forgetStockOf(ids)
  await db.execute(sql`select pg_notify(${channel}, ${notice})`)
}

/** The products a notice names (stockMoved), or null for a change of everything. */
function stockNamedIn(payload: string): number[] | null {
  const named = payload.split(' ')[1]
  return named ? named.split(',').map(Number) : null
}

const stockShown = new WeakMap<Context, readonly number[]>()

/** Marks a catalogue answer as showing these products' number in stock: it is forgotten when theirs moves. */
export function answerShowsStockOf(c: Context, productIds: readonly number[]) {
  stockShown.set(c, productIds)
}

/**
 * Clears this process's catalogue cache whenever another process on the
 * database changes the catalogue, and serves nothing from memory while such
 * notices could be missed. Resolves with the function that stops listening.
 */
export function listenForCatalogueChanges(database: Database) {
  const cache = cacheFor(database.db)
  return database.listen(
    channel,
    // Its own notices too: they arrive once the change has committed, and so
    // clear what a request read between `invalidateCatalogue` and the commit
    // (the rows as they were) and cached.
    (payload) => {
      const stockOf = stockNamedIn(payload)
      if (stockOf) cache.forgetStockOf(stockOf)
      else cache.clear()
    },
    (listening) => {
      cache.clear()
      cache.trusted = listening
    },
  )
}

/** Empties this process's cache only: for a notice of another kind that changes what answers say. */
export function forgetCachedCatalogue(db: Db) {
  cacheFor(db).clear()
}

/** The catalogue a page was rendered from (catalogueMark), to ask whether the page still holds (stillCurrent). */
export type CatalogueMark = { generation: number; version: number }

/** The catalogue as it is now, or `null` while notices may be missed. */
export function catalogueMark(db: Db): CatalogueMark | null {
  const cache = cacheFor(db)
  return cache.trusted ? { generation: cache.generation, version: cache.version } : null
}

/**
 * Whether what was made from the catalogue at `mark`, showing the number in
 * stock of `stockOf` (`null`: of any product, not known which), still holds:
 * nothing but stock moved since, and none of theirs.
 */
export function stillCurrent(db: Db, mark: CatalogueMark, stockOf: readonly number[] | null) {
  const cache = cacheFor(db)
  if (!cache.trusted || cache.generation !== mark.generation) return false
  return stockOf ? !cache.stockMovedSince(stockOf, mark.version) : cache.version === mark.version
}

/**
 * This process's version of the catalogue: a new number after every change
 * (this process's or, through the notice, another's), `null` while notices
 * may be missed. What is derived from catalogue data (a rendered page) stays
 * good while the number is the same.
 */
export function catalogueVersion(db: Db): number | null {
  const cache = cacheFor(db)
  return cache.trusted ? cache.version : null
}

/** The most this database's cached answers may weigh (API_CACHE_MB); createApi sets it. */
export function limitCachedAnswers(db: Db, maxBytes: number) {
  cacheFor(db).maxBytes = maxBytes
}

/** Number of cached responses; for tests. */
export function cachedResponseCount(db: Db) {
  return cacheFor(db).size
}

/** What the cached answers weigh (two bytes a character); for tests and /metrics. */
export function cachedResponseBytes(db: Db) {
  return cacheFor(db).weight
}

export function strongEtag(body: string | Uint8Array) {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/** True when `If-None-Match` names the current representation (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare)
}

function notModified(etag: string, cacheControl: string) {
  return new Response(null, { status: 304, headers: { ETag: etag, 'Cache-Control': cacheControl } })
}

function fromEntry(entry: Entry, cacheControl: string, status = 200) {
  return new Response(entry.body, {
    status,
    headers: { 'Content-Type': entry.contentType, ETag: entry.etag, 'Cache-Control': cacheControl },
  })
}

const handedOn = new WeakSet<Context>()

/**
 * Marks a request whose response another module makes (a route that falls
 * through): catalogueCache then leaves that response alone.
 */
export function leaveUncached(c: Context) {
  handedOn.add(c)
}

/**
 * Route middleware for catalogue reads: serves from the in-process cache
 * (`shared` responses only), adds a strong ETag and Cache-Control to every
 * 200, and answers a matching `If-None-Match` with 304.
 */
export function catalogueCache(db: Db, options: { shared: boolean }): MiddlewareHandler<ApiEnv> {
  const cacheControl = options.shared ? sharedCacheControl : privateCacheControl
  return async (c, next) => {
    const cache = cacheFor(db)
    const key = `${c.get('lang')} ${c.req.url}`
    const ifNoneMatch = c.req.header('if-none-match')
    if (options.shared) {
      const hit = cache.get(key)
      if (hit) {
        if (hit.stockOf) c.env?.stockShown?.(hit.stockOf)
        c.res = etagMatches(ifNoneMatch, hit.etag) ? notModified(hit.etag, cacheControl) : fromEntry(hit, cacheControl)
        c.header('X-Cache', 'hit')
        return
      }
    }
    const { generation, version } = cache
    await next()
    const response = c.res
    if (response.status !== 200 || handedOn.has(c)) return
    const contentType = response.headers.get('content-type') ?? 'application/json'
    const body = await response.text()
    // A cached answer showing a sale price must not outlive the sale.
    const until = await nextSaleBoundary(db).catch(() => Date.now())
    const stockOf = stockShown.get(c)
    if (stockOf) c.env?.stockShown?.(stockOf)
    const entry = { body, etag: strongEtag(body), contentType, expires: Math.min(Date.now() + TTL_MS, until), stockOf }
    const current = generation === cache.generation && !(stockOf && cache.stockMovedSince(stockOf, version))
    if (options.shared && current && body.length <= MAX_BODY_BYTES) cache.set(key, entry)
    c.res = undefined
    c.res = etagMatches(ifNoneMatch, entry.etag)
      ? notModified(entry.etag, cacheControl)
      : fromEntry(entry, cacheControl)
    if (options.shared) c.header('X-Cache', 'miss')
  }
}
