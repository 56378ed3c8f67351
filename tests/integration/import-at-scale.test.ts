import { asc, eq, like, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { batchJobsSettled, stopBatchJobs } from '#api/catalogue-batches/jobs.ts'
import { tendBatches } from '#api/catalogue-batches/service.ts'
import { brands, changeBatches, changeBatchRows, products } from '#api/db/schema/index.ts'
import type { DependencyWatch } from '../../server/dependencies.ts'
import { probes } from '../../server/observability.ts'
import { setupTestApi } from './support/api.ts'
import { serveApiOverHttp } from './support/http.ts'
import { signedInStaff } from './support/staff.ts'

// Imports at the size the shop takes (100,000 rows) never starve it: while a
// file is checked, and while a batch is applied, /healthz and the API answer
// in between its slices (here: before the work is done). A file over the row
// limit is refused before any row is looked up; a stop signal interrupts a
// check truthfully and pauses an apply, which the next process carries on; a
// check this process runs is never taken for stalled. Speed is the bench's
// (npm run bench -- --only import), not these tests'. Run on both databases.

const t = setupTestApi({ products: 40 })
const idle = { state: () => ({}) } as unknown as DependencyWatch
const http = serveApiOverHttp(t, (app) => probes(app, { dependencies: idle, stopping: () => false }))

let manager: { token: string }
let sku: string
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager')
  await t.database.db.update(products).set({ sku: sql`'ATR-' || ${products.id}` })
  const [first] = await t.database.db.select().from(products).orderBy(asc(products.id)).limit(1)
  sku = first!.sku as string
})

/** A CSV of `rows` rows: one existing product with a new price, the others naming no product (rejected). */
function priceList(rows: number) {
  const lines = ['sku,price', `${sku},1234000`]
  for (let i = 1; i < rows; i++) lines.push(`MISSING-${i},${100_000 + i}`)
  return Buffer.from(lines.join('\n'))
}

async function upload(bytes: Buffer, mode: 'prices' | 'everything') {
  const form = new FormData()
  form.set('file', new File([new Uint8Array(bytes)], 'big.csv'))
  form.set('mode', mode)
  const started = await t.json('admin/products/import/', { method: 'POST', body: form, token: manager.token })
  expect(started.status).toBe(202)
  return started.body.id as number
}

const batchRow = async (id: number) =>
  (await t.database.db.select().from(changeBatches).where(eq(changeBatches.id, id)))[0]!

/** Waits (polling the database) until the batch has done some of its work, not all: the state a test needs. */
async function underWay(id: number) {
  for (;;) {
    const batch = await batchRow(id)
    if (batch.progress > 0) return batch
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** The shop answers: the liveness probe, and an API read that needs the database. */
async function shopAnswers() {
  const health = await fetch(`${http.base}/healthz`)
  expect(health.status).toBe(200)
  const read = await http.t.json('products/?size=1', { lang: 'ru' })
  expect(read.status).toBe(200)
  expect(read.body.results).toHaveLength(1)
}

describe('a 100,000-row file', () => {
  it('is checked while the shop answers, and is never taken for stalled while this process checks it', async () => {
    const id = await upload(priceList(100_000), 'prices')
    await underWay(id)
    // As a busy process's heartbeat could look: a minute old and more. The check is this process's own.
    await t.database.db
      .update(changeBatches)
      .set({ progressAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(changeBatches.id, id))
    const list = await t.json('admin/batches/', { token: manager.token })
    expect(list.body.results.find((b: { id: number }) => b.id === id)?.state).toBe('checking')
    await shopAnswers()
    const meanwhile = await batchRow(id)
    expect(meanwhile.state).toBe('checking')
    expect(meanwhile.progress).toBeLessThan(100_000)

    await batchJobsSettled()
    const done = await t.json(`admin/batches/${id}/`, { token: manager.token })
    expect(done.body).toMatchObject({
      state: 'previewed',
      counts: { rows: 100_000, changed: 1, rejected: 99_999 },
    })
  })

  it('over the row limit is refused before any row is looked up, with the limit in the message', async () => {
    const id = await upload(priceList(100_001), 'prices')
    await batchJobsSettled()
    const batch = await t.json(`admin/batches/${id}/`, { token: manager.token, lang: 'ru' })
    expect(batch.body).toMatchObject({
      state: 'failed',
      error: 'Слишком много строк: не более 100 000.',
      progress: 0,
      rows: { total: 0 },
    })
  })

  it('stops at a stop signal, its batch saying why; the rows it had read go', async () => {
    const id = await upload(priceList(100_000), 'prices')
    await underWay(id)
    await stopBatchJobs()
    const stopped = await t.json(`admin/batches/${id}/`, { token: manager.token, lang: 'ru' })
    expect(stopped.body).toMatchObject({
      state: 'interrupted',
      error: 'Проверку файла прервала остановка сервера. Загрузите файл ещё раз.',
      can_apply: false,
    })
    // That read started dropping the rows in the background.
    await batchJobsSettled()
    const left = await t.database.db.select().from(changeBatchRows).where(eq(changeBatchRows.batchId, id))
    expect(left).toEqual([])
  })
})

describe('a batch of 5,000 new products', () => {
  let brand: string
  beforeAll(async () => {
    const [b] = await t.database.db.select().from(brands).orderBy(asc(brands.id)).limit(1)
    brand = b!.slug
  })

  /** A previewed batch creating `rows` products with SKUs `<prefix>-<n>`. */
  async function newProducts(prefix: string, rows = 5000) {
    const lines = ['sku,title_ru,brand,audience,country,price,stock']
    for (let i = 0; i < rows; i++) lines.push(`${prefix}-${i},Аромат ${prefix} ${i},${brand},unisex,FR,150000,3`)
    const id = await upload(Buffer.from(lines.join('\n')), 'everything')
    await batchJobsSettled()
    expect((await batchRow(id)).state).toBe('previewed')
    return id
  }
  const created = async (prefix: string) =>
    (
      await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(like(products.sku, `${prefix}-%`))
    ).length

  it('is applied while the shop answers', async () => {
    const id = await newProducts('WHILE')
    const started = await t.json(`admin/batches/${id}/apply/`, { method: 'POST', token: manager.token })
    expect(started.status).toBe(202)
    expect(started.body).toMatchObject({ state: 'applying', progress: 0, total: 5000 })
    await underWay(id)
    await shopAnswers()
    const meanwhile = await batchRow(id)
    expect(meanwhile.state).toBe('applying')
    expect(meanwhile.progress).toBeLessThan(5000)

    await batchJobsSettled()
    expect((await batchRow(id)).state).toBe('applied')
    expect(await created('WHILE')).toBe(5000)
  })

  it('pauses at a stop signal between two slices and is carried on, each row once, by the next process', async () => {
    const id = await newProducts('PAUSED')
    await t.json(`admin/batches/${id}/apply/`, { method: 'POST', token: manager.token })
    await underWay(id)
    await stopBatchJobs()
    const paused = await batchRow(id)
    expect(paused.state).toBe('applying')
    expect(paused.progress).toBeGreaterThan(0)
    expect(paused.progress).toBeLessThan(5000)
    expect(await created('PAUSED')).toBe(paused.progress)

    // What a shop does when it starts on PGlite (alone on its database): no heartbeat is its own.
    await tendBatches(t.database.db, () => new Date(), 0)
    await batchJobsSettled()
    expect((await batchRow(id)).state).toBe('applied')
    expect(await created('PAUSED')).toBe(5000)
  })
})
