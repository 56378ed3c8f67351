import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, products, promoCodes } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import type { PromoCode } from '#api/types.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { addToBasket, checkoutAs, stockProduct } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Promo codes in the back office: who may manage them, their
// validation, states and search, changes and pauses (audited), the usage
// list, and the checkout's rules for them: dates, total and per-customer
// limits, and a cancelled order giving its use back.

const t = setupTestApi({ products: 40 })
const staff = {} as Record<StaffRole, { id: number; token: string }>
let ids: number[] = []
let taken = 0
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
  ids = (await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id))).map((r) => r.id)
})

const admin = (path: string, init: { method?: string; body?: unknown; token?: string; lang?: string } = {}) =>
  t.json(`admin/promo/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    token: init.token ?? staff.manager.token,
    lang: init.lang ?? 'ru',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
let serial = 0
const freshCode = () => `TEST-${++serial}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
async function create(fields: Record<string, unknown> = {}) {
  const r = await admin('', { body: { code: freshCode(), percent: 10, ...fields } })
  expect(r.status).toBe(201)
  return r.body as PromoCode
}
const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString()

/** Puts a product of its own (100 000 sum) in the customer's basket and places the order with `code`. */
async function checkout(c: Customer, code: string | null, lang: 'uz' | 'sr' | 'ru' = 'ru') {
  const productId = ids[taken++]!
  await stockProduct(t, productId, 5, 100_000)
  await addToBasket(t, c, productId)
  return checkoutAs(t, c, { promo_code: code }, lang)
}
const usedCount = async (id: number) =>
  (await t.database.db.select({ n: promoCodes.usedCount }).from(promoCodes).where(eq(promoCodes.id, id)))[0]!.n
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'promo_code'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))

describe('who may manage promo codes', () => {
  it('owners and managers; content and warehouse get 403', async () => {
    const promo = await create()
    for (const role of ['content', 'warehouse'] as const) {
      const token = staff[role].token
      expect((await admin('', { token })).status).toBe(403)
      expect((await admin('', { token, body: { code: freshCode(), percent: 5 } })).status).toBe(403)
      expect((await admin(`${promo.id}/`, { token })).status).toBe(403)
      expect((await admin(`${promo.id}/`, { token, method: 'PATCH', body: { min_total: 1 } })).status).toBe(403)
      expect((await admin(`${promo.id}/pause/`, { token, method: 'POST' })).status).toBe(403)
      expect((await admin(`${promo.id}/orders/`, { token })).status).toBe(403)
    }
    for (const role of ['owner', 'manager'] as const)
      expect((await admin(`${promo.id}/`, { token: staff[role].token })).status).toBe(200)
    const list = await admin('')
    expect(list.body.cashback_rate).toBe(t.config.CASHBACK_RATE)
  })
})

describe('creating and changing codes', () => {
  it('keeps codes upper-case and unique whatever the case; audited', async () => {
    const code = freshCode()
    const r = await admin('', {
      body: { code: code.toLowerCase(), amount: 20_000, min_total: 100_000, usage_limit: 50, per_customer_limit: 1 },
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({ code, amount: 20_000, percent: null, usage_limit: 50, per_customer_limit: 1 })
    expect(r.body.state).toBe('active')
    const again = await admin('', { body: { code: code.toLowerCase(), percent: 5 } })
    expect(again.status).toBe(400)
    expect(again.body.errors).toEqual([{ field: 'code', message: `Промокод ${code} уже есть.` }])
    const [entry] = await auditOf(r.body.id)
    expect(entry).toMatchObject({ action: 'promo.create', staffId: staff.manager.id })
    expect(entry!.after).toMatchObject({ code, amount: 20_000 })
  })

  it('refuses bad input on the field to fix, in the staff member’s language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'SALE 10', percent: 5 }, 'code', 'Только латинские буквы A–Z, цифры и дефис.'],
      [{ code: 'КОД10', percent: 5 }, 'code', 'Только латинские буквы A–Z, цифры и дефис.'],
      [{ code: freshCode(), percent: 5, amount: 1000 }, 'percent', 'Укажите либо процент, либо сумму скидки.'],
      [{ code: freshCode() }, 'percent', 'Укажите либо процент, либо сумму скидки.'],
      [{ code: freshCode(), percent: 101 }, 'percent', 'Не больше 100.'],
      [
        { code: freshCode(), percent: 5, valid_from: hours(2), valid_to: hours(1) },
        'valid_to',
        'Окончание должно быть позже начала.',
      ],
    ]
    for (const [body, field, text] of cases) {
      const r = await admin('', { body })
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.errors).toContainEqual({ field, message: text })
    }
    const uz = await admin('', { body: { code: 'a b', percent: 5 }, lang: 'uz' })
    expect(uz.body.errors).toContainEqual({ field: 'code', message: 'Фақат лотин ҳарфлари A–Z, рақамлар ва чизиқча.' })
  })

  it('edits only what is sent, checks the result, and audits the difference; pause and resume', async () => {
    const promo = await create({ usage_limit: 10 })
    const edit = await admin(`${promo.id}/`, {
      method: 'PATCH',
      body: { percent: null, amount: 5_000, min_total: 50_000 },
    })
    expect(edit.status).toBe(200)
    expect(edit.body).toMatchObject({ percent: null, amount: 5_000, min_total: 50_000, usage_limit: 10 })
    const both = await admin(`${promo.id}/`, { method: 'PATCH', body: { percent: 10 } })
    expect(both.status).toBe(400)
    expect(both.body.errors[0].field).toBe('percent')
    const dates = await admin(`${promo.id}/`, { method: 'PATCH', body: { valid_from: hours(5), valid_to: hours(1) } })
    expect(dates.body.errors[0].field).toBe('valid_to')

    const paused = await admin(`${promo.id}/pause/`, { method: 'POST' })
    expect(paused.body).toMatchObject({ active: false, state: 'paused' })
    expect((await admin(`${promo.id}/pause/`, { method: 'POST' })).status).toBe(200)
    const resumed = await admin(`${promo.id}/resume/`, { method: 'POST', token: staff.owner.token })
    expect(resumed.body.state).toBe('active')

    const audit = await auditOf(promo.id)
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['promo.create', null, expect.objectContaining({ percent: 10 })],
      [
        'promo.update',
        { percent: 10, amount: null, min_total: 0 },
        { percent: null, amount: 5_000, min_total: 50_000 },
      ],
      ['promo.pause', { active: true }, { active: false }],
      ['promo.resume', { active: false }, { active: true }],
    ])
    expect((await admin('999999/', {})).status).toBe(404)
  })

  it('lists by state and finds by part of the code', async () => {
    const tag = `ST${Date.now().toString(36).toUpperCase()}`
    const made = {
      active: await create({ code: `${tag}-A` }),
      scheduled: await create({ code: `${tag}-S`, valid_from: hours(24) }),
      expired: await create({ code: `${tag}-E`, valid_from: hours(-48), valid_to: hours(-24) }),
      paused: await create({ code: `${tag}-P`, active: false }),
      used_up: await create({ code: `${tag}-U`, usage_limit: 1 }),
    }
    await t.database.db.update(promoCodes).set({ usedCount: 1 }).where(eq(promoCodes.id, made.used_up.id))
    const all = await admin(`?q=${tag.toLowerCase()}&size=50`)
    expect(all.body.total).toBe(5)
    for (const [state, promo] of Object.entries(made)) {
      const r = await admin(`?q=${tag}&state=${state}`)
      expect(r.body.results.map((p: { id: number; state: string }) => [p.id, p.state])).toEqual([[promo.id, state]])
    }
  })
})

describe('the checkout’s rules', () => {
  it('dates: not before its start, not after its end; paused codes do not exist for shoppers', async () => {
    const customer = await registerCustomer(t)
    const later = await create({ valid_from: hours(1) })
    const over = await create({ valid_to: hours(-1), valid_from: hours(-5) })
    const paused = await create({ active: false })
    for (const code of [later.code, over.code, paused.code]) {
      const r = await checkout(customer, code)
      expect(r.status).toBe(400)
      expect(r.body.errors).toEqual([{ field: 'promo_code', message: 'Такого промокода не существует.' }])
    }
  })

  it('per customer: refused once used up, in their language; a cancelled order gives the use back', async () => {
    const promo = await create({ per_customer_limit: 1, usage_limit: 10 })
    const customer = await registerCustomer(t)
    const first = await checkout(customer, promo.code.toLowerCase())
    expect(first.status).toBe(201)
    expect(first.body.discount).toBe(10_000)
    const second = await checkout(customer, promo.code, 'uz')
    expect(second.status).toBe(400)
    expect(second.body.errors).toEqual([
      { field: 'promo_code', message: 'Сиз бу промокоддан рухсат этилганча фойдаланиб бўлгансиз.' },
    ])
    // The checkout's preview tells them before they place the order.
    const preview = await t.json('orders/preview/', {
      method: 'POST',
      token: customer.access,
      lang: 'ru',
      body: JSON.stringify({ region: '1703', promo_code: promo.code }),
    })
    expect(preview.status).toBe(400)
    expect(preview.body.errors[0].message).toBe('Вы уже использовали этот промокод столько раз, сколько можно.')
    // Another customer still may.
    expect((await checkout(await registerCustomer(t), promo.code)).status).toBe(201)
    expect(await usedCount(promo.id)).toBe(2)
    const below = await admin(`${promo.id}/`, { method: 'PATCH', body: { usage_limit: 1 } })
    expect(below.status).toBe(400)
    expect(below.body.errors).toEqual([
      { field: 'usage_limit', message: 'Промокод уже использован 2 раз: лимит не может быть меньше.' },
    ])

    const cancel = await t.json(`orders/${first.body.id}/cancel/`, {
      method: 'POST',
      token: customer.access,
      body: '{}',
    })
    expect(cancel.status).toBe(200)
    expect(await usedCount(promo.id)).toBe(1)
    // The refused checkout's product is still in the basket: two now, 10 % of 200 000.
    const again = await checkout(customer, promo.code)
    expect(again.status).toBe(201)
    expect(again.body).toMatchObject({ subtotal: 200_000, discount: 20_000 })
  })

  it('total uses: the last one goes, then refused; cancelling frees it; the usage list names the orders', async () => {
    const promo = await create({ usage_limit: 1, amount: 7_000, percent: null })
    const [a, b] = [await registerCustomer(t), await registerCustomer(t)]
    const used = await checkout(a, promo.code)
    expect(used.status).toBe(201)
    const refused = await checkout(b, promo.code)
    expect(refused.status).toBe(400)
    expect(refused.body.errors).toEqual([{ field: 'promo_code', message: 'Промокод больше не действует.' }])
    expect((await admin(`${promo.id}/`)).body).toMatchObject({ state: 'used_up', used_count: 1 })
    expect((await admin(`${promo.id}/`, { method: 'PATCH', body: { usage_limit: null } })).status).toBe(200)
    expect((await admin(`${promo.id}/`, { method: 'PATCH', body: { usage_limit: 1 } })).status).toBe(200)

    const cancel = await t.json(`orders/${used.body.id}/cancel/`, { method: 'POST', token: a.access, body: '{}' })
    expect(cancel.status).toBe(200)
    const later = await checkout(b, promo.code)
    expect(later.status).toBe(201)
    expect(later.body.discount).toBe(7_000)

    const usage = await admin(`${promo.id}/orders/`, { token: staff.owner.token })
    expect(usage.status).toBe(200)
    expect(
      usage.body.results.map(
        (u: { order_id: unknown; status: unknown; discount: unknown; customer: { phone: unknown } }) => [
          u.order_id,
          u.status,
          u.discount,
          u.customer.phone,
        ],
      ),
    ).toEqual([
      [later.body.id, 3, 7_000, b.phone],
      [used.body.id, 2, 7_000, a.phone],
    ])
  })
})
