import { eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { notificationOutbox, orderChatMessages } from '#api/db/schema/index.ts'
import { createSmsProvider } from '#api/integrations/sms/index.ts'
import { telegramBotSender } from '#api/integrations/telegram/index.ts'
import { type DispatchDeps, dispatchNotifications } from '#api/notifications/dispatch.ts'
import { orderNumber } from '#api/orders/states.ts'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi } from './support/api.ts'
import { orderMaker } from './support/orders.ts'
import { signedInStaff } from './support/staff.ts'
import { configureTestBot, linkedStaffMember, postUpdate, pressFrom, testBot } from './support/telegram.ts'

// The staff chat follows the website: a change made anywhere (the back
// office, the API, Telegram) edits the order's message, text and buttons,
// through the outbox, once whichever process sends it; a press on a message
// that fell behind is answered in the chat's words and brings it up to date.

configureTestBot()
const t = setupTestApi({ products: 40 })
const make = orderMaker(t)
const bot = `https://api.telegram.org/bot${testBot.token}`

const server = setupServer()
let edits: Json[] = []
let sent: Json[] = []
/** Holds each edit's answer until released, to catch two passes at once. */
let editGate: { arrived: () => void; release: Promise<void> } | null = null
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
beforeEach(async () => {
  edits = []
  sent = []
  editGate = null
  await t.database.db.delete(notificationOutbox)
  server.use(
    http.post(`${bot}/sendMessage`, async ({ request }) => {
      sent.push(await request.json())
      return HttpResponse.json({
        ok: true,
        result: { message_id: 5000 + sent.length, date: 0, chat: { id: Number(testBot.chatId), type: 'supergroup' } },
      })
    }),
    http.post(`${bot}/editMessageText`, async ({ request }) => {
      edits.push(await request.json())
      if (editGate) {
        editGate.arrived()
        await editGate.release
      }
      return HttpResponse.json({ ok: true, result: true })
    }),
  )
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** One server process's outbox pass (each its own sender, as another process would have). */
const pass = (): Promise<{ sent: number; failed: number }> => {
  const deps: DispatchDeps = {
    db: t.database.db,
    config: t.config,
    now: () => new Date(Date.now() + 1000),
    sms: createSmsProvider({ ...t.config, SMS_PROVIDER: 'log' }),
    telegram: telegramBotSender({ token: testBot.token, timeoutMs: 2000 }),
  }
  return dispatchNotifications(deps)
}

let manager: Awaited<ReturnType<typeof signedInStaff>>
let courier: Awaited<ReturnType<typeof signedInStaff>>
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager', { name: 'Нилуфар' })
  courier = await signedInStaff(t, 'courier', { name: 'Азиз' })
})
const admin = (path: string, body: unknown, token = manager.token) =>
  t.json(`admin/${path}`, { method: 'POST', token, lang: 'ru', body: JSON.stringify(body) })

/** A cash courier order whose new-order message went to the staff chat (its id kept). */
async function postedOrder(delivery: 'courier' | 'pickup' = 'courier') {
  const { order } = await make.place({ method: 'cash', delivery, stock: 30 })
  await pass()
  const [where] = await t.database.db.select().from(orderChatMessages).where(eq(orderChatMessages.orderId, order.id))
  expect(where).toMatchObject({ chatId: testBot.chatId, messageId: expect.any(Number) })
  edits = []
  return { order, messageId: where!.messageId }
}
const callbacks = (edit: Json) => edit.reply_markup.inline_keyboard.flat().map((b: Json) => b.callback_data ?? b.url)

describe('changes made on the website', () => {
  it('edit the order message: the assignment, each move, and a cancel that leaves no buttons', async () => {
    const { order, messageId } = await postedOrder()
    await admin(`orders/${order.id}/assign/`, { staff_id: courier.id })
    expect(await pass()).toEqual({ sent: 1, failed: 0 })
    expect(edits).toHaveLength(1)
    expect(edits[0]).toMatchObject({ chat_id: testBot.chatId, message_id: messageId })
    expect(edits[0]!.text).toContain('У кого: Азиз')
    expect(edits[0]!.text).toContain('Передан: Азиз — Нилуфар')

    await admin(`orders/${order.id}/status/`, { status: 4, expected_status: 3 })
    await pass()
    expect(edits[1]!.text).toContain('Сейчас: Собран')
    expect(callbacks(edits[1]!)).toContain(`o:${order.id}:s:5:4`)

    await admin(`orders/${order.id}/status/`, { status: 2, expected_status: 4, reason: 'Клиент передумал' })
    await pass()
    expect(edits[2]!.text).toContain('Сейчас: Отменён')
    // Closed: nothing to press, not even "take it".
    expect(edits[2]!.reply_markup).toEqual({ inline_keyboard: [] })
  })

  it('a delivered cash order shows its cash received and no buttons', async () => {
    const { order } = await postedOrder()
    for (const [from, to] of [
      [3, 4],
      [4, 5],
      [5, 6],
    ])
      await admin(`orders/${order.id}/status/`, { status: to, expected_status: from })
    await pass()
    expect(edits).toHaveLength(3)
    const last = edits.at(-1)!
    expect(last.text).toContain('💵 Наличные получены')
    expect(last.text).toContain('Сейчас: Доставлен')
    expect(last.reply_markup).toEqual({ inline_keyboard: [] })
  })

  it('two processes at once: each change is edited once', async () => {
    const { order } = await postedOrder()
    await admin(`orders/${order.id}/status/`, { status: 4, expected_status: 3 })
    let arrived!: () => void
    let release!: () => void
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve
    })
    editGate = { arrived: () => arrived(), release: new Promise((resolve) => (release = resolve)) }
    const first = pass()
    await inFlight
    // The second process finds the edit claimed and leaves it.
    expect(await pass()).toEqual({ sent: 0, failed: 0 })
    release()
    expect(await first).toEqual({ sent: 1, failed: 0 })
    expect(edits).toHaveLength(1)
    expect(await pass()).toEqual({ sent: 0, failed: 0 })
  })
})

describe('presses in the staff chat', () => {
  it('a press on a message that fell behind: told in the chat’s words, the message brought up to date', async () => {
    const member = await linkedStaffMember(t, 'manager', { name: 'Камола' })
    const { order, messageId } = await postedOrder()
    // Delivered on the website meanwhile; the chat still shows "ready" (its edit not sent yet).
    for (const [from, to] of [
      [3, 4],
      [4, 5],
      [5, 6],
    ])
      await admin(`orders/${order.id}/status/`, { status: to, expected_status: from })
    const at = { chatId: Number(testBot.chatId), messageId }
    const answer = (await postUpdate(t, pressFrom(member.telegramId, `o:${order.id}:s:4:3`, at))).body
    expect(answer).toMatchObject({
      method: 'answerCallbackQuery',
      text: `Эта кнопка устарела: заказ №${orderNumber(order.id)} уже «Доставлен». Сообщение обновлено — нажмите нужную кнопку ещё раз.`,
    })
    expect(answer.text).not.toContain('Обновите страницу')
    expect(edits.at(-1)).toMatchObject({ message_id: messageId })
    expect(edits.at(-1)!.text).toContain('Сейчас: Доставлен')
    // Every queued edit of the message went out with the press, none is left for a pass.
    const waiting = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(eq(notificationOutbox.channel, 'telegram'))
    expect(waiting.filter((row) => row.sentAt === null)).toEqual([])
  })

  it('a pickup order offers no courier, and a stale "Courier…" press is refused', async () => {
    const member = await linkedStaffMember(t, 'manager')
    const { order } = await postedOrder('pickup')
    const message = sent.at(-1)!
    expect(callbacks(message)).not.toContain(`o:${order.id}:c`)
    expect(callbacks(message)).toContain(`o:${order.id}:me`)
    const answer = (await postUpdate(t, pressFrom(member.telegramId, `o:${order.id}:c`))).body
    expect(answer.text).toBe('Это самовывоз: курьер такому заказу не нужен.')
  })
})
