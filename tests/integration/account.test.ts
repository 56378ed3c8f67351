import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { users } from '#api/db/schema/index.ts'
import { authLimits } from '#contract/auth-limits.ts'
import { oneRow } from '../../api/db/rows.ts'
import { setupTestApi } from './support/api.ts'

// The per-address caps are settings; these tests run with their defaults.
const defaults = parseConfig({ SESSION_SECRET: 'x'.repeat(40) })

const t = setupTestApi({ products: 0 })

// The API under test runs on a clock the tests move forward.
let offset = 0
const advance = (seconds: number) => {
  offset += seconds * 1000
}
let api: Api
beforeAll(() => {
  const config = parseConfig({ ...process.env, DATA_DIR: t.dataDir, SESSION_SECRET: 'x'.repeat(40) })
  api = createApi({ database: t.database, config, now: () => new Date(Date.now() + offset) })
})

type Init = { method?: string; body?: unknown; token?: string; lang?: string; address?: string }
async function call(path: string, init: Init = {}) {
  const headers = new Headers()
  if (init.lang) headers.set('Accept-Language', init.lang)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  if (init.address) headers.set('X-Forwarded-For', init.address)
  let body: string | undefined
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
    headers.set('Content-Type', 'application/json')
  }
  const response = await api.fetch(
    new Request(`http://shop.test/api/v1/${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }),
  )
  return { status: response.status, body: await response.json(), headers: response.headers }
}

let serial = 0
/** A fresh valid number per test, so limits of one test do not touch another. */
const newPhone = (code = '91') => `+998${code}${String(2_000_000 + ++serial * 13).slice(-7)}`

type Sms = { to: string; text: string; at: string }
function outbox(): Sms[] {
  const file = join(t.dataDir, 'sms-outbox.jsonl')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
}
const messagesTo = (phone: string) => outbox().filter((m) => m.to === phone)
function lastCode(phone: string): string {
  const sms = messagesTo(phone).at(-1)
  if (!sms) throw new Error(`no SMS to ${phone}`)
  return /\d{6}/.exec(sms.text)![0]
}
/** A 6-digit code that is not the right one. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

async function startRegistration(phone: string, lang = 'ru') {
  const entry = await call('account/registration/entrypoint/', { body: { phone }, lang })
  expect(entry.status).toBe(200)
  return entry.body.session as string
}

async function register(phone = newPhone(), password = 'secret-123') {
  const session = await startRegistration(phone)
  const verify = await call('account/registration/verify/', { body: { phone, code: lastCode(phone), session } })
  expect(verify.status).toBe(200)
  const done = await call('account/registration/register/', {
    body: { password, full_name: 'Dilnoza Karimova', signature: verify.body.signature },
  })
  expect(done.status).toBe(201)
  advance(authLimits.codeResendAfter + 1)
  return { phone, password, ...(done.body.token as { access: string; refresh: string }) }
}

const login = (phone: string, password: string) => call('auth/login/', { body: { phone, password } })

describe('registration', () => {
  it('takes the phone, the code from the SMS and the password, and signs in', async () => {
    const phone = newPhone()
    const entry = await call('account/registration/entrypoint/', {
      body: { phone: `8 ${phone.slice(4, 6)} ${phone.slice(6)}` },
      lang: 'sr',
    })
    expect(entry.status).toBe(200)
    expect(Object.keys(entry.body)).toEqual(['session'])

    const sms = oneRow(messagesTo(phone))
    expect(sms.text).toMatch(/^Atir: tasdiqlash kodi \d{6}\. Uni hech kimga aytmang\.$/)
    expect(new Date(sms.at).toString()).not.toBe('Invalid Date')

    const verify = await call('account/registration/verify/', {
      body: { phone, code: lastCode(phone), session: entry.body.session },
    })
    expect(verify.status).toBe(200)
    expect(Object.keys(verify.body)).toEqual(['signature'])

    const done = await call('account/registration/register/', {
      body: { password: 'secret-123', full_name: '  Dilnoza Karimova ', signature: verify.body.signature },
    })
    expect(done.status).toBe(201)
    expect(Object.keys(done.body.token).sort()).toEqual(['access', 'refresh'])

    const me = await call('account/', { token: done.body.token.access })
    expect(me.status).toBe(200)
    expect(me.body).toEqual({
      id: expect.any(Number),
      phone,
      full_name: 'Dilnoza Karimova',
      extra_phone: null,
      avatar_src: null,
      cashback_balance: 0,
    })
    expect((await login(phone, 'secret-123')).status).toBe(200)
  })

  it('sends the code text in the customer language', async () => {
    const uz = newPhone()
    await startRegistration(uz, 'uz')
    expect(messagesTo(uz)[0]?.text).toMatch(/^Atir: тасдиқлаш коди \d{6}\. Уни ҳеч кимга айтманг\.$/)
    const ru = newPhone()
    await startRegistration(ru, 'ru')
    expect(messagesTo(ru)[0]?.text).toMatch(/^Atir: код подтверждения \d{6}\. Никому его не сообщайте\.$/)
  })

  it('refuses a phone that already has an account, flagging the phone', async () => {
    const user = await register()
    const again = await call('account/registration/entrypoint/', { body: { phone: user.phone }, lang: 'ru' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({
      detail: 'Этот номер уже зарегистрирован.',
      errors: [{ field: 'phone', message: 'Этот номер уже зарегистрирован.' }],
    })
  })

  it('flags invalid and missing phones', async () => {
    const invalid = await call('account/registration/entrypoint/', { body: { phone: '90 123 45' }, lang: 'uz' })
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors).toEqual([{ field: 'phone', message: 'Ўзбекистон телефон рақамини тўғри киритинг.' }])
    const missing = await call('account/registration/entrypoint/', { body: {}, lang: 'uz' })
    expect(missing.body.errors).toEqual([{ field: 'phone', message: 'Тўлдириш шарт.' }])
    const noBody = await call('account/registration/entrypoint/', { method: 'POST' })
    expect(noBody.status).toBe(400)
  })

  it('makes the customer wait 60 s for a new code, then replaces the old one', async () => {
    const phone = newPhone()
    const first = await startRegistration(phone)
    const firstCode = lastCode(phone)
    advance(20)
    const early = await call('account/registration/entrypoint/', { body: { phone }, lang: 'ru' })
    expect(early.status).toBe(429)
    expect(early.body.detail).toBe('Новый код можно запросить через 40 с.')
    expect(early.headers.get('retry-after')).toBe('40')
    expect(messagesTo(phone)).toHaveLength(1)

    advance(40)
    const second = await startRegistration(phone)
    expect(messagesTo(phone)).toHaveLength(2)
    // The first session is void now, even with its right code.
    const old = await call('account/registration/verify/', {
      body: { phone, code: firstCode, session: first },
      lang: 'ru',
    })
    expect(old.status).toBe(400)
    expect(old.body.errors).toEqual([{ field: 'code', message: 'Код недействителен. Запросите новый.' }])
    const ok = await call('account/registration/verify/', { body: { phone, code: lastCode(phone), session: second } })
    expect(ok.status).toBe(200)
  })

  it('tells how many tries are left after a wrong code, and stops after 5', async () => {
    const phone = newPhone()
    const session = await startRegistration(phone)
    const code = lastCode(phone)
    for (let left = 4; left >= 1; left--) {
      const wrong = await call('account/registration/verify/', {
        body: { phone, code: wrongCode(code), session },
        lang: 'ru',
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body).toEqual({
        detail: `Неверный код. Осталось попыток: ${left}.`,
        errors: [{ field: 'code', message: `Неверный код. Осталось попыток: ${left}.` }],
      })
    }
    const fifth = await call('account/registration/verify/', {
      body: { phone, code: wrongCode(code), session },
      lang: 'ru',
    })
    expect(fifth.status).toBe(429)
    expect(fifth.body.detail).toBe('Попытки закончились. Запросите новый код.')
    // Even the right code is refused now.
    const right = await call('account/registration/verify/', { body: { phone, code, session } })
    expect(right.status).toBe(429)
    expect(right.body.errors[0].field).toBe('code')
  })

  it('refuses an expired code', async () => {
    const phone = newPhone()
    const session = await startRegistration(phone)
    advance(authLimits.codeTtl + 1)
    const late = await call('account/registration/verify/', {
      body: { phone, code: lastCode(phone), session },
      lang: 'sr',
    })
    expect(late.status).toBe(400)
    expect(late.body.errors).toEqual([
      { field: 'code', message: 'Kodning amal qilish muddati tugadi. Yangisini soʻrang.' },
    ])
  })

  it('refuses a code checked against another phone or a made-up session', async () => {
    const phone = newPhone()
    const session = await startRegistration(phone)
    const code = lastCode(phone)
    const otherPhone = await call('account/registration/verify/', { body: { phone: newPhone(), code, session } })
    expect(otherPhone.status).toBe(400)
    const madeUp = await call('account/registration/verify/', { body: { phone, code, session: 'made-up' } })
    expect(madeUp.status).toBe(400)
    // Neither counted against the real code.
    expect((await call('account/registration/verify/', { body: { phone, code, session } })).status).toBe(200)
    // A verified code cannot be verified twice.
    expect((await call('account/registration/verify/', { body: { phone, code, session } })).status).toBe(400)
  })

  it('validates the code payload', async () => {
    const answer = await call('account/registration/verify/', {
      body: { phone: '901234567', code: '12a456', session: '' },
      lang: 'ru',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual([
      { field: 'code', message: 'Код должен состоять из 6 цифр.' },
      { field: 'session', message: 'Обязательное поле.' },
    ])
  })

  it('checks the password rules and the signature at the last step', async () => {
    const phone = newPhone()
    const session = await startRegistration(phone)
    const { body } = await call('account/registration/verify/', { body: { phone, code: lastCode(phone), session } })
    const { signature } = body

    const short = await call('account/registration/register/', {
      body: { password: '1234567', full_name: 'A', signature },
      lang: 'ru',
    })
    expect(short.status).toBe(400)
    expect(short.body.errors).toEqual([{ field: 'password', message: 'Не короче 8 символов.' }])

    const mismatch = await call('account/registration/register/', {
      body: { password: '12345678', password_confirm: '12345670', full_name: 'A', signature },
      lang: 'ru',
    })
    expect(mismatch.body.errors).toEqual([{ field: 'password_confirm', message: 'Пароли не совпадают.' }])

    const noName = await call('account/registration/register/', {
      body: { password: '12345678', full_name: '   ', signature },
      lang: 'ru',
    })
    expect(noName.body.errors).toEqual([{ field: 'full_name', message: 'Обязательное поле.' }])

    const longName = await call('account/registration/register/', {
      body: { password: '12345678', full_name: 'x'.repeat(100), signature },
      lang: 'ru',
    })
    expect(longName.body.errors).toEqual([{ field: 'full_name', message: 'Не длиннее 99 символов.' }])

    const forged = await call('account/registration/register/', {
      body: { password: '12345678', full_name: 'A', signature: 'forged' },
      lang: 'ru',
    })
    expect(forged.status).toBe(400)
    expect(forged.body.errors).toEqual([{ field: 'signature', message: 'Подтверждение устарело. Начните заново.' }])

    const ok = await call('account/registration/register/', {
      body: { password: '12345678', password_confirm: '12345678', full_name: 'A', signature },
    })
    expect(ok.status).toBe(201)
    const reused = await call('account/registration/register/', {
      body: { password: '12345678', full_name: 'B', signature },
    })
    expect(reused.status).toBe(400)
  })

  it('lets a verified signature lapse after 15 minutes', async () => {
    const phone = newPhone()
    const session = await startRegistration(phone)
    const { body } = await call('account/registration/verify/', { body: { phone, code: lastCode(phone), session } })
    advance(authLimits.registrationSignatureTtl + 1)
    const late = await call('account/registration/register/', {
      body: { password: '12345678', full_name: 'A', signature: body.signature },
    })
    expect(late.status).toBe(400)
  })
})

describe('daily code caps', () => {
  it('allows 5 codes per phone in 24 hours', async () => {
    const phone = newPhone()
    for (let i = 0; i < authLimits.codesPerPhone; i++) {
      await startRegistration(phone)
      advance(authLimits.codeResendAfter)
    }
    const capped = await call('account/registration/entrypoint/', { body: { phone }, lang: 'ru' })
    expect(capped.status).toBe(429)
    expect(capped.body.detail).toBe('Слишком много кодов за сутки. Новый код можно запросить через 24 ч.')
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(20 * 60 * 60)
    // Reset codes count too: the cap is per phone, whatever the purpose (reset's slow lane opens an hour after the
    // latest code).
    const reset = await call('account/password-reset/', { body: { phone }, lang: 'ru' })
    expect(reset.status).toBe(429)
    expect(reset.body.detail).toBe('Слишком много кодов за сутки. Новый код можно запросить через 59 мин.')
    expect(messagesTo(phone)).toHaveLength(authLimits.codesPerPhone)
    advance(authLimits.codeCapWindow)
    expect((await call('account/registration/entrypoint/', { body: { phone } })).status).toBe(200)
  })

  it("keeps one reset code an hour for the owner after strangers spent the phone's quota", async () => {
    const user = await register()
    // The registration code and four resets asked from elsewhere, a minute apart.
    for (let i = 1; i < authLimits.codesPerPhone; i++) {
      const asked = await call('account/password-reset/', { body: { phone: user.phone }, address: `203.0.113.${i}` })
      expect(asked.status).toBe(200)
      advance(authLimits.codeResendAfter)
    }
    const owner = (lang = 'ru') =>
      call('account/password-reset/', { body: { phone: user.phone }, address: '198.51.100.70', lang })
    const waiting = await owner('uz')
    expect(waiting.status).toBe(429)
    expect(waiting.body.detail).toBe('Бир кунда жуда кўп код сўралди. Янги кодни 59 дақиқадан сўнг сўраш мумкин.')
    const retryAfter = Number(waiting.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(authLimits.resetSlowLane - authLimits.codeResendAfter - 5)
    expect(retryAfter).toBeLessThanOrEqual(authLimits.resetSlowLane - authLimits.codeResendAfter)
    const sent = messagesTo(user.phone).length
    advance(retryAfter)
    const back = await owner()
    expect(back.status).toBe(200)
    expect(messagesTo(user.phone)).toHaveLength(sent + 1)
    const verified = await call('account/password-reset/verify/', {
      body: { code: lastCode(user.phone), signature: back.body.signature },
    })
    expect(verified.status).toBe(200)
    // One an hour: the lane is not a way around the quota.
    advance(authLimits.codeResendAfter)
    const next = await owner()
    expect(next.status).toBe(429)
    expect(next.body.detail).toBe('Слишком много кодов за сутки. Новый код можно запросить через 59 мин.')
    // Registration has no such lane: its codes wait for the day to pass.
    const stranger = newPhone()
    for (let i = 0; i < authLimits.codesPerPhone; i++) {
      await startRegistration(stranger)
      advance(authLimits.codeResendAfter)
    }
    advance(authLimits.resetSlowLane)
    const registration = await call('account/registration/entrypoint/', { body: { phone: stranger }, lang: 'ru' })
    expect(registration.status).toBe(429)
    expect(registration.body.detail).toBe('Слишком много кодов за сутки. Новый код можно запросить через 23 ч.')
  })

  it('allows 20 codes per client address in 24 hours', async () => {
    const address = '198.51.100.23'
    for (let i = 0; i < defaults.SMS_CODES_PER_ADDRESS; i++) {
      const answer = await call('account/registration/entrypoint/', { body: { phone: newPhone('93') }, address })
      expect(answer.status).toBe(200)
    }
    const phone = newPhone('93')
    const capped = await call('account/registration/entrypoint/', { body: { phone }, address })
    expect(capped.status).toBe(429)
    expect(messagesTo(phone)).toHaveLength(0)
    // Resets from that address are capped the same way (and say nothing about accounts).
    expect((await call('account/password-reset/', { body: { phone: newPhone('93') }, address })).status).toBe(429)
    expect((await call('account/registration/entrypoint/', { body: { phone }, address: '198.51.100.24' })).status).toBe(
      200,
    )
  })
})

describe('password reset', () => {
  it('answers the same whether or not the phone has an account, and texts only account holders', async () => {
    const user = await register()
    const stranger = newPhone('94')
    const before = outbox().length
    const known = await call('account/password-reset/', { body: { phone: user.phone }, lang: 'ru' })
    const unknown = await call('account/password-reset/', { body: { phone: stranger }, lang: 'ru' })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(Object.keys(known.body)).toEqual(['signature'])
    expect(Object.keys(unknown.body)).toEqual(['signature'])
    expect(known.body.signature).toHaveLength(unknown.body.signature.length)
    expect(outbox().length).toBe(before + 1)
    expect(messagesTo(stranger)).toHaveLength(0)

    // The same waiting rules apply to both.
    advance(10)
    const a = await call('account/password-reset/', { body: { phone: user.phone }, lang: 'ru' })
    const b = await call('account/password-reset/', { body: { phone: stranger }, lang: 'ru' })
    expect([a.status, b.status]).toEqual([429, 429])
    expect(a.body).toEqual(b.body)

    // Any code for the stranger's phone is simply wrong.
    const guess = await call('account/password-reset/verify/', {
      body: { code: '000000', signature: unknown.body.signature },
      lang: 'ru',
    })
    expect(guess.status).toBe(400)
    expect(guess.body.detail).toBe('Неверный код. Осталось попыток: 4.')
  })

  it('signs in with the code, sets a new password, and ends the other sessions', async () => {
    const user = await register()
    const { body } = await call('account/password-reset/', { body: { phone: user.phone } })
    const wrong = await call('account/password-reset/verify/', {
      body: { code: wrongCode(lastCode(user.phone)), signature: body.signature },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].field).toBe('code')

    const verified = await call('account/password-reset/verify/', {
      body: { code: lastCode(user.phone), signature: body.signature },
    })
    expect(verified.status).toBe(200)
    expect(Object.keys(verified.body).sort()).toEqual(['access', 'refresh'])
    // The code works once.
    const again = await call('account/password-reset/verify/', {
      body: { code: lastCode(user.phone), signature: body.signature },
    })
    expect(again.status).toBe(400)

    const short = await call('account/password-change-after-reset/', {
      method: 'PUT',
      body: { new_password: '12345', password_confirm: '12345' },
      token: verified.body.access,
      lang: 'ru',
    })
    expect(short.body.errors).toEqual([{ field: 'new_password', message: 'Не короче 6 символов.' }])
    const mismatch = await call('account/password-change-after-reset/', {
      method: 'PUT',
      body: { new_password: '123456', password_confirm: '654321' },
      token: verified.body.access,
      lang: 'ru',
    })
    expect(mismatch.body.errors).toEqual([{ field: 'password_confirm', message: 'Пароли не совпадают.' }])

    const changed = await call('account/password-change-after-reset/', {
      method: 'PUT',
      body: { new_password: 'new-pass', password_confirm: 'new-pass' },
      token: verified.body.access,
      lang: 'ru',
    })
    expect(changed).toMatchObject({ status: 200, body: { message: 'Пароль изменён.' } })

    expect((await login(user.phone, user.password)).status).toBe(400)
    expect((await login(user.phone, 'new-pass')).status).toBe(200)
    // The session from before the reset is over; the reset session goes on.
    expect((await call('auth/token/refresh/', { body: { refresh: user.refresh } })).status).toBe(401)
    expect((await call('account/', { token: verified.body.access })).status).toBe(200)
    // ...but cannot set a password without the old one again.
    const twice = await call('account/password-change-after-reset/', {
      method: 'PUT',
      body: { new_password: 'other-pass', password_confirm: 'other-pass' },
      token: verified.body.access,
    })
    expect(twice.status).toBe(403)
  })

  it('refuses password-change-after-reset to an ordinary session and after 15 minutes', async () => {
    const user = await register()
    const ordinary = await call('account/password-change-after-reset/', {
      method: 'PUT',
      body: { new_password: '123456', password_confirm: '123456' },
      token: user.access,
      lang: 'ru',
    })
    expect(ordinary).toMatchObject({ status: 403, body: { detail: 'Сначала подтвердите номер кодом из SMS.' } })

    const { body } = await call('account/password-reset/', { body: { phone: user.phone } })
    const verified = await call('account/password-reset/verify/', {
      body: { code: lastCode(user.phone), signature: body.signature },
    })
    advance(authLimits.resetSessionTtl + 1)
    const renewed = await call('auth/token/refresh/', { body: { refresh: verified.body.refresh } })
    const late = await call('account/password-change-after-reset/', {
      method: 'PUT',
      body: { new_password: '123456', password_confirm: '123456' },
      token: renewed.body.access,
    })
    expect(late.status).toBe(403)
    expect((await call('account/password-change-after-reset/', { method: 'PUT', body: {} })).status).toBe(401)
  })

  it('validates the reset payloads', async () => {
    const noPhone = await call('account/password-reset/', { body: { phone: '' }, lang: 'ru' })
    expect(noPhone.body.errors).toEqual([{ field: 'phone', message: 'Обязательное поле.' }])
    const bad = await call('account/password-reset/verify/', { body: { code: 123456 }, lang: 'ru' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['code', 'signature'])
  })
})

describe('PUT account/password-change/', () => {
  it('needs the current password: missing or wrong is one error of its own', async () => {
    const user = await register()
    const other = await login(user.phone, user.password)
    for (const old_password of [undefined, '', 'wrong-one']) {
      const answer = await call('account/password-change/', {
        method: 'PUT',
        body: { old_password, new_password: 'brand-new', password_confirm: 'brand-new' },
        token: user.access,
        lang: 'ru',
      })
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        detail: 'Текущий пароль не указан или неверен.',
        errors: [{ field: 'old_password', message: 'Текущий пароль не указан или неверен.' }],
      })
    }
    const mismatch = await call('account/password-change/', {
      method: 'PUT',
      body: { old_password: user.password, new_password: 'brand-new', password_confirm: 'brand-old' },
      token: user.access,
    })
    expect(mismatch.body.errors.map((e: { field: string }) => e.field)).toEqual(['password_confirm'])

    const ok = await call('account/password-change/', {
      method: 'PUT',
      body: { old_password: user.password, new_password: 'brand-new', password_confirm: 'brand-new' },
      token: user.access,
      lang: 'sr',
    })
    expect(ok).toMatchObject({ status: 200, body: { message: 'Parol oʻzgartirildi.' } })
    expect((await login(user.phone, 'brand-new')).status).toBe(200)
    // This session stays, the others end.
    expect((await call('account/', { token: user.access })).status).toBe(200)
    expect((await call('account/', { token: other.body.access })).status).toBe(401)
  })

  it('locks out guessing of the current password like logins', async () => {
    const user = await register()
    for (let i = 0; i < authLimits.loginFailuresPerPair; i++)
      await call('account/password-change/', {
        method: 'PUT',
        body: { old_password: `guess-${i}`, new_password: 'brand-new', password_confirm: 'brand-new' },
        token: user.access,
      })
    const locked = await call('account/password-change/', {
      method: 'PUT',
      body: { old_password: user.password, new_password: 'brand-new', password_confirm: 'brand-new' },
      token: user.access,
    })
    expect(locked.status).toBe(429)
  })

  it('needs a signed-in customer', async () => {
    const answer = await call('account/password-change/', {
      method: 'PUT',
      body: { old_password: 'a', new_password: 'brand-new', password_confirm: 'brand-new' },
    })
    expect(answer.status).toBe(401)
  })
})

describe('phone change', () => {
  it('sends a code to the new number and changes it when confirmed', async () => {
    const user = await register()
    const next = newPhone('95')
    const asked = await call('account/phone-change/', { body: { phone: next }, token: user.access })
    expect(asked.status).toBe(200)
    expect(messagesTo(next)).toHaveLength(1)
    const wrong = await call('account/phone-change/verify/', {
      body: { phone: next, code: wrongCode(lastCode(next)), session: asked.body.session },
      token: user.access,
    })
    expect(wrong.status).toBe(400)
    const done = await call('account/phone-change/verify/', {
      body: { phone: next, code: lastCode(next), session: asked.body.session },
      token: user.access,
    })
    expect(done.status).toBe(200)
    expect(done.body.phone).toBe(next)
    expect((await call('account/', { token: user.access })).body.phone).toBe(next)
    expect((await login(next, user.password)).status).toBe(200)
    expect((await login(user.phone, user.password)).status).toBe(400)
  })

  it('refuses the current number and numbers of other accounts', async () => {
    const user = await register()
    const other = await register()
    const same = await call('account/phone-change/', { body: { phone: user.phone }, token: user.access, lang: 'ru' })
    expect(same.status).toBe(400)
    expect(same.body.errors).toEqual([{ field: 'phone', message: 'Это ваш текущий номер.' }])
    const taken = await call('account/phone-change/', { body: { phone: other.phone }, token: user.access })
    expect(taken.status).toBe(409)
    expect(taken.body.errors[0].field).toBe('phone')
    expect((await call('account/phone-change/', { body: { phone: newPhone() } })).status).toBe(401)
  })

  it('does not let another customer use the code', async () => {
    const user = await register()
    const intruder = await register()
    const next = newPhone('95')
    const asked = await call('account/phone-change/', { body: { phone: next }, token: user.access })
    const stolen = await call('account/phone-change/verify/', {
      body: { phone: next, code: lastCode(next), session: asked.body.session },
      token: intruder.access,
    })
    expect(stolen.status).toBe(400)
  })
})

describe('DELETE account/delete/', () => {
  it('erases personal data, ends the sessions, and frees the phone', async () => {
    const user = await register()
    const second = await login(user.phone, user.password)
    const me = await call('account/', { token: user.access })
    const deleted = await call('account/delete/', {
      method: 'DELETE',
      token: user.access,
      lang: 'ru',
      body: { confirm: true, password: user.password },
    })
    expect(deleted).toMatchObject({ status: 200, body: { message: 'Аккаунт удалён.' } })

    expect((await call('account/', { token: user.access })).status).toBe(401)
    expect((await call('account/', { token: second.body.access })).status).toBe(401)
    expect((await call('auth/token/refresh/', { body: { refresh: second.body.refresh } })).status).toBe(401)
    expect((await login(user.phone, user.password)).status).toBe(400)

    const row = oneRow(await t.database.db.select().from(users).where(eq(users.id, me.body.id)))
    expect(row).toMatchObject({ phone: null, fullName: '', extraPhone: null, passwordHash: null })
    expect(row.deletedAt).toBeInstanceOf(Date)

    // The number can open a new account.
    advance(authLimits.codeResendAfter + 1)
    const again = await register(user.phone, 'another-pass')
    const fresh = await call('account/', { token: again.access })
    expect(fresh.body.id).not.toBe(me.body.id)
  })

  it('needs an explicit confirmation and the password: without either the account stays', async () => {
    const user = await register()
    const attempts: [string, Init['body'], string, string][] = [
      ['no body at all', undefined, 'confirm', 'Подтвердите удаление аккаунта.'],
      ['an empty object', {}, 'confirm', 'Подтвердите удаление аккаунта.'],
      ['no confirmation', { password: user.password }, 'confirm', 'Подтвердите удаление аккаунта.'],
      ['confirmed, no password', { confirm: true }, 'password', 'Текущий пароль не указан или неверен.'],
      [
        'confirmed, a wrong password',
        { confirm: true, password: 'wrong' },
        'password',
        'Текущий пароль не указан или неверен.',
      ],
    ]
    for (const [what, body, field, text] of attempts) {
      const refused = await call('account/delete/', { method: 'DELETE', token: user.access, lang: 'ru', body })
      expect(refused.status, what).toBe(400)
      expect(refused.body.errors, what).toEqual([{ field, message: text }])
      expect((await call('account/', { token: user.access })).status, what).toBe(200)
    }
  })

  it('counts wrong passwords as failed logins: 429 after five', async () => {
    const user = await register()
    for (let i = 0; i < authLimits.loginFailuresPerPair; i++) {
      const wrong = { confirm: true, password: `wrong-${i}` }
      expect((await call('account/delete/', { method: 'DELETE', token: user.access, body: wrong })).status).toBe(400)
    }
    const right = { confirm: true, password: user.password }
    const limited = await call('account/delete/', { method: 'DELETE', token: user.access, body: right })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeTruthy()
    expect((await call('account/', { token: user.access })).status).toBe(200)
  })

  it('needs a signed-in customer', async () => {
    expect((await call('account/delete/', { method: 'DELETE', body: { confirm: true } })).status).toBe(401)
  })
})
