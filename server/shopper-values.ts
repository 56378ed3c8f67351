import { LRUCache } from 'lru-cache'
import { catalogueVersion } from '#api/catalogue/cache.ts'
import type { Db } from '#api/db/client.ts'
import { shopperChanges } from '#api/shoppers/changes.ts'
import type { ValueMemory } from '#app/utils/personal.server.ts'

// What the page cache fills a shopper's page with (their name and counts, the
// buttons' states, the review form, the story marks: app/utils/personal.server.ts),
// remembered per shopper, so their next page asks the database nothing
// (docs/decisions/017-cached-pages-for-everyone.md). A value is good while no
// change of the shopper's has been heard since it was read (api/shoppers/changes.ts:
// the database names them on every write, in any process), the catalogue's
// version is the one it was read under (a product leaving sale changes what a
// basket holds), and for at most TTL_MS.
const TTL_MS = 60_000
const MAX_SHOPPERS = 10_000
/** Values a shopper has (a product page's review form each): the oldest go first. */
const MAX_VALUES = 50

type Reading = { since: number; version: number; expires: number; value: unknown }

/**
 * A memory of shoppers' values for pages on `db`, emptied of a shopper by any
 * change of theirs: `recall(owner, key, load)` gives the value of `key` for the
 * shopper `owner` (`u:<id>`, `v:<fingerprint>`), remembered or `load`ed.
 */
export function shopperValues(db: Db): ValueMemory {
  const feed = shopperChanges(db)
  const shoppers = new LRUCache<string, Map<string, Reading>>({ max: MAX_SHOPPERS })
  feed.onChange((owner) => (owner === null ? shoppers.clear() : shoppers.delete(owner)))
  return {
    async recall(owner, key, load) {
      const version = catalogueVersion(db)
      const known = shoppers.get(owner)?.get(key)
      if (known && known.version === version && known.expires > Date.now() && !feed.changedSince(owner, known.since))
        return known.value as Awaited<ReturnType<typeof load>>
      const since = feed.now()
      const value = await load()
      // Read across a change (of the shopper's or the catalogue's): good for this page, not remembered.
      if (version !== null && catalogueVersion(db) === version && !feed.changedSince(owner, since)) {
        let values = shoppers.get(owner)
        if (!values) {
          values = new Map()
          shoppers.set(owner, values)
        }
        values.delete(key)
        values.set(key, { since, version, expires: Date.now() + TTL_MS, value })
        if (values.size > MAX_VALUES) values.delete(values.keys().next().value!)
      }
      return value
    },
  }
}
