import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { listenForCatalogueChanges } from '#api/catalogue/cache.ts'
import { parseConfig } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { products } from '#api/db/schema/index.ts'
import type { TestApi } from './api.ts'

export type SecondProcess = {
  database: Database
  api: Api
  /** The second process loses its listening connection, as a database restart or a network blip would. */
  cutListening(): Promise<void>
  /** On PGlite, plays the reconnection; on PostgreSQL it reconnects by itself (retried every 2 s). */
  restoreListening(): void
}

/**
 * A second shop "process" on the test file's database. With
 * DATABASE_URL it has its own pool and cache and learns of writes by NOTIFY,
 * as a second server would; on PGlite (one process by design) both share the
 * one database, and a lost listening connection (which PGlite cannot have)
 * is played through the database's listen hook.
 */
export function secondProcess(t: TestApi): SecondProcess {
  const server = Boolean(process.env.DATABASE_URL)
  const stops: (() => Promise<void>)[] = []
  let playGap: ((listening: boolean) => void) | undefined
  const state = {
    async cutListening() {
      if (server)
        await t.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and datname = current_database()`,
        )
      else playGap?.(false)
    },
    restoreListening() {
      if (!server) playGap?.(true)
    },
  } as SecondProcess

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
    Object.assign(state, { database, api: createApi({ database, config }) })
    if (url) stops.push(await listenForCatalogueChanges(t.database))
    stops.push(await listenForCatalogueChanges(database))
  })

  afterAll(async () => {
    for (const stop of stops) await stop()
    if (server) await state.database.close()
  })
  return state
}

/** A product as the catalogue shows it (its cache state and stock), read through this shop process or the other one. */
export function productPageOf(t: TestApi, other: SecondProcess) {
  return async (productId: number, through: 'this' | 'other') => {
    const [product] = await t.database.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.id, productId))
    const path = `products/${product!.slug}/`
    const response =
      through === 'this' ? await t.request(path) : await other.api.fetch(new Request(`http://shop.test/api/v1/${path}`))
    return { cache: response.headers.get('x-cache'), stock: ((await response.json()) as { stock: number }).stock }
  }
}
