import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Hono } from 'hono'
import { SignJWT } from 'jose'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { authService } from '#api/auth/service.ts'
import { parseConfig } from '#api/config.ts'
import type { ApiCaller, ApiDeps, ApiEnv } from '#api/http/context.ts'
import { addressGroup, clientAddress, ownerKey } from '#api/http/identity.ts'
import { authLimits } from '#contract/auth-limits.ts'
import { setupTestApi } from './support/api.ts'

// The per-address caps are settings; these tests run with their defaults.
const defaults = parseConfig({ SESSION_SECRET: 'x'.repeat(40) })

const t = setupTestApi({ products: 0 })

// The API under test runs on a clock that moves only when the tests move it, so waits can be compared exactly.
const started = Date.now()
let offset = 0
const advance = (seconds: number) => {
  offset += seconds * 1000
}
let api: Api
let deps: ApiDeps
beforeAll(() => {
  const config = parseConfig({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
  deps = { database: t.database, config, now: () => new Date(started + offset) }
  api = createApi(deps)
})

type Init = {
  method?: string
  body?: unknown
  token?: string
  lang?: string
  address?: string
  headers?: HeadersInit
  /** What the storefront hands the in-process API beside the request (one page's memo of its tokens). */
  caller?: ApiCaller
}
async function call(path: string, init: Init = {}) {
  const headers = new Headers(init.headers)
  if (init.lang) headers.set('Accept-Language', init.lang)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  if (init.address) headers.set('X-Real-IP', init.address)
  let body: string | undefined
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    if (!headers.has('content-type')) headers.set('Content-Type', 'application/json')
  }
  const response = await api.fetch(
    new Request(`http://shop.test/api/v1/${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }),
    init.caller,
  )
  return { status: response.status, body: await response.json(), headers: response.headers }
}

let serial = 0
/** A fresh valid number per test, so limits of one test do not touch another. */
const newPhone = () => `+99890${String(1_000_000 + ++serial * 7).slice(-7)}`

function lastCode(phone: string): string {
  const lines = readFileSync(join(t.dataDir, 'sms-outbox.jsonl'), 'utf8').trim().split('\n')
  const sms = lines.map((l) => JSON.parse(l)).findLast((m) => m.to === phone)
  return /\d{6}/.exec(sms.text)![0]
}

async function register(phone = newPhone(), password = 'secret-123') {
  const entry = await call('account/registration/entrypoint/', { body: { phone } })
  expect(entry.status).toBe(200)
  const verify = await call('account/registration/verify/', {
    body: { phone, code: lastCode(phone), session: entry.body.session },
  })
  expect(verify.status).toBe(200)
  const done = await call('account/registration/register/', {
    body: { password, full_name: 'Dilnoza Karimova', signature: verify.body.signature },
  })
  expect(done.status).toBe(201)
  // Later code requests for this phone must not hit the resend wait.
  advance(authLimits.codeResendAfter + 1)
  return { phone, password, ...(done.body.token as { access: string; refresh: string }) }
}

describe('POST auth/login/', () => {
  it('signs in with the phone in any spelling and gives working tokens', async () => {
    const user = await register()
    const national = user.phone.slice(4)
    const masked = `(${national.slice(0, 2)}) ${national.slice(2, 5)}-${national.slice(5, 7)}-${national.slice(7)}`
    const login = await call('auth/login/', { body: { phone: masked, password: user.password } })
    expect(login.status).toBe(200)
    expect(Object.keys(login.body).sort()).toEqual(['access', 'refresh'])
    const me = await call('account/', { token: login.body.access })
    expect(me.status).toBe(200)
    expect(me.body.phone).toBe(user.phone)
  })

  it('refuses a wrong password and an unknown phone alike, flagging both fields', async () => {
    const user = await register()
    const wrong = await call('auth/login/', { body: { phone: user.phone, password: 'nope' }, lang: 'uz' })
    const unknown = await call('auth/login/', { body: { phone: newPhone(), password: 'nope' }, lang: 'uz' })
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        detail: 'Телефон рақами ёки парол нотўғри.',
        errors: [
          { field: 'phone', message: 'Телефон рақами ёки парол нотўғри.' },
          { field: 'password', message: 'Телефон рақами ёки парол нотўғри.' },
        ],
      })
    }
  })

  it('has no minimum password length but a sane maximum', async () => {
    expect((await call('auth/login/', { body: { phone: newPhone(), password: 'x' } })).status).toBe(400)
    const huge = await call('auth/login/', { body: { phone: newPhone(), password: 'x'.repeat(129) }, lang: 'ru' })
    expect(huge.body.errors).toEqual([{ field: 'password', message: 'Не длиннее 128 символов.' }])
  })

  it.each([
    ['missing fields', {}, ['phone:Обязательное поле.', 'password:Обязательное поле.']],
    ['blank fields', { phone: ' ', password: '  ' }, ['phone:Обязательное поле.', 'password:Обязательное поле.']],
    ['an invalid phone', { phone: '12345', password: 'x' }, ['phone:Введите правильный номер телефона Узбекистана.']],
    [
      'a foreign phone',
      { phone: '+7 912 345 67 89', password: 'x' },
      ['phone:Введите правильный номер телефона Узбекистана.'],
    ],
    ['a huge phone', { phone: '9'.repeat(10_000), password: 'x' }, ['phone:Не длиннее 250 символов.']],
  ])('answers %s with localised field errors', async (_name, body, expected) => {
    const answer = await call('auth/login/', { body, lang: 'ru' })
    expect(answer.status).toBe(400)
    expect(answer.body.detail).toBe('Проверьте введённые данные.')
    expect(answer.body.errors.map((e: { field: string; message: string }) => `${e.field}:${e.message}`)).toEqual(
      expected,
    )
  })

  it('answers wrong types with field errors', async () => {
    const answer = await call('auth/login/', { body: { phone: 901234567, password: true }, lang: 'ru' })
    expect(answer.status).toBe(400)
    expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(['phone', 'password'])
  })

  it('answers malformed JSON and a JSON array with 400', async () => {
    const broken = await call('auth/login/', { body: '{"phone": "90', lang: 'sr' })
    expect(broken.status).toBe(400)
    expect(broken.body.detail).toBe('Soʻrov tanasi toʻgʻri JSON boʻlishi kerak.')
    expect((await call('auth/login/', { body: '[]' })).status).toBe(400)
    expect((await call('auth/login/', { body: 'null' })).status).toBe(400)
  })

  it('uses Uzbek Latin with the proper oʻ letter for sr', async () => {
    const answer = await call('auth/login/', { body: { phone: 'abc', password: 'x' }, lang: 'sr' })
    expect(answer.body.errors[0].message).toBe('Oʻzbekiston telefon raqamini toʻgʻri kiriting.')
    expect(answer.body.errors[0].message).toContain('\u02bb')
  })
})

describe('login throttling', () => {
  it('locks a phone for one address after 5 failures from it, even for the right password, then lets it in', async () => {
    const user = await register()
    for (let i = 0; i < authLimits.loginFailuresPerPair; i++)
      expect((await call('auth/login/', { body: { phone: user.phone, password: `bad-${i}` } })).status).toBe(400)
    const locked = await call('auth/login/', { body: { phone: user.phone, password: user.password }, lang: 'ru' })
    expect(locked.status).toBe(429)
    expect(locked.body.detail).toBe('Слишком много попыток входа. Попробуйте через 15 мин.')
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60)
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60)
    advance(authLimits.loginWindow + 1)
    expect((await call('auth/login/', { body: { phone: user.phone, password: user.password } })).status).toBe(200)
  })

  it('forgives the failures of a phone after a successful login', async () => {
    const user = await register()
    for (let i = 0; i < 4; i++) await call('auth/login/', { body: { phone: user.phone, password: 'bad' } })
    expect((await call('auth/login/', { body: { phone: user.phone, password: user.password } })).status).toBe(200)
    for (let i = 0; i < 4; i++)
      expect((await call('auth/login/', { body: { phone: user.phone, password: 'bad' } })).status).toBe(400)
  })

  it('does not let failures from other addresses lock the owner out', async () => {
    const user = await register()
    const stranger = '203.0.113.60'
    for (let i = 0; i < authLimits.loginFailuresPerPair; i++)
      expect(
        (await call('auth/login/', { body: { phone: user.phone, password: `bad-${i}` }, address: stranger })).status,
      ).toBe(400)
    // The stranger's address is locked out of this phone; the owner's is not.
    const again = { body: { phone: user.phone, password: user.password }, address: stranger }
    expect((await call('auth/login/', again)).status).toBe(429)
    const owner = { body: { phone: user.phone, password: user.password }, address: '198.51.100.60' }
    expect((await call('auth/login/', owner)).status).toBe(200)
  })

  it('slows a phone down progressively when failures come from many addresses, never locking it', async () => {
    const user = await register()
    const wrongFrom = (n: number) =>
      call('auth/login/', { body: { phone: user.phone, password: 'bad' }, address: `203.0.113.${100 + n}`, lang: 'ru' })
    const owner = () =>
      call('auth/login/', {
        body: { phone: user.phone, password: user.password },
        address: '198.51.100.61',
        lang: 'ru',
      })
    let n = 0
    for (; n < authLimits.loginPhoneFreeFailures; n++) expect((await wrongFrom(n)).status).toBe(400)
    const waits: number[] = []
    for (let k = 1; k <= 9; k++) {
      expect((await wrongFrom(n++)).status).toBe(400)
      // Now everyone waits 2^k seconds (at most 3 minutes), the owner included; refused tries do not count.
      const early = await wrongFrom(n++)
      expect(early.status).toBe(429)
      const waiting = await owner()
      expect(waiting.status).toBe(429)
      expect(waiting.headers.get('retry-after')).toBe(early.headers.get('retry-after'))
      waits.push(Number(waiting.headers.get('retry-after')))
      advance(Number(waiting.headers.get('retry-after')))
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 180, 180])
    expect(authLimits.loginPhoneMaxDelay).toBe(180)
    expect((await wrongFrom(n++)).status).toBe(400)
    const capped = await owner()
    expect(capped.body.detail).toBe('Слишком много попыток входа. Попробуйте через 3 мин.')
    advance(121)
    const seconds = await owner()
    expect(seconds.body.detail).toBe('Слишком много попыток входа. Попробуйте через 59 с.')
    advance(59)
    expect((await owner()).status).toBe(200)
    // The owner's sign-in forgives the phone's failures: no wait after the next one.
    expect((await wrongFrom(n++)).status).toBe(400)
    expect((await owner()).status).toBe(200)
  })

  it('counts parallel attempts on one phone before checking them', async () => {
    const user = await register()
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        call('auth/login/', { body: { phone: user.phone, password: `bad-${i}` }, address: `203.0.113.${200 + i}` }),
      ),
    )
    const statuses = answers.map((a) => a.status)
    // The free failures and the one that starts the wait are checked; the rest wait 2 s.
    expect(statuses.filter((s) => s === 400)).toHaveLength(authLimits.loginPhoneFreeFailures + 1)
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - authLimits.loginPhoneFreeFailures - 1)
  })

  it('locks one IPv6 /64 as one address', async () => {
    const user = await register()
    for (let i = 0; i < authLimits.loginFailuresPerPair; i++) {
      const address = `2001:db8:77:1:${i + 1}::${i + 9}`
      expect((await call('auth/login/', { body: { phone: user.phone, password: 'bad' }, address })).status).toBe(400)
    }
    const right = { phone: user.phone, password: user.password }
    expect((await call('auth/login/', { body: right, address: '2001:db8:77:1:ffff::1' })).status).toBe(429)
    expect((await call('auth/login/', { body: right, address: '2001:db8:77:2::1' })).status).toBe(200)
  })

  it('locks a client address after 20 failures across phones', async () => {
    const address = '203.0.113.50'
    for (let i = 0; i < defaults.LOGIN_FAILURES_PER_ADDRESS; i++)
      expect((await call('auth/login/', { body: { phone: newPhone(), password: 'bad' }, address })).status).toBe(400)
    const user = await register()
    const locked = await call('auth/login/', { body: { phone: user.phone, password: user.password }, address })
    expect(locked.status).toBe(429)
    // Another address is not affected.
    const other = await call('auth/login/', {
      body: { phone: user.phone, password: user.password },
      address: '203.0.113.51',
    })
    expect(other.status).toBe(200)
  })
})

describe('tokens', () => {
  it('rotates the refresh token; its reuse after the grace revokes the session', async () => {
    const user = await register()
    const first = await call('auth/token/refresh/', { body: { refresh: user.refresh } })
    expect(first.status).toBe(200)
    expect(first.body.refresh).not.toBe(user.refresh)
    expect((await call('account/', { token: first.body.access })).status).toBe(200)

    // The first refresh token again, past the grace: theft or replay. Everything of this session dies.
    advance(defaults.REFRESH_REUSE_GRACE_SECONDS + 1)
    const reuse = await call('auth/token/refresh/', { body: { refresh: user.refresh }, lang: 'ru' })
    expect(reuse).toMatchObject({ status: 401, body: { detail: 'Сеанс завершён. Войдите снова.' } })
    expect((await call('auth/token/refresh/', { body: { refresh: first.body.refresh } })).status).toBe(401)
    expect((await call('account/', { token: first.body.access })).status).toBe(401)
    expect((await call('account/', { token: user.access })).status).toBe(401)
  })

  it('gives a refresh token used again within the grace a pair of the same session (two processes, one browser)', async () => {
    const user = await register()
    const [a, b] = await Promise.all([
      call('auth/token/refresh/', { body: { refresh: user.refresh } }),
      call('auth/token/refresh/', { body: { refresh: user.refresh } }),
    ])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.refresh).not.toBe(b.body.refresh)
    advance(defaults.REFRESH_REUSE_GRACE_SECONDS)
    const late = await call('auth/token/refresh/', { body: { refresh: user.refresh } })
    expect(late.status).toBe(200)
    // Every pair works and goes on rotating: the session was never taken for stolen.
    for (const pair of [a.body, b.body, late.body]) {
      expect((await call('account/', { token: pair.access })).status).toBe(200)
      expect((await call('auth/token/refresh/', { body: { refresh: pair.refresh } })).status).toBe(200)
    }
  })

  it('keeps other sessions of the same customer when one is revoked', async () => {
    const user = await register()
    const second = await call('auth/login/', { body: { phone: user.phone, password: user.password } })
    await call('auth/logout/', { body: { refresh: user.refresh } })
    expect((await call('account/', { token: second.body.access })).status).toBe(200)
    expect((await call('auth/token/refresh/', { body: { refresh: second.body.refresh } })).status).toBe(200)
  })

  it('expires access tokens after 15 minutes; the refresh token still works', async () => {
    const user = await register()
    advance(15 * 60 + 1)
    const expired = await call('account/', { token: user.access, lang: 'ru' })
    expect(expired.status).toBe(401)
    expect(expired.body).toEqual({ detail: 'Сеанс истёк. Войдите снова.' })
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token')
    const renewed = await call('auth/token/refresh/', { body: { refresh: user.refresh }, token: user.access })
    expect(renewed.status).toBe(200)
    expect((await call('account/', { token: renewed.body.access })).status).toBe(200)
  })

  it('expires refresh tokens after 30 days', async () => {
    const user = await register()
    advance(30 * 24 * 60 * 60 + 1)
    expect((await call('auth/token/refresh/', { body: { refresh: user.refresh } })).status).toBe(401)
  })

  it('refuses unknown refresh tokens and bad payloads', async () => {
    expect((await call('auth/token/refresh/', { body: { refresh: 'made-up' } })).status).toBe(401)
    const missing = await call('auth/token/refresh/', { body: {}, lang: 'ru' })
    expect(missing.status).toBe(400)
    expect(missing.body.errors).toEqual([{ field: 'refresh', message: 'Обязательное поле.' }])
    expect((await call('auth/token/refresh/', { body: { refresh: 'x'.repeat(10_000) } })).status).toBe(400)
    expect((await call('auth/token/refresh/', { body: { refresh: 42 } })).status).toBe(400)
  })

  it('refuses access tokens that are forged, tampered with or malformed', async () => {
    const user = await register()
    const forged = await new SignJWT({ sid: 'whatever' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('atir')
      .setAudience('atir-api')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-our-secret-not-our-secret-xx'))
    const [head, payload, signature] = user.access.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const tampered = [
      head,
      Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url'),
      signature,
    ].join('.')
    for (const token of [forged, tampered, 'garbage', `${user.access}x`]) {
      expect((await call('account/', { token })).status).toBe(401)
    }
    const basic = await call('account/', { headers: { Authorization: 'Basic dXNlcjpwYXNz' }, lang: 'ru' })
    expect(basic).toMatchObject({ status: 401, body: { detail: 'Неверный заголовок Authorization.' } })
  })

  it('answers 401 for a bad Bearer on any endpoint, and serves anonymous visitors without one', async () => {
    expect((await call('common/footer/', { token: 'garbage' })).status).toBe(401)
    expect((await call('common/footer/')).status).toBe(200)
    const user = await register()
    expect((await call('common/footer/', { token: user.access })).status).toBe(200)
  })

  it('ignores a stale Bearer on the calls made to get a new one', async () => {
    const user = await register()
    const login = await call('auth/login/', {
      body: { phone: user.phone, password: user.password },
      token: 'stale-or-garbage',
    })
    expect(login.status).toBe(200)
    const reset = await call('account/password-reset/', { body: { phone: newPhone() }, token: 'stale' })
    expect(reset.status).toBe(200)
  })

  it('asks for a sign-in on account calls without a token', async () => {
    const answer = await call('account/', { lang: 'sr' })
    expect(answer).toEqual({ status: 401, body: { detail: 'Hisobingizga kiring.' }, headers: answer.headers })
  })
})

describe('POST auth/logout/', () => {
  it('revokes the session: its refresh and access tokens stop working', async () => {
    const user = await register()
    const out = await call('auth/logout/', { body: { refresh: user.refresh }, lang: 'ru' })
    expect(out).toMatchObject({ status: 200, body: { message: 'Вы вышли из аккаунта.' } })
    expect((await call('auth/token/refresh/', { body: { refresh: user.refresh } })).status).toBe(401)
    expect((await call('account/', { token: user.access })).status).toBe(401)
  })

  it('is idempotent and says nothing about unknown tokens', async () => {
    const user = await register()
    expect((await call('auth/logout/', { body: { refresh: user.refresh } })).status).toBe(200)
    expect((await call('auth/logout/', { body: { refresh: user.refresh } })).status).toBe(200)
    expect((await call('auth/logout/', { body: { refresh: 'unknown' } })).status).toBe(200)
    expect((await call('auth/logout/', { body: {} })).status).toBe(400)
  })
})

describe("a storefront page's calls", () => {
  it('verify its token and read its session once; the next page finds a session ended meanwhile', async () => {
    const user = await register()
    const authenticate = vi.spyOn(authService(deps).tokens, 'authenticate')
    try {
      const page = { identities: new Map() }
      for (const path of ['account/', 'common/badges/', 'products/likes/', 'orders/cart/products/'])
        expect((await call(path, { token: user.access, caller: page })).status, path).toBe(200)
      expect(authenticate).toHaveBeenCalledTimes(1)
      // Signed out in another tab: the next page is the anonymous visitor's.
      expect((await call('auth/logout/', { body: { refresh: user.refresh } })).status).toBe(200)
      expect((await call('account/', { token: user.access, caller: { identities: new Map() } })).status).toBe(401)
      expect(authenticate).toHaveBeenCalledTimes(2)
      // Calls from outside (HTTP, the mobile apps) bring no memo: each is verified.
      await call('common/badges/', { token: user.access })
      await call('common/badges/', { token: user.access })
      expect(authenticate).toHaveBeenCalledTimes(4)
    } finally {
      authenticate.mockRestore()
    }
  })

  it('are all refused for a bad token, which is checked once', async () => {
    const authenticate = vi.spyOn(authService(deps).tokens, 'authenticate')
    try {
      const page = { identities: new Map() }
      for (const path of ['account/', 'common/badges/'])
        expect((await call(path, { token: 'not.a.token', caller: page })).status, path).toBe(401)
      expect(authenticate).toHaveBeenCalledTimes(1)
    } finally {
      authenticate.mockRestore()
    }
  })
})

describe('identity helpers', () => {
  const probe = (user: ApiEnv['Variables']['user'], fingerprint: string | null) => {
    const app = new Hono<ApiEnv>()
    app.get('/', (c) => {
      c.set('user', user)
      c.set('fingerprint', fingerprint)
      return c.json({ owner: ownerKey(c), address: clientAddress(c) })
    })
    return async (headers: Record<string, string> = {}) => (await app.request('/', { headers })).json()
  }

  it('addressGroup keys an IPv6 address by its /64 and leaves IPv4 alone', () => {
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressGroup('2001:0DB8:0000:0001:ffff::9')).toBe('2001:db8:0:1::/64')
    expect(addressGroup('2001:db8:0:1:1:2:3:4')).toBe('2001:db8:0:1::/64')
    expect(addressGroup('64:ff9b::203.0.113.1')).toBe('64:ff9b:0:0::/64')
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressGroup('203.0.113.5')).toBe('203.0.113.5')
  })

  it('ownerKey is u:<id> for a customer, v:<fingerprint> for a visitor, null for neither', async () => {
    expect((await probe({ id: 7, sessionId: 's' }, 'f'.repeat(20))()).owner).toBe('u:7')
    expect((await probe(null, 'f'.repeat(20))()).owner).toBe(`v:${'f'.repeat(20)}`)
    expect((await probe(null, null)()).owner).toBeNull()
  })

  it('clientAddress reads X-Real-IP, then the first X-Forwarded-For entry, and only real addresses', async () => {
    const ask = probe(null, null)
    expect((await ask({ 'X-Real-IP': '198.51.100.7', 'X-Forwarded-For': '203.0.113.1' })).address).toBe('198.51.100.7')
    expect((await ask({ 'X-Forwarded-For': '203.0.113.1, 10.0.0.1' })).address).toBe('203.0.113.1')
    expect((await ask({ 'X-Forwarded-For': '::ffff:203.0.113.9' })).address).toBe('203.0.113.9')
    expect((await ask({ 'X-Forwarded-For': '[2001:DB8::1]:443' })).address).toBe('2001:db8::1')
    expect((await ask({ 'X-Forwarded-For': '203.0.113.1:5000' })).address).toBe('203.0.113.1')
    expect((await ask({ 'X-Forwarded-For': 'not-an-ip' })).address).toBeNull()
    expect((await ask()).address).toBeNull()
  })
})

describe('OpenAPI', () => {
  it('documents every auth and account endpoint with the bearer scheme', async () => {
    const doc = await call('openapi.json')
    expect(doc.status).toBe(200)
    const paths = Object.keys(doc.body.paths)
    for (const path of [
      '/api/v1/auth/login/',
      '/api/v1/auth/token/refresh/',
      '/api/v1/auth/logout/',
      '/api/v1/account/',
      '/api/v1/account/delete/',
      '/api/v1/account/registration/entrypoint/',
      '/api/v1/account/registration/verify/',
      '/api/v1/account/registration/register/',
      '/api/v1/account/password-reset/',
      '/api/v1/account/password-reset/verify/',
      '/api/v1/account/password-change-after-reset/',
      '/api/v1/account/password-change/',
      '/api/v1/account/phone-change/',
      '/api/v1/account/phone-change/verify/',
    ])
      expect(paths).toContain(path)
    expect(doc.body.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' })
    expect(doc.body.paths['/api/v1/account/'].get.security).toEqual([{ bearerAuth: [] }])
    expect(doc.body.components.schemas.User.properties).toHaveProperty('cashback_balance')
  })
})
