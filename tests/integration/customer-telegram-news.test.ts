import { readFileSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Config } from '#api/config.ts'
import { customerTelegram, notificationOutbox } from '#api/db/schema/index.ts'
import { eskizSmsProvider } from '#api/integrations/sms/index.ts'
import { createTelegramSender, telegramBotSender, telegramOutboxPath } from '#api/integrations/telegram/index.ts'
import { FLOOD_TRIES } from '#api/notifications/customer-channel.ts'
import { type DispatchDeps, dispatchNotifications, notificationRetryMs } from '#api/notifications/dispatch.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { externalServices } from './support/msw.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'
import { configureTestBot, messageFrom, postUpdate, testBot } from './support/telegram.ts'

// A customer who linked Telegram gets their order news there instead of SMS,
// through the same outbox (claimed once by one process, retried): in the
// language they linked in, with the SMS as the fallback when Telegram fails
// or they have unlinked since. Telegram's API and Eskiz are msw doubles.

configureTestBot()
const t = setupTestApi({ products: 30 })
const orders = orderMaker(t)
const eskizBase = 'https://notify.eskiz.uz/api/'
const botApi = `https://api.telegram.org/bot${testBot.token}`
const PUBLIC_URL = 'https://atir.example'

const server = externalServices()
beforeEach(() => t.database.db.delete(notificationOutbox))

type Sms = { mobile_phone: string; message: string }
function eskiz() {
  const sent: Sms[] = []
  server.use(
    http.post(`${eskizBase}auth/login`, () => HttpResponse.json({ data: { token: 'eskiz-token' } })),
    http.post(`${eskizBase}message/sms/send`, async ({ request }) => {
      sent.push((await request.json()) as Sms)
      return HttpResponse.json({ id: 'sms-1', status: 'waiting' })
    }),
  )
  return sent
}

type TelegramCall = {
  chat_id: string | number
  text: string
  reply_markup?: { inline_keyboard: { text: string; url?: string }[][] }
}
type Gate = { arrived: () => void; release: Promise<void> }
/** api.telegram.org's sendMessage: records each call and answers `reply(n)` (n from 1), after `gate` when given. */
function telegram(reply: (n: number) => Response = ok, gate?: Gate) {
  const calls: TelegramCall[] = []
  server.use(
    http.post(`${botApi}/sendMessage`, async ({ request }) => {
      calls.push((await request.json()) as TelegramCall)
      if (gate) {
        gate.arrived()
        await gate.release
      }
      return reply(calls.length)
    }),
    // The staff chat's message of the order follows its changes (staff-chat.ts): its edits are not news.
    http.post(`${botApi}/editMessageText`, () => HttpResponse.json({ ok: true, result: true })),
  )
  return calls
}
function ok() {
  return HttpResponse.json({ ok: true, result: { message_id: 1, date: 1, chat: { id: 1, type: 'private' }, text: '' } })
}
const refusal = (status: number, description: string, parameters?: object) =>
  HttpResponse.json({ ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) }, { status })

/** A gate holding Telegram's answer until `open()`: `inFlight` resolves once a call is waiting on it. */
function gate() {
  let arrived!: () => void
  let open!: () => void
  const inFlight = new Promise<void>((resolve) => {
    arrived = resolve
  })
  const release = new Promise<void>((resolve) => {
    open = resolve
  })
  return { gate: { arrived: () => arrived(), release }, inFlight, open }
}

const config = (): Config => ({ ...t.config, PUBLIC_URL })
const online = (now = new Date()): DispatchDeps => ({
  db: t.database.db,
  config: config(),
  now: () => now,
  sms: eskizSmsProvider({ email: 'e', password: 'p', from: '4546', baseUrl: eskizBase, timeoutMs: 2000 }),
  telegram: telegramBotSender({ token: testBot.token, timeoutMs: 2000 }),
})
const outbox = () => t.database.db.select().from(notificationOutbox).orderBy(asc(notificationOutbox.id))
// Courier orders: the accepted message promises the courier (a pickup order's promises an SMS when it is ready).
const smsText = (number: string, lang: 'ru' | 'sr' = 'ru') =>
  lang === 'ru'
    ? `Atir: заказ №${number} принят. Сообщим, когда он будет в пути.`
    : `Atir: №${number} buyurtma qabul qilindi. Yoʻlga chiqqanida xabar beramiz.`

let telegramIds = 950_000
/** A new customer whose Telegram is linked through the real flow (profile link, `/start <code>`). */
async function linkedCustomer(lang: 'uz' | 'sr' | 'ru') {
  const customer = await registerCustomer(t)
  const link = await t.json('account/telegram/link/', {
    method: 'POST',
    token: customer.access,
    body: JSON.stringify({ lang }),
  })
  const telegramId = ++telegramIds
  await postUpdate(t, messageFrom(telegramId, `/start ${link.body.code}`))
  return { customer, telegramId }
}
const linked = async (c: Customer) => (await t.json('account/telegram/', { token: c.access })).body.linked

async function move(orderId: number, from: number, to: number) {
  const manager = await signedInStaff(t, 'manager')
  const res = await t.json(`admin/orders/${orderId}/status/`, {
    method: 'POST',
    token: manager.token,
    body: JSON.stringify({ status: to, expected_status: from }),
  })
  expect(res.status).toBe(200)
}

/** The customer's own messages (the staff chat gets its new-order message in the same pass). */
const toCustomer = (calls: TelegramCall[], telegramId: number) =>
  calls.filter((c) => String(c.chat_id) === String(telegramId))

describe('order news on Telegram', () => {
  it("a linked customer's status news go to their Telegram in their language, with the order's button; no SMS", async () => {
    const sms = eskiz()
    const tg = telegram()
    const { customer, telegramId } = await linkedCustomer('sr')
    // Placed in Russian: the SMS would be Russian; Telegram speaks the language it was linked in.
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier', lang: 'ru' })
    await move(order.id, 3, 4)
    await move(order.id, 4, 5)
    expect((await outbox()).filter((r) => r.recipient === String(telegramId)).map((r) => r.channel)).toEqual([
      'telegram',
      'telegram',
    ])
    await dispatchNotifications(online())
    const button = { text: `Buyurtma №${order.number}`, url: `${PUBLIC_URL}/sr/order/${order.id}` }
    expect(toCustomer(tg, telegramId)).toEqual([
      expect.objectContaining({ text: smsText(order.number, 'sr'), reply_markup: { inline_keyboard: [[button]] } }),
      expect.objectContaining({
        text: `Atir: №${order.number} buyurtma yoʻlda. Kuryer kelishdan oldin qoʻngʻiroq qiladi.`,
      }),
    ])
    expect(sms).toEqual([])
    expect((await outbox()).every((r) => r.sentAt)).toBe(true)
  })

  it('a customer who has not linked Telegram gets the SMS as before', async () => {
    const sms = eskiz()
    telegram()
    const customer = await registerCustomer(t)
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    await dispatchNotifications(online())
    expect(sms.map((m) => [m.mobile_phone, m.message])).toEqual([[customer.phone.slice(1), smsText(order.number)]])
  })

  it("the payment link goes to the customer's Telegram (its language), and the desk says so", async () => {
    eskiz()
    const tg = telegram()
    const { customer, telegramId } = await linkedCustomer('uz')
    const { order } = await orders.place({ as: customer, method: 'payme', delivery: 'courier' })
    const manager = await signedInStaff(t, 'manager')
    const sent = await t.json(`admin/orders/${order.id}/payment-link/`, {
      method: 'POST',
      token: manager.token,
      body: JSON.stringify({ send_sms: true }),
    })
    expect(sent.status).toBe(200)
    expect(sent.body).toMatchObject({ sent_by: 'telegram', sms_sent_to: null })
    await dispatchNotifications(online())
    const [message] = toCustomer(tg, telegramId)
    expect(message?.text).toMatch(new RegExp(`^Atir: №${order.number} буюртмани .+ сўмга тўланг: .+`))
    expect(message?.text).toContain('/uz/')
  })

  it('demo mode (no bot token) writes them to the Telegram outbox file', async () => {
    const { customer, telegramId } = await linkedCustomer('ru')
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    const offline: Config = { ...t.config, TELEGRAM_BOT_TOKEN: undefined, TELEGRAM_CHAT_ID: undefined }
    const sms = eskiz()
    await dispatchNotifications({ ...online(), config: offline, telegram: createTelegramSender(offline) })
    const lines = readFileSync(telegramOutboxPath(offline), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.filter((line) => line.chat === String(telegramId))).toEqual([
      expect.objectContaining({ chat: String(telegramId), text: smsText(order.number) }),
    ])
    expect(sms).toEqual([])
  })
})

describe('the SMS as the fallback', () => {
  it('Telegram failing: the SMS goes at once, in the order language, and the message is done', async () => {
    const sms = eskiz()
    const tg = telegram((n) => (n === 1 ? refusal(502, 'Bad Gateway') : ok()))
    const { customer, telegramId } = await linkedCustomer('sr')
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier', lang: 'ru' })
    await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.recipient, 'staff'))
    expect(await dispatchNotifications(online())).toEqual({ sent: 1, failed: 1 })
    expect(toCustomer(tg, telegramId)).toHaveLength(1)
    expect(sms.map((m) => [m.mobile_phone, m.message])).toEqual([[customer.phone.slice(1), smsText(order.number)]])
    const [row] = await outbox()
    expect(row).toMatchObject({
      channel: 'sms',
      recipient: customer.phone,
      attempts: 1,
      sentAt: expect.any(Date),
      payload: {
        customer: expect.any(Number),
        telegram: { chat: String(telegramId), reason: expect.stringMatching(/^failed: .*502/) },
      },
    })
    // Still linked: a failure of Telegram is not the customer's choice.
    expect(await linked(customer)).toBe(true)
    expect(await dispatchNotifications(online(new Date(Date.now() + 24 * 3_600_000)))).toEqual({ sent: 0, failed: 0 })
  })

  it('a blocked bot (403): unlinked, the SMS now, and later news straight by SMS', async () => {
    const sms = eskiz()
    telegram(() => refusal(403, 'Forbidden: bot was blocked by the user'))
    const { customer } = await linkedCustomer('ru')
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    await dispatchNotifications(online())
    expect(sms.map((m) => m.message)).toEqual([smsText(order.number)])
    expect(await linked(customer)).toBe(false)
    await move(order.id, 3, 4)
    await move(order.id, 4, 5)
    const news = (await outbox()).filter((r) => r.recipient === customer.phone)
    expect(news.map((r) => r.channel)).toEqual(['sms', 'sms'])
  })

  it('unlinked after the news was queued: it goes by SMS, Telegram is not asked', async () => {
    const sms = eskiz()
    const tg = telegram()
    const { customer, telegramId } = await linkedCustomer('ru')
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    await postUpdate(t, messageFrom(telegramId, '/stop'))
    await dispatchNotifications(online())
    expect(toCustomer(tg, telegramId)).toEqual([])
    expect(sms.map((m) => m.message)).toEqual([smsText(order.number)])
  })

  it("Telegram's flood control (429) is waited out on Telegram, for a few tries, before the SMS", async () => {
    const sms = eskiz()
    const tg = telegram(() => refusal(429, 'Too Many Requests: retry after 5', { retry_after: 5 }))
    const { customer, telegramId } = await linkedCustomer('ru')
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.recipient, 'staff'))
    let at = new Date()
    for (let attempt = 1; attempt < FLOOD_TRIES; attempt++) {
      expect(await dispatchNotifications(online(at))).toEqual({ sent: 0, failed: 1 })
      const [row] = await outbox()
      expect(row).toMatchObject({ channel: 'telegram', attempts: attempt, sentAt: null })
      expect(row!.nextAttemptAt.getTime()).toBe(at.getTime() + notificationRetryMs(attempt))
      // Not before its pause.
      expect(await dispatchNotifications(online(new Date(row!.nextAttemptAt.getTime() - 1000)))).toEqual({
        sent: 0,
        failed: 0,
      })
      at = row!.nextAttemptAt
    }
    expect(sms).toEqual([])
    expect(await dispatchNotifications(online(at))).toEqual({ sent: 1, failed: 1 })
    expect(toCustomer(tg, telegramId)).toHaveLength(FLOOD_TRIES)
    expect(sms.map((m) => m.message)).toEqual([smsText(order.number)])
  })
})

describe('once on N processes', () => {
  it('two dispatchers at once send a customer Telegram message once', async () => {
    eskiz()
    const { gate: held, inFlight, open } = gate()
    const tg = telegram(ok, held)
    const { customer, telegramId } = await linkedCustomer('ru')
    await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.recipient, 'staff'))
    const first = dispatchNotifications(online())
    await inFlight
    expect(await dispatchNotifications(online())).toEqual({ sent: 0, failed: 0 })
    open()
    expect(await first).toEqual({ sent: 1, failed: 0 })
    expect(toCustomer(tg, telegramId)).toHaveLength(1)
  })

  it('a failing Telegram with two dispatchers at once: one SMS instead, sent once', async () => {
    const sms = eskiz()
    const { gate: held, inFlight, open } = gate()
    telegram(() => refusal(500, 'Internal Server Error'), held)
    const { customer } = await linkedCustomer('ru')
    const { order } = await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.recipient, 'staff'))
    const first = dispatchNotifications(online())
    await inFlight
    const second = await dispatchNotifications(online())
    open()
    expect(second).toEqual({ sent: 0, failed: 0 })
    expect(await first).toEqual({ sent: 1, failed: 1 })
    // Later passes (a process that had claimed nothing, the next timer tick) find nothing left.
    expect(await dispatchNotifications(online(new Date(Date.now() + 3_600_000)))).toEqual({ sent: 0, failed: 0 })
    expect(sms.map((m) => m.message)).toEqual([smsText(order.number)])
  })

  it('the channel is chosen in the order transaction: a link made later does not move news already queued', async () => {
    eskiz()
    telegram()
    const customer = await registerCustomer(t)
    await orders.place({ as: customer, method: 'cash', delivery: 'courier' })
    const link = await t.json('account/telegram/link/', { method: 'POST', token: customer.access })
    await postUpdate(t, messageFrom(++telegramIds, `/start ${link.body.code}`))
    const rows = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.recipient, customer.phone))
    expect(rows.map((r) => r.channel)).toEqual(['sms'])
    const [chat] = await t.database.db
      .select()
      .from(customerTelegram)
      .where(eq(customerTelegram.telegramUserId, telegramIds))
    expect(chat?.lang).toBe('ru')
  })
})

describe('news of edits, returns and refunds', () => {
  it("go to a linked customer's Telegram in their language, with the SMS only as its fallback", async () => {
    const { customer, telegramId } = await linkedCustomer('sr')
    const { order } = await orders.place({ as: customer, method: 'cash', price: 70_000, quantity: 2 })
    await move(order.id, 3, 4)
    await move(order.id, 4, 6)
    const manager = await signedInStaff(t, 'manager')
    const desk = (path: string, body: unknown) =>
      t.json(`admin/orders/${order.id}/${path}`, { method: 'POST', token: manager.token, body: JSON.stringify(body) })
    const detail = await t.json(`admin/orders/${order.id}/`, { token: manager.token })
    await t.database.db.delete(notificationOutbox)

    const returned = await desk('returns/', {
      items: [{ item_id: detail.body.items[0].id, quantity: 1, restock: true }],
      reason: 'Hidi yoqmadi',
      refund_method: 'cash',
    })
    expect(returned.status, JSON.stringify(returned.body)).toBe(200)
    const rows = await t.database.db.select().from(notificationOutbox).orderBy(asc(notificationOutbox.id))
    expect(rows.map((r) => [r.channel, r.recipient, r.text])).toEqual([
      [
        'telegram',
        String(telegramId),
        `Atir: №${order.number} buyurtma boʻyicha qaytarish qabul qilindi. Sizga 70 000 soʻm naqd pulda qaytarildi.`,
      ],
      // The staff chat's message of the order follows the return (its text made when sent).
      ['telegram', 'staff', null],
    ])
    expect(rows[0]!.payload).toMatchObject({ customer: expect.any(Number), sms: { to: customer.phone } })
  })
})
