import { parse } from 'csv-parse/sync'
import { and, asc, eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { customerTelegram, notificationOutbox, orderItems, users } from '#api/db/schema/index.ts'
import { stockDisagreements } from '#api/stock/movements.ts'
import type { StaffOrder } from '#api/types.ts'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { auditOf, deskCaller, movementsOf, smsTo, spareProducts } from './support/desk.ts'
import { releasedTogetherOnOrder } from './support/lock-gate.ts'
import { externalServices } from './support/msw.ts'
import { orderMaker, paymentProviders } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// An exchange on a delivered order (POST admin/orders/{id}/exchanges/): some
// units come back, others leave stock instead, and the difference is settled
// once — back through the provider where it can take that part or in cash,
// asked by a payment link or taken in cash — with one message to the
// customer. Real database; msw stands in for Click's reversal API only.

const t = setupTestApi({ products: 60 })
const providers = paymentProviders(t, 'exchanges', { serviceId: '889', merchantUserId: '4245' })
const orders = orderMaker(t)
const spare = spareProducts(t)
let manager: { token: string; id: number }
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager', { name: 'Менеджер Дилноза' })
})
const desk = deskCaller(t, () => manager.token)
const server = externalServices()

type Delivered = StaffOrder & Record<string, Json>

/** Takes a pickup order to handed over (4, then 6), answering it as the desk shows it. */
async function handOver(id: number): Promise<Delivered> {
  expect((await desk.post(`orders/${id}/status/`, { status: 4, expected_status: 3 })).status).toBe(200)
  expect((await desk.post(`orders/${id}/status/`, { status: 6, expected_status: 4 })).status).toBe(200)
  return desk.order(id)
}

/** One unit of the order's first line back (on the shelf) for one unit of `productId`. */
const swap = (
  order: Delivered,
  productId: number,
  settle: 'provider' | 'cash',
  over: Record<string, unknown> = {},
) => ({
  expected_updated_at: order.updated_at,
  items: [{ item_id: order.items[0]!.id, quantity: 1, restock: true }],
  replacement: [{ product_id: productId, quantity: 1 }],
  reason: 'Не тот объём',
  settle,
  ...over,
})
const exchange = (id: number, body: unknown) => desk.post(`orders/${id}/exchanges/`, body)

/** The sandbox pays a card order as its customer would. */
async function paySandbox(orderId: number, c: Customer) {
  const started = await t.json(`payments/${orderId}/start/`, { method: 'POST', token: c.access })
  await t.json(`payments/sandbox/${started.body.payment_id}/complete/`, {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({ approve: true }),
  })
}

/** Everything queued for the customer (SMS to their phone, or Telegram), oldest first. */
const newsOf = async (c: Customer) => {
  const [user] = await t.database.db.select().from(users).where(eq(users.phone, c.phone))
  const rows = await t.database.db.select().from(notificationOutbox).orderBy(asc(notificationOutbox.id))
  return rows.filter(
    (r) => r.recipient === c.phone || (r.payload as { customer?: number } | null)?.customer === user!.id,
  )
}

const today = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10)

describe('a cheaper replacement', () => {
  it('the sandbox gives the difference back at once; stock, timeline, audit, export and one SMS follow', async () => {
    const c = await registerCustomer(t)
    const { order, productId } = await orders.place({ as: c, method: 'card', price: 100_000, stock: 5 })
    await paySandbox(order.id, c)
    const delivered = await handOver(order.id)
    const smaller = await spare(80_000, 3)
    const before = (await newsOf(c)).length

    const preview = await desk.post(`orders/${order.id}/exchanges/preview/`, swap(delivered, smaller, 'provider'))
    expect(preview.body).toEqual({ returned: 100_000, replacement: 80_000, difference: -20_000, payment_link: null })
    expect(await orders.stockOf(smaller)).toBe(3)

    const r = await exchange(order.id, swap(delivered, smaller, 'provider'))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.exchange).toEqual({ returned: 100_000, replacement: 80_000, difference: -20_000, payment_link: null })
    expect(r.body).toMatchObject({
      total: delivered.total + 80_000,
      returned_total: 100_000,
      refunded_total: 20_000,
      amount_due: 0,
    })
    expect(
      r.body.items.map((i: { product_id: number; returned_quantity: number }) => [i.product_id, i.returned_quantity]),
    ).toEqual([
      [productId, 1],
      [smaller, 0],
    ])
    expect(r.body.refunds).toEqual([
      expect.objectContaining({ amount: 20_000, method: 'provider', provider: 'sandbox', status: 'refunded' }),
    ])
    expect(await orders.stockOf(productId)).toBe(5)
    expect(await orders.stockOf(smaller)).toBe(2)
    expect(await movementsOf(t, order.id, 'return')).toEqual([[productId, 1]])
    expect(await stockDisagreements(t.database.db)).toEqual([])

    const step = r.body.timeline.at(-1)
    expect(step).toMatchObject({ kind: 'exchange', text: 'Не тот объём', staff: { name: 'Менеджер Дилноза' } })
    const changes = Object.fromEntries(
      step.changes.map((ch: { field: string; after: unknown }) => [ch.field, ch.after]),
    )
    expect(changes).toMatchObject({ refund: 20_000, method: 'provider' })
    expect(changes.replacement).toMatch(/ × 1$/)
    expect((await auditOf(t, order.id)).at(-1)).toMatchObject({
      action: 'order.exchange',
      after: expect.objectContaining({ difference: -20_000, method: 'provider', refunded_total: 20_000 }),
    })

    const news = (await newsOf(c)).slice(before)
    expect(news.map((n) => n.text)).toEqual([
      `Atir: по заказу №${r.body.number} оформлен обмен: вы вернули ${delivered.items[0]!.title} × 1, взамен — ${
        r.body.items[1].title
      } × 1. 20 000 сум вернутся тем же способом оплаты.`,
    ])

    // The export: the unit returned and its money, the difference given back, the net kept.
    const csv = await t.request(`admin/orders/export/?from=${today()}&to=${today()}&format=csv`, {
      token: manager.token,
      lang: 'ru',
    })
    const rows = parse(new TextDecoder().decode(await csv.arrayBuffer()), { delimiter: ';', bom: true }) as string[][]
    const header = rows[0]!
    const row = rows.find((cells) => cells[0] === r.body.number)!
    const cell = (name: string) => Number(row[header.indexOf(name)])
    expect(cell('Возвращено товаров, шт.')).toBe(1)
    expect(cell('Сумма возвращённых товаров')).toBe(100_000)
    expect(cell('Возвращено денег')).toBe(20_000)
    expect(cell('Итого за вычетом возвратов')).toBe(r.body.total - 100_000)
  })

  it('Click takes back only a whole payment, Payme none: refused with nothing changed, then given back in cash', async () => {
    const reversals: string[] = []
    server.use(
      http.delete('https://click.test/v2/merchant/payment/reversal/:service/:payment', ({ params }) => {
        reversals.push(String(params.payment))
        return HttpResponse.json({ error_code: 0, error_note: 'Success' })
      }),
    )
    const { order, productId } = await orders.place({ method: 'click', price: 100_000, stock: 5 })
    await providers.click.pay(order.id, order.total)
    const delivered = await handOver(order.id)
    const smaller = await spare(70_000, 2)
    const refused = await exchange(order.id, swap(delivered, smaller, 'provider'))
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toContain('только 100 000 сум')
    expect(await orders.stockOf(smaller)).toBe(2)
    expect(await orders.stockOf(productId)).toBe(4)
    expect((await desk.order(order.id)).returned_total).toBe(0)

    const cash = await exchange(order.id, swap(delivered, smaller, 'cash'))
    expect(cash.status, JSON.stringify(cash.body)).toBe(200)
    expect(cash.body.refunds).toEqual([expect.objectContaining({ amount: 30_000, method: 'cash', status: 'refunded' })])
    expect(reversals).toEqual([])

    const payme = await orders.place({ method: 'payme', price: 90_000 })
    const id = providers.payme.transactionId()
    await providers.payme.call('CreateTransaction', {
      id,
      time: Date.now(),
      amount: payme.order.total * 100,
      account: providers.payme.account(payme.order.id),
    })
    expect((await providers.payme.call('PerformTransaction', { id })).result.state).toBe(2)
    const paymeDelivered = await handOver(payme.order.id)
    const cheaper = await spare(60_000)
    const none = await exchange(payme.order.id, swap(paymeDelivered, cheaper, 'provider'))
    expect(none.status).toBe(409)
    expect(none.body.detail).toBe('Провайдер оплаты не может вернуть эту сумму: верните её наличными.')
    const back = await exchange(payme.order.id, swap(paymeDelivered, cheaper, 'cash'))
    expect(back.body).toMatchObject({ refunded_total: 30_000, returned_total: 90_000 })
  })

  it('a cash order: the difference is handed back in cash', async () => {
    const { order, customer } = await orders.place({ method: 'cash', price: 50_000 })
    const delivered = await handOver(order.id)
    const smaller = await spare(45_000)
    const r = await exchange(order.id, swap(delivered, smaller, 'cash'))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.refunds).toEqual([expect.objectContaining({ amount: 5_000, method: 'cash' })])
    expect((await smsTo(t, customer.phone)).at(-1)).toMatch(/оформлен обмен: .* Вам вернули 5 000 сум наличными\.$/)
  })
})

describe('a dearer replacement', () => {
  it('asks the difference by an absolute payment link, which the provider then takes', async () => {
    const c = await registerCustomer(t)
    const { order } = await orders.place({ as: c, method: 'click', price: 100_000 })
    await providers.click.pay(order.id, order.total)
    const delivered = await handOver(order.id)
    const larger = await spare(130_000)
    const r = await exchange(order.id, swap(delivered, larger, 'provider'))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.exchange).toMatchObject({ difference: 30_000, payment_link: expect.stringMatching(/^https?:\/\//) })
    expect(r.body).toMatchObject({ amount_due: 30_000, refunded_total: 0 })
    const [news] = (await newsOf(c)).slice(-1)
    expect(news!.text).toBe(
      `Atir: по заказу №${r.body.number} оформлен обмен: вы вернули ${delivered.items[0]!.title} × 1, взамен — ${
        r.body.items[1].title
      } × 1. Доплатите 30 000 сум: ${r.body.exchange.payment_link}`,
    )
    // The customer pays the extra by Click: the order is square.
    await providers.click.pay(order.id, 30_000)
    expect(await desk.order(order.id)).toMatchObject({ amount_due: 0, paid_total: order.total + 30_000 })
  })

  it('a cash order cannot be paid by a link: refused, then taken in cash by the staff member', async () => {
    const { order } = await orders.place({ method: 'cash', price: 40_000 })
    const delivered = await handOver(order.id)
    const larger = await spare(55_000)
    const link = await exchange(order.id, swap(delivered, larger, 'provider'))
    expect(link.status).toBe(409)
    expect(link.body.detail).toBe('Доплату 15 000 сум по этому заказу нельзя оплатить по ссылке: примите её наличными.')
    const cash = await exchange(order.id, swap(delivered, larger, 'cash'))
    expect(cash.status, JSON.stringify(cash.body)).toBe(200)
    expect(cash.body).toMatchObject({ amount_due: 0, paid_total: order.total + 15_000 })
    expect(cash.body.payments.at(-1)).toMatchObject({ provider: 'cash', amount: 15_000, status: 'paid' })
  })
})

describe('equal, short and twice', () => {
  it('an equal replacement moves no money and says so', async () => {
    const { order, customer } = await orders.place({ method: 'cash', price: 70_000 })
    const delivered = await handOver(order.id)
    const same = await spare(70_000)
    const r = await exchange(order.id, swap(delivered, same, 'provider'))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ refunded_total: 0, amount_due: 0, exchange: { difference: 0 } })
    expect(r.body.refunds).toEqual([])
    expect((await smsTo(t, customer.phone)).at(-1)).toMatch(/оформлен обмен: .* Без доплаты\.$/)
  })

  it('not enough of the replacement: 409 naming it, nothing moved', async () => {
    const { order, productId } = await orders.place({ method: 'cash', price: 70_000, stock: 5 })
    const delivered = await handOver(order.id)
    const gone = await spare(70_000, 0)
    const r = await exchange(order.id, swap(delivered, gone, 'cash'))
    expect(r.status).toBe(409)
    expect(r.body.detail).toBe('Замены не хватает на складе: обмен не оформлен.')
    expect(r.body.items).toEqual([expect.objectContaining({ product_id: gone, requested: 1, available: 0 })])
    expect(await orders.stockOf(productId)).toBe(4)
    const now = await desk.order(order.id)
    expect(now).toMatchObject({ returned_total: 0, updated_at: delivered.updated_at })
    expect(now.items).toHaveLength(1)
  })

  it('two staff members submit the same exchange at once: it happens once, the other is told', async () => {
    const { order, productId } = await orders.place({ method: 'cash', price: 60_000, quantity: 2, stock: 4 })
    const delivered = await handOver(order.id)
    const other = await spare(50_000, 3)
    const owner = await signedInStaff(t, 'owner')
    const body = JSON.stringify(swap(delivered, other, 'cash'))
    const post = (token: string) =>
      t.json(`admin/orders/${order.id}/exchanges/`, { method: 'POST', token, lang: 'ru', body })
    const answers = await releasedTogetherOnOrder(t, order.id, () => [post(manager.token), post(owner.token)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.status === 409)!.body.detail).toBe(
      'Заказ изменили, пока вы оформляли обмен (возможно, обмен уже оформлен). Откройте заказ и проверьте.',
    )
    const now = await desk.order(order.id)
    expect(now).toMatchObject({ returned_total: 60_000, refunded_total: 10_000 })
    expect(now.refunds).toHaveLength(1)
    expect(await orders.stockOf(productId)).toBe(3)
    expect(await orders.stockOf(other)).toBe(2)
    expect((await auditOf(t, order.id)).filter((a) => a.action === 'order.exchange')).toHaveLength(1)
    const lines = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    expect(lines).toHaveLength(2)
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })
})

describe('the customer is told once', () => {
  it('on Telegram when linked: one message, no SMS', async () => {
    const c = await registerCustomer(t)
    const [user] = await t.database.db.select().from(users).where(eq(users.phone, c.phone))
    await t.database.db
      .insert(customerTelegram)
      .values({ userId: user!.id, telegramUserId: 7_000_000 + user!.id, lang: 'sr', linkedAt: new Date() })
    const { order } = await orders.place({ as: c, method: 'cash', price: 30_000 })
    const delivered = await handOver(order.id)
    const before = (await newsOf(c)).length
    const r = await exchange(order.id, swap(delivered, await spare(30_000), 'cash'))
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const news = (await newsOf(c)).slice(before)
    expect(news.map((n) => [n.channel, n.recipient])).toEqual([['telegram', String(7_000_000 + user!.id)]])
    expect(news[0]!.text).toMatch(
      /^Atir: №\d+ buyurtma boʻyicha almashtirish rasmiylashtirildi: .* Qoʻshimcha toʻlovsiz\.$/,
    )
    const sms = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.channel, 'sms'), eq(notificationOutbox.recipient, c.phone)))
    expect(sms.filter((s) => s.text?.includes('обмен'))).toEqual([])
  })
})
