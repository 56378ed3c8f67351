import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, payments } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { setupTestApi, type TestApi } from './support/api.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Dispatch from the desk: managers and the owner give orders to couriers
// (one or several at once) seeing each one's load; a courier's day follows
// its route with map links, collects cash, and a manager records the cash
// handed over. Rights are the API's, per role.

const t = setupTestApi({ products: 60 })
const make = orderMaker(t)

type Member = Awaited<ReturnType<typeof signedInStaff>>
const members = {} as Record<StaffRole, Member>
let courierA: Member
let courierB: Member
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'warehouse', 'content', 'courier'] as const)
    members[role] = await signedInStaff(t, role)
  courierA = await signedInStaff(t, 'courier', { name: 'Азиз' })
  courierB = await signedInStaff(t, 'courier', { name: 'Бахром' })
})

const call = (path: string, token: string, body?: unknown) =>
  t.json(`admin/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    token,
    lang: 'ru',
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** A cash courier order in Tashkent: `district` and a map point or none. */
const courierOrder = async (district = '1726294', point = true) =>
  (
    await make.place({
      method: 'cash',
      delivery: 'courier',
      price: 100_000,
      stock: 50,
      extra: {
        address: {
          region: '1726',
          district,
          street: 'Bunyodkor',
          house: '12',
          ...(point ? { latitude: 41.3, longitude: 69.24 } : {}),
        },
        receiver: { name: 'Malika', phone: '+998977158629' },
      },
    })
  ).order

const move = (id: number, expected: number, status: number, token = members.manager.token) =>
  call(`orders/${id}/status/`, token, { status, expected_status: expected })

describe('dispatch rights', () => {
  it.each(['owner', 'manager'] as const)('the %s sees the couriers and gives orders', async (role) => {
    const order = await courierOrder()
    const couriers = await call('couriers/', members[role].token)
    expect(couriers.status).toBe(200)
    expect(couriers.body.results.map((c: { id: number }) => c.id)).toContain(courierA.id)
    const given = await call('orders/assign/', members[role].token, { order_ids: [order.id], staff_id: courierA.id })
    expect(given.status).toBe(200)
    expect(given.body.results).toEqual([{ id: order.id, number: expect.any(String), assigned: true, detail: null }])
    const one = await call(`orders/${order.id}/assign/`, members[role].token, { staff_id: courierB.id })
    expect(one.body.assigned_staff).toMatchObject({ id: courierB.id })
  })

  it.each(['warehouse', 'content', 'courier'] as const)(
    'the %s may neither see the load nor give orders',
    async (role) => {
      const order = await courierOrder()
      const token = members[role].token
      expect((await call('couriers/', token)).status).toBe(403)
      expect((await call('orders/assign/', token, { order_ids: [order.id], staff_id: courierA.id })).status).toBe(403)
      expect((await call(`orders/${order.id}/assign/`, token, { staff_id: courierA.id })).status).toBe(403)
      expect((await call('cash/handovers/', token, { staff_id: courierA.id, amount: 1 })).status).toBe(403)
      expect(
        (
          await t.database.db
            .select()
            .from(auditLog)
            .where(eq(auditLog.entityId, String(order.id)))
        ).filter((e) => e.action === 'order.assign'),
      ).toEqual([])
    },
  )

  it('refuses a closed order and a courier for a pickup order, alone, with the reason', async () => {
    const open = await courierOrder()
    const delivered = await courierOrder()
    await move(delivered.id, 3, 4)
    await move(delivered.id, 4, 5)
    await move(delivered.id, 5, 6)
    const pickup = (await make.place({ method: 'cash', delivery: 'pickup', stock: 50 })).order
    const answer = await call('orders/assign/', members.manager.token, {
      order_ids: [open.id, delivered.id, pickup.id],
      staff_id: courierA.id,
    })
    expect(answer.body.results).toEqual([
      { id: open.id, number: expect.any(String), assigned: true, detail: null },
      {
        id: delivered.id,
        number: expect.any(String),
        assigned: false,
        detail: 'Заказ уже «Доставлен»: передавать его больше некому.',
      },
      {
        id: pickup.id,
        number: expect.any(String),
        assigned: false,
        detail: 'Это самовывоз: курьер такому заказу не нужен.',
      },
    ])
    // Taking a closed order oneself is refused too; a pickup order may still be taken by a manager.
    expect(
      (await call(`orders/${delivered.id}/assign/`, members.manager.token, { staff_id: members.manager.id })).status,
    ).toBe(409)
    expect(
      (await call(`orders/${pickup.id}/assign/`, members.manager.token, { staff_id: members.manager.id })).status,
    ).toBe(200)
    // An unknown courier is the request's fault: 400 on staff_id, nothing given.
    const unknown = await call('orders/assign/', members.manager.token, {
      order_ids: [open.id],
      staff_id: 2_147_483_647,
    })
    expect(unknown.status).toBe(400)
  })
})

describe("a courier's day", () => {
  it('three orders to two couriers: the load shows, the route runs by district then promise, with map links', async () => {
    const loadOf = async (id: number) =>
      (await call('couriers/', members.manager.token)).body.results.find((c: { id: number }) => c.id === id).load
    const before = { a: (await loadOf(courierA.id)).total, b: (await loadOf(courierB.id)).total }
    const late = await courierOrder('1726294') // Chilanzar, placed first
    const early = await courierOrder('1726262') // Uchtepa (its code sorts first)
    const noPoint = await courierOrder('1726294', false) // Chilanzar, no map point
    const third = await courierOrder('1726262')
    const given = await call('orders/assign/', members.manager.token, {
      order_ids: [late.id, early.id, noPoint.id],
      staff_id: courierA.id,
    })
    expect(given.body.results.every((r: { assigned: boolean }) => r.assigned)).toBe(true)
    await call('orders/assign/', members.manager.token, { order_ids: [third.id], staff_id: courierB.id })
    expect((await loadOf(courierA.id)).total).toBe(before.a + 3)
    expect((await loadOf(courierB.id)).total).toBe(before.b + 1)

    for (const o of [late, early, noPoint]) await move(o.id, 3, 4)
    const route = await call('orders/?status=4,5&sort=route', courierA.token)
    const mine = route.body.results.filter((o: { id: number }) => [late.id, early.id, noPoint.id].includes(o.id))
    // District codes group the route; within Chilanzar the order accepted first goes first.
    expect(mine.map((o: { id: number }) => o.id)).toEqual([early.id, late.id, noPoint.id])
    const byId = new Map(mine.map((o: { id: number }) => [o.id, o]))
    expect(byId.get(late.id)).toMatchObject({
      map_url: 'https://yandex.uz/maps/?pt=69.24,41.3&z=17&l=map',
      receiver: { phone: '+998977158629' },
      amount_due: late.total,
    })
    const search = (byId.get(noPoint.id) as { map_url: string }).map_url
    expect(search).toMatch(/^https:\/\/yandex\.uz\/maps\/\?text=/)
    expect(decodeURIComponent(search.split('text=')[1]!)).toBe('город Ташкент, Чиланзарский район, Bunyodkor, 12')
  })

  it('holds the cash it took, delivered with or without "cash received", and the manager records it handed over', async () => {
    const courier = await signedInStaff(t, 'courier', { name: 'Дилшод' })
    const pressed = await courierOrder()
    const unpressed = await courierOrder()
    await call('orders/assign/', members.manager.token, { order_ids: [pressed.id, unpressed.id], staff_id: courier.id })
    for (const o of [pressed, unpressed]) {
      await move(o.id, 3, 4)
      await move(o.id, 4, 5, courier.token)
    }
    const cash = await call(`orders/${pressed.id}/cash-received/`, courier.token, {})
    expect(cash.body).toMatchObject({ payment_status: 'paid', amount_due: 0 })
    await move(pressed.id, 5, 6, courier.token)
    // Delivered without pressing: the order is paid and its cash payment exists, held by the courier.
    const delivered = await move(unpressed.id, 5, 6, courier.token)
    expect(delivered.body).toMatchObject({ status: 6, payment_status: 'paid' })
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, unpressed.id))
    expect(rows).toEqual([
      expect.objectContaining({ provider: 'cash', amount: unpressed.total, status: 'paid', collectedBy: courier.id }),
    ])
    const detail = await call(`orders/${unpressed.id}/`, members.manager.token)
    expect(detail.body.payments).toEqual([expect.objectContaining({ provider: 'cash', amount: unpressed.total })])

    const held = pressed.total + unpressed.total
    const own = await call('cash/', courier.token)
    expect(own.body.results).toEqual([
      expect.objectContaining({
        staff: { id: courier.id, name: 'Дилшод', role: 'courier' },
        held,
        collected_today: held,
        handed_today: 0,
      }),
    ])
    expect(own.body.results[0].payments.map((p: { order_id: number }) => p.order_id)).toEqual([
      pressed.id,
      unpressed.id,
    ])
    const all = await call('cash/', members.manager.token)
    expect(all.body.results.find((h: { staff: { id: number } }) => h.staff.id === courier.id).held).toBe(held)

    // The manager counted a different sum: nothing recorded, told what is held now.
    const wrong = await call('cash/handovers/', members.manager.token, { staff_id: courier.id, amount: held - 1 })
    expect(wrong.status).toBe(409)
    expect(wrong.body.detail).toBe(
      `Сейчас к сдаче ${held.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} сум: сумма изменилась, пересчитайте и отметьте снова.`,
    )
    const handed = await call('cash/handovers/', members.manager.token, { staff_id: courier.id, amount: held })
    expect(handed.status).toBe(201)
    expect(handed.body).toMatchObject({ staff_id: courier.id, amount: held, orders_count: 2 })
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cash.handover'), eq(auditLog.entityId, String(courier.id))))
    expect(entry).toMatchObject({
      staffId: members.manager.id,
      before: { cash_held: held },
      after: { cash_held: 0, amount: held, orders: [pressed.id, unpressed.id] },
    })
    expect((await call('cash/', courier.token)).body.results[0]).toMatchObject({ held: 0, handed_today: held })
    // Recorded again (a second tab): nothing left to hand over.
    const again = await call('cash/handovers/', members.manager.token, { staff_id: courier.id, amount: held })
    expect(again.status).toBe(409)
    expect(again.body.detail).toBe('У этого сотрудника нет несданных наличных.')
  })

  it('two managers recording one handover at once make one', async () => {
    const courier = await signedInStaff(t, 'courier')
    const order = await courierOrder()
    await call(`orders/${order.id}/assign/`, members.manager.token, { staff_id: courier.id })
    await move(order.id, 3, 4)
    await move(order.id, 4, 5, courier.token)
    await move(order.id, 5, 6, courier.token)
    const record = (token: string) => call('cash/handovers/', token, { staff_id: courier.id, amount: order.total })
    const answers = await releasedTogetherOnPayments(t, order.id, () => [
      record(members.manager.token),
      record(members.owner.token),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const handovers = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cash.handover'), eq(auditLog.entityId, String(courier.id))))
    expect(handovers).toHaveLength(1)
  })
})

/** Backends of this test file's database waiting on a lock. */
async function lockWaiters(t: TestApi) {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}

/**
 * On PostgreSQL, holds the order's payments until every request waits on
 * them, then lets them go together; PGlite runs one transaction at a time.
 */
async function releasedTogetherOnPayments<T>(t: TestApi, orderId: number, start: () => Promise<T>[]) {
  if (t.database.kind !== 'postgres') return Promise.all(start())
  let pending: Promise<T>[] = []
  await t.database.db.transaction(async (tx) => {
    await tx.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId)).for('update')
    pending = start()
    await expect.poll(() => lockWaiters(t), { timeout: 10_000, interval: 20 }).toBe(pending.length)
  })
  return Promise.all(pending)
}

describe('the OpenAPI document', () => {
  it('lists dispatch and the cash day under the staff security scheme', async () => {
    const doc = (await t.json('openapi.json')).body
    for (const [method, path] of [
      ['get', '/admin/couriers/'],
      ['post', '/admin/orders/assign/'],
      ['get', '/admin/cash/'],
      ['post', '/admin/cash/handovers/'],
    ])
      expect(doc.paths[`/api/v1${path}`]?.[method!]?.security, `${method} ${path}`).toEqual([{ staffBearer: [] }])
  })
})
