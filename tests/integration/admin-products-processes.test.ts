import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { cachedResponseCount, listenForCatalogueChanges } from '#api/catalogue/cache.ts'
import { parseConfig } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { untilState } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { catalogueRefs, pictureForm, productBody } from './support/products.ts'
import { signedInStaff } from './support/staff.ts'

// A product saved in the back office through one shop process is not served
// stale by another on the same database: the save's notice empties
// the other's catalogue cache. With DATABASE_URL the second process has its
// own pool, cache and listening connection, as a second server would; on
// PGlite both share the one database, and the notice still reaches the cache.

const t = setupTestApi({ products: 20 })
let other: { database: Database; api: Api }
const stops: (() => Promise<void>)[] = []

beforeAll(async () => {
  const url = t.databaseUrl
  const database = url ? await openDatabase({ url, dataDir: null }) : t.database
  const config = parseConfig({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
  other = { database, api: createApi({ database, config }) }
  if (url) stops.push(await listenForCatalogueChanges(t.database))
  stops.push(await listenForCatalogueChanges(database))
})

afterAll(async () => {
  for (const stop of stops) await stop()
  if (t.databaseUrl) await other.database.close()
})

const readOnOther = async (path: string, lang = 'ru') => {
  const response = await other.api.fetch(
    new Request(`http://shop.test/api/v1/${path}`, { headers: { 'Accept-Language': lang } }),
  )
  return { cache: response.headers.get('x-cache'), body: await response.json() }
}

/** Reads a page on the other process until it is served from its memory. */
async function cachedOnOther(path: string) {
  await readOnOther(path)
  const again = await readOnOther(path)
  expect(again.cache).toBe('hit')
  return again.body
}

describe('a back-office save seen by another process', () => {
  it('shows the new price, title and pictures on the next read there', async () => {
    const manager = await signedInStaff(t, 'manager')
    const { brand, categories } = await catalogueRefs(t)
    const created = await t.json('admin/products/', {
      method: 'POST',
      token: manager.token,
      body: JSON.stringify(
        productBody(brand.id, [categories[0]!.id], { uz: 'Садафхон', sr: 'Sadafxon', ru: 'Садафхон' }),
      ),
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const { id, slug } = created.body
    const before = await cachedOnOther(`products/${slug}/`)
    expect(before.price).toBe(250_000)
    const search = await cachedOnOther('products/?search=sadafxon')
    expect(search.results.map((p: { id: number }) => p.id)).toEqual([id])

    const saved = await t.json(`admin/products/${id}/`, {
      method: 'PATCH',
      token: manager.token,
      body: JSON.stringify({ price: 199_000, title: { ...created.body.title, ru: 'Садафхон Gold' }, slug }),
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0), untilState)
    const after = await readOnOther(`products/${slug}/`)
    expect(after.cache).toBe('miss')
    expect([after.body.price, after.body.title]).toEqual([199_000, 'Садафхон Gold'])

    await cachedOnOther(`products/${slug}/`)
    const form = await pictureForm(['jpeg'])
    const upload = await t.request(`admin/products/${id}/pictures/`, {
      method: 'POST',
      token: manager.token,
      body: form,
    })
    expect(upload.status).toBe(201)
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0), untilState)
    expect((await readOnOther(`products/${slug}/`)).body.images).toHaveLength(1)
  })
})
