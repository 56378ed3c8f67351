import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { cashbackEntries, users } from '#api/db/schema/index.ts'
import { stockDisagreements } from '#api/stock/movements.ts'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { auditOf, deskCaller, movementsOf, smsTo } from './support/desk.ts'
import { releasedTogetherOnOrder } from './support/lock-gate.ts'
import { externalServices } from './support/msw.ts'
import { orderMaker, paymentProviders } from './support/orders.ts'
import { paymeSubscribe } from './support/payme-subscribe.ts'
import { signedInStaff } from './support/staff.ts'

// Goods brought back after delivery (POST admin/orders/{id}/returns/): back
// on the shelf or written off, the money they were paid given back through
// the provider where it can take that part, else in cash, on each provider
// (msw stands in for Click's reversal API and Payme's Subscribe API); the
// cashback and the statistics follow.

const t = setupTestApi({ products: 60 })
const providers = paymentProviders(t, 'returns', { serviceId: '888', merchantUserId: '4244' })
const orders = orderMaker(t)
const click = providers.click
const payme = providers.payme
let manager: { token: string; id: number }
let owner: { token: string }
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager', { name: 'Менеджер Камола' })
  owner = await signedInStaff(t, 'owner')
})
const desk = deskCaller(t, () => manager.token)

const server = externalServices()

/** Click's reversal API double: records the payments it reverses. */
function clickReversals() {
  const calls: string[] = []
  server.use(
    http.delete('https://click.test/v2/merchant/payment/reversal/:service/:payment', ({ params }) => {
      calls.push(String(params.payment))
      return HttpResponse.json({ error_code: 0, error_note: 'Success' })
    }),
  )
  return calls
}

type Call = (path: string, body: unknown) => Promise<{ status: number; body: Json }>

/** Takes a pickup order to handed over (4, then 6). */
async function handOver(id: number, call: Call = desk.post) {
  expect((await call(`orders/${id}/status/`, { status: 4, expected_status: 3 })).status).toBe(200)
  expect((await call(`orders/${id}/status/`, { status: 6, expected_status: 4 })).status).toBe(200)
}

const returns = (id: number, body: unknown, call: Call = desk.post) => call(`orders/${id}/returns/`, body)

/** The sandbox pays a card order as its customer would. */
async function paySandbox(orderId: number, c: Customer) {
  const started = await t.json(`payments/${orderId}/start/`, { method: 'POST', token: c.access })
  await t.json(`payments/sandbox/${started.body.payment_id}/complete/`, {
    method: 'POST',
    token: c.access,
    body: JSON.stringify({ approve: true }),
  })
}

const today = () => new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10)
const revenue = async () =>
  (await t.json(`admin/stats/?from=${today()}&to=${today()}`, { token: owner.token })).body.revenue as number

describe('a return paid back through the sandbox', () => {
  it('one unit back on the shelf: its money at once, the cashback it earned taken back, statistics without it', async () => {
    const c = await registerCustomer(t)
    const { order, productIds } = await orders.place({
      as: c,
      method: 'card',
      price: 100_000,
      quantity: 2,
      more: [{ price: 50_000 }],
    })
    await paySandbox(order.id, c)
    await handOver(order.id)
    const delivered = await desk.order(order.id)
    expect(delivered).toMatchObject({ status: 6, cashback_earned: 5_000 })
    const revenueBefore = await revenue()
    const [first, second] = delivered.items

    const r = await returns(order.id, {
      items: [{ item_id: first!.id, quantity: 1, restock: true }],
      reason: 'Не подошёл аромат',
      refund_method: 'provider',
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({
      returned_total: 100_000,
      refunded_total: 100_000,
      cashback_earned: 3_000,
      payment_status: 'paid',
    })
    expect(r.body.items.map((i: { returned_quantity: unknown }) => i.returned_quantity)).toEqual([1, 0])
    expect(r.body.refunds).toEqual([
      expect.objectContaining({ amount: 100_000, method: 'provider', provider: 'sandbox', status: 'refunded' }),
    ])
    expect(await orders.stockOf(productIds[0]!)).toBe(4)
    expect(await movementsOf(t, order.id, 'return')).toEqual([[productIds[0], 1]])
    expect(await stockDisagreements(t.database.db)).toEqual([])
    // The cashback earned on it (2 % of 100 000) is taken back.
    const ledger = await t.database.db
      .select({ amount: cashbackEntries.amount, reason: cashbackEntries.reason })
      .from(cashbackEntries)
      .where(eq(cashbackEntries.orderId, order.id))
    expect(ledger).toEqual([
      { amount: 5_000, reason: 'earned' },
      { amount: -2_000, reason: 'return' },
    ])
    expect(await revenue()).toBe(revenueBefore - 100_000)
    const step = r.body.timeline.at(-1)
    expect(step).toMatchObject({ kind: 'return', text: 'Не подошёл аромат', staff: { name: 'Менеджер Камола' } })
    expect(
      Object.fromEntries(step.changes.map((ch: { field: unknown; after: unknown }) => [ch.field, ch.after])),
    ).toMatchObject({
      returned: `${first!.title} × 1`,
      restocked: `${first!.title} × 1`,
      refund: 100_000,
      method: 'provider',
      cashback_taken: 2_000,
    })
    expect((await auditOf(t, order.id)).at(-1)).toMatchObject({
      action: 'order.return',
      after: expect.objectContaining({ returned_total: 100_000, method: 'provider', reason: 'Не подошёл аромат' }),
    })
    expect((await smsTo(t, c.phone)).at(-1)).toBe(
      `Atir: по заказу №${delivered.number} принят возврат. 100 000 сум вернутся тем же способом оплаты.`,
    )

    // Written off (opened): its money back, the stock does not move; nothing more of it can come back.
    const off = await returns(order.id, {
      items: [{ item_id: second!.id, quantity: 1, restock: false }],
      reason: 'Флакон вскрыт',
      refund_method: 'provider',
    })
    expect(off.body).toMatchObject({ returned_total: 150_000, refunded_total: 150_000 })
    expect(await orders.stockOf(productIds[1]!)).toBe(4)
    const again = await returns(order.id, {
      items: [{ item_id: second!.id, quantity: 1, restock: true }],
      reason: 'ещё раз',
      refund_method: 'provider',
    })
    expect(again.status).toBe(400)
    expect(again.body.errors).toEqual([
      { field: 'items', message: 'Вернуть можно не больше, чем куплено и ещё не возвращено.' },
    ])
  })

  it('refuses an order not yet delivered, and a line of another order', async () => {
    const { order } = await orders.place({ method: 'cash', price: 30_000 })
    const line = (await desk.order(order.id)).items[0]!
    const early = await returns(order.id, {
      items: [{ item_id: line.id, quantity: 1, restock: true }],
      reason: 'рано',
      refund_method: 'cash',
    })
    expect(early.status).toBe(409)
    expect(early.body.detail).toBe(
      'Возврат оформляют по доставленному (выданному) заказу. До отправки заказ можно изменить.',
    )
    const other = await orders.place({ method: 'cash', price: 30_000 })
    await handOver(other.order.id)
    const foreign = await returns(other.order.id, {
      items: [{ item_id: line.id, quantity: 1, restock: true }],
      reason: 'чужая',
      refund_method: 'cash',
    })
    expect(foreign.status).toBe(400)
  })
})

describe('the orders export after a return', () => {
  it('says per order the units returned, their money, the money given back and the net (CSV and XLSX)', async () => {
    const { order } = await orders.place({ method: 'cash', price: 134_000, quantity: 2 })
    await handOver(order.id)
    const [line] = (await desk.order(order.id)).items
    const r = await returns(order.id, {
      items: [{ item_id: line!.id, quantity: 1, restock: true }],
      reason: 'Не подошёл',
      refund_method: 'cash',
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const number = r.body.number as string
    const query = `from=${today()}&to=${today()}`

    const csv = await t.request(`admin/orders/export/?${query}&format=csv`, { token: manager.token, lang: 'ru' })
    const rows = parse(new TextDecoder().decode(await csv.arrayBuffer()), { delimiter: ';', bom: true }) as string[][]
    const header = rows[0]!
    const row = rows.find((cells) => cells[0] === number)!
    const cell = (name: string) => Number(row[header.indexOf(name)])
    expect(cell('Итого')).toBe(r.body.total)
    expect(cell('Возвращено товаров, шт.')).toBe(1)
    expect(cell('Сумма возвращённых товаров')).toBe(134_000)
    expect(cell('Возвращено денег')).toBe(134_000)
    expect(cell('Итого за вычетом возвратов')).toBe(r.body.total - 134_000)

    const xlsx = await t.request(`admin/orders/export/?${query}&format=xlsx`, { token: manager.token, lang: 'ru' })
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await xlsx.arrayBuffer())
    const values = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1)
    const [sheet, lines] = book.worksheets
    const sheetRows = Array.from({ length: sheet!.rowCount }, (_, i) => values(sheet!.getRow(i + 1)))
    expect(sheetRows.find((cells) => cells[0] === number)!.slice(-4)).toEqual([
      1,
      134_000,
      134_000,
      r.body.total - 134_000,
    ])
    const lineRows = Array.from({ length: lines!.rowCount }, (_, i) => values(lines!.getRow(i + 1)))
    expect(lineRows.find((cells) => cells[0] === number)).toEqual([number, expect.any(String), 134_000, 2, 268_000, 1])
  })
})

describe('cash, Click and Payme', () => {
  it('a cash order: the provider cannot, the money is handed back in cash', async () => {
    const { order, customer } = await orders.place({ method: 'cash', price: 60_000, quantity: 2 })
    await handOver(order.id)
    const [line] = (await desk.order(order.id)).items
    const body = { items: [{ item_id: line!.id, quantity: 1, restock: true }], reason: 'Передумал' }
    const refused = await returns(order.id, { ...body, refund_method: 'provider' })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('Провайдер оплаты не может вернуть эту сумму: верните её наличными.')
    const cash = await returns(order.id, { ...body, refund_method: 'cash' })
    expect(cash.body.refunds).toEqual([expect.objectContaining({ amount: 60_000, method: 'cash', status: 'refunded' })])
    expect((await smsTo(t, customer.phone)).at(-1)).toBe(
      `Atir: по заказу №${cash.body.number} принят возврат. Вам вернули 60 000 сум наличными.`,
    )
  })

  it('Click: a part is refused; the whole payment goes back by its reversal', async () => {
    const reversals = clickReversals()
    const { order } = await orders.place({ method: 'click', price: 100_000, quantity: 3 })
    await click.pay(order.id, order.total)
    await handOver(order.id)
    const [line] = (await desk.order(order.id)).items
    const part = await returns(order.id, {
      items: [{ item_id: line!.id, quantity: 1, restock: true }],
      reason: 'Один флакон лишний',
      refund_method: 'provider',
    })
    expect(part.status).toBe(409)
    expect(part.body.detail).toContain('только 300 000 сум')
    const all = await returns(order.id, {
      items: [{ item_id: line!.id, quantity: 3, restock: true }],
      reason: 'Вернул всё',
      refund_method: 'provider',
    })
    expect(all.status, JSON.stringify(all.body)).toBe(200)
    expect(all.body.refunds).toEqual([
      expect.objectContaining({ amount: 300_000, provider: 'click', status: 'refunded' }),
    ])
    expect(all.body.payments).toEqual([expect.objectContaining({ provider: 'click', status: 'refunded' })])
    const [paydoc] = (await orders.paymentsOf(order.id)).map((p) => p.providerPaymentId)
    expect(reversals).toEqual([paydoc])
  })

  it('Payme checkout: the shop cannot ask Payme for a part; cash it is', async () => {
    const { order } = await orders.place({ method: 'payme', price: 80_000 })
    const id = payme.transactionId()
    const created = await payme.call('CreateTransaction', {
      id,
      time: Date.now(),
      amount: order.total * 100,
      account: payme.account(order.id),
    })
    expect(created.result.state).toBe(1)
    expect((await payme.call('PerformTransaction', { id })).result.state).toBe(2)
    await handOver(order.id)
    const [line] = (await desk.order(order.id)).items
    const body = { items: [{ item_id: line!.id, quantity: 1, restock: true }], reason: 'Брак' }
    const refused = await returns(order.id, { ...body, refund_method: 'provider' })
    expect(refused.status).toBe(409)
    const cash = await returns(order.id, { ...body, refund_method: 'cash' })
    expect(cash.body).toMatchObject({ refunded_total: 80_000, returned_total: 80_000 })
  })

  describe('a saved Payme card (Subscribe API)', () => {
    const url = 'https://payme.test/api'
    let api: Api
    let c: Customer
    let cardId: number
    const call = async (path: string, init: { method?: string; body?: unknown; token: string }) => {
      const response = await api.fetch(
        new Request(`http://shop.test/api/v1/${path}`, {
          method: init.method ?? 'GET',
          headers: {
            Authorization: `Bearer ${init.token}`,
            'Accept-Language': 'ru',
            ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      )
      return { status: response.status, body: await response.json() }
    }
    const staff = (path: string, body: unknown) => call(`admin/${path}`, { method: 'POST', body, token: manager.token })
    beforeAll(async () => {
      api = createApi({
        database: t.database,
        config: parseConfig({
          ...process.env,
          DATA_DIR: t.dataDir,
          SESSION_SECRET: 'x'.repeat(40),
          PAYMENT_PROVIDER: 'payme',
          PAYME_MERCHANT_ID: 'merchant-1',
          PAYME_API_URL: url,
          PAYMENT_TIMEOUT_MS: '5000',
        }),
      })
      c = await registerCustomer(t)
      paymeSubscribe(server, url)
      const added = await call('cards/', {
        method: 'POST',
        token: c.access,
        body: { number: '8600 0691 9540 6311', expiry: `12/${(new Date().getFullYear() + 2) % 100}` },
      })
      expect(added.status).toBe(201)
      cardId = added.body.card_id
      expect(
        (await call(`cards/${cardId}/verify/`, { method: 'POST', token: c.access, body: { code: '666666' } })).status,
      ).toBe(200)
    })

    it('a part is refused; all of it goes back by cancelling the receipt', async () => {
      const double = paymeSubscribe(server, url)
      double.tokens.set('payme-token-1', { verified: true, number: '8600069195406311', expire: '1240' })
      const { order } = await orders.place({
        as: c,
        method: 'card',
        price: 70_000,
        quantity: 2,
        extra: { card_id: cardId },
      })
      const charged = await call(`payments/${order.id}/start/`, { method: 'POST', token: c.access })
      expect(charged.body).toMatchObject({ provider: 'card:payme' })
      await handOver(order.id, staff)
      const [line] = (await call(`admin/orders/${order.id}/`, { token: manager.token })).body.items
      const part = await returns(
        order.id,
        { items: [{ item_id: line.id, quantity: 1, restock: true }], reason: 'Один', refund_method: 'provider' },
        staff,
      )
      expect(part.status).toBe(409)
      const all = await returns(
        order.id,
        { items: [{ item_id: line.id, quantity: 2, restock: true }], reason: 'Оба', refund_method: 'provider' },
        staff,
      )
      expect(all.status, JSON.stringify(all.body)).toBe(200)
      expect(all.body.refunds).toEqual([
        expect.objectContaining({ amount: 140_000, provider: 'card:payme', status: 'refunded' }),
      ])
      const [payment] = await orders.paymentsOf(order.id)
      expect(double.receipts.get(payment!.externalId!)?.state).toBe(50)
      expect(double.calls.filter((x) => x.method === 'receipts.cancel')).toHaveLength(1)
    })
  })
})

describe('the cashback the returned goods were paid with', () => {
  it('goes back to the balance; what they earned is taken only as far as the balance allows', async () => {
    const c = await registerCustomer(t)
    await t.database.db.update(users).set({ cashbackBalance: 20_000 }).where(eq(users.phone, c.phone))
    const { order } = await orders.place({
      as: c,
      method: 'cash',
      price: 100_000,
      quantity: 2,
      extra: { use_cashback: 20_000 },
    })
    await handOver(order.id)
    // Earned at delivery: 2 % of 180 000 paid in money.
    expect((await desk.order(order.id)).cashback_earned).toBe(3_600)
    const [line] = (await desk.order(order.id)).items
    const r = await returns(order.id, {
      items: [{ item_id: line!.id, quantity: 1, restock: true }],
      reason: 'Один лишний',
      refund_method: 'cash',
    })
    // Half the goods: 90 000 in money back, 10 000 of cashback back, 1 800 of what they earned taken.
    expect(r.body).toMatchObject({ refunded_total: 90_000, cashback_earned: 1_800 })
    const [account] = await t.database.db.select().from(users).where(eq(users.phone, c.phone))
    expect(account!.cashbackBalance).toBe(3_600 + 10_000 - 1_800)
  })
})

describe('two staff members return the last unit at once', () => {
  it('one return goes through, the other is refused; money and stock move once', async () => {
    const { order, productId } = await orders.place({ method: 'cash', price: 40_000, stock: 3 })
    await handOver(order.id)
    const [line] = (await desk.order(order.id)).items
    const second = await signedInStaff(t, 'owner')
    const body = JSON.stringify({
      items: [{ item_id: line!.id, quantity: 1, restock: true }],
      reason: 'Вернул',
      refund_method: 'cash',
    })
    const answers = await releasedTogetherOnOrder(t, order.id, () => [
      t.json(`admin/orders/${order.id}/returns/`, { method: 'POST', token: manager.token, lang: 'ru', body }),
      t.json(`admin/orders/${order.id}/returns/`, { method: 'POST', token: second.token, lang: 'ru', body }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
    const now = await desk.order(order.id)
    expect(now).toMatchObject({ refunded_total: 40_000, returned_total: 40_000 })
    expect(now.refunds).toHaveLength(1)
    expect(await orders.stockOf(productId)).toBe(3)
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })
})
