import { and, eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, orders } from '#api/db/schema/index.ts'
import { startOrderJobs } from '#api/orders/jobs.ts'
import { orderNumber } from '#api/orders/states.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { orderMessage } from '#api/telegram/order-message.ts'
import type { Json } from '#tests/support/json.ts'
import { logLines } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { orderMaker } from './support/orders.ts'
import {
  configureTestBot,
  linkedStaffMember,
  postUpdate,
  pressFrom,
  releasedTogetherOnOrder,
  testBot,
} from './support/telegram.ts'

// The buttons of the staff chat's order message: each acts as the linked
// staff member who pressed it, with that member's rights, audited via
// telegram; the message is edited (through an msw double of the Bot API).

configureTestBot()
const t = setupTestApi({ products: 60 })
const make = orderMaker(t)

const server = setupServer()
const edits: Json[] = []
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
beforeEach(() => {
  edits.length = 0
  server.use(
    http.post(`https://api.telegram.org/bot${testBot.token}/editMessageText`, async ({ request }) => {
      edits.push(await request.json())
      return HttpResponse.json({ ok: true, result: true })
    }),
  )
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const members = {} as Record<StaffRole, Awaited<ReturnType<typeof linkedStaffMember>>>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'warehouse', 'content'] as const)
    members[role] = await linkedStaffMember(t, role, { name: `${role} Karimov` })
})

const orderRow = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(id))))

const press = async (role: StaffRole, data: string) =>
  (await postUpdate(t, pressFrom(members[role].telegramId, data))).body
// Courier orders: they go accepted → ready for delivery → on the way → delivered.
const cashOrder = async () => (await make.place({ method: 'cash', stock: 20, delivery: 'courier' })).order

const forbidden = 'Это недоступно для вашей роли: ничего не изменено.'

describe('the new-order message', () => {
  it('reaches the staff chat with its buttons through the outbox', async () => {
    const sent: Json[] = []
    server.use(
      http.post(`https://api.telegram.org/bot${testBot.token}/sendMessage`, async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({ ok: true, result: { message_id: 1, date: 0, chat: { id: 1, type: 'group' } } })
      }),
    )
    const order = await cashOrder()
    const jobs = startOrderJobs({ database: t.database, config: t.config }, { intervalMs: 3_600_000 })
    try {
      await jobs.runOnce()
    } finally {
      await jobs.stop()
    }
    const message = sent.find((m) => m.text.includes(`№${orderNumber(order.id)}`))!
    expect(String(message.chat_id)).toBe(testBot.chatId)
    expect(message.reply_markup.inline_keyboard).toEqual([
      [
        { text: '✅ Собран', callback_data: `o:${order.id}:s:4:3` },
        { text: '💵 Наличные получены', callback_data: `o:${order.id}:cash` },
      ],
      [
        { text: '🙋 Взять себе', callback_data: `o:${order.id}:me` },
        { text: '🚚 Курьеру…', callback_data: `o:${order.id}:c` },
      ],
    ])
  })

  it('links the packing slip of the back office with PUBLIC_URL', async () => {
    const order = await cashOrder()
    const row = (await t.database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!
    const { buttons } = await orderMessage(t.database.db, { ...t.config, PUBLIC_URL: 'https://atir.example' }, row)
    expect(buttons?.[1]).toContainEqual({
      text: '🧾 Накладная',
      url: `https://atir.example/ru/admin/orders/${order.id}/slip`,
    })
  })
})

describe('the next-step button', () => {
  it.each(['owner', 'manager', 'warehouse'] as const)('moves an accepted order on as the %s, audited', async (role) => {
    const order = await cashOrder()
    expect(order.status).toBe(3)
    const answer = await press(role, `o:${order.id}:s:4:3`)
    expect(answer).toMatchObject({ method: 'answerCallbackQuery', text: 'Готово.' })
    expect((await orderRow(order.id)).status).toBe(4)
    const [entry] = (await auditOf(order.id)).filter((e) => e.action === 'order.status')
    expect(entry).toMatchObject({
      staffId: members[role].id,
      actor: `staff:${members[role].id}`,
      via: 'telegram',
      before: { status: 3 },
      after: { status: 4 },
    })
    // The message now shows the state, who acted, and the next step's button.
    expect(edits).toHaveLength(1)
    expect(edits[0]).toMatchObject({ chat_id: testBot.chatId, message_id: 77 })
    expect(edits[0]?.text).toContain(`Собран — ${role} Karimov`)
    expect(edits[0]?.text).toContain('Сейчас: Собран')
    const buttons = edits[0]?.reply_markup.inline_keyboard.flat()
    expect(buttons.map((b: { callback_data: unknown }) => b.callback_data)).toContain(`o:${order.id}:s:5:4`)
  })

  it('refuses the content role and a warehouse step beyond picking; nothing changes', async () => {
    const order = await cashOrder()
    expect(await press('content', `o:${order.id}:s:4:3`)).toMatchObject({ text: forbidden, show_alert: true })
    await press('manager', `o:${order.id}:s:4:3`)
    edits.length = 0
    const refused = await press('warehouse', `o:${order.id}:s:5:4`)
    expect(refused.text).toBe('Ваша роль может только отмечать заказ собранным («Принят» → «Собран»).')
    expect((await orderRow(order.id)).status).toBe(4)
    expect((await auditOf(order.id)).filter((e) => e.action === 'order.status')).toHaveLength(1)
    expect(edits).toHaveLength(0)
  })

  it('refuses a stale button: the order moved since the message showed it', async () => {
    const order = await cashOrder()
    await press('manager', `o:${order.id}:s:4:3`)
    const stale = await press('owner', `o:${order.id}:s:4:3`)
    expect(stale.text).toBe(
      `Эта кнопка устарела: заказ №${orderNumber(order.id)} уже «Собран». Сообщение обновлено — нажмите нужную кнопку ещё раз.`,
    )
    expect((await orderRow(order.id)).status).toBe(4)
  })

  it('lets exactly one of two staff pressing at once win; the other is told', async () => {
    const order = await cashOrder()
    const answers = await releasedTogetherOnOrder(t, order.id, () => [
      postUpdate(t, pressFrom(members.manager.telegramId, `o:${order.id}:s:4:3`)),
      postUpdate(t, pressFrom(members.owner.telegramId, `o:${order.id}:s:4:3`)),
    ])
    const texts = answers.map((a) => a.body.text).sort()
    expect(texts[0]).toBe('Готово.')
    expect(texts[1]).toMatch(/^Эта кнопка устарела: заказ №\d+ уже «Собран»/)
    expect((await orderRow(order.id)).status).toBe(4)
    expect((await auditOf(order.id)).filter((e) => e.action === 'order.status')).toHaveLength(1)
    // The winner's change and the loser's refresh both show the order as it is.
    expect(edits.length).toBeGreaterThanOrEqual(1)
    for (const edit of edits) expect(edit.text).toContain('Сейчас: Собран')
  })
})

describe('cash received', () => {
  it('marks an unpaid cash order paid as the manager, audited, and drops its button', async () => {
    const order = await cashOrder()
    expect(await press('manager', `o:${order.id}:cash`)).toMatchObject({ text: 'Готово.' })
    const row = await orderRow(order.id)
    expect(row.paymentStatus).toBe('paid')
    expect(row.paidTotal).toBe(order.total)
    const [entry] = (await auditOf(order.id)).filter((e) => e.action === 'order.cash_received')
    expect(entry).toMatchObject({ staffId: members.manager.id, via: 'telegram' })
    expect(edits[0]?.text).toContain('Наличные получены — manager Karimov')
    const data = edits[0]?.reply_markup.inline_keyboard.flat().map((b: { callback_data: unknown }) => b.callback_data)
    expect(data).not.toContain(`o:${order.id}:cash`)
    // Pressed again (an old message): the service's refusal, nothing recorded twice.
    expect((await press('owner', `o:${order.id}:cash`)).text).toBe('Оплата этого заказа уже получена.')
    expect((await auditOf(order.id)).filter((e) => e.action === 'order.cash_received')).toHaveLength(1)
  })

  it.each(['warehouse', 'content'] as const)('is refused to the %s role', async (role) => {
    const order = await cashOrder()
    expect((await press(role, `o:${order.id}:cash`)).text).toBe(forbidden)
    expect((await orderRow(order.id)).paymentStatus).toBe('pending')
    expect(await auditOf(order.id)).toHaveLength(0)
  })
})

describe('assign to me', () => {
  it.each(['owner', 'manager'] as const)('gives the order to the %s who pressed, audited', async (role) => {
    const order = await cashOrder()
    expect((await press(role, `o:${order.id}:me`)).text).toBe('Готово.')
    expect((await orderRow(order.id)).assignedStaffId).toBe(members[role].id)
    const [entry] = (await auditOf(order.id)).filter((e) => e.action === 'order.assign')
    expect(entry).toMatchObject({ via: 'telegram', after: { assigned_staff_id: members[role].id } })
    expect(edits[0]?.text).toContain(`Взял(а) заказ — ${role} Karimov`)
  })

  it.each(['warehouse', 'content'] as const)('is refused to the %s role', async (role) => {
    const order = await cashOrder()
    expect((await press(role, `o:${order.id}:me`)).text).toBe(forbidden)
    expect((await orderRow(order.id)).assignedStaffId).toBeNull()
  })
})

describe('assign to a courier', () => {
  it('shows the staff who pick orders, assigns the one chosen as the manager, and goes back', async () => {
    const order = await cashOrder()
    expect(await press('manager', `o:${order.id}:c`)).toMatchObject({ text: '', show_alert: false })
    const picker = edits[0]?.reply_markup.inline_keyboard.flat()
    expect(edits[0]?.text).toMatch(/Кому передать заказ\?$/)
    expect(picker).toContainEqual({
      text: 'warehouse Karimov · 0',
      callback_data: `o:${order.id}:a:${members.warehouse.id}`,
    })
    expect(picker.map((b: { text: string }) => b.text).some((text: string) => text.startsWith('content'))).toBe(false)
    expect(picker.at(-1)).toEqual({ text: '← Назад', callback_data: `o:${order.id}:b` })
    expect((await orderRow(order.id)).assignedStaffId).toBeNull()

    expect((await press('manager', `o:${order.id}:a:${members.warehouse.id}`)).text).toBe('Готово.')
    expect((await orderRow(order.id)).assignedStaffId).toBe(members.warehouse.id)
    const [entry] = (await auditOf(order.id)).filter((e) => e.action === 'order.assign')
    expect(entry).toMatchObject({
      staffId: members.manager.id,
      via: 'telegram',
      after: { assigned_staff_id: members.warehouse.id },
    })
    expect(edits[1]?.text).toContain('Передан: warehouse Karimov — manager Karimov')

    await press('manager', `o:${order.id}:b`)
    expect(
      edits[2]?.reply_markup.inline_keyboard.flat().map((b: { callback_data: unknown }) => b.callback_data),
    ).toContain(`o:${order.id}:me`)
  })

  it('is refused to the warehouse role, and to an unknown staff member by the service', async () => {
    const order = await cashOrder()
    expect((await press('warehouse', `o:${order.id}:c`)).text).toBe(forbidden)
    expect((await press('warehouse', `o:${order.id}:a:${members.warehouse.id}`)).text).toBe(forbidden)
    expect((await press('owner', `o:${order.id}:a:2147483647`)).text).toBe('Такого сотрудника нет или он отключён.')
    expect((await orderRow(order.id)).assignedStaffId).toBeNull()
    expect(edits).toHaveLength(0)
  })
})

describe('strangers and odd presses', () => {
  it('tells an unlinked Telegram user and changes nothing', async () => {
    const order = await cashOrder()
    const answer = (await postUpdate(t, pressFrom(9_999_999, `o:${order.id}:s:4:3`))).body
    expect(answer).toMatchObject({
      method: 'answerCallbackQuery',
      text: 'Ваш Telegram не привязан к сотруднику магазина: ничего не изменено. Привяжите его в бэк-офисе.',
      show_alert: true,
    })
    expect((await orderRow(order.id)).status).toBe(3)
    expect(await auditOf(order.id)).toHaveLength(0)
    expect(edits).toHaveLength(0)
  })

  it('answers in the staff member’s language and survives unknown data and unknown orders', async () => {
    const uz = await linkedStaffMember(t, 'manager', { lang: 'uz' })
    const unknown = (await postUpdate(t, pressFrom(uz.telegramId, 'nonsense'))).body
    expect(unknown.text).toBe('Буюртма топилмади.')
    const missing = (await postUpdate(t, pressFrom(uz.telegramId, 'o:2147483647:s:4:3'))).body
    expect(missing.show_alert).toBe(true)
    expect(missing.text).toBeTruthy()
  })

  it('keeps the change when editing the message fails', async () => {
    server.use(
      http.post(`https://api.telegram.org/bot${testBot.token}/editMessageText`, () =>
        HttpResponse.json(
          { ok: false, error_code: 400, description: 'Bad Request: message to edit not found' },
          {
            status: 400,
          },
        ),
      ),
    )
    const order = await cashOrder()
    const from = logLines.length
    expect((await press('manager', `o:${order.id}:s:4:3`)).text).toBe('Готово.')
    expect((await orderRow(order.id)).status).toBe(4)
    const warnings = logLines.slice(from).filter((line) => line.level === 'warn')
    expect(warnings.map((line) => line.msg).join('\n')).toMatch(/message to edit not found/)
  })
})
