import { parse } from 'csv-parse/sync'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { batchJobsSettled } from '#api/catalogue-batches/jobs.ts'
import { XLSX_MAX_UNPACKED_BYTES } from '#api/catalogue-batches/sheet-read.ts'
import { auditLog, brands, categories, changeBatches, productCategories, products } from '#api/db/schema/index.ts'
import { moveStock } from '#api/stock/movements.ts'
import { take } from '../support/take.ts'
import { setupTestApi } from './support/api.ts'
import { signedInStaff } from './support/staff.ts'
import { zipBomb } from './support/zip-bomb.ts'

// Spreadsheet import and export: a preview of what would be
// created, changed and rejected before anything is written, a commit in one
// transaction, stock as a count, files that are not spreadsheets, big files,
// and an export that imports back unchanged.

const t = setupTestApi({ products: 40 })

let manager: { id: number; token: string }
let content: { token: string }
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager')
  content = await signedInStaff(t, 'content')
  // The seed has no article numbers; a shop's catalogue has them.
  await t.database.db.update(products).set({ sku: sql`'ATR-' || ${products.id}` })
})

type Cells = Record<string, string | number | Date | null>

/** Every column any row names, in first-seen order. */
const columnsOf = (rows: Cells[]) => [...new Set(rows.flatMap((r) => Object.keys(r)))]

async function xlsx(rows: Cells[], columns = columnsOf(rows)): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('products')
  sheet.addRow(columns)
  for (const row of rows) sheet.addRow(columns.map((c) => row[c] ?? null))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

function csv(rows: Cells[], options: { delimiter?: string; bom?: boolean } = {}): Buffer {
  const d = options.delimiter ?? ','
  const columns = columnsOf(rows)
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v)
    return /[";,\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
  }
  const text = [columns.join(d), ...rows.map((r) => columns.map((c) => cell(r[c])).join(d))].join('\r\n')
  return Buffer.from((options.bom ? '\uFEFF' : '') + text)
}

async function upload(bytes: Buffer, name: string, mode: string, options: { token?: string; lang?: string } = {}) {
  const form = new FormData()
  form.set('file', new File([new Uint8Array(bytes)], name))
  form.set('mode', mode)
  return t.json('admin/products/import/', {
    method: 'POST',
    body: form,
    token: options.token ?? manager.token,
    lang: options.lang ?? 'ru',
  })
}

/** Uploads and waits for the check to finish; the batch with up to 500 of its rows. */
async function preview(bytes: Buffer, name: string, mode: string, lang = 'ru') {
  const started = await upload(bytes, name, mode, { lang })
  expect(started.status).toBe(202)
  expect(started.body.state).toBe('checking')
  await batchJobsSettled()
  const batch = await t.json(`admin/batches/${started.body.id}/?size=500`, { token: manager.token, lang })
  expect(batch.status).toBe(200)
  return batch.body
}

/** Applies a batch: answered 202 at once, run in the background; the batch once it ran (or the refusal). */
async function apply(id: number) {
  const started = await t.json(`admin/batches/${id}/apply/`, { method: 'POST', token: manager.token, lang: 'ru' })
  if (started.status !== 202) return started
  expect(started.body.state).toBe('applying')
  await batchJobsSettled()
  const batch = await t.json(`admin/batches/${id}/`, { token: manager.token, lang: 'ru' })
  return { status: started.status, body: batch.body }
}

const someProducts = (n: number, offset: number) =>
  t.database.db
    .select()
    .from(products)
    .where(and(isNotNull(products.sku)))
    .orderBy(asc(products.id))
    .limit(n)
    .offset(offset)

const byId = async (ids: number[]) =>
  new Map((await t.database.db.select().from(products).where(inArray(products.id, ids))).map((p) => [p.id, p]))

describe('who may', () => {
  it('gives import, export and the template to catalogue.write only', async () => {
    const file = csv([{ sku: 'x', price: 1000 }])
    expect((await upload(file, 'a.csv', 'prices', { token: content.token })).status).toBe(403)
    expect((await t.json('admin/products/export/', { token: content.token })).status).toBe(403)
    expect((await t.request('admin/products/import/template/', { token: content.token })).status).toBe(403)
    expect((await t.request('admin/products/export/')).status).toBe(401)
  })
})

describe('prices and stock from an XLSX file with bad rows', () => {
  it('previews changes and rejections (row, column, reason), writes nothing, then commits in one step', async () => {
    const chosen = await someProducts(5, 0)
    const [first, second, third, fourth, fifth] = take(chosen, 5)
    const file = await xlsx([
      { sku: first.sku, price: first.price + 10_000, stock: first.stock + 3 },
      { sku: second.sku, price: '250 000', sale_price: null },
      { sku: 'NO-SUCH-SKU', price: 100_000 },
      { sku: third.sku, price: 'дорого' },
      { sku: fourth.sku, price: 50_000, sale_price: 60_000 },
      { sku: first.sku, price: 1000 },
      { sku: fifth.sku, price: fifth.price, sale_price: fifth.salePrice, stock: fifth.stock },
    ])
    const batch = await preview(file, 'prices.xlsx', 'prices')
    expect(batch).toMatchObject({
      state: 'previewed',
      summary: { file: 'prices.xlsx', mode: 'prices', format: 'xlsx' },
    })
    expect(batch.counts).toEqual({ rows: 7, created: 0, changed: 2, unchanged: 1, rejected: 4 })
    const rows = batch.rows.results
    expect(rows.find((r: { line: unknown }) => r.line === 2)).toMatchObject({
      kind: 'changed',
      product_id: first.id,
      changes: [
        { field: 'price', before: String(first.price), after: String(first.price + 10_000) },
        { field: 'stock', before: String(first.stock), after: String(first.stock + 3) },
      ],
    })
    const errorsOf = (line: number) => rows.find((r: { line: unknown }) => r.line === line)?.errors
    expect(errorsOf(4)).toEqual([{ field: 'sku', message: 'Товара с таким sku, barcode или slug нет.' }])
    expect(errorsOf(5)).toEqual([{ field: 'price', message: 'Нужно целое число.' }])
    expect(errorsOf(6)).toEqual([{ field: 'sale_price', message: 'Цена со скидкой должна быть ниже цены.' }])
    expect(errorsOf(7)).toEqual([{ field: 'sku', message: 'Тот же товар, что в строке 2.' }])
    // Nothing written by the preview.
    expect((await byId([first.id])).get(first.id)?.price).toBe(first.price)

    const committed = await apply(batch.id)
    expect(committed.status).toBe(202)
    expect(committed.body.state).toBe('applied')
    const now = await byId([first.id, second.id, third.id])
    expect(now.get(first.id)).toMatchObject({ price: first.price + 10_000, stock: first.stock + 3 })
    expect(now.get(second.id)).toMatchObject({ price: 250_000, salePrice: null })
    expect(now.get(third.id)?.price).toBe(third.price)
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'change_batch'), eq(auditLog.entityId, String(batch.id))))
    expect(audit).toHaveLength(1)
    const shop = await t.json(`products/${first.slug}/`, { lang: 'ru' })
    expect(shop.body.price).toBe(first.price + 10_000)
  })

  it('applies stock as a count: a sale made between preview and commit stays counted', async () => {
    const [p] = await someProducts(1, 6)
    const file = csv([{ sku: p!.sku, stock: p!.stock + 10 }])
    const batch = await preview(file, 'count.csv', 'prices')
    await t.database.db.transaction((tx) =>
      moveStock(tx, { productId: p!.id, delta: -1, reason: 'order', actor: null }),
    )
    expect((await apply(batch.id)).body.state).toBe('applied')
    expect((await byId([p!.id])).get(p!.id)?.stock).toBe(p!.stock + 10 - 1)
  })
})

describe('files that are not what they should be', () => {
  it('fails a picture with "not a spreadsheet" in the staff member’s language', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')
    const batch = await preview(png, 'photo.csv', 'prices', 'uz')
    expect(batch).toMatchObject({
      state: 'failed',
      error: 'Бу жадвал эмас: XLSX ёки CSV файлни юкланг.',
      can_apply: false,
    })
    const zip = Buffer.from('504b030414000000080000000000', 'hex')
    expect(await preview(zip, 'broken.xlsx', 'prices')).toMatchObject({
      state: 'failed',
      error: 'Это не таблица: загрузите файл XLSX или CSV.',
    })
  })

  it('fails a table without the columns, and asks for the file and the mode', async () => {
    const batch = await preview(Buffer.from('name,cost\nfoo,1\n'), 'list.csv', 'prices')
    expect(batch.error).toMatch(/^В первой строке должны быть названия столбцов/)
    const form = new FormData()
    form.set('mode', 'sometimes')
    const missing = await t.json('admin/products/import/', {
      method: 'POST',
      body: form,
      token: manager.token,
      lang: 'ru',
    })
    expect(missing.status).toBe(400)
    expect(missing.body.errors.map((e: { field: unknown }) => e.field)).toEqual(['file', 'mode'])
  })
})

describe('a CSV with ; and a BOM creating products (everything)', () => {
  it('creates the new product with its brand, categories and search key, and undo hides it', async () => {
    const [brand] = await t.database.db.select().from(brands).orderBy(asc(brands.id)).limit(1)
    const cats = await t.database.db.select().from(categories).orderBy(asc(categories.id)).limit(2)
    const file = csv(
      [
        {
          sku: 'NEW-ATIR-1',
          title_uz: 'Гул атри',
          title_sr: 'Gul atri',
          title_ru: 'Цветочный аромат; новинка',
          brand: brand!.name.toUpperCase(),
          categories: cats.map((c) => c.slug).join(', '),
          audience: 'women',
          country: 'fr',
          volume: 50,
          price: '320 000',
          stock: 7,
          hidden: 0,
        },
      ],
      { delimiter: ';', bom: true },
    )
    const batch = await preview(file, 'new.csv', 'everything')
    expect(batch.counts).toMatchObject({ created: 1, rejected: 0 })
    expect(batch.rows.results[0].changes).toEqual(
      expect.arrayContaining([
        { field: 'slug', before: null, after: 'gul-atri' },
        { field: 'brand', before: null, after: brand!.slug },
        { field: 'title_ru', before: null, after: 'Цветочный аромат; новинка' },
      ]),
    )
    expect((await apply(batch.id)).body.state).toBe('applied')
    const [created] = await t.database.db.select().from(products).where(eq(products.sku, 'NEW-ATIR-1'))
    expect(created).toMatchObject({ slug: 'gul-atri', brandId: brand!.id, country: 'FR', price: 320_000, stock: 7 })
    expect(created!.searchKey).toContain('gul')
    const linked = await t.database.db
      .select()
      .from(productCategories)
      .where(eq(productCategories.productId, created!.id))
    expect(linked.map((l) => l.categoryId).sort()).toEqual(cats.map((c) => c.id).sort())
    const found = await t.json('products/?search=gul+atri', { lang: 'sr' })
    expect(found.body.results.map((r: { slug: unknown }) => r.slug)).toContain('gul-atri')

    const undone = await t.json(`admin/batches/${batch.id}/undo/`, {
      method: 'POST',
      token: manager.token,
      body: '{}',
    })
    expect(undone.status).toBe(202)
    await batchJobsSettled()
    const [after] = await t.database.db.select().from(products).where(eq(products.id, created!.id))
    expect(after).toMatchObject({ isHidden: true, stock: 0 })
  })
})

describe('export → import', () => {
  for (const format of ['xlsx', 'csv'] as const)
    it(`round-trips the whole catalogue unchanged (${format})`, async () => {
      const exported = await t.request(`admin/products/export/?format=${format}`, { token: manager.token })
      expect(exported.status).toBe(200)
      expect(exported.headers.get('content-disposition')).toMatch(new RegExp(`atir-catalogue-.*\\.${format}`))
      const bytes = Buffer.from(await exported.arrayBuffer())
      const total = (await t.database.db.select({ id: products.id }).from(products)).length
      const batch = await preview(bytes, `export.${format}`, 'everything')
      expect(batch.counts).toEqual({ rows: total, created: 0, changed: 0, unchanged: total, rejected: 0 })
      expect(batch.can_apply).toBe(false)
    })

  it('writes formula-like texts behind an apostrophe in the CSV, and reads them back exactly', async () => {
    const texts = ['=HYPERLINK("http://evil.example","n")', '+998 Limited', '-20% Eau de Parfum', '@home', "'=1+1"]
    const chosen = await someProducts(texts.length, 10)
    expect(chosen).toHaveLength(texts.length)
    for (const [i, p] of chosen.entries())
      await t.database.db
        .update(products)
        .set({ title: { ...p.title, ru: texts[i]! } })
        .where(eq(products.id, p.id))
    const exported = await t.request('admin/products/export/?format=csv', { token: manager.token })
    const bytes = Buffer.from(await exported.arrayBuffer())
    const rows = parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<
      string,
      string
    >[]
    for (const [i, p] of chosen.entries()) expect(rows.find((r) => r.sku === p.sku)?.title_ru).toBe(`'${texts[i]}`)
    const total = (await t.database.db.select({ id: products.id }).from(products)).length
    const batch = await preview(bytes, 'export.csv', 'everything')
    expect(batch.counts).toEqual({ rows: total, created: 0, changed: 0, unchanged: total, rejected: 0 })
  })

  it('exports the stock sheet filtered, in the import’s columns', async () => {
    const exported = await t.request('admin/products/export/?format=csv&sheet=stock&stock=in', { token: manager.token })
    const text = await exported.text()
    const [header, ...lines] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .join('\n')
      .split('\n')
    expect(header).toBe('sku;barcode;slug;title_ru;price;sale_price;sale_starts_at;sale_ends_at;stock')
    const inStock = await t.database.db.select({ id: products.id }).from(products).where(eq(products.isHidden, false))
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.length).toBeLessThanOrEqual(inStock.length + 100)
  })

  it('exports what the product list shows for the same filters (search, low stock, no picture, missing translation)', async () => {
    const [low, other] = take(await someProducts(2, 30), 2)
    await t.database.db.update(products).set({ stock: 2, lowStockThreshold: 5 }).where(eq(products.id, low.id))
    const [brand] = await t.database.db.select().from(brands).where(eq(brands.id, low.brandId))
    const filterSets = [
      `q=${encodeURIComponent(brand!.name)}`,
      'stock=low',
      'no_picture=true',
      'missing_translation=1&hidden=false',
      `stock=low&brand=${low.brandId}`,
    ]
    for (const filters of filterSets) {
      const list = await t.json(`admin/products/?size=100&${filters}`, { token: manager.token })
      expect(list.status, filters).toBe(200)
      const exported = await t.request(`admin/products/export/?format=csv&sheet=stock&${filters}`, {
        token: manager.token,
      })
      expect(exported.status, filters).toBe(200)
      const slugs = (await exported.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(';')[2])
      expect(slugs.sort(), filters).toEqual(list.body.results.map((p: { slug: unknown }) => p.slug).sort())
    }
    const lowOnly = await t.request('admin/products/export/?format=csv&stock=low', { token: manager.token })
    const text = await lowOnly.text()
    expect(text).toContain(low.slug)
    expect(text).not.toContain(`;${other.slug};`)
    const refused = await t.json('admin/products/export/?stock=almost', { token: manager.token, lang: 'ru' })
    expect(refused.status).toBe(400)
  })

  it('offers an empty template with the columns', async () => {
    const template = await t.request('admin/products/import/template/?format=csv', { token: manager.token })
    expect((await template.text()).replace(/^\uFEFF/, '').trim()).toBe(
      'sku;barcode;slug;title_uz;title_sr;title_ru;description_uz;description_sr;description_ru;brand;categories;' +
        'audience;country;year;volume;unit;price;sale_price;sale_starts_at;sale_ends_at;stock;hidden;ikpu;package_code;' +
        'line;concentration;size_kind',
    )
  })
})

describe('a zip bomb shaped like a workbook', () => {
  // Past the limit by 16 MiB: deflated it is well within the upload limit.
  const size = XLSX_MAX_UNPACKED_BYTES + 16 * 1024 * 1024
  it.each([
    ['its headers say how large it unpacks', size],
    ['its headers lie (1 KB)', 1024],
  ])('is refused at the unpacked-size limit, before any sheet is parsed: %s', async (_, declared) => {
    const bomb = await zipBomb(size, declared)
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    const batch = await preview(bomb, 'bomb.xlsx', 'prices')
    expect(batch).toMatchObject({
      state: 'failed',
      error:
        'Файл распаковывается больше чем в 320 МБ: это не обычная таблица. Сохраните её заново или разделите на несколько файлов.',
      counts: { rows: 0 },
    })
  })
})

describe('a check whose process died', () => {
  it('is interrupted once its heartbeat stopped for a minute, and says so; a check with a live heartbeat stays checking', async () => {
    const started = (secondsAgo: number) =>
      t.database.db
        .insert(changeBatches)
        .values({
          kind: 'import',
          state: 'checking',
          actor: `staff:${manager.id}`,
          summary: { file: 'big.xlsx', mode: 'prices', format: 'xlsx' },
          progress: 4000,
          progressAt: new Date(Date.now() - secondsAgo * 1000),
        })
        .returning()
        .then(([b]) => b!)
    const dead = await started(90)
    const alive = await started(10)
    const list = await t.json('admin/batches/', { token: manager.token, lang: 'uz' })
    const stateOf = (id: number) => list.body.results.find((b: { id: unknown }) => b.id === id)
    expect(stateOf(dead.id)).toMatchObject({
      state: 'interrupted',
      error: 'Файл текшируви узилиб қолди (сервер қайта ишга тушди). Файлни қайтадан юкланг.',
      can_apply: false,
    })
    expect(stateOf(alive.id)).toMatchObject({ state: 'checking', error: null })
    expect((await apply(dead.id)).status).toBe(409)
    await t.database.db.delete(changeBatches).where(eq(changeBatches.id, alive.id))
  })
})

describe('a check that failed on its size', () => {
  it('says how many rows a file may have, the number filled in', async () => {
    const [failed] = await t.database.db
      .insert(changeBatches)
      .values({
        kind: 'import',
        state: 'failed',
        error: 'sheet_too_many_rows',
        actor: `staff:${manager.id}`,
        summary: { file: 'huge.csv', mode: 'prices', format: 'csv' },
      })
      .returning()
    for (const [lang, text] of [
      ['ru', 'Слишком много строк: не более 100 000.'],
      ['sr', 'Qatorlar juda koʻp: 100 000 tagacha.'],
    ] as const) {
      const batch = await t.json(`admin/batches/${failed!.id}/`, { token: manager.token, lang })
      expect(batch.body.error).toBe(text)
    }
  })
})

describe('a 50,000-row file', () => {
  it('is read and previewed whole', { timeout: 300_000 }, async () => {
    const [p] = await someProducts(1, 8)
    const lines = ['sku,price,stock', `${p!.sku},${p!.price + 1000},${p!.stock}`]
    for (let i = 1; i < 50_000; i++) lines.push(`MISSING-${i},${100_000 + i},1`)
    const batch = await preview(Buffer.from(lines.join('\n')), 'big.csv', 'prices')
    expect(batch.counts).toEqual({ rows: 50_000, created: 0, changed: 1, unchanged: 0, rejected: 49_999 })
    expect(batch.progress).toBe(50_000)
    const changed = await t.json(`admin/batches/${batch.id}/?kind=changed`, { token: manager.token })
    expect(changed.body.rows.results).toMatchObject([{ line: 2, product_id: p!.id }])
    expect((await apply(batch.id)).body.state).toBe('applied')
    expect((await byId([p!.id])).get(p!.id)?.price).toBe(p!.price + 1000)
  })
})
