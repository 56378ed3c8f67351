import { beforeAll, describe, expect, it } from 'vitest'
import { setupTestApi } from './support/api.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Who sees customers' phones on the orders desk: the warehouse packs orders
// with phones masked and cannot uncover them through the search; a courier
// sees only the orders given to it, with the phone to call, and moves them
// on the way and to delivered, records the cash, and nothing else.

const t = setupTestApi({ products: 40 })
const orders = orderMaker(t)

type Member = Awaited<ReturnType<typeof signedInStaff>>
let manager: Member
let warehouse: Member
let courier: Member
let otherCourier: Member
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager')
  warehouse = await signedInStaff(t, 'warehouse')
  courier = await signedInStaff(t, 'courier', { name: 'Курьер Бахром' })
  otherCourier = await signedInStaff(t, 'courier')
})

const call = (path: string, token: string, body?: unknown) =>
  t.json(`admin/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    token,
    lang: 'ru',
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const found = async (q: string, token: string) =>
  (await call(`orders/?q=${encodeURIComponent(q)}`, token)).body.results.map((o: { id: number }) => o.id)

/** A cash courier order to Tashkent with a map point, received by `phone`. */
async function courierOrder(phone = '+998977158629') {
  return orders.place({
    method: 'cash',
    delivery: 'courier',
    extra: {
      address: {
        region: '1726',
        district: '1726294',
        street: 'Bunyodkor',
        house: '12',
        flat: '7',
        latitude: 41.3,
        longitude: 69.24,
      },
      receiver: { name: 'Malika Yusupova', phone },
    },
  })
}

describe('the warehouse and phone digits', () => {
  it('cannot find an order by any digits of its masked phone; number and name still find it', async () => {
    const { order } = await courierOrder('+998977158629')
    // A manager finds it by the phone in any format.
    for (const q of ['97 715 86 29', '+998977158629', '8629']) expect(await found(q, manager.token)).toContain(order.id)
    // The warehouse: not by the whole number, not by four digits, not by the last two shown in the mask.
    for (const q of ['97 715 86 29', '+998977158629', '9977158629', '7158', '8629', '5862'])
      expect(await found(q, warehouse.token), q).not.toContain(order.id)
    expect(await found(String(order.id), warehouse.token)).toEqual([order.id])
    expect(await found('Malika Yusupova', warehouse.token)).toContain(order.id)
    // The counts (the tabs) follow the same search.
    const counts = await call(`orders/counts/?q=${encodeURIComponent('977158629')}`, warehouse.token)
    expect(counts.body.total).toBe(0)
    const listed = (await call(`orders/?q=${order.id}`, warehouse.token)).body.results[0]
    expect(listed.receiver.phone).toBe('+998 97 *** ** 29')
  })
})

describe('a courier', () => {
  it('sees only the orders given to it, with the phone, the address and the map point', async () => {
    const mine = (await courierOrder()).order
    const notMine = (await courierOrder()).order
    const given = await call(`orders/${mine.id}/assign/`, manager.token, { staff_id: courier.id })
    expect(given.status).toBe(200)
    await call(`orders/${notMine.id}/assign/`, manager.token, { staff_id: otherCourier.id })

    const list = await call('orders/', courier.token)
    expect(list.status).toBe(200)
    expect(list.body.results.map((o: { id: number }) => o.id)).toEqual([mine.id])
    expect(list.body.results[0]).toMatchObject({
      receiver: { name: 'Malika Yusupova', phone: '+998977158629' },
      place: 'город Ташкент, Чиланзарский район, Bunyodkor 12, кв. 7',
      map_url: 'https://yandex.uz/maps/?pt=69.24,41.3&z=17&l=map',
    })
    // Another courier's order or an unassigned one does not exist for it.
    expect((await call(`orders/${notMine.id}/`, courier.token)).status).toBe(404)
    expect((await call(`orders/?assigned_staff_id=${otherCourier.id}`, courier.token)).body.results).toEqual([])
    const detail = await call(`orders/${mine.id}/`, courier.token)
    expect(detail.body).toMatchObject({ phones_masked: false, receiver: { phone: '+998977158629' } })
    expect(detail.body.customer.phone).toMatch(/^\+998/)
    // Nothing else of the back office.
    for (const path of ['orders/counts/', 'customers/', 'products/', 'stock/low/', 'audit/'])
      expect((await call(path, courier.token)).status, path).toBe(403)
    expect((await call(`orders/${mine.id}/assign/`, courier.token, { staff_id: courier.id })).status).toBe(403)
    expect((await call(`orders/${mine.id}/payment-link/`, courier.token, {})).status).toBe(403)
  })

  it('takes its order on the way and delivers it, records the cash; never packs, cancels or touches others', async () => {
    const { order } = await courierOrder()
    const other = (await courierOrder()).order
    await call(`orders/${order.id}/assign/`, manager.token, { staff_id: courier.id })
    const move = (id: number, expected: number, status: number, reason?: string) =>
      call(`orders/${id}/status/`, courier.token, { status, expected_status: expected, reason })

    const pack = await move(order.id, 3, 4)
    expect(pack.status).toBe(403)
    expect(pack.body.detail).toBe('Курьер может только везти назначенные ему заказы и отмечать их доставленными.')
    await call(`orders/${order.id}/status/`, warehouse.token, { status: 4, expected_status: 3 })
    expect(
      (await call(`orders/${order.id}/`, courier.token)).body.next_statuses.map((s: { status: unknown }) => s.status),
    ).toEqual([5])
    expect((await move(order.id, 4, 2, 'не хочу')).status).toBe(403)
    expect((await move(order.id, 4, 5)).body).toMatchObject({ status: 5, status_label: 'В пути' })
    expect((await call(`orders/${order.id}/cash-received/`, courier.token, {})).body).toMatchObject({
      payment_status: 'paid',
      paid_total: order.total,
    })
    expect((await move(order.id, 5, 6)).body).toMatchObject({ status: 6, payment_status: 'paid' })
    // The timeline names the courier.
    const timeline = (await call(`orders/${order.id}/`, manager.token)).body.timeline
    expect(
      timeline
        .slice(-2)
        .map((s: { to: { status: unknown }; staff: { name: unknown } | null }) => [s.to.status, s.staff?.name]),
    ).toEqual([
      [5, 'Курьер Бахром'],
      [6, 'Курьер Бахром'],
    ])
    // Someone else's order: as if it did not exist.
    await call(`orders/${other.id}/status/`, manager.token, { status: 4, expected_status: 3 })
    expect((await move(other.id, 4, 5)).status).toBe(404)
    expect((await call(`orders/${other.id}/cash-received/`, courier.token, {})).status).toBe(404)
  })
})

describe('notes on an order', () => {
  it('are the staff’s: on the timeline with who wrote them, never on the customer’s order; a courier on its own orders', async () => {
    const { order, customer } = await courierOrder()
    await call(`orders/${order.id}/assign/`, manager.token, { staff_id: courier.id })
    const first = await call(`orders/${order.id}/notes/`, manager.token, { text: 'Позвонить после 18:00' })
    expect(first.status).toBe(200)
    const fromCourier = await call(`orders/${order.id}/notes/`, courier.token, { text: 'Домофон не работает' })
    expect(
      fromCourier.body.timeline
        .filter((s: { kind: unknown }) => s.kind === 'note')
        .map((s: { text: unknown; staff: { name: unknown } }) => [s.text, s.staff.name]),
    ).toEqual([
      ['Позвонить после 18:00', manager.name],
      ['Домофон не работает', 'Курьер Бахром'],
    ])
    expect((await call(`orders/${order.id}/notes/`, otherCourier.token, { text: 'чужой' })).status).toBe(404)
    expect((await call(`orders/${order.id}/notes/`, manager.token, { text: '   ' })).status).toBe(400)
    const mine = await t.json(`orders/${order.id}/`, { token: customer.access })
    expect(JSON.stringify(mine.body)).not.toContain('Домофон')
  })
})
