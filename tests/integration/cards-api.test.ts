import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import type { AuthTokens } from '#api/types.ts'
import { logText } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, deleteAccount, registerCustomer } from './support/customer.ts'

// The saved-card endpoints (api/cards) with the sandbox provider: the code
// goes through the log SMS provider into DATA_DIR/sms-outbox.jsonl.
const t = setupTestApi({ products: 20 })

const NUMBER = '8600069195406311'
const SPACED = '8600 0691 9540 6311'

/** Everything printed while the file runs, to prove the card number never reaches a log. */
const printed: string[] = []
beforeAll(() => {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[level].bind(console)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '))
      if (level === 'error') original(...args)
    })
  }
})
afterAll(() => vi.restoreAllMocks())

function expiryIn(monthsAhead: number, from = new Date()) {
  const index = from.getFullYear() * 12 + from.getMonth() + monthsAhead
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
}
const NEXT_YEAR = expiryIn(12)

function outbox(): { to: string; text: string }[] {
  try {
    return readFileSync(join(t.dataDir, 'sms-outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
  } catch {
    return []
  }
}
const lastCardCode = (phone: string) => {
  const sms = outbox().findLast((m) => m.to === phone && m.text.includes('****'))
  if (!sms) throw new Error(`no card code to ${phone}`)
  return /\b(\d{6})$/.exec(sms.text)![1]!
}

const add = (customer: Customer, body: unknown, lang?: string) =>
  t.json('cards/', { method: 'POST', body: JSON.stringify(body), token: customer.access, lang })
const verify = (customer: Customer, id: number, code: string) =>
  t.json(`cards/${id}/verify/`, { method: 'POST', body: JSON.stringify({ code }), token: customer.access })
const list = (customer: Customer) => t.json('cards/', { token: customer.access })

/** Adds and confirms a card; returns its id. */
async function saveCard(customer: Customer, number = SPACED, expiry = NEXT_YEAR) {
  const added = await add(customer, { number, expiry })
  expect(added.status).toBe(201)
  const done = await verify(customer, added.body.card_id, lastCardCode(customer.phone))
  expect(done.status).toBe(200)
  return added.body.card_id as number
}

describe('deleting the account', () => {
  it("removes the customer's saved cards, verified or not, and no one else's", async () => {
    const leaving = await registerCustomer(t)
    const staying = await registerCustomer(t)
    await saveCard(leaving)
    expect((await add(leaving, { number: '9860 1234 5678 9012', expiry: NEXT_YEAR })).status).toBe(201)
    await saveCard(staying)
    const cardsOf = async (id: number) =>
      (await t.database.db.execute(
        sql`select count(*)::int as n from saved_cards where user_id = ${id}`,
      )) as unknown as {
        rows: { n: number }[]
      }
    const leavingId = (await t.json('account/', { token: leaving.access })).body.id
    expect((await cardsOf(leavingId)).rows[0]!.n).toBe(2)

    expect((await deleteAccount(t, leaving)).status).toBe(200)
    expect((await cardsOf(leavingId)).rows[0]!.n).toBe(0)
    expect((await list(staying)).body).toHaveLength(1)
  })
})

describe('saved cards API', () => {
  let alice: Customer
  let bob: Customer
  beforeAll(async () => {
    alice = await registerCustomer(t)
    bob = await registerCustomer(t)
  })

  it('asks for a signed-in customer', async () => {
    expect((await t.json('cards/')).status).toBe(401)
    expect((await t.json('cards/', { method: 'POST', body: '{}' })).status).toBe(401)
    expect((await t.json('cards/1/verify/', { method: 'POST', body: '{"code":"123456"}' })).status).toBe(401)
    expect((await t.request('cards/1/', { method: 'DELETE' })).status).toBe(401)
  })

  it('adds a card: code by SMS to the customer, then listed masked with expiry and system', async () => {
    const added = await add(alice, { number: SPACED, expiry: NEXT_YEAR })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({
      masked_number: '8600 **** **** 6311',
      expiry: NEXT_YEAR,
      system: 'uzcard',
      verified: false,
      code_ttl: 300,
    })
    expect(added.body.phone).toMatch(/^\+998 \d\d \*\*\* \*\* \d\d$/)
    expect(added.body.phone.slice(-2)).toBe(alice.phone.slice(-2))
    expect(added.body).not.toHaveProperty('token')
    // Not listed before the code.
    expect((await list(alice)).body).toEqual([])
    const pending = await t.json(`cards/${added.body.card_id}/`, { token: alice.access })
    expect(pending.body).toMatchObject({ verified: false, phone: added.body.phone })
    const sms = outbox().findLast((m) => m.to === alice.phone)!
    expect(sms.text).toContain('8600 **** **** 6311')
    const done = await verify(alice, added.body.card_id, lastCardCode(alice.phone))
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ id: added.body.card_id, verified: true })
    const cards = await list(alice)
    expect(cards.status).toBe(200)
    expect(cards.headers.get('cache-control')).toContain('no-store')
    expect(cards.body).toEqual([
      {
        id: added.body.card_id,
        masked_number: '8600 **** **** 6311',
        expiry: NEXT_YEAR,
        system: 'uzcard',
        verified: true,
        phone: null,
        created_at: expect.any(String),
      },
    ])
    // Verifying again answers the card as it is.
    expect((await verify(alice, added.body.card_id, '000000')).status).toBe(200)
  })

  it('refuses the same card twice with 409, before sending a code', async () => {
    const before = outbox().length
    const again = await add(alice, { number: NUMBER, expiry: NEXT_YEAR })
    expect(again.status).toBe(409)
    expect(again.body.errors).toEqual([{ field: 'number', message: again.body.detail }])
    expect(outbox().length).toBe(before)
    // Another customer may save the same card.
    await saveCard(bob, NUMBER)
    expect((await list(bob)).body).toHaveLength(1)
  })

  it('recognises the payment system by prefix and refuses unknown prefixes', async () => {
    const systems: [string, string][] = [
      ['5614 0000 0000 0001', 'uzcard'],
      ['9860 0000 0000 0002', 'humo'],
      ['5440 0000 0000 0003', 'mastercard'],
      ['4200 0000 0000 0004', 'visa'],
    ]
    for (const [number, system] of systems) {
      const added = await add(bob, { number, expiry: NEXT_YEAR })
      expect(added.status, number).toBe(201)
      expect(added.body.system).toBe(system)
      expect(added.body.masked_number).toBe(`${number.slice(0, 4)} **** **** ${number.slice(-4)}`)
    }
    const unknown = await add(bob, { number: '1234 5678 9012 3456', expiry: NEXT_YEAR }, 'ru')
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors).toEqual([
      { field: 'number', message: 'Принимаются карты Uzcard, Humo, Visa и Mastercard.' },
    ])
    for (const number of ['8600 0691 9540 631', '8600069195406311999', '8600-0691-9540-631x', '']) {
      const bad = await add(bob, { number, expiry: NEXT_YEAR }, 'ru')
      expect(bad.status, number).toBe(400)
      expect(bad.body.errors[0]).toEqual({ field: 'number', message: 'Введите номер карты из 16 цифр.' })
    }
    const missing = await add(bob, { expiry: NEXT_YEAR })
    expect(missing.status).toBe(400)
    expect(missing.body.errors[0].field).toBe('number')
  })

  it('checks the expiry: month 13, last month, this month, 5 and 6 years ahead', async () => {
    const now = new Date()
    const year = now.getFullYear() % 100
    const cases: [string, number, string | null][] = [
      [`13/${year + 1}`, 400, 'Срок действия в формате ММ/ГГ.'],
      [`00/${year + 1}`, 400, 'Срок действия в формате ММ/ГГ.'],
      ['1/30', 400, 'Срок действия в формате ММ/ГГ.'],
      [expiryIn(-1), 400, 'Срок действия карты истёк.'],
      [expiryIn(0), 201, null],
      [`12/${year + 5}`, 201, null],
      [`01/${year + 6}`, 400, 'Срок действия не может быть больше 5 лет вперёд.'],
      [`12/${year + 6}`, 400, 'Срок действия не может быть больше 5 лет вперёд.'],
    ]
    let n = 0
    for (const [expiry, status, text] of cases) {
      const number = `9860 1111 2222 ${String(1000 + n++)}`
      const answer = await add(bob, { number, expiry }, 'ru')
      expect(answer.status, expiry).toBe(status)
      if (text) expect(answer.body.errors).toEqual([{ field: 'expiry', message: text }])
      else expect(answer.body.expiry).toBe(expiry)
    }
    // MMYY without the slash is read as MM/YY.
    const compact = await add(bob, { number: '9860 1111 2222 9999', expiry: expiryIn(2).replace('/', '') })
    expect(compact.status).toBe(201)
    expect(compact.body.expiry).toBe(expiryIn(2))
  })

  it('answers field errors in the customer language and refuses unknown fields', async () => {
    const uz = await add(bob, { number: '1', expiry: '99/99' }, 'uz')
    expect(uz.status).toBe(400)
    expect(uz.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'number', message: '16 рақамли карта рақамини киритинг.' },
        { field: 'expiry', message: 'Амал қилиш муддати ОО/ЙЙ шаклида.' },
      ]),
    )
    const extra = await add(bob, { number: SPACED, expiry: NEXT_YEAR, cvv: '123' })
    expect(extra.status).toBe(400)
  })

  it('counts wrong codes: 4 left … then no tries left (429), and the card is not listed', async () => {
    const added = await add(alice, { number: '4200 1234 5678 0001', expiry: NEXT_YEAR }, 'ru')
    expect(added.status).toBe(201)
    const right = lastCardCode(alice.phone)
    const wrong = right === '000000' ? '111111' : '000000'
    for (let left = 4; left >= 1; left--) {
      const answer = await verify(alice, added.body.card_id, wrong)
      expect(answer.status).toBe(400)
      expect(answer.body.errors).toEqual([{ field: 'code', message: `Неверный код. Осталось попыток: ${left}.` }])
    }
    const fifth = await verify(alice, added.body.card_id, wrong)
    expect(fifth.status).toBe(429)
    // Even the right code is refused now.
    const late = await verify(alice, added.body.card_id, right)
    expect(late.status).toBe(429)
    expect((await list(alice)).body.map((c: { id: number }) => c.id)).not.toContain(added.body.card_id)
    const malformed = await verify(alice, added.body.card_id, '12ab')
    expect(malformed.status).toBe(400)
    expect(malformed.body.errors[0].field).toBe('code')
  })

  it("keeps customers apart: another customer's card is a 404 for every call", async () => {
    const aliceCard = (await list(alice)).body[0].id as number
    expect((await t.json(`cards/${aliceCard}/`, { token: bob.access })).status).toBe(404)
    expect((await verify(bob, aliceCard, '123456')).status).toBe(404)
    const removed = await t.json(`cards/${aliceCard}/`, { method: 'DELETE', token: bob.access })
    expect(removed.status).toBe(404)
    expect((await list(alice)).body.map((c: { id: number }) => c.id)).toContain(aliceCard)
    expect((await list(bob)).body.map((c: { id: number }) => c.id)).not.toContain(aliceCard)
    expect((await t.json('cards/999999/', { token: alice.access })).status).toBe(404)
    expect((await t.json('cards/abc/', { token: alice.access })).status).toBe(400)
  })

  it('removes a card, which may then be saved again', async () => {
    const id = (await list(alice)).body.find((c: { masked_number: string }) => c.masked_number.endsWith('6311')).id
    const removed = await t.request(`cards/${id}/`, { method: 'DELETE', token: alice.access })
    expect(removed.status).toBe(204)
    expect((await list(alice)).body.map((c: { id: number }) => c.id)).not.toContain(id)
    expect((await t.request(`cards/${id}/`, { method: 'DELETE', token: alice.access })).status).toBe(404)
    const again = await saveCard(alice)
    expect((await list(alice)).body.map((c: { id: number }) => c.id)).toContain(again)
  })

  it('never stores or logs the full number', async () => {
    const numbers = [NUMBER, '5614000000000001', '9860000000000002', '4200123456780001']
    // Every row of every table of the shop, as text.
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] }
    expect(tables.rows.map((r) => r.table_name)).toContain('saved_cards')
    let dump = ''
    for (const { table_name } of tables.rows) {
      const rows = (await t.database.db.execute(
        sql.raw(`select row_to_json(x)::text as j from "${table_name}" x`),
      )) as unknown as { rows: { j: string }[] }
      dump += rows.rows.map((r) => r.j).join('\n')
    }
    expect(dump).toContain('8600 **** **** 6311')
    const sms = readFileSync(join(t.dataDir, 'sms-outbox.jsonl'), 'utf8')
    const logs = `${printed.join('\n')}\n${logText()}`
    // The log SMS provider logged the card messages (not their text): the capture works.
    expect(logs).toContain('sms: written to the outbox')
    for (const number of numbers) {
      for (const [where, text] of [
        ['database', dump],
        ['sms outbox', sms],
        ['console', logs],
      ] as const) {
        expect(text.includes(number), `${number} in ${where}`).toBe(false)
        expect(text.includes(number.replace(/(\d{4})(?=\d)/g, '$1 ')), `${number} spaced in ${where}`).toBe(false)
      }
    }
  })
})

describe('saved card codes over time', () => {
  let clock = new Date()
  let api: ReturnType<typeof createApi>
  let carol: Customer
  beforeAll(async () => {
    const config = parseConfig({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
    api = createApi({ database: t.database, config, now: () => clock })
    carol = await registerCustomer(t)
  })
  const call = async (path: string, body: unknown) => {
    const response = await api.fetch(
      new Request(`http://shop.test/api/v1/${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${carol.access}`,
          'Accept-Language': 'ru',
        },
      }),
    )
    return { status: response.status, body: await response.json() }
  }

  it('expires a code after 5 minutes', async () => {
    clock = new Date()
    const added = await call('cards/', { number: '5440 0000 1111 2222', expiry: NEXT_YEAR })
    expect(added.status).toBe(201)
    const code = lastCardCode(carol.phone)
    clock = new Date(clock.getTime() + 5 * 60 * 1000 + 1000)
    const late = await call(`cards/${added.body.card_id}/verify/`, { code })
    expect(late.status).toBe(400)
    expect(late.body.errors).toEqual([{ field: 'code', message: 'Срок действия кода истёк. Запросите новый.' }])
    // A new attempt to add the card sends a fresh code that works.
    const again = await call('cards/', { number: '5440 0000 1111 2222', expiry: NEXT_YEAR })
    expect(again.status).toBe(201)
    clock = new Date(clock.getTime() + 4 * 60 * 1000)
    const done = await call(`cards/${again.body.card_id}/verify/`, { code: lastCardCode(carol.phone) })
    expect(done.status).toBe(200)
  })

  it('caps unconfirmed cards at 10 a day', async () => {
    clock = new Date(clock.getTime() + 60 * 1000)
    let status = 0
    let tries = 0
    while (tries < 12) {
      tries++
      status = (await call('cards/', { number: `4200 5555 6666 ${7000 + tries}`, expiry: NEXT_YEAR })).status
      if (status !== 201) break
    }
    expect(status).toBe(429)
    // Nine more fit after the one unconfirmed card of the first test.
    expect(tries).toBe(10)
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000)
    // The access token is long expired by this clock: sign in again.
    const login = await api.fetch(
      new Request('http://shop.test/api/v1/auth/login/', {
        method: 'POST',
        body: JSON.stringify({ phone: carol.phone, password: carol.password }),
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    carol.access = ((await login.json()) as AuthTokens).access
    expect((await call('cards/', { number: '4200 5555 6666 8001', expiry: NEXT_YEAR })).status).toBe(201)
  })

  it('lists the endpoints in the OpenAPI document', async () => {
    const doc = await t.json('openapi.json')
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/v1/cards/', '/api/v1/cards/{id}/', '/api/v1/cards/{id}/verify/']),
    )
    expect(doc.body.paths['/api/v1/cards/{id}/'].delete).toBeDefined()
  })
})
