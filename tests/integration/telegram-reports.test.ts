import { asc, eq, inArray, like } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  lowStockAlerts,
  notificationOutbox,
  orders,
  products,
  staff,
  stockMovements,
  telegramReports,
} from '#api/db/schema/index.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { correctStock, moveStock } from '#api/stock/movements.ts'
import { LOW_STOCK_LINES, queueLowStockAlerts } from '#api/telegram/low-stock.ts'
import { queueDailySummary } from '#api/telegram/summary.ts'
import { tashkentMoment } from '#api/telegram/tashkent-time.ts'
import { setupTestApi } from './support/api.ts'
import { externalServices } from './support/msw.ts'
import { orderMaker } from './support/orders.ts'
import { configureTestBot, linkedStaffMember, testBot } from './support/telegram.ts'

// The bot's reports, queued in the outbox and sent by the periodic jobs: the
// owner's daily sales summary (once per day, whatever runs it) and the
// warehouse's low-stock alerts (once per product until restocked).

configureTestBot()
const t = setupTestApi({ products: 40 })
const make = orderMaker(t)

const server = externalServices()

const minutes = (n: number) => n * 60_000
const outboxTo = (recipient: string) =>
  t.database.db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.recipient, recipient))
    .orderBy(asc(notificationOutbox.id))

describe('the daily sales summary', () => {
  // A day of its own, far from the seed's orders: its window is 14 Jan 21:00 → 15 Jan 21:00 Tashkent.
  const day = '2030-01-15'
  const at = (hour: number, minute = 0) => new Date(tashkentMoment(day, hour).getTime() + minutes(minute))

  it('is queued once the hour has come, once however many passes run, for each linked owner', async () => {
    const ru = await linkedStaffMember(t, 'owner', { name: 'Owner Ru' })
    const sr = await linkedStaffMember(t, 'owner', { name: 'Owner Sr', lang: 'sr' })
    const a = await make.place({ method: 'cash', price: 300_000, quantity: 2, stock: 10 })
    const b = await make.place({ method: 'cash', price: 100_000, stock: 10 })
    const c = await make.place({ method: 'cash', price: 50_000, stock: 10 })
    const early = await make.place({ method: 'cash', price: 999_000, stock: 10 })
    const placedAt = (o: { order: { id: number } }, when: Date) =>
      t.database.db.update(orders).set({ createdAt: when }).where(eq(orders.id, o.order.id))
    await placedAt(a, at(10))
    await placedAt(b, at(20, 59))
    await placedAt(c, at(9))
    await placedAt(early, new Date(tashkentMoment(day, 21).getTime() - minutes(24 * 60 + 1)))
    await t.database.db
      .update(orders)
      .set({ status: 2, cancelledAt: at(12) })
      .where(eq(orders.id, c.order.id))

    expect(await queueDailySummary(t.database.db, t.config, at(20, 59))).toBeNull()
    expect(await outboxTo(String(ru.telegramId))).toHaveLength(0)

    const sent: { chat_id: number; text: string }[] = []
    server.use(
      http.post(`https://api.telegram.org/bot${testBot.token}/sendMessage`, async ({ request }) => {
        sent.push((await request.json()) as { chat_id: number; text: string })
        return HttpResponse.json({
          ok: true,
          result: { message_id: sent.length, date: 0, chat: { id: 1, type: 'private' } },
        })
      }),
    )
    const now = at(21, 5)
    const jobs = startOrderJobs({ database: t.database, config: t.config, now: () => now }, { intervalMs: 3_600_000 })
    try {
      await jobs.runOnce()
      await jobs.runOnce()
    } finally {
      await jobs.stop()
    }
    expect(await t.database.db.select().from(telegramReports).where(eq(telegramReports.day, day))).toHaveLength(1)
    const toRu = sent.filter((m) => String(m.chat_id) === String(ru.telegramId))
    const toSr = sent.filter((m) => String(m.chat_id) === String(sr.telegramId))
    expect(toRu).toHaveLength(1)
    expect(toSr).toHaveLength(1)
    const productTitle = async (id: number) =>
      (await t.database.db.select({ title: products.title }).from(products).where(eq(products.id, id)))[0]!.title
    expect(toRu[0]?.text.split('\n')).toEqual([
      'Итоги продаж за 15.01.2030',
      'Заказов: 2',
      `Выручка: ${(a.order.total + b.order.total).toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} сум`,
      `Средний чек: ${Math.round((a.order.total + b.order.total) / 2)
        .toLocaleString('ru-RU')
        .replace(/\u00a0/g, ' ')} сум`,
      'Отменено: 1',
      '',
      'Лучшие товары:',
      `${(await productTitle(a.productId)).ru} — 2 шт.`,
      `${(await productTitle(b.productId)).ru} — 1 шт.`,
    ])
    expect(toSr[0]?.text).toMatch(/^15\.01\.2030 savdo yakunlari\nBuyurtmalar: 2\n/)
  })

  it('is queued by exactly one of two passes running at once', async () => {
    const now = new Date(tashkentMoment('2030-02-01', 22).getTime())
    const results = await Promise.all([
      queueDailySummary(t.database.db, t.config, now),
      queueDailySummary(t.database.db, t.config, now),
    ])
    expect(results.filter(Boolean)).toEqual(['2030-02-01'])
    const rows = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(like(notificationOutbox.text, 'Итоги продаж за 01.02.2030%'))
    // One per linked Russian-speaking owner (the first test linked one).
    expect(rows).toHaveLength(1)
  })
})

describe('low-stock alerts', () => {
  const stockOf = async (id: number) =>
    (await t.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock
  /** Staff count `ids` to `n`: stock movements, as every change of the stock is. */
  const count = async (ids: number[], n: number) => {
    for (const productId of ids)
      await correctStock(t.database.db, {
        productId,
        seen: await stockOf(productId),
        counted: n,
        reason: 'correction',
        actor: null,
      })
  }
  const title = async (id: number) =>
    (await t.database.db.select({ title: products.title }).from(products).where(eq(products.id, id)))[0]!.title

  it('tell the warehouse once per product until it is restocked', async () => {
    const all = (await t.database.db.select({ id: products.id }).from(products)).map((p) => p.id)
    await count(all, 50)
    await t.database.db.delete(lowStockAlerts)
    const [p1, p2] = all.slice(-2) as [number, number]
    const now = new Date()

    // Nobody from the warehouse linked yet: the staff chat hears it, in its language.
    await count([p1], 2)
    expect(await queueLowStockAlerts(t.database.db, t.config, now)).toEqual([p1])
    const toChat = (await outboxTo('staff')).filter((r) => r.text?.startsWith('Заканчивается')).at(-1)!
    expect(toChat.text).toBe(`Заканчивается на складе:\n${(await title(p1)).ru} — осталось 2 шт.`)

    // Again (and with a second process at once): nothing new.
    expect(
      await Promise.all([
        queueLowStockAlerts(t.database.db, t.config, now),
        queueLowStockAlerts(t.database.db, t.config, now),
      ]),
    ).toEqual([[], []])

    const keeper = await linkedStaffMember(t, 'warehouse', { lang: 'sr' })
    await count([p2], 0)
    expect(await queueLowStockAlerts(t.database.db, t.config, now)).toEqual([p2])
    const [toKeeper] = (await outboxTo(String(keeper.telegramId))).filter((r) => r.text?.startsWith('Omborda'))
    expect(toKeeper?.text).toBe(`Omborda tugayapti:\n${(await title(p2)).sr} — 0 dona qoldi`)

    // Restocked above the threshold: the alert is cleared; the next drop alerts again.
    await count([p1], 10)
    expect(await queueLowStockAlerts(t.database.db, t.config, now)).toEqual([])
    expect(await t.database.db.select().from(lowStockAlerts).where(eq(lowStockAlerts.productId, p1))).toHaveLength(0)
    await count([p1], 3)
    expect(await queueLowStockAlerts(t.database.db, t.config, now)).toEqual([p1])
    await t.database.db.delete(staff).where(eq(staff.id, keeper.id))
  })

  it('are no news for products that were low without a drop (the seed, a new product at 0), nor for a rise', async () => {
    const all = (await t.database.db.select({ id: products.id }).from(products)).map((p) => p.id)
    const [seeded, raised, sold] = all.slice(0, 3) as [number, number, number]
    await count(all, 50)
    await t.database.db.delete(lowStockAlerts)
    const now = new Date()
    // As the demo seed leaves them: at 0 with no movement that took them there.
    await t.database.db
      .update(products)
      .set({ stock: 0 })
      .where(inArray(products.id, [seeded, raised, sold]))
    await t.database.db.delete(stockMovements).where(inArray(stockMovements.productId, [seeded, raised, sold]))
    expect(await queueLowStockAlerts(t.database.db, t.config, now)).toEqual([])
    // An arrival that leaves one still at the threshold is no drop either; a sale after it is.
    await count([raised, sold], t.config.TELEGRAM_LOW_STOCK_THRESHOLD)
    expect(await queueLowStockAlerts(t.database.db, t.config, now)).toEqual([])
    await moveStock(t.database.db, { productId: sold, delta: -1, reason: 'correction', actor: null })
    expect(await queueLowStockAlerts(t.database.db, t.config, now)).toEqual([sold])
  })

  it('name at most 20 products in one message and count the rest', async () => {
    const all = (await t.database.db.select({ id: products.id }).from(products)).map((p) => p.id)
    await count(all, 50)
    await t.database.db.delete(lowStockAlerts)
    await t.database.db.delete(notificationOutbox)
    await count(all.slice(0, 25), 1)
    expect(await queueLowStockAlerts(t.database.db, t.config, new Date())).toHaveLength(25)
    const [message, ...more] = (await outboxTo('staff')).filter((r) => r.text?.startsWith('Заканчивается'))
    expect(more).toEqual([])
    const lines = message!.text!.split('\n')
    expect(lines).toHaveLength(1 + LOW_STOCK_LINES + 1)
    expect(lines.at(-1)).toBe('…и ещё 5')
  })
})
