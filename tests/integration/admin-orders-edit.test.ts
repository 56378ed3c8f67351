import { eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { cashbackEntries, promoCodes, users } from '#api/db/schema/index.ts'
import { includedVat } from '#api/orders/money.ts'
import { stockDisagreements } from '#api/stock/movements.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { auditOf, deskCaller, editOf, movementsOf, smsTo, spareProducts, sum } from './support/desk.ts'
import { releasedTogether, releasedTogetherOnOrder } from './support/lock-gate.ts'
import { externalServices } from './support/msw.ts'
import { addToBasket, checkoutAs, orderMaker, paymentProviders } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Editing an order before it ships (POST admin/orders/{id}/edit/): lines,
// delivery and address, with stock, totals, promo, cashback and VAT
// recomputed in one transaction, the money difference given back or owed,
// the customer told by SMS, the timeline and the audit log before → after.

const t = setupTestApi({ products: 60 })
const providers = paymentProviders(t, 'edit', { serviceId: '777', merchantUserId: '4243' })
const orders = orderMaker(t)
const spare = spareProducts(t)
const click = providers.click
let manager: { token: string; id: number }
let warehouse: { token: string }
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager', { name: 'Менеджер Нодира' })
  warehouse = await signedInStaff(t, 'warehouse')
})
const desk = deskCaller(t, () => manager.token)

const server = externalServices()

const edit = (id: number, body: unknown) => desk.post(`orders/${id}/edit/`, body)

/** Pays a card order on the sandbox as its customer would. */
async function paySandbox(orderId: number, access: string) {
  const started = await t.json(`payments/${orderId}/start/`, { method: 'POST', token: access })
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const done = await t.json(`payments/sandbox/${started.body.payment_id}/complete/`, {
    method: 'POST',
    token: access,
    body: JSON.stringify({ approve: true }),
  })
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return started.body as { amount: number }
}

describe('lines: quantities, new and removed products', () => {
  it('moves stock by the difference, recomputes totals and VAT, tells the customer; timeline and audit before → after', async () => {
    const { order, productIds, customer } = await orders.place({
      method: 'cash',
      price: 100_000,
      quantity: 2,
      more: [{ price: 50_000 }],
    })
    const [first, second] = productIds as [number, number]
    const added = await spare(70_000)
    const before = await desk.order(order.id)
    const r = await edit(
      order.id,
      editOf(before, {
        items: [
          { product_id: first, quantity: 3 },
          { product_id: added, quantity: 1 },
        ],
        reason: 'Покупатель позвонил',
      }),
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body).toMatchObject({ subtotal: 370_000, total: 370_000, vat: includedVat(370_000), amount_due: 370_000 })
    expect(
      r.body.items.map((i: { product_id: unknown; quantity: unknown; unit_price: unknown }) => [
        i.product_id,
        i.quantity,
        i.unit_price,
      ]),
    ).toEqual([
      [first, 3, 100_000],
      [added, 1, 70_000],
    ])
    // Stock: one more of the first, the second back, one of the new; the batches still add up.
    expect([await orders.stockOf(first), await orders.stockOf(second), await orders.stockOf(added)]).toEqual([2, 5, 4])
    expect(await movementsOf(t, order.id, 'order_edit')).toEqual([
      [first, -1],
      [second, 1],
      [added, -1],
    ])
    expect(await stockDisagreements(t.database.db)).toEqual([])

    const step = r.body.timeline.at(-1)
    expect(step).toMatchObject({
      kind: 'edit',
      to: null,
      text: 'Покупатель позвонил',
      staff: { id: manager.id, name: 'Менеджер Нодира' },
    })
    const changes = Object.fromEntries(
      step.changes.map((c: { field: unknown; before: unknown; after: unknown }) => [c.field, [c.before, c.after]]),
    )
    expect(changes.total).toEqual([250_000, 370_000])
    expect(changes.items[0]).toMatch(/ × 2, .+ × 1$/)
    expect(changes.items[1]).toMatch(/ × 3, .+ × 1$/)
    const [audit] = (await auditOf(t, order.id)).filter((a) => a.action === 'order.edit')
    expect(audit).toMatchObject({
      actor: `staff:${manager.id}`,
      before: expect.objectContaining({ total: 250_000 }),
      after: expect.objectContaining({ total: 370_000, reason: 'Покупатель позвонил' }),
    })
    expect((await smsTo(t, customer.phone)).at(-1)).toBe(`Atir: заказ №${before.number} изменён. Итого 370 000 сум.`)
    // The customer's own page shows the new lines.
    expect((await orders.read(order.id, customer)).items.map((i: { quantity: unknown }) => i.quantity)).toEqual([3, 1])
  })

  it('a courier order: a new address reprices delivery; pickup makes it free', async () => {
    const { order } = await orders.place({
      method: 'cash',
      price: 100_000,
      delivery: 'courier',
      extra: { address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' } },
    })
    expect(order).toMatchObject({ delivery_price: 20_000, total: 120_000 })
    const moved = await edit(
      order.id,
      editOf(await desk.order(order.id), {
        address: { region: '1703', district: 'Asaka', street: 'Navoiy', house: '3', flat: '9' },
      }),
    )
    expect(moved.body).toMatchObject({ delivery_price: 40_000, total: 140_000 })
    expect(moved.body.address).toMatchObject({ street: 'Navoiy', house: '3', flat: '9' })
    const place = moved.body.timeline.at(-1).changes.find((c: { field: unknown }) => c.field === 'place')
    expect(place.before).toContain('Bunyodkor 12')
    expect(place.after).toContain('Navoiy 3')
    const pickup = await edit(
      order.id,
      editOf(moved.body, { delivery: 'pickup', address: null, pickup_point: 'amir-temur' }),
    )
    expect(pickup.body).toMatchObject({ delivery: 'pickup', delivery_price: 0, total: 100_000, address: null })
    expect(pickup.body.pickup_point.id).toBe('amir-temur')
  })
})

describe('promo code and cashback', () => {
  it('recomputes the discount, drops the code below its minimum (its use given back), gives back cashback the goods no longer cover', async () => {
    const code = `EDIT${Date.now() % 100_000}`
    const [promo] = await t.database.db.insert(promoCodes).values({ code, percent: 10, minTotal: 200_000 }).returning()
    const c = await registerCustomer(t)
    await t.database.db.update(users).set({ cashbackBalance: 50_000 }).where(eq(users.phone, c.phone))
    const { order, productIds } = await orders.place({
      as: c,
      method: 'cash',
      price: 100_000,
      quantity: 3,
      extra: { promo_code: code, use_cashback: 40_000 },
    })
    expect(order).toMatchObject({ subtotal: 300_000, discount: 30_000, cashback_used: 40_000, total: 230_000 })
    const used = async () =>
      (await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo!.id)))[0]!.usedCount
    expect(await used()).toBe(1)

    // Still above the minimum: 10 % of the new goods.
    const two = await edit(
      order.id,
      editOf(await desk.order(order.id), { items: [{ product_id: productIds[0], quantity: 2 }] }),
    )
    expect(two.body).toMatchObject({ discount: 20_000, promo_code: code, cashback_used: 40_000, total: 140_000 })
    // Below it: the code no longer applies, its use comes back; the cashback stays within the goods.
    const one = await edit(order.id, editOf(two.body, { items: [{ product_id: productIds[0], quantity: 1 }] }))
    expect(one.body).toMatchObject({ discount: 0, promo_code: null, cashback_used: 40_000, total: 60_000 })
    expect(await used()).toBe(0)

    // Goods below the cashback spent: what they no longer cover goes back to the balance.
    const cheap = await spare(25_000)
    const less = await edit(order.id, editOf(one.body, { items: [{ product_id: cheap, quantity: 1 }] }))
    expect(less.body).toMatchObject({ subtotal: 25_000, cashback_used: 25_000, total: 0 })
    const ledger = await t.database.db
      .select({ amount: cashbackEntries.amount, reason: cashbackEntries.reason })
      .from(cashbackEntries)
      .where(eq(cashbackEntries.orderId, order.id))
    expect(ledger).toEqual([
      { amount: -40_000, reason: 'spent' },
      { amount: 15_000, reason: 'edit' },
    ])
    const [account] = await t.database.db.select().from(users).where(eq(users.phone, c.phone))
    expect(account!.cashbackBalance).toBe(25_000)
  })
})

describe('money of a paid order', () => {
  it('sandbox: a lower total is given back at once; a higher one owes the extra, paid by the link', async () => {
    const { order, productIds, customer } = await orders.place({
      method: 'card',
      price: 100_000,
      quantity: 2,
      more: [{ price: 60_000 }],
    })
    await paySandbox(order.id, customer.access)
    const paid = await desk.order(order.id)
    expect(paid).toMatchObject({ status: 3, payment_status: 'paid', paid_total: 260_000 })

    const lower = await edit(order.id, editOf(paid, { items: [{ product_id: productIds[0], quantity: 2 }] }))
    expect(lower.body).toMatchObject({
      total: 200_000,
      paid_total: 260_000,
      refunded_total: 60_000,
      owed_back: 0,
      amount_due: 0,
      payment_status: 'paid',
    })
    expect(lower.body.refunds).toEqual([
      expect.objectContaining({ amount: 60_000, method: 'provider', provider: 'sandbox', status: 'refunded' }),
    ])
    expect((await smsTo(t, customer.phone)).at(-1)).toBe(
      `Atir: заказ №${paid.number} изменён. Итого 200 000 сум. 60 000 сум вернутся тем же способом оплаты.`,
    )

    const more = await spare(90_000)
    const higher = await edit(
      order.id,
      editOf(lower.body, {
        items: [
          { product_id: productIds[0], quantity: 2 },
          { product_id: more, quantity: 1 },
        ],
      }),
    )
    expect(higher.body).toMatchObject({ total: 290_000, amount_due: 90_000, owed_back: 0 })
    const link = `http://localhost:${t.config.PORT}/ru/payment/pay/${order.id}`
    expect((await smsTo(t, customer.phone)).at(-1)).toBe(
      `Atir: заказ №${paid.number} изменён. Итого 290 000 сум. Доплатите 90 000 сум: ${link}`,
    )
    const sent = await desk.post(`orders/${order.id}/payment-link/`, { send_sms: true })
    expect(sent.body).toMatchObject({ amount: 90_000, url: link })
    expect((await smsTo(t, customer.phone)).at(-1)).toBe(
      `Atir: доплата по заказу №${paid.number} — 90 000 сум. Оплатить: ${link}`,
    )
    // The customer pays the extra on the sandbox page; the order stays accepted, paid in full.
    expect((await paySandbox(order.id, customer.access)).amount).toBe(90_000)
    expect(await desk.order(order.id)).toMatchObject({
      status: 3,
      paid_total: 350_000,
      refunded_total: 60_000,
      amount_due: 0,
    })
    const audit = (await auditOf(t, order.id)).filter((a) => a.action === 'order.edit')
    expect(audit.map((a) => a.after)).toEqual([
      expect.objectContaining({ total: 200_000, refunded: 60_000 }),
      expect.objectContaining({ total: 290_000, amount_due: 90_000 }),
    ])
  })

  it('Click: a part cannot go back through it, so it is owed and given in cash; an extra paid by Click goes back whole', async () => {
    const reversals: string[] = []
    server.use(
      http.delete('https://click.test/v2/merchant/payment/reversal/:service/:payment', ({ params }) => {
        reversals.push(String(params.payment))
        return HttpResponse.json({ error_code: 0, error_note: 'Success' })
      }),
    )
    const { order, productIds, customer } = await orders.place({
      method: 'click',
      price: 100_000,
      quantity: 3,
    })
    await click.pay(order.id, order.total)
    const lower = await edit(
      order.id,
      editOf(await desk.order(order.id), { items: [{ product_id: productIds[0], quantity: 2 }] }),
    )
    expect(lower.body).toMatchObject({ total: 200_000, owed_back: 100_000, refunds: [] })
    expect((await smsTo(t, customer.phone)).at(-1)).toBe(
      `Atir: заказ №${lower.body.number} изменён. Итого 200 000 сум. 100 000 сум вернём при получении.`,
    )
    const refused = await desk.post(`orders/${order.id}/refunds/`, { amount: 100_000, method: 'provider' })
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe(
      'Через провайдера оплаты сейчас можно вернуть только 300 000 сум: Click и сохранённая карта возвращают платёж только целиком. Остальное верните наличными.',
    )
    const tooMuch = await desk.post(`orders/${order.id}/refunds/`, { amount: 150_000, method: 'cash' })
    expect(tooMuch.status).toBe(400)
    const cash = await desk.post(`orders/${order.id}/refunds/`, {
      amount: 100_000,
      method: 'cash',
      reason: 'Отдали в пункте выдачи',
    })
    expect(cash.body).toMatchObject({ owed_back: 0, refunded_total: 100_000 })
    expect(cash.body.timeline.at(-1)).toMatchObject({ kind: 'refund', text: 'Отдали в пункте выдачи' })
    expect(reversals).toEqual([])

    // An extra paid through Click is one whole payment: taking the extra away again reverses that payment.
    const added = await spare(50_000)
    const higher = await edit(
      order.id,
      editOf(cash.body, {
        items: [
          { product_id: productIds[0], quantity: 2 },
          { product_id: added, quantity: 1 },
        ],
      }),
    )
    expect(higher.body.amount_due).toBe(50_000)
    await click.pay(order.id, 50_000)
    expect(await desk.order(order.id)).toMatchObject({ amount_due: 0, paid_total: 350_000 })
    const back = await edit(
      order.id,
      editOf(await desk.order(order.id), { items: [{ product_id: productIds[0], quantity: 2 }] }),
    )
    expect(back.body).toMatchObject({ total: 200_000, owed_back: 0, refunded_total: 150_000 })
    expect(back.body.refunds.at(-1)).toMatchObject({ amount: 50_000, provider: 'click', status: 'refunded' })
    expect(reversals).toHaveLength(1)
    expect(back.body.payments.map((p: { amount: unknown; status: unknown }) => [p.amount, p.status])).toEqual([
      [300_000, 'paid'],
      [50_000, 'refunded'],
    ])
  })
})

describe('what an edit refuses', () => {
  it('a shipped order, a stale page, short stock, a hidden product, a payment in flight, the warehouse', async () => {
    const { order, productIds, customer } = await orders.place({ method: 'cash', price: 80_000, stock: 3 })
    const seen = await desk.order(order.id)
    // Someone else changed it meanwhile.
    expect((await edit(order.id, editOf(seen, { items: [{ product_id: productIds[0], quantity: 2 }] }))).status).toBe(
      200,
    )
    const stale = await edit(order.id, editOf(seen))
    expect(stale.status).toBe(409)
    expect(stale.body.detail).toBe('Заказ изменили, пока вы его правили. Обновите страницу и внесите изменения снова.')

    const now = await desk.order(order.id)
    const short = await edit(order.id, editOf(now, { items: [{ product_id: productIds[0], quantity: 4 }] }))
    expect(short.status).toBe(409)
    expect(short.body.items).toEqual([
      expect.objectContaining({ product_id: productIds[0], requested: 4, available: 3 }),
    ])
    const hidden = await spare(10_000)
    const { products } = await import('#api/db/schema/index.ts')
    await t.database.db.update(products).set({ isHidden: true }).where(eq(products.id, hidden))
    const refusedHidden = await edit(
      order.id,
      editOf(now, { items: [...editOf(now).items, { product_id: hidden, quantity: 1 }] }),
    )
    expect(refusedHidden.status).toBe(409)
    expect(refusedHidden.body.detail).toBe('Эти товары скрыты и не продаются: их нельзя добавить в заказ.')
    const twice = await edit(
      order.id,
      editOf(now, {
        items: [
          { product_id: productIds[0], quantity: 1 },
          { product_id: productIds[0], quantity: 1 },
        ],
      }),
    )
    expect(twice.status).toBe(400)
    expect((await edit(order.id, editOf(now, { items: [] }))).status).toBe(400)
    const forbidden = await t.json(`admin/orders/${order.id}/edit/`, {
      method: 'POST',
      token: warehouse.token,
      body: JSON.stringify(editOf(now)),
    })
    expect(forbidden.status).toBe(403)

    // On its way: no more edits.
    await desk.post(`orders/${order.id}/status/`, { status: 4, expected_status: 3 })
    await desk.post(`orders/${order.id}/status/`, { status: 6, expected_status: 4 })
    const shipped = await edit(order.id, editOf(await desk.order(order.id)))
    expect(shipped.status).toBe(409)
    expect(shipped.body.detail).toBe(
      'Заказ в статусе «Выдан» изменить нельзя: меняют только заказы, которые ещё не отправлены.',
    )
    expect(await orders.stockOf(productIds[0]!)).toBe(1)

    // An online order whose customer is on the sandbox page right now.
    const online = await orders.place({ method: 'card', price: 40_000, as: customer })
    await t.json(`payments/${online.order.id}/start/`, { method: 'POST', token: customer.access })
    const inFlight = await edit(
      online.order.id,
      editOf(await desk.order(online.order.id), { receiver: { name: 'Anvar', phone: '+998901112233' } }),
    )
    expect(inFlight.status).toBe(409)
    expect(inFlight.body.detail).toBe(
      'Покупатель сейчас оплачивает заказ: изменить его можно, когда оплата завершится или отменится.',
    )
  })

  it('the preview computes the same and writes nothing', async () => {
    const { order, productIds } = await orders.place({ method: 'cash', price: 100_000, quantity: 1 })
    const seen = await desk.order(order.id)
    const body = editOf(seen, { items: [{ product_id: productIds[0], quantity: 3 }] })
    const preview = await desk.post(`orders/${order.id}/edit/preview/`, body)
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({ subtotal: 300_000, total: 300_000, changed: true, amount_due: 300_000 })
    expect(await orders.stockOf(productIds[0]!)).toBe(4)
    expect((await desk.order(order.id)).updated_at).toBe(seen.updated_at)
    expect((await auditOf(t, order.id)).filter((a) => a.action === 'order.edit')).toEqual([])
    // The same body then edits it.
    expect((await edit(order.id, body)).body.total).toBe(300_000)
    expect(sum(300_000)).toBe('300 000')
  })
})

describe('at the same moment', () => {
  it('an edit taking the last unit and a checkout of it: one gets it, the stock never goes below 0', async () => {
    for (let round = 0; round < 2; round++) {
      const { order, productId } = await orders.place({ method: 'cash', price: 60_000, stock: 2 })
      const shopper = await registerCustomer(t)
      await addToBasket(t, shopper, productId, 1)
      const seen = await desk.order(order.id)
      const [edited, placed] = await releasedTogether(t, productId, () => [
        edit(order.id, editOf(seen, { items: [{ product_id: productId, quantity: 2 }] })),
        checkoutAs(t, shopper),
      ])
      // Whichever takes the product's row first: the edit (200) or the checkout (201); the other is refused.
      expect([
        [200, 409],
        [409, 201],
      ]).toContainEqual([edited!.status, placed!.status])
      expect(await orders.stockOf(productId)).toBe(0)
      expect(await stockDisagreements(t.database.db)).toEqual([])
    }
  })

  it('an edit and a cancel of the same order: whichever goes second sees the first; the stock comes back once', async () => {
    const { order, productId } = await orders.place({ method: 'cash', price: 60_000, stock: 4, quantity: 1 })
    const seen = await desk.order(order.id)
    const owner = await signedInStaff(t, 'owner')
    const [edited, cancelled] = await releasedTogetherOnOrder(t, order.id, () => [
      edit(order.id, editOf(seen, { items: [{ product_id: productId, quantity: 3 }] })),
      t.json(`admin/orders/${order.id}/status/`, {
        method: 'POST',
        token: owner.token,
        lang: 'ru',
        body: JSON.stringify({ status: 2, expected_status: 3, reason: 'Покупатель отказался' }),
      }),
    ])
    expect(cancelled!.status).toBe(200)
    // Edited first (then cancelled with three units), or cancelled first (the edit refused): all four are back.
    expect([200, 409]).toContain(edited!.status)
    expect(await orders.stockOf(productId)).toBe(4)
    expect(await stockDisagreements(t.database.db)).toEqual([])
  })
})
