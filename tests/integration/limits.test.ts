import { beforeAll, describe, expect, it } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { guessLimits } from '#api/http/rate-limit.ts'
import { authLimits } from '#contract/auth-limits.ts'
import { setupTestApi } from './support/api.ts'
import { lastSmsCode } from './support/customer.ts'

// Per-address limits on guessable answers: promo codes, the staff token, "already registered".

const t = setupTestApi({ products: 0 })

// A clock that moves only when a test moves it, so two answers can be compared to the second.
let clock = Date.now()
const advance = (seconds: number) => {
  clock += seconds * 1000
}
let api: Api
const config = () => parseConfig({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
const promoLimit = config().PROMO_FAILURES_PER_ADDRESS
beforeAll(() => {
  api = createApi({ database: t.database, config: config(), now: () => new Date(clock) })
})

type Init = {
  method?: string
  body?: unknown
  address?: string
  lang?: string
  headers?: Record<string, string>
  token?: string
}
async function call(path: string, init: Init = {}) {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json')
  if (init.address) headers.set('X-Real-IP', init.address)
  if (init.lang) headers.set('Accept-Language', init.lang)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  const response = await api.fetch(
    new Request(`http://shop.test/api/v1/${path}`, {
      method: init.method ?? 'POST',
      headers,
      body: JSON.stringify(init.body ?? {}),
    }),
  )
  return {
    status: response.status,
    body: await response.json(),
    retryAfter: response.headers.get('retry-after'),
  }
}

const checkPromo = (code: string, address: string, lang = 'ru') =>
  call('promo/check/', { body: { code, total: 250_000 }, address, lang })

let serial = 0
/** A fresh valid number per use. */
const newPhone = () => `+99897${String(4_000_000 + ++serial * 11).slice(-7)}`

describe('POST promo/check/', () => {
  it('answers 429 after PROMO_FAILURES_PER_ADDRESS failed checks from one address; right codes do not count', async () => {
    const address = '198.51.100.10'
    for (let i = 0; i < promoLimit; i++) {
      // A usable code is no guess: it gives its slot back.
      expect((await checkPromo('ATIR10', address)).status).toBe(200)
      expect((await checkPromo(`GUESS${i}`, address)).status).toBe(400)
    }
    advance(60)
    const limited = await checkPromo('ATIR10', address)
    expect(limited.status).toBe(429)
    expect(limited.body).toEqual({
      detail: 'Слишком много попыток ввести промокод. Попробуйте через 14 мин.',
      errors: [{ field: 'promo_code', message: 'Слишком много попыток ввести промокод. Попробуйте через 14 мин.' }],
    })
    expect(limited.retryAfter).toBe(String(guessLimits.promoWindowSeconds - 60))
    const uz = await checkPromo('GUESS', address, 'uz')
    expect(uz.body.detail).toBe('Промокод киритишга уринишлар жуда кўп. 14 дақиқадан сўнг уриниб кўринг.')
    // Refused guesses are not counted: the window ends when the tenth failure ages out.
    expect((await checkPromo('ATIR10', '198.51.100.11')).status).toBe(200)
    advance(guessLimits.promoWindowSeconds - 60)
    expect((await checkPromo('ATIR10', address)).status).toBe(200)
  })

  it('counts IPv6 addresses of one /64 together, and other /64s apart', async () => {
    for (let i = 0; i < promoLimit; i++)
      expect((await checkPromo(`V6GUESS${i}`, `2001:db8:5:6::${(i + 1).toString(16)}`)).status).toBe(400)
    expect((await checkPromo('ATIR10', '2001:db8:5:6:ffff:ffff:ffff:ffff')).status).toBe(429)
    expect((await checkPromo('ATIR10', '[2001:0DB8:0005:0006::abcd]:443')).status).toBe(429)
    expect((await checkPromo('ATIR10', '2001:db8:5:7::1')).status).toBe(200)
    expect((await checkPromo('ATIR10', '2001:db8:6:6::1')).status).toBe(200)
  })

  it('lets no more than the limit of parallel guesses through', async () => {
    const address = '198.51.100.12'
    const answers = await Promise.all(
      Array.from({ length: promoLimit + 15 }, (_, i) => checkPromo(`PARALLEL${i}`, address)),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(promoLimit)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
  })
})

/** A new customer (password secret-123); returns the phone. */
async function registered() {
  const phone = newPhone()
  const start = await call('account/registration/entrypoint/', { body: { phone } })
  const verify = await call('account/registration/verify/', {
    body: { phone, code: lastSmsCode(t, phone), session: start.body.session },
  })
  const done = await call('account/registration/register/', {
    body: { password: 'secret-123', full_name: 'Dilnoza', signature: verify.body.signature },
  })
  expect(done.status).toBe(201)
  return phone
}

describe('POST account/registration/entrypoint/', () => {
  const entry = (phone: string, address: string) =>
    call('account/registration/entrypoint/', { body: { phone }, address, lang: 'ru' })

  it('counts "already registered" answers in the address cap, then answers every phone alike', async () => {
    const customer = await registered()
    const address = '198.51.100.30'
    const cap = config().SMS_CODES_PER_ADDRESS
    let justTexted = ''
    for (let i = 0; i < cap; i++) {
      if (i % 2 === 0) {
        expect((await entry(customer, address)).status).toBe(409)
      } else {
        justTexted = newPhone()
        expect((await entry(justTexted, address)).status).toBe(200)
      }
      advance(1)
    }
    // A customer's phone, a stranger's, and one that is inside its 60-second resend wait: one answer.
    const answers = [await entry(customer, address), await entry(newPhone(), address), await entry(justTexted, address)]
    for (const answer of answers) {
      expect(answer.status).toBe(429)
      expect(answer).toEqual(answers[0])
    }
    expect(answers[0]?.body.detail).toBe('Слишком много кодов за сутки. Новый код можно запросить через 24 ч.')
    expect(Number(answers[0]?.retryAfter)).toBe(authLimits.codeCapWindow - cap)
    // Another address may still ask.
    expect((await entry(customer, '198.51.100.31')).status).toBe(409)
  })
})

describe('POST account/phone-change/', () => {
  const signIn = async (phone: string) =>
    (await call('auth/login/', { body: { phone, password: 'secret-123' } })).body.access as string
  const change = (phone: string, token: string, address: string) =>
    call('account/phone-change/', { body: { phone }, token, address, lang: 'ru' })

  it('sends one account at most its daily share of codes, from any address; "already registered" counts', async () => {
    const customer = await registered()
    const token = await signIn(customer)
    const someoneElse = await registered()
    const cap = authLimits.phoneChangeCodesPerAccount
    for (let i = 0; i < cap; i++) {
      // A new address and a new number each time: only the account ties them together.
      const answer =
        i === 1 ? await change(someoneElse, token, `203.0.113.${i}`) : await change(newPhone(), token, `203.0.113.${i}`)
      expect(answer.status, JSON.stringify(answer.body)).toBe(i === 1 ? 409 : 200)
      advance(10)
    }
    for (const phone of [newPhone(), someoneElse]) {
      const refused = await change(phone, token, '203.0.113.99')
      expect(refused.status).toBe(429)
      expect(refused.body.detail).toBe('Слишком много кодов за сутки. Новый код можно запросить через 24 ч.')
      expect(Number(refused.retryAfter)).toBe(authLimits.codeCapWindow - cap * 10)
    }
    // Another account is not held back by this one's share; this one may ask again a day after its first code.
    expect((await change(newPhone(), await signIn(await registered()), '203.0.113.99')).status).toBe(200)
    advance(authLimits.codeCapWindow - cap * 10)
    expect((await change(newPhone(), await signIn(customer), '203.0.113.99')).status).toBe(200)
  })
})
