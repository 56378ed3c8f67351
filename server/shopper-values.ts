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
// basket holds), and for at most TTL_MS. A value a change made stale is not
// looked for: it waits to be pushed out by newer ones.
const TTL_MS = 60_000

type Reading = { since: number; version: number; value: unknown }

/**
 * A memory of shoppers' values for pages on `db`, within `maxBytes` (counted at
 * two bytes a character of their JSON): `recall(owner, key, load)` gives the
 * value of `key` for the shopper `owner` (`u:<id>`, `v:<fingerprint>`),
 * remembered or `load`ed.
 */
export function shopperValues(db: Db, maxBytes: number): ValueMemory {
  const feed = shopperChanges(db)
  const readings = new LRUCache<string, Reading>({
    maxSize: Math.max(1, maxBytes),
    ttl: TTL_MS,
    sizeCalculation: (reading, key) => 2 * (key.length + (JSON.stringify(reading.value)?.length ?? 0)),
  })
  return {
    async recall(owner, key, load) {
      const at = `${owner}\n${key}`
      const version = catalogueVersion(db)
      const known = readings.get(at)
      if (known && known.version === version && !feed.changedSince(owner, known.since))
        return known.value as Awaited<ReturnType<typeof load>>
      const since = feed.now()
      const value = await load()
      // Read across a change (of the shopper's or the catalogue's): good for this page, not remembered.
      if (version !== null && catalogueVersion(db) === version && !feed.changedSince(owner, since))
        readings.set(at, { since, version, value })
      return value
    },
  }
}
