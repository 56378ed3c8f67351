import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { listenForCatalogueChanges } from '#api/catalogue/cache.ts'
import { listenForSearchWords } from '#api/catalogue/vocabulary.ts'
import { parseConfig } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { untilState } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { catalogueRefs, productBody } from './support/products.ts'
import { signedInStaff } from './support/staff.ts'

// The typo vocabulary search keeps in memory (api/catalogue/vocabulary.ts)
// across shop processes: a product added through one is found
// with a misspelt word on another at once, not after the hourly rebuild.
// With DATABASE_URL the other process has its own pool, vocabulary and
// listening connections, as a second server would; on PGlite (one process by
// design) both share the one database and its one vocabulary.

const t = setupTestApi({ products: 20 })
let other: { database: Database; api: Api }
const stops: (() => Promise<void>)[] = []

beforeAll(async () => {
  const url = t.databaseUrl
  const database = url ? await openDatabase({ url, dataDir: null }) : t.database
  const config = parseConfig({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
  other = { database, api: createApi({ database, config }) }
  for (const each of url ? [t.database, database] : [database]) {
    stops.push(await listenForCatalogueChanges(each))
    stops.push(await listenForSearchWords(each))
  }
})

afterAll(async () => {
  for (const stop of stops) await stop()
  if (t.databaseUrl) await other.database.close()
})

const searchOnOther = async (query: string) => {
  const response = await other.api.fetch(
    new Request(`http://shop.test/api/v1/products/?search=${encodeURIComponent(query)}`, {
      headers: { 'Accept-Language': 'ru' },
    }),
  )
  expect(response.status).toBe(200)
  return ((await response.json()).results as { id: number }[]).map((p) => p.id)
}

describe('the typo vocabulary across processes', () => {
  it('finds a product added through one process with a misspelt word on the other', async () => {
    // The other process has built its vocabulary, without the new word.
    expect(await searchOnOther('zarafshan')).toEqual([])
    const manager = await signedInStaff(t, 'manager')
    const { brand, categories } = await catalogueRefs(t)
    const created = await t.json('admin/products/', {
      method: 'POST',
      token: manager.token,
      body: JSON.stringify(
        productBody(brand.id, [categories[0]!.id], { uz: 'Зарафшон', sr: 'Zarafshon', ru: 'Зарафшон' }),
      ),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(await searchOnOther('zarafshon')).toEqual([created.body.id])
    // The notice of the new words reaches the other process's listening connection.
    await vi.waitFor(async () => expect(await searchOnOther('zarafshan')).toEqual([created.body.id]), untilState)
  })
})
