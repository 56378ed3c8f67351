import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApi } from '#api/app.ts'
import { parseConfig } from '#api/config.ts'
import { savedCards } from '#api/db/schema/index.ts'
import { CardCodeError, CardProviderError } from '#api/integrations/payments/card-provider.ts'
import { paymeCardProvider } from '#api/integrations/payments/payme/subscribe.ts'
import { logText } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { externalServices } from './support/msw.ts'
import { paymeSubscribe, type SubscribeOptions } from './support/payme-subscribe.ts'

const url = 'https://checkout.test.paycom.uz/api'
const server = externalServices()

const payme = (options: SubscribeOptions = {}) => paymeSubscribe(server, url, options)

describe('Payme Subscribe API client', () => {
  // The double answers at once or, for the timeouts, never: time enough for a machine at load 20.
  const client = paymeCardProvider({ url, merchantId: 'merchant-1', key: 'secret-key', timeoutMs: 5_000 })

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
    expect(double.calls[0]?.params).toEqual({ card: { number: '8600069195406311', expire: '0329' }, save: true })
    expect(double.calls[2]?.params).toEqual({ token, code: '111111' })
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
    payme({ slow: 'infinite' })
    const slow = await client.create({ number: '8600069195406311', expiry: '03/29' }).catch((e) => e)
    expect(slow).toMatchObject({ reason: 'timeout' })
    expect(slow.message).not.toContain('8600069195406311')
  })
})

describe('Payme Subscribe API receipts (charging a saved card)', () => {
  const client = paymeCardProvider({ url, merchantId: 'merchant-1', key: 'secret-key', timeoutMs: 5_000 })
  async function confirmedToken() {
    const { token } = await client.create({ number: '8600069195406311', expiry: '03/29' })
    await client.verify(token, '666666', 'ru')
    return token
  }

  it('creates a receipt in tiyin for the order, pays it with the token and cancels it as the refund', async () => {
    const double = payme()
    const token = await confirmedToken()
    const { receiptId } = await client.charge(token, { amount: 123_450, orderId: 42, lang: 'uz' })
    expect(double.receipts.get(receiptId)).toMatchObject({ amount: 12_345_000, state: 4, token })
    await client.refund(receiptId)
    expect(double.receipts.get(receiptId)?.state).toBe(50)
    const receiptCalls = double.calls.filter((c) => c.method.startsWith('receipts.'))
    expect(receiptCalls.map((c) => [c.method, c.auth])).toEqual([
      ['receipts.create', 'merchant-1:secret-key'],
      ['receipts.pay', 'merchant-1:secret-key'],
      ['receipts.cancel', 'merchant-1:secret-key'],
    ])
    expect(receiptCalls[0]?.params).toEqual({
      amount: 12_345_000,
      account: { order_id: '42' },
      description: 'Atir: 42 буюртма',
    })
    expect(receiptCalls[1]?.params).toEqual({ id: receiptId, token })
    expect(receiptCalls[2]?.params).toEqual({ id: receiptId })
  })

  it('reports a declined card as rejected with its code and cancels the unpaid receipt', async () => {
    const double = payme({ payError: -31630 })
    const token = await confirmedToken()
    const declined = await client.charge(token, { amount: 1000, orderId: 7, lang: 'ru' }).catch((e) => e)
    expect(declined).toBeInstanceOf(CardProviderError)
    expect(declined).toMatchObject({ reason: 'rejected', code: -31630 })
    expect(double.calls.map((c) => c.method).slice(-3)).toEqual(['receipts.create', 'receipts.pay', 'receipts.cancel'])
    expect([...double.receipts.values()].map((r) => r.state)).toEqual([50])
  })

  it('times out a slow pay call and cancels the receipt, so a late success takes no money', async () => {
    const double = payme({ slowPay: 'infinite' })
    const token = await confirmedToken()
    const slow = await client.charge(token, { amount: 1000, orderId: 8, lang: 'ru' }).catch((e) => e)
    expect(slow).toMatchObject({ reason: 'timeout' })
    expect(double.calls.at(-1)?.method).toBe('receipts.cancel')
  })

  it('reports a Payme that is down as unavailable, for charges and refunds', async () => {
    payme({ down: true })
    await expect(client.charge('payme-token-1', { amount: 1000, orderId: 9, lang: 'ru' })).rejects.toMatchObject({
      reason: 'unavailable',
    })
    await expect(client.refund('receipt-1')).rejects.toMatchObject({ reason: 'unavailable' })
  })

  it('refuses to refund a receipt Payme does not know', async () => {
    payme()
    await expect(client.refund('receipt-unknown')).rejects.toMatchObject({ reason: 'rejected', code: -31602 })
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
  const call = async (method: string, path: string, body?: unknown, who: Customer = customer) => {
    const response = await api.fetch(
      new Request(`http://shop.test/api/v1/${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${who.access}`,
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

  /** A confirmed saved card of `who` at the Payme double; returns its token. */
  async function savedCard(who: Customer) {
    const added = await call('POST', 'cards/', { number: '8600 0691 9540 6311', expiry: '03/29' }, who)
    expect(added.status).toBe(201)
    expect((await call('POST', `cards/${added.body.card_id}/verify/`, { code: '666666' }, who)).status).toBe(200)
    const [row] = await t.database.db
      .select({ token: savedCards.token })
      .from(savedCards)
      .where(eq(savedCards.id, added.body.card_id))
    return row!.token
  }

  it('deleting the account asks Payme to forget the saved cards', async () => {
    const double = payme()
    const leaving = await registerCustomer(t)
    const token = await savedCard(leaving)
    expect(double.tokens.has(token)).toBe(true)
    expect(
      (await call('DELETE', 'account/delete/', { confirm: true, password: leaving.password }, leaving)).status,
    ).toBe(200)
    expect(double.calls.at(-1)).toMatchObject({ method: 'cards.remove', params: { token } })
    expect(double.tokens.has(token)).toBe(false)
  })

  it('deletes the account and its cards even when Payme cannot forget them', async () => {
    payme()
    const leaving = await registerCustomer(t)
    const { id } = (await call('GET', 'account/', undefined, leaving)).body
    await savedCard(leaving)
    server.resetHandlers()
    const down = payme({ down: true })
    expect(
      (await call('DELETE', 'account/delete/', { confirm: true, password: leaving.password }, leaving)).status,
    ).toBe(200)
    expect(down.calls.map((c) => c.method)).toEqual(['cards.remove'])
    expect(logText()).toContain('card token not removed at the provider')
    expect(await t.database.db.select().from(savedCards).where(eq(savedCards.userId, id))).toEqual([])
    expect((await call('GET', 'account/', undefined, leaving)).status).toBe(401)
  })
})
