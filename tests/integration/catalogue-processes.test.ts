import { describe, expect, it, vi } from 'vitest'
import { cachedResponseCount } from '#api/catalogue/cache.ts'
import { updateProduct } from '#api/catalogue/service.ts'
import { untilState } from '../support/until-state.ts'
import { setupTestApi } from './support/api.ts'
import { secondProcess } from './support/second-process.ts'

// Two shop processes on one database: a catalogue change made
// through one is not served stale from the other's memory (support/second-process.ts).

const t = setupTestApi({ products: 20 })
const other = secondProcess(t)

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
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0), untilState)
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
    await other.cutListening()
    await vi.waitFor(() => expect(cachedResponseCount(other.database.db)).toBe(0), untilState)
    expect((await readOnOther(`products/${slug}/`)).cache).toBe('miss')
    expect((await readOnOther(`products/${slug}/`)).cache).toBe('miss')
    // Reconnected (retried every 2 s): memory is trusted again.
    other.restoreListening()
    await vi.waitFor(
      async () => {
        await readOnOther(`products/${slug}/`)
        expect((await readOnOther(`products/${slug}/`)).cache).toBe('hit')
      },
      { ...untilState, interval: 500 },
    )
  })
})
