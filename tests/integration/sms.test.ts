import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { delay, HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { createSmsProvider, eskizSmsProvider, logSmsProvider, SmsError } from '#api/integrations/sms/index.ts'
import { metrics } from '#api/metrics.ts'
import type { Json } from '#tests/support/json.ts'
import { logLines } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { externalServices } from './support/msw.ts'

const base = 'https://notify.eskiz.uz/api/'
const server = externalServices()

const options = {
  email: 'shop@example.uz',
  password: 'eskiz-secret',
  from: '4546',
  baseUrl: base,
  callbackUrl: 'https://atir.example/sms/status',
  timeoutMs: 300,
}

type Seen = { method: string; path: string; auth: string | null; body: unknown }

/** An Eskiz double: records every call; tokens are `t1`, `t2`, … in issue order. */
function eskiz(overrides: { send?: (seen: Seen) => Response | Promise<Response> } = {}) {
  const seen: Seen[] = []
  let issued = 0
  let valid = new Set<string>()
  const record = async (request: Request, path: string) => {
    const text = await request.text()
    const entry = {
      method: request.method,
      path,
      auth: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : null,
    }
    seen.push(entry)
    return entry
  }
  server.use(
    http.post(`${base}auth/login`, async ({ request }) => {
      const entry = await record(request, 'auth/login')
      const body = entry.body as { email?: string; password?: string }
      if (body.email !== options.email || body.password !== options.password)
        return HttpResponse.json({ message: 'Invalid credentials' }, { status: 401 })
      const token = `t${++issued}`
      valid.add(token)
      return HttpResponse.json({ message: 'token_generated', data: { token }, token_type: 'bearer' })
    }),
    http.patch(`${base}auth/refresh`, async ({ request }) => {
      const entry = await record(request, 'auth/refresh')
      const old = entry.auth?.replace('Bearer ', '') ?? ''
      if (!valid.has(old) && old !== 'expired')
        return HttpResponse.json({ message: 'Unauthenticated' }, { status: 401 })
      const token = `t${++issued}`
      valid = new Set([token])
      return HttpResponse.json({ message: 'token_refreshed', data: { token }, token_type: 'bearer' })
    }),
    http.post(`${base}message/sms/send`, async ({ request }) => {
      const entry = await record(request, 'message/sms/send')
      if (overrides.send) return overrides.send(entry)
      if (!valid.has(entry.auth?.replace('Bearer ', '') ?? ''))
        return HttpResponse.json({ message: 'Expired' }, { status: 401 })
      return HttpResponse.json({ id: 'a1b2', message: 'Waiting for SMS provider', status: 'waiting' })
    }),
  )
  return {
    seen,
    expire() {
      valid = new Set(['expired'])
    },
  }
}

describe('Eskiz client', () => {
  it('logs in once, then sends with the bearer token', async () => {
    const double = eskiz()
    const sms = eskizSmsProvider(options)
    await sms.send({ to: '+998901234567', text: 'Atir: tasdiqlash kodi 123456. Uni hech kimga aytmang.' })
    await sms.send({ to: '+998331112233', text: 'second' })
    expect(double.seen.map((s) => s.path)).toEqual(['auth/login', 'message/sms/send', 'message/sms/send'])
    expect(double.seen[0]?.body).toEqual({ email: options.email, password: options.password })
    expect(double.seen[1]).toMatchObject({
      method: 'POST',
      auth: 'Bearer t1',
      body: {
        mobile_phone: '998901234567',
        message: 'Atir: tasdiqlash kodi 123456. Uni hech kimga aytmang.',
        from: '4546',
        callback_url: 'https://atir.example/sms/status',
      },
    })
    expect(double.seen[2]).toMatchObject({ auth: 'Bearer t1', body: { mobile_phone: '998331112233' } })
  })

  it('shares one login between concurrent sends', async () => {
    const double = eskiz()
    const sms = eskizSmsProvider(options)
    await Promise.all([sms.send({ to: '+998901234567', text: 'a' }), sms.send({ to: '+998901234568', text: 'b' })])
    expect(double.seen.filter((s) => s.path === 'auth/login')).toHaveLength(1)
  })

  it('on a 401 tries a token refresh, logs in again when that is refused, and retries once', async () => {
    const double = eskiz()
    const sms = eskizSmsProvider(options)
    await sms.send({ to: '+998901234567', text: 'one' })
    double.expire()
    await sms.send({ to: '+998901234567', text: 'two' })
    expect(double.seen.map((s) => `${s.method} ${s.path} ${s.auth ?? ''}`.trim())).toEqual([
      'POST auth/login',
      'POST message/sms/send Bearer t1',
      'POST message/sms/send Bearer t1',
      'PATCH auth/refresh Bearer t1',
      'POST auth/login',
      'POST message/sms/send Bearer t2',
    ])
  })

  it('uses the refreshed token when the refresh succeeds', async () => {
    const double = eskiz()
    const sms = eskizSmsProvider(options)
    await sms.send({ to: '+998901234567', text: 'one' })
    // Eskiz says 401 for this send, but the old token may still be refreshed.
    let first = true
    server.use(
      http.post(`${base}message/sms/send`, async ({ request }) => {
        const auth = request.headers.get('authorization')
        double.seen.push({ method: 'POST', path: 'message/sms/send', auth, body: await request.json() })
        if (first) {
          first = false
          return HttpResponse.json({ message: 'Expired' }, { status: 401 })
        }
        return HttpResponse.json({ id: 'x', message: 'Waiting for SMS provider', status: 'waiting' })
      }),
    )
    await sms.send({ to: '+998901234567', text: 'two' })
    expect(double.seen.slice(2).map((s) => `${s.method} ${s.path} ${s.auth}`)).toEqual([
      'POST message/sms/send Bearer t1',
      'PATCH auth/refresh Bearer t1',
      'POST message/sms/send Bearer t2',
    ])
  })

  it('gives up with a timeout error when Eskiz hangs', async () => {
    eskiz({
      send: async () => {
        await delay('infinite')
        return HttpResponse.json({})
      },
    })
    const sms = eskizSmsProvider(options)
    const started = Date.now()
    const error = await sms.send({ to: '+998901234567', text: 'x' }).catch((e) => e)
    expect(error).toBeInstanceOf(SmsError)
    expect(error.reason).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('reports a provider 500 as unavailable and a refused message as rejected', async () => {
    eskiz({ send: () => HttpResponse.json({ message: 'Internal error' }, { status: 500 }) })
    const down = await eskizSmsProvider(options)
      .send({ to: '+998901234567', text: 'x' })
      .catch((e) => e)
    expect(down).toMatchObject({ name: 'SmsError', reason: 'unavailable' })

    eskiz({ send: () => HttpResponse.json({ message: 'Template not approved', status: 'error' }, { status: 400 }) })
    const refused = await eskizSmsProvider(options)
      .send({ to: '+998901234567', text: 'x' })
      .catch((e) => e)
    expect(refused).toMatchObject({ reason: 'rejected' })
    expect(refused.message).toContain('Template not approved')
  })

  it("times every call for the provider metric, by outcome: Eskiz's own failures are errors, its refusals answers", async () => {
    const count = async (outcome: string) => {
      const series = `atir_provider_request_duration_seconds_count{provider="eskiz",operation="message/sms/send",outcome="${outcome}"}`
      const line = (await metrics.metrics()).split('\n').find((l) => l.startsWith(`${series} `))
      return line ? Number(line.slice(series.length + 1)) : 0
    }
    const before = { ok: await count('ok'), error: await count('error'), timeout: await count('timeout') }
    eskiz()
    await eskizSmsProvider(options).send({ to: '+998901234567', text: 'x' })
    eskiz({ send: () => HttpResponse.json({ message: 'Template not approved', status: 'error' }, { status: 400 }) })
    await eskizSmsProvider(options)
      .send({ to: '+998901234567', text: 'x' })
      .catch(() => {})
    eskiz({ send: () => HttpResponse.json({ message: 'Internal error' }, { status: 500 }) })
    await eskizSmsProvider(options)
      .send({ to: '+998901234567', text: 'x' })
      .catch(() => {})
    eskiz({
      send: async () => {
        await delay('infinite')
        return HttpResponse.json({})
      },
    })
    await eskizSmsProvider(options)
      .send({ to: '+998901234567', text: 'x' })
      .catch(() => {})
    expect({ ok: await count('ok'), error: await count('error'), timeout: await count('timeout') }).toEqual({
      ok: before.ok + 2,
      error: before.error + 1,
      timeout: before.timeout + 1,
    })
  })

  it('reports wrong account credentials as unavailable', async () => {
    eskiz()
    const error = await eskizSmsProvider({ ...options, password: 'wrong' })
      .send({ to: '+998901234567', text: 'x' })
      .catch((e) => e)
    expect(error).toMatchObject({ reason: 'unavailable' })
    expect(error.message).toMatch(/login failed with HTTP 401/)
  })

  it('is chosen by SMS_PROVIDER=eskiz and needs its credentials', () => {
    const env = { DATA_DIR: '/tmp/atir-sms-config', SESSION_SECRET: 'x'.repeat(40), SMS_PROVIDER: 'eskiz' }
    expect(() => createSmsProvider(parseConfig(env))).toThrow(/ESKIZ_EMAIL/)
    const ready = parseConfig({ ...env, ESKIZ_EMAIL: 'a@b.uz', ESKIZ_PASSWORD: 'p' })
    expect(createSmsProvider(ready).name).toBe('eskiz')
    expect(createSmsProvider(parseConfig({ ...env, SMS_PROVIDER: 'log' })).name).toBe('log')
  })
})

describe('log provider', () => {
  it('appends one JSON line per message; the log says so to a masked number, never the text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'atir-sms-log-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const outbox = join(dir, 'nested', 'sms-outbox.jsonl')
    const from = logLines.length
    const sms = logSmsProvider({ outbox, now: () => new Date('2030-01-02T03:04:05.000Z') })
    await sms.send({ to: '+998901234567', text: 'Atir: код подтверждения 123456.' })
    await sms.send({ to: '+998331234567', text: 'second' })
    const lines = readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toEqual([
      { to: '+998901234567', text: 'Atir: код подтверждения 123456.', at: '2030-01-02T03:04:05.000Z' },
      { to: '+998331234567', text: 'second', at: '2030-01-02T03:04:05.000Z' },
    ])
    const logged = logLines.slice(from)
    expect(logged.map((line) => [line.level, line.msg, line.to])).toEqual([
      ['info', 'sms: written to the outbox', '+99890*****67'],
      ['info', 'sms: written to the outbox', '+99833*****67'],
    ])
    expect(JSON.stringify(logged)).not.toMatch(/123456|1234567|код/)
  })
})

describe('the API with Eskiz', () => {
  const t = setupTestApi({ products: 0 })
  let call: (body: unknown, lang?: string) => Promise<{ status: number; body: Json }>
  beforeAll(() => {
    const config = parseConfig({
      ...process.env,
      DATA_DIR: t.dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      SMS_PROVIDER: 'eskiz',
      ESKIZ_EMAIL: options.email,
      ESKIZ_PASSWORD: options.password,
      SMS_TIMEOUT_MS: '300',
    })
    const api = createApi({ database: t.database, config })
    call = async (body, lang = 'ru') => {
      const response = await api.fetch(
        new Request('http://shop.test/api/v1/account/registration/entrypoint/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': lang },
          body: JSON.stringify(body),
        }),
      )
      return { status: response.status, body: await response.json() }
    }
  })

  it('sends the code in the customer language through Eskiz', async () => {
    const double = eskiz()
    const answer = await call({ phone: '(90) 555-00-01' }, 'sr')
    expect(answer.status).toBe(200)
    const sent = double.seen.find((s) => s.path === 'message/sms/send')?.body as {
      message: string
      mobile_phone: string
    }
    expect(sent.mobile_phone).toBe('998905550001')
    expect(sent.message).toMatch(/^Atir: tasdiqlash kodi \d{6}\. Uni hech kimga aytmang\.$/)
  })

  it('answers 503 with a clear message when Eskiz fails, and lets the customer retry at once', async () => {
    const from = logLines.length
    eskiz({ send: () => HttpResponse.json({ message: 'boom' }, { status: 500 }) })
    const failed = await call({ phone: '(90) 555-00-02' })
    expect(failed).toEqual({ status: 503, body: { detail: 'Не удалось отправить SMS. Попробуйте позже.' } })
    server.resetHandlers()
    eskiz()
    // No 60-second wait: the failed code was never delivered.
    expect((await call({ phone: '(90) 555-00-02' })).status).toBe(200)
    expect(logLines.slice(from)).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'sms: Eskiz refused the message with HTTP 500: boom' }),
    )
  })

  it('answers 503 "not responding" when Eskiz hangs', async () => {
    eskiz({
      send: async () => {
        await delay('infinite')
        return HttpResponse.json({})
      },
    })
    const failed = await call({ phone: '(90) 555-00-03' }, 'uz')
    expect(failed).toEqual({
      status: 503,
      body: { detail: 'SMS хизмати жавоб бермаяпти. Бир дақиқадан сўнг уриниб кўринг.' },
    })
  })
})
