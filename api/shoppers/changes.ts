import type { MiddlewareHandler } from 'hono'
import { LRUCache } from 'lru-cache'
import type { Database, Db } from '../db/client.ts'
import type { ApiEnv } from '../http/context.ts'
import { ownerKey } from '../http/identity.ts'

// When something a shopper owns changes: their basket, favourites, story
// marks, orders, reviews, name or sessions. Whatever writes it (the
// storefront, the back office, Telegram, a job), the database names the
// shopper on the channel `atir_shopper` when the write commits (migration
// 0030's triggers), with the owner key the API uses (`u:<user id>`,
// `v:<visitor fingerprint>`); a write the API answers in this process is
// known here at once too (forgetAfterWrites), before its notice arrives. What
// a process remembers of a shopper (server/shopper-values.ts) is kept only
// while no change of theirs has been heard since it was read.
const channel = 'atir_shopper'
/** How many shoppers' latest changes are known by name; an older change counts for everyone read before it. */
const KNOWN_CHANGES = 50_000

export class ShopperChanges {
  private listening = false
  /** False while the database does not answer: a process cut off from it may miss notices before its listening connection knows. */
  private reachable = true
  /** Moves with every change heard: a reading taken at `seq` is good while no change of its shopper came after. */
  private seq = 0
  /** Changes older than the shoppers still known by name: a reading from before it may be stale. */
  private floor = 0
  private readonly latest = new LRUCache<string, number>({
    max: KNOWN_CHANGES,
    dispose: (seq, _owner, reason) => {
      if (reason === 'evict') this.floor = Math.max(this.floor, seq)
    },
  })

  /** False while notices may be missed (not listening, or the database out of reach): nothing is remembered then. */
  get trusted() {
    return this.listening && this.reachable
  }

  /** Whether the listening connection is up; a change of it may have missed notices. */
  listeningNow(listening: boolean) {
    this.changed(null)
    this.listening = listening
  }

  /** Whether the database answers, as the process's dependency checks find it. */
  reachableNow(reachable: boolean) {
    if (reachable !== this.reachable) this.changed(null)
    this.reachable = reachable
  }

  /** The moment to pass to `changedSince` for what is read from now on. */
  now() {
    return this.seq
  }

  /** Whether `owner` may have changed since `since`, or nothing can be trusted. */
  changedSince(owner: string, since: number) {
    return !this.trusted || since < this.floor || (this.latest.peek(owner) ?? 0) > since
  }

  /** `owner` changed (`null`: anyone may have). */
  changed(owner: string | null) {
    this.seq++
    if (owner === null) this.floor = this.seq
    else this.latest.set(owner, this.seq)
  }
}

const feeds = new WeakMap<Db, ShopperChanges>()

/** This process's changes of shoppers on `db`. */
export function shopperChanges(db: Db): ShopperChanges {
  let feed = feeds.get(db)
  if (!feed) {
    feed = new ShopperChanges()
    feeds.set(db, feed)
  }
  return feed
}

/**
 * Hears every shopper change on the database, this process's and the others';
 * trusts what is remembered only while listening. Resolves with the function
 * that stops listening.
 */
export async function listenForShopperChanges(database: Database) {
  const feed = shopperChanges(database.db)
  const stop = await database.listen(
    channel,
    (owner) => feed.changed(owner || null),
    (listening) => feed.listeningNow(listening),
  )
  feed.listeningNow(true)
  return async () => {
    feed.listeningNow(false)
    await stop()
  }
}

/**
 * API middleware: a shopper's write here is known at once, so their next page
 * in this process shows it even before the database's notice arrives (a
 * redirect after a form is that fast).
 */
export function forgetAfterWrites(db: Db): MiddlewareHandler<ApiEnv> {
  const feed = shopperChanges(db)
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    try {
      await next()
    } finally {
      const owner = ownerKey(c)
      if (owner) feed.changed(owner)
    }
  }
}
