import { readFileSync } from 'node:fs'
import { asc, eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Config } from '#api/config.ts'
import { notificationOutbox, orders as ordersTable } from '#api/db/schema/index.ts'
import { eskizSmsProvider, logSmsProvider, smsOutboxPath } from '#api/integrations/sms/index.ts'
import { createTelegramSender, telegramBotSender, telegramOutboxPath } from '#api/integrations/telegram/index.ts'
import {
  type DispatchDeps,
  dispatchNotifications,
  MAX_NOTIFICATION_ATTEMPTS,
  notificationRetryMs,
} from '#api/notifications/dispatch.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { orderMessage } from '#api/telegram/order-message.ts'
import { logLines } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { externalServices } from './support/msw.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'

// Notifications leave through the outbox: written with the order change,
// sent by the periodic dispatcher through Eskiz (customers' SMS) and the
// Telegram Bot API (the staff chat), or the offline files; failures retried.

const t = setupTestApi({ products: 30 })
const orders = orderMaker(t)
const eskizBase = 'https://notify.eskiz.uz/api/'
const BOT = '123456:test-bot-token'
const CHAT = '-1001234567890'

const server = externalServices()
// Each test sees only the messages its own orders queue.
beforeEach(() => t.database.db.delete(notificationOutbox))

type Sms = { mobile_phone: string; message: string }
/** Eskiz: logs in, then answers each send with `reply(n)` (n from 1) and records it. */
function eskiz(reply: (n: number) => Response = () => HttpResponse.json({ id: 'sms-1', status: 'waiting' })) {
  const sent: Sms[] = []
  server.use(
    http.post(`${eskizBase}auth/login`, () => HttpResponse.json({ data: { token: 'eskiz-token' } })),
    http.post(`${eskizBase}message/sms/send`, async ({ request }) => {
      sent.push((await request.json()) as Sms)
      return reply(sent.length)
    }),
  )
  return sent
}

type TelegramCall = { chat_id: string | number; text: string }
/** api.telegram.org: records sendMessage calls; `gate` holds the answer until it resolves. */
function telegram(gate?: { arrived: () => void; release: Promise<void> }) {
  const calls: TelegramCall[] = []
  server.use(
    http.post(`https://api.telegram.org/bot${BOT}/sendMessage`, async ({ request }) => {
      calls.push((await request.json()) as TelegramCall)
      if (gate) {
        gate.arrived()
        await gate.release
      }
      return HttpResponse.json({
        ok: true,
        result: { message_id: calls.length, date: 1, chat: { id: Number(CHAT), type: 'supergroup' }, text: '' },
      })
    }),
    // Later changes of an order edit its message (staff-chat.ts); telegram-follows-website.test.ts reads them.
    http.post(`https://api.telegram.org/bot${BOT}/editMessageText`, () =>
      HttpResponse.json({ ok: true, result: true }),
    ),
  )
  return calls
}

const config = (): Config => ({ ...t.config, TELEGRAM_BOT_TOKEN: BOT, TELEGRAM_CHAT_ID: CHAT })
const online = (now = new Date()): DispatchDeps => ({
  db: t.database.db,
  config: config(),
  now: () => now,
  sms: eskizSmsProvider({ email: 'e', password: 'p', from: '4546', baseUrl: eskizBase, timeoutMs: 2000 }),
  telegram: telegramBotSender({ token: BOT, timeoutMs: 2000 }),
})
const outbox = () => t.database.db.select().from(notificationOutbox).orderBy(asc(notificationOutbox.id))
const number = (id: number) => String(id).padStart(6, '0')

describe('the outbox and its dispatcher', () => {
  it('a cash order: the customer SMS through Eskiz, the staff chat through Telegram, both marked sent', async () => {
    const sms = eskiz()
    const tg = telegram()
    const { order, customer } = await orders.place({ method: 'cash', price: 250_000 })
    const queued = await outbox()
    expect(queued.map((r) => [r.channel, r.recipient, r.sentAt])).toEqual([
      ['sms', customer.phone, null],
      ['telegram', 'staff', null],
    ])
    // Nothing leaves before the dispatcher runs: the order never waits on a provider.
    expect(sms).toEqual([])

    // Through the periodic order jobs, as the server runs them.
    const jobs = startOrderJobs(
      { database: t.database, config: config(), sms: online().sms, telegram: online().telegram },
      { intervalMs: 3_600_000 },
    )
    await jobs.runOnce()
    await jobs.stop()

    expect(sms).toEqual([
      expect.objectContaining({
        mobile_phone: customer.phone.slice(1),
        // A pickup order: no courier is promised.
        message: `Atir: заказ №${number(order.id)} принят. Пришлём SMS, когда его можно будет забрать.`,
      }),
    ])
    // The same pass may also send the warehouse's low-stock alert (telegram/low-stock.ts): the order's message alone here.
    const newOrder = tg.filter((m) => m.text.startsWith('Новый заказ'))
    expect(newOrder).toHaveLength(1)
    expect(String(newOrder[0]!.chat_id)).toBe(CHAT)
    expect(newOrder[0]!.text.split('\n')).toEqual([
      `Новый заказ №${number(order.id)}: 250 000 сум, наличными при получении`,
      expect.stringMatching(/^• .+ × 1$/),
      expect.stringMatching(/^Самовывоз: Магазин Atir на Амира Темура: .+/),
      'Получатель: Aziz, +998901112233',
    ])
    expect((await outbox()).every((r) => r.sentAt && r.attempts === 1 && !r.lastError)).toBe(true)
  })

  it('an online order tells the staff chat only once paid, and its status SMS follow the moves', async () => {
    const sms = eskiz()
    const tg = telegram()
    const manager = await signedInStaff(t, 'manager')
    const { order, customer } = await orders.place({
      method: 'card',
      price: 300_000,
      delivery: 'courier',
      extra: { address: { region: '1726', district: '1726266', street: 'Amir Temur', house: '5', flat: '12' } },
    })
    expect(await outbox()).toEqual([])
    const started = await t.json(`payments/${order.id}/start/`, { method: 'POST', token: customer.access })
    await t.json(`payments/sandbox/${started.body.payment_id}/complete/`, {
      method: 'POST',
      token: customer.access,
      body: JSON.stringify({ approve: true }),
    })
    for (const [from, to] of [
      [3, 4],
      [4, 5],
    ])
      await t.json(`admin/orders/${order.id}/status/`, {
        method: 'POST',
        token: manager.token,
        body: JSON.stringify({ status: to, expected_status: from }),
      })
    // Two SMS, the new-order message, and its two edits for the moves.
    expect(await dispatchNotifications(online())).toEqual({ sent: 5, failed: 0 })
    expect(sms.map((s) => s.message)).toEqual([
      `Atir: заказ №${number(order.id)} принят. Сообщим, когда он будет в пути.`,
      `Atir: заказ №${number(order.id)} в пути. Курьер позвонит перед приездом.`,
    ])
    // Names, not codes: the method, the region and the Tashkent district.
    // Sent after the moves, it already says where the order stands (below these lines).
    expect(tg[0]!.text.split('\n').slice(0, 4)).toEqual([
      `Новый заказ №${number(order.id)}: 320 000 сум, оплачен онлайн (Карта)`,
      expect.stringMatching(/^• .+ × 1$/),
      'Курьер: город Ташкент, Юнусабадский район, Amir Temur, 5, 12',
      'Получатель: Aziz, +998901112233',
    ])
  })

  it("speaks the staff chat's language (TELEGRAM_CHAT_LANG)", async () => {
    const tg = telegram()
    const { order } = await orders.place({
      method: 'click',
      price: 300_000,
      delivery: 'courier',
      extra: { address: { region: '1726', district: '1726294', street: 'Bunyodkor', house: '1' } },
    })
    await t.database.db
      .update(ordersTable)
      .set({ status: 3, paymentStatus: 'paid' })
      .where(eq(ordersTable.id, order.id))
    const [row] = await t.database.db.select().from(ordersTable).where(eq(ordersTable.id, order.id))
    const { text } = await orderMessage(t.database.db, { ...config(), TELEGRAM_CHAT_LANG: 'sr' }, row!)
    expect(text.split('\n')).toEqual([
      `Yangi buyurtma №${number(order.id)}: 320 000 soʻm, onlayn toʻlangan (Click)`,
      expect.stringMatching(/^• .+ × 1$/),
      'Kuryer: Toshkent shahri, Chilonzor tumani, Bunyodkor, 1',
      'Qabul qiluvchi: Aziz, +998901112233',
    ])
    expect(tg).toEqual([])
  })

  it('the customer SMS is in the language the order was placed in; none when they cancel it themselves', async () => {
    const manager = await signedInStaff(t, 'manager')
    const uz = await orders.place({ method: 'cash', lang: 'uz' })
    const cancelled = await t.json(`admin/orders/${uz.order.id}/status/`, {
      method: 'POST',
      token: manager.token,
      lang: 'ru',
      body: JSON.stringify({ status: 2, expected_status: 3, reason: 'Нет в наличии' }),
    })
    expect(cancelled.status).toBe(200)
    const sr = await orders.place({ method: 'cash', lang: 'sr' })
    const own = await t.json(`orders/${sr.order.id}/cancel/`, { method: 'POST', token: sr.customer.access })
    expect(own.status).toBe(200)
    expect((await outbox()).filter((r) => r.channel === 'sms').map((r) => r.text)).toEqual([
      `Atir: №${number(uz.order.id)} буюртма қабул қилинди. Уни олиб кетиш мумкин бўлганда SMS юборамиз.`,
      `Atir: №${number(uz.order.id)} буюртма бекор қилинди. Агар у тўланган бўлса, пул ўша усул билан қайтарилади.`,
      `Atir: №${number(sr.order.id)} buyurtma qabul qilindi. Uni olib ketish mumkin boʻlganda SMS yuboramiz.`,
    ])
  })

  it('retries a failed send after its pause, never twice within it, and gives up after the last try', async () => {
    const sms = eskiz((n) =>
      n === 1 || n === 3 ? HttpResponse.json({ message: 'down' }, { status: 500 }) : HttpResponse.json({ id: 'ok' }),
    )
    telegram()
    await orders.place({ method: 'cash' })
    const start = new Date()
    const from = logLines.length
    expect(await dispatchNotifications(online(start))).toEqual({ sent: 1, failed: 1 })
    const warned = logLines.slice(from).filter((line) => line.level === 'warn')
    expect(warned.map((line) => line.msg)).toContainEqual(
      expect.stringMatching(/^notifications: sms #\d+ try 1 failed: Eskiz refused/),
    )
    // The log names the failure, never the text.
    expect(JSON.stringify(warned)).not.toContain('Atir:')
    const [failed] = (await outbox()).filter((r) => r.channel === 'sms')
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: expect.stringContaining('HTTP 500') })
    expect(failed!.nextAttemptAt.getTime()).toBe(start.getTime() + notificationRetryMs(1))

    expect(await dispatchNotifications(online(new Date(start.getTime() + notificationRetryMs(1) - 1000)))).toEqual({
      sent: 0,
      failed: 0,
    })
    expect(await dispatchNotifications(online(new Date(start.getTime() + notificationRetryMs(1))))).toEqual({
      sent: 1,
      failed: 0,
    })
    expect(sms).toHaveLength(2)
    const [done] = (await outbox()).filter((r) => r.channel === 'sms')
    expect(done).toMatchObject({ attempts: 2, lastError: null, sentAt: expect.any(Date) })

    // A message failing its last try stays unsent, with why, and is not tried again.
    await orders.place({ method: 'cash' })
    await t.database.db
      .update(notificationOutbox)
      .set({ attempts: MAX_NOTIFICATION_ATTEMPTS - 1 })
      .where(eq(notificationOutbox.channel, 'sms'))
    const later = new Date(Date.now() + 1000)
    vi.spyOn(console, 'warn').mockImplementationOnce(() => {})
    expect(await dispatchNotifications(online(later))).toEqual({ sent: 1, failed: 1 })
    const far = new Date(later.getTime() + 24 * 3_600_000)
    expect(await dispatchNotifications(online(far))).toEqual({ sent: 0, failed: 0 })
    const last = (await outbox()).filter((r) => r.channel === 'sms').at(-1)!
    expect(last).toMatchObject({ attempts: MAX_NOTIFICATION_ATTEMPTS, sentAt: null, lastError: expect.any(String) })
    expect(sms).toHaveLength(3)
  })

  it('two dispatchers at once (two server processes) send each message once', async () => {
    const sms = eskiz()
    let arrived!: () => void
    let release!: () => void
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve
    })
    const tg = telegram({ arrived: () => arrived(), release: new Promise((resolve) => (release = resolve)) })
    await orders.place({ method: 'cash' })
    // The first pass claims both messages and is stuck in the Telegram call...
    const firstPass = dispatchNotifications(online())
    await inFlight
    // ...while a second process's pass finds nothing left to claim.
    expect(await dispatchNotifications(online())).toEqual({ sent: 0, failed: 0 })
    release()
    expect(await firstPass).toEqual({ sent: 2, failed: 0 })
    expect(sms).toHaveLength(1)
    expect(tg).toHaveLength(1)
  })
})

describe('offline outboxes (no TELEGRAM_BOT_TOKEN, SMS_PROVIDER=log)', () => {
  it('write the staff message and the customer SMS as JSON lines under DATA_DIR', async () => {
    const { order, customer } = await orders.place({ method: 'cash', price: 99_000 })
    const offlineConfig: Config = { ...t.config, TELEGRAM_BOT_TOKEN: undefined, TELEGRAM_CHAT_ID: undefined }
    const deps: DispatchDeps = {
      db: t.database.db,
      config: offlineConfig,
      now: () => new Date(),
      sms: logSmsProvider({ outbox: smsOutboxPath(offlineConfig) }),
      telegram: createTelegramSender(offlineConfig),
    }
    expect(deps.telegram.name).toBe('log')
    expect(await dispatchNotifications(deps)).toEqual({ sent: 2, failed: 0 })
    const lines = (path: string) =>
      readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
    expect(lines(telegramOutboxPath(offlineConfig)).at(-1)).toMatchObject({
      chat: 'staff',
      text: expect.stringContaining(`Новый заказ №${number(order.id)}: 99 000 сум`),
    })
    expect(lines(smsOutboxPath(offlineConfig)).at(-1)).toMatchObject({
      to: customer.phone,
      text: `Atir: заказ №${number(order.id)} принят. Пришлём SMS, когда его можно будет забрать.`,
    })
  })
})
