import { parse } from 'csv-parse/sync'
import { eq, inArray } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import { searchMissLimits } from '#api/catalogue/search-misses.ts'
import { parseConfig } from '#api/config.ts'
import { orders as ordersTable, products, searchMisses } from '#api/db/schema/index.ts'
import { changeOrderStatus } from '#api/orders/service.ts'
import { tashkentTime } from '#api/telegram/tashkent-time.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// The statistics page's API and the orders export: figures from
// orders placed here, on Tashkent days (UTC+5: a day starts at 19:00 UTC the
// day before), searches with no result, and the export parsed back.

const t = setupTestApi({ products: 40 })
const orders = orderMaker(t)
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })
let owner: { token: string }
let manager: { token: string }
let warehouse: { token: string }
let content: { token: string }
beforeAll(async () => {
  owner = await signedInStaff(t, 'owner')
  manager = await signedInStaff(t, 'manager')
  warehouse = await signedInStaff(t, 'warehouse')
  content = await signedInStaff(t, 'content')
})

const stats = (query: string, token = owner.token, lang = 'ru') => t.json(`admin/stats/${query}`, { token, lang })
const move = (id: number, ...to: number[]) =>
  Promise.all([]).then(async () => {
    for (const s of to) await changeOrderStatus(t.database.db, id, s, { lang: 'ru', config, now: new Date() })
  })
/** Moves the order to a moment of the past (its day is what the statistics read). */
const placedAt = (id: number, at: string) =>
  t.database.db
    .update(ordersTable)
    .set({ createdAt: new Date(at) })
    .where(eq(ordersTable.id, id))

async function paidOnline(price: number) {
  const placed = await orders.place({ method: 'payme', price })
  const customer = await orders.customer()
  const started = await t.json(`payments/${placed.order.id}/start/`, { method: 'POST', token: customer.access })
  const done = await t.json(`payments/sandbox/${started.body.payment_id}/complete/`, {
    method: 'POST',
    token: customer.access,
    body: JSON.stringify({ approve: true }),
  })
  expect(done.status).toBe(200)
  return placed
}

describe('who may see the figures and export', () => {
  it('statistics: the owner and managers; the export: whoever reads orders', async () => {
    for (const who of [owner, manager]) expect((await stats('', who.token)).status).toBe(200)
    for (const who of [warehouse, content]) expect((await stats('', who.token)).status).toBe(403)
    expect((await t.json('admin/stats/')).status).toBe(401)
    for (const [who, status] of [
      [owner, 200],
      [manager, 200],
      [warehouse, 200],
      [content, 403],
    ] as const)
      expect((await t.request('admin/orders/export/?format=csv', { token: who.token })).status).toBe(status)
  })

  it('refuses a bad period: a localised 400 on the field', async () => {
    const backwards = await stats('?from=2026-11-10&to=2026-11-01', owner.token, 'sr')
    expect(backwards.status).toBe(400)
    expect(backwards.body.errors).toEqual([
      { field: 'to', message: 'Oxirgi sana boshlangʻich sanadan oldin boʻlmasligi kerak.' },
    ])
    const long = await stats('?from=2024-01-01&to=2025-12-31')
    expect(long.status).toBe(400)
    expect(long.body.errors[0]).toMatchObject({ field: 'to', message: 'Период не может быть длиннее 366 дней.' })
    for (const bad of ['?from=2026-02-30', '?from=yesterday', '?to=2026-13-01']) {
      const r = await stats(bad)
      expect(r.status, bad).toBe(400)
    }
    expect((await t.request('admin/orders/export/?format=pdf', { token: owner.token })).status).toBe(400)
  })
})

describe('a period of orders', () => {
  // 2025-03-10 in Tashkent runs from 2025-03-09T19:00Z to 2025-03-10T19:00Z.
  type OrderName = 'cashAccepted' | 'cashDelivered' | 'online' | 'unpaid' | 'cancelled' | 'dayBefore' | 'dayAfter'
  let ids = {} as Record<OrderName, number>
  let productIds: number[] = []
  beforeAll(async () => {
    const cashAccepted = await orders.place({ method: 'cash', price: 100_000 })
    const cashDelivered = await orders.place({ method: 'cash', price: 200_000, quantity: 2 })
    // A pickup order: ready, then handed over.
    await move(cashDelivered.order.id, 4, 6)
    const online = await paidOnline(300_000)
    const unpaid = await orders.place({ method: 'payme', price: 50_000 })
    const cancelled = await orders.place({ method: 'cash', price: 70_000 })
    await move(cancelled.order.id, 2)
    const dayBefore = await orders.place({ method: 'cash', price: 999_000 })
    const dayAfter = await orders.place({ method: 'cash', price: 888_000 })
    ids = {
      cashAccepted: cashAccepted.order.id,
      cashDelivered: cashDelivered.order.id,
      online: online.order.id,
      unpaid: unpaid.order.id,
      cancelled: cancelled.order.id,
      dayBefore: dayBefore.order.id,
      dayAfter: dayAfter.order.id,
    }
    productIds = [cashAccepted.productId, cashDelivered.productId, online.productId]
    // The first moment of the day, its last, and either side of it.
    await placedAt(ids.cashAccepted, '2025-03-09T19:00:00.000Z')
    await placedAt(ids.cashDelivered, '2025-03-10T08:00:00.000Z')
    await placedAt(ids.online, '2025-03-10T18:59:59.999Z')
    await placedAt(ids.unpaid, '2025-03-10T10:00:00.000Z')
    await placedAt(ids.cancelled, '2025-03-10T11:00:00.000Z')
    await placedAt(ids.dayBefore, '2025-03-09T18:59:59.999Z')
    await placedAt(ids.dayAfter, '2025-03-10T19:00:00.000Z')
  })

  it('counts the accepted orders of the Tashkent day, their revenue (paid or delivered), average, by status and by payment', async () => {
    const r = await stats('?from=2025-03-10&to=2025-03-10')
    expect(r.status).toBe(200)
    const s = r.body
    const total = async (id: number) => (await orders.read(id)).total as number
    const [accepted, delivered, online] = [
      await total(ids.cashAccepted),
      await total(ids.cashDelivered),
      await total(ids.online),
    ]
    expect(s).toMatchObject({
      from: '2025-03-10',
      to: '2025-03-10',
      orders: 3,
      orders_total: accepted + delivered + online,
      revenue: delivered + online,
      average: Math.round((accepted + delivered + online) / 3),
      payment: { online: { orders: 1, total: online }, cash: { orders: 2, total: accepted + delivered } },
    })
    expect(Object.fromEntries(s.by_status.map((b: { name: unknown; count: unknown }) => [b.name, b.count]))).toEqual({
      awaiting_payment: 1,
      accepted: 2,
      ready_for_delivery: 0,
      on_the_way: 0,
      delivered: 1,
      cancelled: 1,
    })
    expect(s.by_status.find((b: { status: unknown }) => b.status === 6).label).toBe('Доставлен')
    expect(s.per_day).toEqual([
      {
        day: '2025-03-10',
        orders: 3,
        orders_total: accepted + delivered + online,
        revenue: delivered + online,
        online: 1,
        cash: 2,
      },
    ])
    expect(s.top_products.map((p: { product_id: unknown; quantity: unknown }) => [p.product_id, p.quantity])).toEqual([
      [productIds[1], 2],
      ...[
        [productIds[2], 1],
        [productIds[0], 1],
      ],
    ])
    expect(s.top_products[0].total).toBe(400_000)
    expect(s.top_brands.reduce((n: number, b: { quantity: number }) => n + b.quantity, 0)).toBe(4)
  })

  it('a period spans its days, each day in the series (empty ones at zero)', async () => {
    const s = (await stats('?from=2025-03-09&to=2025-03-12')).body
    expect(s.orders).toBe(5)
    expect(s.per_day.map((d: { day: unknown; orders: unknown }) => [d.day, d.orders])).toEqual([
      ['2025-03-09', 1],
      ['2025-03-10', 3],
      ['2025-03-11', 1],
      ['2025-03-12', 0],
    ])
  })

  it('exports the orders of the period as CSV and XLSX, parsed back row by row', async () => {
    const csv = await t.request('admin/orders/export/?from=2025-03-10&to=2025-03-10&format=csv', {
      token: manager.token,
      lang: 'ru',
    })
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="orders-2025-03-10.csv"')
    const bytes = new Uint8Array(await csv.arrayBuffer())
    // A byte order mark first, so Excel reads the Cyrillic as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    // Semicolons, as the products sheet: a Russian-locale Excel opens it in columns.
    const text = new TextDecoder().decode(bytes)
    expect(text.split('\n')[0]).toBe(
      '№ заказа;Дата (Ташкент);Покупатель;Статус;Способ оплаты;Оплата;Товары;Доставка;Скидка;Оплачено кешбэком;НДС;Итого;' +
        'Возвращено товаров, шт.;Сумма возвращённых товаров;Возвращено денег;Итого за вычетом возвратов',
    )
    const rows = parse(text, { delimiter: ';' }) as string[][]
    expect(rows[0]).toEqual([
      '№ заказа',
      'Дата (Ташкент)',
      'Покупатель',
      'Статус',
      'Способ оплаты',
      'Оплата',
      'Товары',
      'Доставка',
      'Скидка',
      'Оплачено кешбэком',
      'НДС',
      'Итого',
      'Возвращено товаров, шт.',
      'Сумма возвращённых товаров',
      'Возвращено денег',
      'Итого за вычетом возвратов',
    ])
    const number = (id: number) => String(id).padStart(6, '0')
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      [ids.cashAccepted, ids.cashDelivered, ids.unpaid, ids.cancelled, ids.online].map(number),
    )
    const delivered = await orders.read(ids.cashDelivered)
    const row = rows.find((r) => r[0] === number(ids.cashDelivered))!
    expect(row.slice(1, 6)).toEqual(['2025-03-10 13:00', expect.any(String), 'Доставлен', 'Наличные', 'Оплачен'])
    expect(row.slice(6).map(Number)).toEqual([
      delivered.subtotal ?? 400_000,
      delivered.delivery_price ?? 0,
      delivered.discount ?? 0,
      delivered.cashback_used ?? 0,
      delivered.vat,
      delivered.total,
      0,
      0,
      0,
      delivered.total,
    ])
    // A cancelled order stays in the books with nothing left: net 0.
    expect(rows.find((r) => r[0] === number(ids.cancelled))!.at(-1)).toBe('0')
    expect(rows.find((r) => r[0] === number(ids.cashAccepted))![1]).toBe('2025-03-10 00:00')

    const xlsx = await t.request('admin/orders/export/?from=2025-03-10&to=2025-03-10&format=xlsx', {
      token: manager.token,
      lang: 'sr',
    })
    expect(xlsx.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsx.arrayBuffer())
    expect(book.worksheets.map((w) => w.name)).toEqual(['Buyurtmalar', 'Buyurtma qatorlari'])
    const sheet = book.worksheets[0]!
    const values = (r: ExcelJS.Row) => (r.values as unknown[]).slice(1)
    expect(values(sheet.getRow(1))[0]).toBe('Buyurtma №')
    expect(sheet.rowCount).toBe(6)
    const xRow = values(sheet.getRow(3))
    expect(xRow[0]).toBe(number(ids.cashDelivered))
    expect(xRow.slice(4, 6)).toEqual(['Naqd pul', 'Toʻlangan'])
    expect(xRow[11]).toBe(delivered.total)
    const lines = book.worksheets[1]!
    const lineRows = Array.from({ length: lines.rowCount - 1 }, (_, i) => values(lines.getRow(i + 2)))
    expect(lineRows.find((l) => l[0] === number(ids.cashDelivered))).toEqual([
      number(ids.cashDelivered),
      expect.any(String),
      200_000,
      2,
      400_000,
      0,
    ])
  })
})

describe('the orders CSV opened in a spreadsheet', () => {
  it("carries a customer's formula-like name as text, behind an apostrophe (the XLSX as it is)", async () => {
    const name = '=HYPERLINK("http://evil.example","n")'
    const customer = await registerCustomer(t)
    const renamed = await t.json('account/', {
      method: 'PATCH',
      token: customer.access,
      body: JSON.stringify({ full_name: name }),
    })
    expect(renamed.status).toBe(200)
    const { order } = await orders.place({ as: customer, price: 90_000 })
    await placedAt(order.id, '2025-04-02T08:00:00Z')
    const csv = await t.request('admin/orders/export/?from=2025-04-02&to=2025-04-02&format=csv', {
      token: manager.token,
    })
    const rows = parse((await csv.text()).replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][]
    expect(rows[1]![2]).toBe(`'${name}`)
    // Amounts stay numbers.
    expect(Number(rows[1]![11])).toBe((await orders.read(order.id, customer)).total)
    const xlsx = await t.request('admin/orders/export/?from=2025-04-02&to=2025-04-02&format=xlsx', {
      token: manager.token,
    })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsx.arrayBuffer())
    // A string cell in XLSX is never a formula: kept exactly.
    expect(book.worksheets[0]!.getRow(2).getCell(3).value).toBe(name)
  })
})

describe('today, new customers, low stock', () => {
  it("today's figures follow an order placed now; new customers and low stock are counted", async () => {
    const today = tashkentTime(new Date()).day
    const before = (await stats('')).body
    expect(before.from).toBe(today)
    const { order } = await orders.place({ method: 'cash', price: 150_000 })
    await registerCustomer(t)
    const after = (await stats('')).body
    expect(after.today.orders).toBe(before.today.orders + 1)
    expect(after.today.orders_total).toBe(before.today.orders_total + (await orders.read(order.id)).total)
    expect(after.new_customers).toBe(before.new_customers + 1)

    const all = await t.database.db.select({ id: products.id }).from(products).limit(4)
    await t.database.db.update(products).set({ stock: 100, lowStockThreshold: null, isHidden: false })
    const [a, b, c, hidden] = all.map((p) => p.id)
    await t.database.db.update(products).set({ stock: 3 }).where(eq(products.id, a!))
    await t.database.db.update(products).set({ stock: 8, lowStockThreshold: 10 }).where(eq(products.id, b!))
    await t.database.db.update(products).set({ stock: 4 }).where(eq(products.id, c!))
    await t.database.db.update(products).set({ stock: 0, isHidden: true }).where(eq(products.id, hidden!))
    expect((await stats('')).body.low_stock).toEqual({ count: 2, default_threshold: 3 })
  })
})

describe('searches with no result', () => {
  it('are counted per normalised term and day, without who searched; others not', async () => {
    // Folded alike: one term; Cyrillic is folded to Latin as the search itself does.
    for (const search of ['Ziziks qwqwqw', 'ZIZIKS  QWQWQW!', 'зизикс qwqwqw', 'qwqwqw'])
      expect((await t.json(`products/?search=${encodeURIComponent(search)}`)).body.total).toBe(0)
    // A found term, a later page, another filter: not misses.
    await t.json('products/?search=dior')
    await t.json(`products/?search=${encodeURIComponent('qwqwqw')}&page=2`)
    await t.json(`products/?search=${encodeURIComponent('qwqwqw')}&brand=dior`)
    const misses = (await stats('')).body.search_misses
    expect(misses.slice(0, 2)).toEqual([
      { term: 'ziziks qwqwqw', count: 3 },
      { term: 'qwqwqw', count: 1 },
    ])
    expect(misses.map((m: { term: unknown }) => m.term)).not.toContain('dior')
    expect(Object.keys(searchMisses)).not.toContain('address')
  })

  it('keep to their bounds: long terms cut, a cap of new terms a day', async () => {
    const day = tashkentTime(new Date()).day
    await t.json(`products/?search=${encodeURIComponent('qwqwqw')}`)
    const [known] = await t.database.db.select().from(searchMisses).where(eq(searchMisses.term, 'qwqwqw'))
    const existing = await t.database.db.select().from(searchMisses).where(eq(searchMisses.day, day))
    await t.database.db.insert(searchMisses).values(
      Array.from({ length: searchMissLimits.TERMS_PER_DAY - existing.length }, (_, i) => ({
        day,
        term: `filler ${i}`,
      })),
    )
    await t.json(`products/?search=${encodeURIComponent('brand new miss')}`)
    await t.json(`products/?search=${encodeURIComponent('qwqwqw')}`)
    const rows = await t.database.db
      .select()
      .from(searchMisses)
      .where(inArray(searchMisses.term, ['brand new miss', 'qwqwqw']))
    // Full for the day: a term already there still counts, a new one is not kept.
    expect(rows.map((r) => [r.term, r.count])).toEqual([['qwqwqw', known!.count + 1]])
    await t.database.db.delete(searchMisses).where(eq(searchMisses.day, day))
    // The search takes 100 characters; folded, Cyrillic can grow (щ → shch), and is cut.
    await t.json(`products/?search=${encodeURIComponent('щ'.repeat(100))}`)
    const [long] = await t.database.db.select().from(searchMisses).where(eq(searchMisses.day, day))
    expect(long!.term.length).toBe(searchMissLimits.TERM_MAX)
  })
})
