import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { CardCodeError, CardProviderError, paymeCardProvider } from '#api/integrations/payments/cards.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'

const url = 'https://checkout.test.paycom.uz/api'
const server = setupServer()
// msw 3: an unmocked request fails the test.
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type Call = { method: string; params: Record<string, any>; auth: string | null; id: unknown }

/** A Payme Subscribe API double: test card 8600 0691 9540 6311, code 666666. */
function payme(options: { down?: boolean; slow?: number; noSms?: boolean } = {}) {
  const calls: Call[] = []
  const tokens = new Map<string, { verified: boolean; number: string; expire: string }>()
  let issued = 0
  server.use(
    http.post(url, async ({ request }) => {
      const body = (await request.json()) as { id: unknown; method: string; params: Record<string, any> }
      calls.push({ method: body.method, params: body.params, auth: request.headers.get('x-auth'), id: body.id })
      if (options.slow) await delay(options.slow)
      if (options.down) return new HttpResponse('Bad gateway', { status: 502 })
      const reply = (result: unknown) => HttpResponse.json({ jsonrpc: '2.0', id: body.id, result })
      const fail = (code: number, message: string) =>
        HttpResponse.json({ jsonrpc: '2.0', id: body.id, error: { code, message } })
      switch (body.method) {
        case 'cards.create': {
          const { number, expire } = body.params.card
          if (!number.startsWith('8600')) return fail(-31300, 'Card number invalid')
          const token = `payme-token-${++issued}`
          tokens.set(token, { verified: false, number, expire })
          return reply({
            card: {
              number: `${number.slice(0, 6)}******${number.slice(-4)}`,
              expire,
              token,
              recurrent: true,
              verify: false,
            },
          })
        }
        case 'cards.get_verify_code':
          if (!tokens.has(body.params.token)) return fail(-31400, 'Card not found')
          if (options.noSms) return HttpResponse.json({ error: 'busy' }, { status: 503 })
          return reply({ sent: true, phone: '99890*****31', wait: 60000 })
        case 'cards.verify': {
          const card = tokens.get(body.params.token)
          if (!card) return fail(-31400, 'Card not found')
          if (body.params.code !== '666666') return fail(-31103, 'Wrong code')
          card.verified = true
          return reply({
            card: { number: '860006******6311', expire: card.expire, token: body.params.token, verify: true },
          })
        }
        case 'cards.remove':
          if (!tokens.delete(body.params.token)) return fail(-31400, 'Card not found')
          return reply({ success: true })
        default:
          return fail(-32601, 'Method not found')
      }
    }),
  )
  return { calls, tokens }
}

describe('Payme Subscribe API client', () => {
  const client = paymeCardProvider({ url, merchantId: 'merchant-1', key: 'secret-key', timeoutMs: 200 })

  it('creates, confirms and removes a card with the right methods and X-Auth', async () => {
    const double = payme()
    const { token } = await client.create({ number: '8600069195406311', expiry: '03/29' })
    expect(token).toBe('payme-token-1')
    expect(await client.sendCode(token, { phone: null, lang: 'ru', masked: '' })).toEqual({
      phoneMasked: '99890*****31',
    })
    await expect(client.verify(token, '111111', 'ru')).rejects.toBeInstanceOf(CardCodeError)
    await client.verify(token, '666666', 'ru')
    expect(double.tokens.get(token)?.verified).toBe(true)
    await client.remove(token)
    expect(double.tokens.size).toBe(0)
    expect(double.calls.map((c) => [c.method, c.auth])).toEqual([
      ['cards.create', 'merchant-1'],
      ['cards.get_verify_code', 'merchant-1'],
      ['cards.verify', 'merchant-1'],
      ['cards.verify', 'merchant-1'],
      ['cards.remove', 'merchant-1:secret-key'],
    ])
    expect(double.calls[0].params).toEqual({ card: { number: '8600069195406311', expire: '0329' }, save: true })
    expect(double.calls[2].params).toEqual({ token, code: '111111' })
    expect(new Set(double.calls.map((c) => c.id)).size).toBe(double.calls.length)
  })

  it('reports refusals with their code, failures and timeouts without the number', async () => {
    payme()
    const refused = await client.create({ number: '9860000000000002', expiry: '03/29' }).catch((e) => e)
    expect(refused).toBeInstanceOf(CardProviderError)
    expect(refused).toMatchObject({ reason: 'rejected', code: -31300 })
    expect(refused.message).not.toContain('9860000000000002')

    server.resetHandlers()
    payme({ down: true })
    await expect(client.create({ number: '8600069195406311', expiry: '03/29' })).rejects.toMatchObject({
      reason: 'unavailable',
    })

    server.resetHandlers()
    payme({ slow: 1000 })
    const slow = await client.create({ number: '8600069195406311', expiry: '03/29' }).catch((e) => e)
    expect(slow).toMatchObject({ reason: 'timeout' })
    expect(slow.message).not.toContain('8600069195406311')
  })
})

describe('saved cards API with PAYMENT_PROVIDER=payme', () => {
  const t = setupTestApi({ products: 10 })
  let api: ReturnType<typeof createApi>
  let customer: Customer
  beforeAll(async () => {
    const config = parseConfig({
      ...process.env,
      DATA_DIR: t.dataDir,
      SESSION_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'payme',
      PAYME_MERCHANT_ID: 'merchant-1',
      PAYME_KEY: 'secret-key',
      PAYME_API_URL: url,
    })
    api = createApi({ database: t.database, config })
    customer = await registerCustomer(t)
  })
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api.fetch(
      new Request(`http://shop.test/api/v1/${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${customer.access}`,
          'Accept-Language': 'ru',
        },
      }),
    )
    return { status: response.status, body: response.status === 204 ? null : await response.json() }
  }

  it('tokenises at Payme, keeps the token, confirms with the code and removes it there', async () => {
    const double = payme()
    const added = await call('POST', 'cards/', { number: '8600 0691 9540 6311', expiry: '03/29' })
    expect(added.status).toBe(201)
    expect(added.body).toMatchObject({ phone: '99890*****31', masked_number: '8600 **** **** 6311', system: 'uzcard' })
    const wrong = await call('POST', `cards/${added.body.card_id}/verify/`, { code: '123456' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual([
      { field: 'code', message: 'Код не подошёл. Проверьте его или добавьте карту заново.' },
    ])
    const done = await call('POST', `cards/${added.body.card_id}/verify/`, { code: '666666' })
    expect(done.status).toBe(200)
    expect((await call('GET', 'cards/')).body).toHaveLength(1)
    expect((await call('DELETE', `cards/${added.body.card_id}/`)).status).toBe(204)
    expect(double.calls.map((c) => c.method)).toEqual([
      'cards.create',
      'cards.get_verify_code',
      'cards.verify',
      'cards.verify',
      'cards.remove',
    ])
    expect(double.tokens.size).toBe(0)
  })

  it('answers 400 when Payme refuses the card and a localised 503 when it does not answer', async () => {
    payme()
    const refused = await call('POST', 'cards/', { number: '9860 0000 0000 0002', expiry: '03/29' })
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0]).toEqual({
      field: 'number',
      message: 'Платёжная система не приняла карту. Проверьте данные или попробуйте позже.',
    })
    server.resetHandlers()
    payme({ down: true })
    const down = await call('POST', 'cards/', { number: '8600 0691 9540 6311', expiry: '03/29' })
    expect(down.status).toBe(503)
    expect(down.body.detail).toBe('Платёжная система не отвечает. Попробуйте через минуту.')
    expect((await call('GET', 'cards/')).body).toEqual([])
  })

  it('forgets a card at Payme too when its code could not be sent', async () => {
    server.resetHandlers()
    const double = payme({ noSms: true })
    const failed = await call('POST', 'cards/', { number: '8600 0691 9540 6311', expiry: '03/29' })
    expect(failed.status).toBe(503)
    expect(double.calls.map((c) => c.method)).toEqual(['cards.create', 'cards.get_verify_code', 'cards.remove'])
    expect(double.tokens.size).toBe(0)
    expect((await call('GET', 'cards/')).body).toEqual([])
  })
})
