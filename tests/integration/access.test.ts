import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { asc, eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { products, users } from '#api/db/schema/index.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { fillPath, loadOperations, type Operation, tableChecksums } from './support/openapi.ts'
import { addToBasket, checkoutAs, stockProduct } from './support/orders.ts'

// Who may call what: every operation the OpenAPI document marks as needing a
// customer refuses a visitor and a bad token; one customer cannot reach
// another's orders, payments, cards or profile through any id.

const t = setupTestApi({ products: 20 })
const config = parseConfig({ SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/atir-unused' })

let operations: Operation[] = []
let alice: Customer
let expired: string
beforeAll(async () => {
  operations = await loadOperations(t)
  alice = await registerCustomer(t)
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.phone, alice.phone))
  // A real session of a real customer, but its access token expired a day ago.
  // Imported late: api/ modules expect app.ts to have extended zod first.
  const { createTokens } = await import('#api/auth/tokens.ts')
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000)
  expired = (await createTokens({ db: t.database.db, config, now: () => dayAgo }).open(user!.id)).access
})

const unsigned = (payload: object) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`

describe('operations that need a customer', () => {
  it('are marked in the OpenAPI document', () => {
    const secured = operations.filter((op) => op.secured).map((op) => `${op.method} ${op.path}`)
    expect(secured).toEqual(expect.arrayContaining(['GET orders/', 'GET cards/', 'GET account/', 'PATCH account/']))
  })

  it('answer 401 {detail} without a token, with garbage, a foreign signature, alg none and an expired token', async () => {
    const otherKey = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('atir')
      .setAudience('atir-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'))
    const tokens: (string | undefined)[] = [
      undefined,
      'garbage',
      'a.b.c',
      otherKey,
      unsigned({ sub: '1', sid: 'x', iss: 'atir', aud: 'atir-api' }),
      expired,
    ]
    const secured = operations.filter((op) => op.secured)
    expect(secured.length).toBeGreaterThan(15)
    for (const op of secured) {
      for (const token of tokens) {
        const headers = new Headers()
        if (op.bodyType === 'application/json') headers.set('Content-Type', 'application/json')
        const response = await t.request(fillPath(op.path, {}), {
          method: op.method,
          token,
          headers,
          body: op.method === 'GET' || op.method === 'DELETE' ? undefined : '{}',
        })
        const where = `${op.method} ${op.path} with ${token === expired ? 'an expired token' : (token ?? 'no token')}`
        expect(response.status, where).toBe(401)
        expect((await response.json()).detail, where).toBeTruthy()
      }
    }
  })

  it('the staff status change is refused without the staff token', async () => {
    const r = await t.json('orders/1/status/', {
      method: 'PATCH',
      body: JSON.stringify({ status: 4 }),
      token: alice.access,
    })
    expect([401, 403, 404]).toContain(r.status)
  })
})

describe('one customer and another', () => {
  let bob: Customer
  const ids = { order: 0, payment: '', card: 0 }
  const rateTables: string[] = []

  beforeAll(async () => {
    bob = await registerCustomer(t)
    const [product] = await t.database.db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(1)
    await stockProduct(t, product!.id, 50, 100_000)
    await addToBasket(t, alice, product!.id)
    const order = await checkoutAs(t, alice, {
      address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '12', flat: '4' },
      payment_method: 'card',
    })
    expect(order.status).toBe(201)
    ids.order = order.body.id
    const start = await t.json(`payments/${ids.order}/start/`, { method: 'POST', token: alice.access })
    expect(start.status).toBe(200)
    ids.payment = String(start.body.payment_id)
    const next = new Date()
    const expiry = `${String(next.getMonth() + 1).padStart(2, '0')}/${String((next.getFullYear() + 1) % 100).padStart(2, '0')}`
    const card = await t.json('cards/', {
      method: 'POST',
      token: alice.access,
      body: JSON.stringify({ number: '8600 1234 5678 9012', expiry }),
    })
    expect(card.status).toBe(201)
    ids.card = card.body.card_id
    const code = readFileSync(join(t.dataDir, 'sms-outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; text: string })
      .findLast((m) => m.to === alice.phone && m.text.includes('****'))!
      .text.match(/\b(\d{6})$/)![1]
    expect(
      (
        await t.json(`cards/${ids.card}/verify/`, {
          method: 'POST',
          token: alice.access,
          body: JSON.stringify({ code }),
        })
      ).status,
    ).toBe(200)
    const profile = await t.json('account/', {
      method: 'PATCH',
      token: alice.access,
      body: JSON.stringify({ full_name: 'Alice Aliyeva' }),
    })
    expect(profile.status).toBe(200)
  })

  it("cannot read or change the other's order, payment or card by id: 404/403, and nothing changes", async () => {
    const before = await tableChecksums(t, rateTables)
    const attempts: [string, string, unknown?][] = [
      ['GET', `orders/${ids.order}/`],
      ['POST', `orders/${ids.order}/cancel/`],
      ['POST', `payments/${ids.order}/start/`],
      ['GET', `payments/sandbox/${ids.payment}/`],
      ['POST', `payments/sandbox/${ids.payment}/complete/`, { approve: true }],
      ['GET', `cards/${ids.card}/`],
      ['POST', `cards/${ids.card}/verify/`, { code: '123456' }],
      ['DELETE', `cards/${ids.card}/`],
    ]
    for (const [method, path, body] of attempts) {
      const r = await t.json(path, {
        method,
        token: bob.access,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      expect([403, 404], `${method} ${path} as another customer → ${r.status}`).toContain(r.status)
      expect(r.body.detail).toBeTruthy()
    }
    expect(await tableChecksums(t, rateTables)).toEqual(before)
  })

  it("does not list the other's orders, cards or profile", async () => {
    const orders = await t.json('orders/', { token: bob.access })
    expect(orders.status).toBe(200)
    expect(JSON.stringify(orders.body)).not.toContain(`"id":${ids.order},`)
    expect(orders.body.results ?? orders.body).toHaveLength(0)
    const cards = await t.json('cards/', { token: bob.access })
    expect(JSON.stringify(cards.body)).not.toContain('9012')
    const me = await t.json('account/', { token: bob.access })
    expect(me.body.phone).not.toBe(alice.phone)
    expect(JSON.stringify(me.body)).not.toContain('Alice')
  })

  it("changing one's own profile leaves the other's as it was; the owner still sees everything", async () => {
    const renamed = await t.json('account/', {
      method: 'PATCH',
      token: bob.access,
      body: JSON.stringify({ full_name: 'Bob Bobov' }),
    })
    expect(renamed.status).toBe(200)
    const me = await t.json('account/', { token: alice.access })
    expect(me.body.full_name).toBe('Alice Aliyeva')
    expect((await t.json(`orders/${ids.order}/`, { token: alice.access })).body).toMatchObject({
      id: ids.order,
      status: 1,
    })
    expect((await t.json(`cards/${ids.card}/`, { token: alice.access })).status).toBe(200)
    expect((await t.json(`payments/sandbox/${ids.payment}/`, { token: alice.access })).body.status).toBe('pending')
  })
})
