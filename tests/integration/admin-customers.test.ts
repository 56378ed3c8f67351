import { and, asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { listCustomers } from '#api/admin/customers/service.ts'
import { maskPhone } from '#api/admin/orders/phones.ts'
import { auditLog, users } from '#api/db/schema/index.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { authLimits } from '#contract/auth-limits.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, lastSmsCode, registerCustomer } from './support/customer.ts'
import { orderMaker } from './support/orders.ts'
import { clockedAdminApi, signedInStaff } from './support/staff.ts'

// The customers' part of the back office: search, the customer
// page, blocking (a blocked customer is refused everywhere, told why in
// their language with the shop's phone) and manual cashback adjustments
// that the customer reads in their balance history.

const t = setupTestApi({ products: 30 })
const orders = orderMaker(t)

const staff = {} as Record<StaffRole, { id: number; token: string }>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
})

const get = (path: string, token: string, lang = 'ru') => t.json(`admin/customers/${path}`, { token, lang })
const post = (path: string, body: unknown, token: string, lang = 'ru') =>
  t.json(`admin/customers/${path}`, { method: 'POST', token, lang, body: JSON.stringify(body) })
const idOf = async (c: Customer) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, c.phone)))[0]!.id
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))
const login = (c: Customer, lang = 'ru') =>
  t.json('auth/login/', { method: 'POST', lang, body: JSON.stringify({ phone: c.phone, password: c.password }) })

const blockedRu = 'Ваш аккаунт заблокирован. Свяжитесь с магазином: +998 71 202 47 47.'
const blockedUz = 'Аккаунтингиз блокланган. Дўкон билан боғланинг: +998 71 202 47 47.'
const blockedSr = 'Akkauntingiz bloklangan. Doʻkon bilan bogʻlaning: +998 71 202 47 47.'

describe('who may see and change customers', () => {
  it('owners and managers; content and warehouse get 403 everywhere', async () => {
    const customer = await registerCustomer(t)
    const id = await idOf(customer)
    for (const role of ['content', 'warehouse'] as const) {
      const token = staff[role].token
      expect((await get('', token)).status).toBe(403)
      expect((await get(`${id}/`, token)).status).toBe(403)
      expect((await post(`${id}/block/`, { reason: 'x' }, token)).status).toBe(403)
      expect((await post(`${id}/cashback/`, { amount: 100, reason: 'x' }, token)).status).toBe(403)
    }
    for (const role of ['owner', 'manager'] as const) {
      expect((await get('', staff[role].token)).status).toBe(200)
      const page = await get(`${id}/`, staff[role].token)
      expect(page.status).toBe(200)
      expect(page.body.phone).toBe(customer.phone)
      expect(page.body.phones_masked).toBe(false)
    }
    expect((await t.json('admin/customers/')).status).toBe(401)
  })

  it('a viewer without customers.phone gets phones masked', async () => {
    const customer = await registerCustomer(t)
    const { results } = await listCustomers(t.database.db, { q: customer.phone }, { page: 1, size: 10 }, maskPhone)
    expect(results).toHaveLength(1)
    expect(results[0]!.phone).toBe(`+998 ${customer.phone.slice(4, 6)} *** ** ${customer.phone.slice(-2)}`)
  })
})

describe('search and the customer page', () => {
  it('finds by phone in any format (4+ digits) and by name', async () => {
    const customer = await registerCustomer(t)
    const id = await idOf(customer)
    await t.database.db.update(users).set({ fullName: 'Zarina Tolibova' }).where(eq(users.id, id))
    const d = customer.phone.slice(4) // 93 + 7 digits
    const spaced = `(${d.slice(0, 2)}) ${d.slice(2, 5)}-${d.slice(5, 7)}-${d.slice(7)}`
    for (const q of [customer.phone, spaced, d.slice(-4), 'tolibova', 'Zarina']) {
      const found = await get(`?q=${encodeURIComponent(q)}`, staff.manager.token)
      expect(found.status).toBe(200)
      expect(found.body.results.map((r: { id: number }) => r.id)).toContain(id)
    }
    // Three digits are not a phone search (and match no name).
    const few = await get(`?q=${d.slice(-3)}`, staff.manager.token)
    expect(few.body.results.map((r: { id: number }) => r.id)).not.toContain(id)
  })

  it('shows orders, balance history, saved-card count and reviews; unknown ids are 404', async () => {
    const customer = await registerCustomer(t)
    const id = await idOf(customer)
    const before = await get(`?q=${encodeURIComponent(customer.phone)}`, staff.owner.token)
    expect(before.body.results).toMatchObject([{ id, orders_count: 0 }])
    const { order } = await orders.place({ as: customer, method: 'cash' })
    const page = await get(`${id}/`, staff.owner.token)
    expect(page.body).toMatchObject({
      id,
      name: 'Dilnoza Karimova',
      orders_count: 1,
      saved_cards: 0,
      blocked: null,
      orders: { total: 1, results: [{ id: order.id, number: order.number, total: order.total }] },
      cashback: { total: 0, results: [] },
      reviews: { total: 0, results: [] },
    })
    expect((await get('999999/', staff.owner.token)).status).toBe(404)
  })
})

describe('blocking', () => {
  it('refuses sign-in, the session in use, refresh and a reset code, in the customer’s language; unblocking lets them in', async () => {
    const customer = await registerCustomer(t)
    const id = await idOf(customer)
    const blocked = await post(`${id}/block/`, { reason: 'Fake orders' }, staff.manager.token)
    expect(blocked.status).toBe(200)
    expect(blocked.body.blocked).toMatchObject({ reason: 'Fake orders' })

    // The session in use: its next call is refused, saying why.
    const me = await t.json('account/', { token: customer.access, lang: 'sr' })
    expect(me.status).toBe(401)
    expect(me.body.detail).toBe(blockedSr)
    const refresh = await t.json('auth/token/refresh/', {
      method: 'POST',
      lang: 'uz',
      body: JSON.stringify({ refresh: customer.refresh }),
    })
    expect(refresh.status).toBe(401)
    expect(refresh.body.detail).toBe(blockedUz)
    const order = await t.json('orders/', { method: 'POST', token: customer.access, body: '{}' })
    expect(order.status).toBe(401)

    // A wrong password stays a wrong password; the right one learns why.
    const wrong = await t.json('auth/login/', {
      method: 'POST',
      lang: 'ru',
      body: JSON.stringify({ phone: customer.phone, password: 'not-it-123' }),
    })
    expect(wrong.status).toBe(400)
    const signIn = await login(customer)
    expect(signIn.status).toBe(403)
    expect(signIn.body.detail).toBe(blockedRu)
    expect((await login(customer, 'uz')).body.detail).toBe(blockedUz)

    // The SMS reset (past the registration code's resend pause): the code proves the phone, then the refusal.
    const later = clockedAdminApi(t)
    later.advance(authLimits.codeResendAfter + 60)
    const codeBefore = lastSmsCode(t, customer.phone)
    const reset = await later.call('account/password-reset/', { body: { phone: customer.phone } })
    expect(reset.status).toBe(200)
    await expect.poll(() => lastSmsCode(t, customer.phone)).not.toBe(codeBefore)
    const verify = await later.call('account/password-reset/verify/', {
      lang: 'ru',
      body: { signature: reset.body.signature, code: lastSmsCode(t, customer.phone) },
    })
    expect(verify.status).toBe(403)
    expect(verify.body.detail).toBe(blockedRu)

    expect((await post(`${id}/block/`, { reason: 'again' }, staff.manager.token)).status).toBe(409)
    const unblocked = await post(`${id}/unblock/`, { reason: 'Sorted out by phone' }, staff.owner.token)
    expect(unblocked.status).toBe(200)
    expect(unblocked.body.blocked).toBeNull()
    const again = await login(customer)
    expect(again.status).toBe(200)
    expect((await t.json('account/', { token: again.body.access })).status).toBe(200)
    expect((await post(`${id}/unblock/`, { reason: 'x' }, staff.owner.token)).status).toBe(409)

    const audit = await auditOf(id)
    expect(audit.map((a) => [a.action, a.staffId, a.after])).toEqual([
      ['customer.block', staff.manager.id, { blocked: true, reason: 'Fake orders' }],
      ['customer.unblock', staff.owner.id, { blocked: false, reason: 'Sorted out by phone' }],
    ])
  })

  it('a reason is required', async () => {
    const id = await idOf(await registerCustomer(t))
    const r = await post(`${id}/block/`, { reason: '  ' }, staff.manager.token)
    expect(r.status).toBe(400)
    expect(r.body.errors[0].field).toBe('reason')
    expect(await auditOf(id)).toEqual([])
  })
})

describe('cashback adjustments', () => {
  it('credit and debit with a reason the customer reads in their balance history; never below 0', async () => {
    const customer = await registerCustomer(t)
    const id = await idOf(customer)
    const credit = await post(
      `${id}/cashback/`,
      { amount: 15_000, reason: 'Sorry for the late delivery' },
      staff.owner.token,
    )
    expect(credit.status).toBe(200)
    expect(credit.body.cashback_balance).toBe(15_000)
    const debit = await post(
      `${id}/cashback/`,
      { amount: -5_000, reason: 'Credited twice by mistake' },
      staff.owner.token,
    )
    expect(debit.body.cashback_balance).toBe(10_000)

    const below = await post(`${id}/cashback/`, { amount: -10_001, reason: 'too much' }, staff.owner.token)
    expect(below.status).toBe(400)
    expect(below.body.errors).toEqual([
      { field: 'amount', message: 'Баланс не может стать меньше нуля: сейчас на нём 10000 сум.' },
    ])
    const zero = await post(`${id}/cashback/`, { amount: 0, reason: 'nothing' }, staff.owner.token)
    expect(zero.status).toBe(400)

    const history = await t.json('account/cashback/', { token: customer.access })
    expect(history.body.balance).toBe(10_000)
    expect(history.body.results.map((e: Record<string, unknown>) => [e.reason, e.amount, e.note])).toEqual([
      ['adjustment', -5_000, 'Credited twice by mistake'],
      ['adjustment', 15_000, 'Sorry for the late delivery'],
    ])
    const audit = await auditOf(id)
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      [
        'cashback.adjust',
        { cashback_balance: 0 },
        { cashback_balance: 15_000, amount: 15_000, reason: 'Sorry for the late delivery' },
      ],
      [
        'cashback.adjust',
        { cashback_balance: 15_000 },
        { cashback_balance: 10_000, amount: -5_000, reason: 'Credited twice by mistake' },
      ],
    ])
    // An adjustment is at most what one order may cost, either way; the balance may grow past 32-bit integers.
    const huge = await post(`${id}/cashback/`, { amount: 2_147_483_647, reason: 'typo' }, staff.owner.token)
    expect(huge.status).toBe(400)
    expect(huge.body.errors).toEqual([{ field: 'amount', message: 'Не больше 1000000000.' }])
    for (let i = 1; i <= 3; i++) {
      const big = await post(`${id}/cashback/`, { amount: 1_000_000_000, reason: 'Gift' }, staff.owner.token)
      expect(big.status, JSON.stringify(big.body)).toBe(200)
      expect(big.body.cashback_balance).toBe(10_000 + i * 1_000_000_000)
    }
    expect((await t.json('account/cashback/', { token: customer.access })).body.balance).toBe(3_000_010_000)
    expect((await post(`${id}/cashback/`, { amount: -1_000_000_000, reason: 'Back' }, staff.owner.token)).status).toBe(
      200,
    )
    // Managers have no promo.write? They do: the promotions are theirs too.
    expect((await post(`${id}/cashback/`, { amount: 1, reason: 'r' }, staff.manager.token)).status).toBe(200)
  })
})
