import { and, asc, eq, like } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, notificationOutbox, orderStatusHistory, orders as ordersTable } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import type { StaffOrderPage } from '#api/types.ts'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// The orders desk's API: who may call what, the list's filters
// and search, the state machine through admin/orders/{id}/status/, and an
// audit row for every change.

const t = setupTestApi({ products: 80 })
const orders = orderMaker(t)

type Staff = { id: number; token: string; name: string }
const staff = {} as Record<StaffRole, Staff>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
})

const post = (path: string, body: unknown, token?: string) =>
  t.json(`admin/orders/${path}`, { method: 'POST', token, lang: 'ru', body: JSON.stringify(body) })
const get = (path: string, token?: string) => t.json(`admin/orders/${path}`, { token, lang: 'ru' })
const move = (id: number, expected: number, to: number, token: string, reason?: string) =>
  post(`${id}/status/`, { status: to, expected_status: expected, ...(reason ? { reason } : {}) }, token)

/** The SMS queued for `phone` that name order `number`, oldest first. */
const smsAbout = (phone: string, number: string) =>
  t.database.db
    .select({ text: notificationOutbox.text })
    .from(notificationOutbox)
    .where(
      and(
        eq(notificationOutbox.channel, 'sms'),
        eq(notificationOutbox.recipient, phone),
        like(notificationOutbox.text, `%№${number} %`),
      ),
    )
    .orderBy(asc(notificationOutbox.id))

const auditOf = (orderId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(orderId))))
    .orderBy(asc(auditLog.id))

describe('each role against each endpoint', () => {
  const roles = ['owner', 'manager', 'warehouse', 'content'] as const
  const expected: Record<string, Record<(typeof roles)[number], number>> = {
    list: { owner: 200, manager: 200, warehouse: 200, content: 403 },
    counts: { owner: 200, manager: 200, warehouse: 200, content: 403 },
    detail: { owner: 200, manager: 200, warehouse: 200, content: 403 },
    'status (accepted → ready)': { owner: 200, manager: 200, warehouse: 200, content: 403 },
    assign: { owner: 200, manager: 200, warehouse: 403, content: 403 },
    'cash received': { owner: 200, manager: 200, warehouse: 403, content: 403 },
    'payment link': { owner: 200, manager: 200, warehouse: 403, content: 403 },
  }
  const call: Record<string, (token: string | undefined) => Promise<{ status: number; body: Json }>> = {
    list: (token) => get('', token),
    counts: (token) => get('counts/', token),
    detail: async (token) => get(`${(await orders.place({ method: 'cash' })).order.id}/`, token),
    'status (accepted → ready)': async (token) =>
      post(`${(await orders.place({ method: 'cash' })).order.id}/status/`, { status: 4, expected_status: 3 }, token),
    assign: async (token) =>
      post(`${(await orders.place({ method: 'cash' })).order.id}/assign/`, { staff_id: staff.warehouse.id }, token),
    'cash received': async (token) =>
      post(`${(await orders.place({ method: 'cash' })).order.id}/cash-received/`, {}, token),
    'payment link': async (token) =>
      post(`${(await orders.place({ method: 'payme' })).order.id}/payment-link/`, {}, token),
  }

  for (const endpoint of Object.keys(call))
    it(`${endpoint}: allowed, 403 or 401 by role`, async () => {
      for (const role of roles) {
        const r = await call[endpoint]!(staff[role].token)
        expect(r.status, `${role}: ${JSON.stringify(r.body)}`).toBe(expected[endpoint]![role])
        if (r.status === 403) expect(r.body.detail).toBeTruthy()
      }
      const anonymous = await call[endpoint]!(undefined)
      expect(anonymous.status).toBe(401)
      // A customer's token is not a staff token.
      const customer = await registerCustomer(t)
      expect((await call[endpoint]!(customer.access)).status).toBe(401)
    })

  it('the warehouse packs but may not send an order on its way or cancel it', async () => {
    const { order } = await orders.place({ method: 'cash' })
    expect((await move(order.id, 3, 4, staff.warehouse.token)).status).toBe(200)
    const onTheWay = await move(order.id, 4, 5, staff.warehouse.token)
    expect(onTheWay.status).toBe(403)
    expect(onTheWay.body.detail).toBe('Ваша роль может только отмечать заказ собранным («Принят» → «Собран»).')
    expect((await move(order.id, 4, 2, staff.warehouse.token, 'no')).status).toBe(403)
  })
})

describe('GET admin/orders/: filters and search', () => {
  let gulnora: number
  let tashkentCourier: number
  let cancelled: number
  beforeAll(async () => {
    gulnora = (
      await orders.place({
        method: 'cash',
        extra: { receiver: { name: 'Shahzoda Testova', phone: '97 715 86 29', extra_phone: '+998 71 209 38 46' } },
      })
    ).order.id
    tashkentCourier = (
      await orders.place({
        method: 'click',
        delivery: 'courier',
        extra: {
          address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12' },
          receiver: { name: 'Timur', phone: '+998935550011' },
        },
      })
    ).order.id
    cancelled = (await orders.place({ method: 'cash' })).order.id
    expect((await move(cancelled, 3, 2, staff.manager.token, 'asked by phone')).status).toBe(200)
  })
  const ids = async (query: string, token = staff.manager.token) => {
    const r = await get(`?size=100&${query}`, token)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return (r.body as StaffOrderPage).results.map((o) => o.id)
  }

  it('lists newest first, paged', async () => {
    const r = await get('?size=2', staff.manager.token)
    expect(r.body.results).toHaveLength(2)
    expect(r.body.results[0].id).toBeGreaterThan(r.body.results[1].id)
    expect(r.body.results[0].id).toBe(cancelled)
    expect(r.body.total).toBeGreaterThanOrEqual(3)
    expect(r.body.links.next).toContain('page=2')
  })

  it('finds a phone typed in any format, the order number and the receiver name', async () => {
    for (const phone of ['97 715 86 29', '+998977158629', '(97) 715-86-29', '7158629', '71 209 38 46'])
      expect(await ids(`q=${encodeURIComponent(phone)}`), phone).toEqual([gulnora])
    expect(await ids(`q=${String(gulnora).padStart(6, '0')}`)).toContain(gulnora)
    expect(await ids('q=testova')).toEqual([gulnora])
    // The customer's own name (support/customer.ts) finds every order of theirs.
    expect(await ids('q=dilnoza')).toEqual(expect.arrayContaining([gulnora, tashkentCourier, cancelled]))
    expect(await ids('q=%25')).toEqual([])
  })

  it('filters by status, payment, delivery, region and days', async () => {
    expect(await ids('status=2')).toEqual([cancelled])
    const click = await ids('payment_method=click')
    expect(click).toContain(tashkentCourier)
    expect(click).not.toContain(gulnora)
    expect(await ids('delivery=courier&region=1726')).toContain(tashkentCourier)
    expect(await ids('region=1726')).not.toContain(gulnora)
    expect(await ids('payment_status=pending&status=1')).toContain(tashkentCourier)
    const today = new Date(Date.now() + 5 * 3_600_000).toISOString().slice(0, 10)
    expect(await ids(`created_from=${today}&created_to=${today}`)).toContain(gulnora)
    expect(await ids('created_to=2020-01-01')).toEqual([])
    const backwards = await get('?created_from=2026-02-01&created_to=2026-01-01', staff.manager.token)
    expect(backwards.status).toBe(400)
    expect(backwards.body.errors[0].field).toBe('created_to')
    expect((await get('?status=9', staff.manager.token)).status).toBe(400)
  })

  it('masks phones for the warehouse (no customers.phone) and shows them to a manager', async () => {
    const masked = await get(`?q=${gulnora}`, staff.warehouse.token)
    const row = masked.body.results.find((o: { id: unknown }) => o.id === gulnora)
    expect(row.receiver.phone).toBe('+998 97 *** ** 29')
    expect(row.customer.phone).toMatch(/^\+998 93 \*\*\* \*\* \d\d$/)
    const detail = await get(`${gulnora}/`, staff.warehouse.token)
    expect(detail.body.receiver).toEqual({
      name: 'Shahzoda Testova',
      phone: '+998 97 *** ** 29',
      extra_phone: '+998 71 *** ** 46',
    })
    expect(detail.body.phones_masked).toBe(true)
    const open = await get(`${gulnora}/`, staff.manager.token)
    expect(open.body.receiver.phone).toBe('+998977158629')
  })

  it('counts per status and the new badge: accepted orders no staff member opened yet', async () => {
    const before = (await get('counts/', staff.manager.token)).body
    const { order } = await orders.place({ method: 'cash' })
    const after = (await get('counts/', staff.manager.token)).body
    const accepted = (body: { statuses: { status: number; count: number }[] }) =>
      body.statuses.find((s) => s.status === 3)!.count
    expect(accepted(after)).toBe(accepted(before) + 1)
    expect(after.new).toBe(before.new + 1)
    expect(after.total).toBe(before.total + 1)
    expect(after.statuses.map((s: { name: unknown }) => s.name)).toEqual([
      'awaiting_payment',
      'accepted',
      'ready_for_delivery',
      'on_the_way',
      'delivered',
      'cancelled',
    ])
    const listed = (await get(`?q=${order.id}`, staff.manager.token)).body.results.find(
      (o: { id: unknown }) => o.id === order.id,
    )
    expect(listed.is_new).toBe(true)
    // The newest new order: what tells the open desk of an arrival.
    expect(after.latest_new_id).toBe(order.id)
    await get(`${order.id}/`, staff.warehouse.token)
    const seen = (await get('counts/', staff.manager.token)).body
    expect(seen.new).toBe(before.new)
    expect(seen.latest_new_id).toBe(before.latest_new_id)
  })

  it('an order arriving as a colleague opens another: the count stays, the newest id grows', async () => {
    const { order: waiting } = await orders.place({ method: 'cash' })
    const before = (await get('counts/', staff.manager.token)).body
    const { order: arrived } = await orders.place({ method: 'cash' })
    await get(`${waiting.id}/`, staff.warehouse.token)
    const after = (await get('counts/', staff.manager.token)).body
    expect(after.new).toBe(before.new)
    expect(after.latest_new_id).toBe(arrived.id)
    expect(after.latest_new_id).toBeGreaterThan(before.latest_new_id)
  })
})

describe('the order page', () => {
  it('has the items with pictures, customer, map link, payments, and the timeline with who', async () => {
    const { order, customer } = await orders.place({
      method: 'cash',
      delivery: 'courier',
      extra: {
        address: {
          region: '1726',
          district: '1726294',
          street: 'Bunyodkor',
          house: '12',
          latitude: 41.3,
          longitude: 69.24,
        },
      },
    })
    await move(order.id, 3, 4, staff.warehouse.token)
    const r = await get(`${order.id}/`, staff.manager.token)
    expect(r.status).toBe(200)
    expect(r.body.items[0].image?.small).toMatch(/^\/api\/v1\/media\//)
    expect(r.body.customer.phone).toBe(customer.phone)
    expect(r.body.map_url).toBe('https://yandex.uz/maps/?pt=69.24,41.3&z=17&l=map')
    expect(r.body.vat).toBeGreaterThan(0)
    expect(r.body.timeline).toEqual([
      expect.objectContaining({
        from: null,
        to: expect.objectContaining({ status: 3 }),
        actor: expect.stringMatching(/^customer:/),
      }),
      expect.objectContaining({
        from: expect.objectContaining({ status: 3 }),
        to: { status: 4, name: 'ready_for_delivery', label: 'Собран' },
        actor: `staff:${staff.warehouse.id}`,
        via: 'web',
        staff: { id: staff.warehouse.id, name: staff.warehouse.name },
      }),
    ])
    expect(r.body.next_statuses.map((s: { status: unknown }) => s.status)).toEqual([5, 2])
    expect((await get(`${order.id}/`, staff.warehouse.token)).body.next_statuses).toEqual([])
    expect((await get('2147483647/', staff.manager.token)).status).toBe(404)
  })
})

describe('POST admin/orders/{id}/status/: the state machine', () => {
  it('walks accepted → ready → on the way → delivered, each audited with before → after and SMS queued', async () => {
    const { order, customer } = await orders.place({ method: 'cash', delivery: 'courier' })
    // The answer is where the order now stands and the next moves, not the whole order.
    const ready = await move(order.id, 3, 4, staff.manager.token)
    expect(ready.body).toEqual({
      id: order.id,
      number: String(order.id).padStart(6, '0'),
      status: 4,
      status_name: 'ready_for_delivery',
      status_label: 'Собран',
      payment_status: 'pending',
      next_statuses: [
        { status: 5, name: 'on_the_way', label: 'В пути' },
        { status: 2, name: 'cancelled', label: 'Отменён' },
      ],
      updated_at: (await get(`${order.id}/`, staff.manager.token)).body.updated_at,
    })
    let status = 4
    for (const to of [5, 6]) {
      const r = await move(order.id, status, to, staff.manager.token)
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.status).toBe(to)
      status = to
    }
    const delivered = await get(`${order.id}/`, staff.manager.token)
    expect(delivered.body).toMatchObject({ status: 6, payment_status: 'paid', next_statuses: [] })
    expect((await auditOf(order.id)).map((a) => [a.action, a.before, a.after, a.actor, a.via])).toEqual([
      [
        'order.status',
        { status: 3, payment_status: 'pending' },
        { status: 4, payment_status: 'pending' },
        `staff:${staff.manager.id}`,
        'web',
      ],
      [
        'order.status',
        { status: 4, payment_status: 'pending' },
        { status: 5, payment_status: 'pending' },
        `staff:${staff.manager.id}`,
        'web',
      ],
      [
        'order.status',
        { status: 5, payment_status: 'pending' },
        { status: 6, payment_status: 'paid' },
        `staff:${staff.manager.id}`,
        'web',
      ],
    ])
    const number = String(order.id).padStart(6, '0')
    const sms = await smsAbout(customer.phone, number)
    expect(sms.map((s) => s.text)).toEqual([
      `Atir: заказ №${number} принят. Сообщим, когда он будет в пути.`,
      `Atir: заказ №${number} в пути. Курьер позвонит перед приездом.`,
      `Atir: заказ №${number} доставлен. Спасибо за покупку!`,
    ])
  })

  it('a pickup order is made ready to collect and handed over, never sent on its way; the customer is told where', async () => {
    const { order, customer } = await orders.place({ method: 'cash', delivery: 'pickup', lang: 'uz' })
    const number = String(order.id).padStart(6, '0')
    const accepted = await get(`${order.id}/`, staff.manager.token)
    expect(accepted.body.next_statuses).toEqual([
      { status: 4, name: 'ready_for_delivery', label: 'Собран' },
      { status: 2, name: 'cancelled', label: 'Отменён' },
    ])
    const ready = await move(order.id, 3, 4, staff.warehouse.token)
    expect(ready.body).toMatchObject({ status: 4, status_label: 'Собран' })
    const seen = await get(`${order.id}/`, staff.manager.token)
    expect(seen.body.next_statuses.map((s: { status: unknown; label: unknown }) => [s.status, s.label])).toEqual([
      [6, 'Выдан'],
      [2, 'Отменён'],
    ])
    const listed = (await get(`?q=${order.id}`, staff.manager.token)).body.results.find(
      (o: { id: unknown }) => o.id === order.id,
    )
    expect(listed.status_label).toBe('Собран')
    const onTheWay = await move(order.id, 4, 5, staff.manager.token)
    expect(onTheWay.status).toBe(409)
    expect(onTheWay.body.detail).toBe('Заказ в статусе «Собран» нельзя перевести в статус «В пути».')
    expect((await move(order.id, 4, 6, staff.manager.token)).body).toMatchObject({ status: 6, status_label: 'Выдан' })
    // The customer's own page: accepted, ready to collect, handed over.
    const mine = await orders.read(order.id, customer)
    expect(mine.steps.map((s: { status: unknown; done: unknown }) => [s.status, s.done])).toEqual([
      [3, true],
      [4, true],
      [6, true],
    ])
    // In the language the order was placed in, naming the point, its address and hours; never a courier.
    const point = (await t.json(`orders/${order.id}/`, { token: customer.access, lang: 'uz' })).body.pickup_point
    const sms = await smsAbout(customer.phone, number)
    expect(sms.map((s) => s.text)).toEqual([
      `Atir: №${number} буюртма қабул қилинди. Уни олиб кетиш мумкин бўлганда SMS юборамиз.`,
      `Atir: №${number} буюртма йиғилди ва сизни кутмоқда. ${point.name}: ${point.address}, ${point.hours}. Буюртма рақамини айтинг.`,
      `Atir: №${number} буюртма топширилди. Харидингиз учун раҳмат!`,
    ])
  })

  it('refuses wrong moves with a clear 409, a stale expected status with what it is now, never a 500', async () => {
    const { order } = await orders.place({ method: 'cash' })
    const skip = await move(order.id, 3, 6, staff.manager.token)
    expect(skip.status).toBe(409)
    // A pickup order's 6 is «handed over».
    expect(skip.body.detail).toBe('Заказ в статусе «Принят» нельзя перевести в статус «Выдан».')
    const stale = await move(order.id, 4, 5, staff.manager.token)
    expect(stale.status).toBe(409)
    expect(stale.body.detail).toBe(
      'Заказ уже в статусе «Принят»: его изменили, пока вы смотрели. Обновите страницу и проверьте.',
    )
    const unpaid = (await orders.place({ method: 'payme' })).order
    expect((await move(unpaid.id, 1, 3, staff.manager.token)).status).toBe(409)
    expect((await post(`${order.id}/status/`, { status: 9, expected_status: 3 }, staff.manager.token)).status).toBe(400)
    expect((await move(2147483647, 3, 4, staff.manager.token)).status).toBe(404)
    expect(await auditOf(order.id)).toEqual([])
  })

  it('cancels only with a reason; the reason is on the order, the timeline and the audit row; stock comes back', async () => {
    const { order, productId } = await orders.place({ method: 'cash', stock: 5 })
    const bare = await move(order.id, 3, 2, staff.manager.token)
    expect(bare.status).toBe(400)
    expect(bare.body.errors).toEqual([{ field: 'reason', message: 'Укажите причину отмены.' }])
    const r = await move(order.id, 3, 2, staff.manager.token, 'Клиент передумал')
    expect(r.body).toMatchObject({ status: 2, next_statuses: [] })
    expect(await orders.stockOf(productId)).toBe(5)
    const cancelled = await get(`${order.id}/`, staff.manager.token)
    expect(cancelled.body.cancel_reason).toBe('Клиент передумал')
    expect(cancelled.body.timeline.at(-1)).toMatchObject({
      reason: 'Клиент передумал',
      staff: { id: staff.manager.id },
    })
    const [audit] = await auditOf(order.id)
    expect(audit!.after).toEqual({ status: 2, payment_status: 'pending', reason: 'Клиент передумал' })
    expect((await move(order.id, 2, 3, staff.manager.token)).status).toBe(409)
  })

  it('cancelling a paid order follows the refund path: the money comes back (sandbox) and shows on the order', async () => {
    const { order, customer } = await orders.place({ method: 'payme' })
    const started = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: customer.access })
    await t.json(`payments/sandbox/${started.body.payment_id}/complete/`, {
      method: 'POST',
      token: customer.access,
      body: JSON.stringify({ approve: true }),
    })
    const r = await move(order.id, 3, 2, staff.owner.token, 'Нет в наличии')
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ status: 2, payment_status: 'refunded' })
    const cancelled = (await get(`${order.id}/`, staff.owner.token)).body
    expect(cancelled.refund).toMatchObject({ status: 'refunded' })
    expect(cancelled.payments).toEqual([expect.objectContaining({ provider: 'sandbox', status: 'refunded' })])
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id))
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 1, expect.stringMatching(/^customer:/)],
      [1, 3, 'system'],
      [3, 2, `staff:${staff.owner.id}`],
    ])
  })
})

describe('assign, cash received, payment link', () => {
  it('assigns to a courier and back, audited; refuses an unknown or disabled account', async () => {
    const { order } = await orders.place({ method: 'cash' })
    const r = await post(`${order.id}/assign/`, { staff_id: staff.warehouse.id }, staff.manager.token)
    expect(r.body.assigned_staff).toEqual({ id: staff.warehouse.id, name: staff.warehouse.name })
    const listed = await get(`?assigned_staff_id=${staff.warehouse.id}`, staff.manager.token)
    expect(listed.body.results.map((o: { id: unknown }) => o.id)).toContain(order.id)
    expect((await post(`${order.id}/assign/`, { staff_id: null }, staff.manager.token)).body.assigned_staff).toBeNull()
    const unknown = await post(`${order.id}/assign/`, { staff_id: 2147483647 }, staff.manager.token)
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([{ field: 'staff_id', message: 'Такого сотрудника нет или он отключён.' }])
    expect((await auditOf(order.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['order.assign', { assigned_staff_id: null }, { assigned_staff_id: staff.warehouse.id }],
      ['order.assign', { assigned_staff_id: staff.warehouse.id }, { assigned_staff_id: null }],
    ])
  })

  it('marks a cash order paid once, with a cash payment; refuses online orders', async () => {
    const { order } = await orders.place({ method: 'cash' })
    const r = await post(`${order.id}/cash-received/`, {}, staff.manager.token)
    expect(r.body).toMatchObject({ payment_status: 'paid', paid_total: order.total })
    expect(r.body.payments).toEqual([
      expect.objectContaining({ provider: 'cash', status: 'paid', amount: order.total }),
    ])
    const twice = await post(`${order.id}/cash-received/`, {}, staff.manager.token)
    expect(twice.status).toBe(409)
    expect(twice.body.detail).toBe('Оплата этого заказа уже получена.')
    const online = (await orders.place({ method: 'payme' })).order
    expect((await post(`${online.id}/cash-received/`, {}, staff.manager.token)).status).toBe(409)
    expect((await auditOf(order.id)).map((a) => [a.action, a.after])).toEqual([
      ['order.cash_received', { payment_status: 'paid', paid_total: order.total }],
    ])
    // Handed over later (a pickup order), it is not paid twice.
    for (const [from, to] of [
      [3, 4],
      [4, 6],
    ] as const)
      await move(order.id, from, to, staff.manager.token)
    const [row] = await t.database.db.select().from(ordersTable).where(eq(ordersTable.id, order.id))
    expect(row).toMatchObject({ status: 6, paymentStatus: 'paid', paidTotal: order.total })
  })

  it("answers an unpaid order's payment link and queues it by SMS in the order's language", async () => {
    const { order, customer } = await orders.place({ method: 'click' })
    await t.database.db.update(ordersTable).set({ lang: 'sr' }).where(eq(ordersTable.id, order.id))
    const link = await post(`${order.id}/payment-link/`, {}, staff.manager.token)
    expect(link.body).toEqual({
      provider: 'sandbox',
      url: `http://localhost:${t.config.PORT}/sr/payment/pay/${order.id}`,
      amount: order.total,
      sms_sent_to: null,
      sent_by: null,
    })
    const sent = await post(`${order.id}/payment-link/`, { send_sms: true }, staff.manager.token)
    expect(sent.body).toMatchObject({ sms_sent_to: customer.phone, sent_by: 'sms' })
    const sms = await smsAbout(customer.phone, String(order.id).padStart(6, '0'))
    expect(sms.at(-1)!.text).toBe(
      `Atir: №${String(order.id).padStart(6, '0')} buyurtmani ${order.total.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} soʻmga toʻlang: http://localhost:${t.config.PORT}/sr/payment/pay/${order.id}`,
    )
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(['order.payment_link_sms'])
    const paidCash = (await orders.place({ method: 'cash' })).order
    const refused = await post(`${paidCash.id}/payment-link/`, {}, staff.manager.token)
    expect(refused.status).toBe(409)
    expect(refused.body.detail).toBe('Этот заказ не ожидает оплаты.')
  })
})

describe('the OpenAPI document', () => {
  it('lists every orders desk endpoint under the staff security scheme', async () => {
    const doc = (await t.json('openapi.json')).body
    const operations = [
      ['get', '/admin/orders/'],
      ['get', '/admin/orders/counts/'],
      ['get', '/admin/orders/{id}/'],
      ['post', '/admin/orders/{id}/status/'],
      ['post', '/admin/orders/{id}/assign/'],
      ['post', '/admin/orders/{id}/cash-received/'],
      ['post', '/admin/orders/{id}/payment-link/'],
    ]
    for (const [method, path] of operations)
      expect(doc.paths[`/api/v1${path}`]?.[method!]?.security, `${method} ${path}`).toEqual([{ staffBearer: [] }])
    expect(doc.paths['/api/v1/orders/{id}/status/']).toBeUndefined()
  })
})
