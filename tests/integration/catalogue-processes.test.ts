import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { cachedResponseCount, listenForCatalogueChanges } from '#api/catalogue/cache.ts'
import { updateProduct } from '#api/catalogue/service.ts'
import { parseConfig } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { setupTestApi } from './support/api.ts'

// Two shop processes on one database (issue 18): a catalogue change made
// through one is not served stale from the other's memory. With DATABASE_URL
// the second "process" has its own pool and cache, as a second server would;
// on PGlite (one process by design) both share the one database, and a lost
// listening connection (which PGlite cannot have) is played through the
// database's listen hook.

const t = setupTestApi({ products: 20 })
const server = process.env.DATABASE_URL
let other: { database: Database; api: Api }
const stops: (() => Promise<void>)[] = []
let playGap: ((listening: boolean) => void) | undefined

beforeAll(async () => {
  const url = t.databaseUrl
  const database: Database = url
    ? await openDatabase({ url, dataDir: null })
    : {
        ...t.database,
        listen: (channel, onNotice, onGap) => {
          playGap = onGap
          return t.database.listen(channel, onNotice, onGap)
        },
      }
  const config = parseConfig({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
  other = { database, api: createApi({ database, config }) }
  if (url) stops.push(await listenForCatalogueChanges(t.database))
  stops.push(await listenForCatalogueChanges(database))
})

afterAll(async () => {
  for (const stop of stops) await stop()
  if (server) await other.database.close()
})

/** The other process loses its listening connection; resolves once it knows. */
async function cutListening() {
  if (server)
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and datname = current_database()`,
    )
  else playGap?.(false)
}

const readOnOther = async (path: string) => {
  const response = await other.api.fetch(new Request(`http://shop.test/api/v1/${path}`))
  return { cache: response.headers.get('x-cache'), body: await response.json() }
}

describe('the catalogue cache across processes', () => {
  it("drops the other process's cached product when stock changes through this one", async () => {
    const { body } = await t.json('products/?size=1')
    const slug = body.results[0].slug as string
    await readOnOther(`products/${slug}/`)
    expect((await readOnOther(`products/${slug}/`)).cache).toBe('hit')
    const stock = (await readOnOther(`products/${slug}/`)).body.stock as number

    await updateProduct(t.database.db, body.results[0].id, { stock: stock + 7 })
    // The notice reaches the other process's listening connection: its memory is emptied.
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0))
    const after = await readOnOther(`products/${slug}/`)
    expect(after.cache).toBe('miss')
    expect(after.body.stock).toBe(stock + 7)
  })

  it('serves nothing from memory while its listening connection is down, and caches again once it is back', async () => {
    const { body } = await t.json('products/?size=1')
    const slug = body.results[0].slug as string
    await readOnOther(`products/${slug}/`)
    expect((await readOnOther(`products/${slug}/`)).cache).toBe('hit')
    // As a database restart or a network blip would.
    await cutListening()
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0))
    expect((await readOnOther(`products/${slug}/`)).cache).toBe('miss')
    expect((await readOnOther(`products/${slug}/`)).cache).toBe('miss')
    // Reconnected (retried every 2 s): memory is trusted again.
    if (!server) playGap?.(true)
    await vi.waitFor(
      async () => {
        await readOnOther(`products/${slug}/`)
        expect((await readOnOther(`products/${slug}/`)).cache).toBe('hit')
      },
      { timeout: 15_000, interval: 500 },
    )
  })
})
