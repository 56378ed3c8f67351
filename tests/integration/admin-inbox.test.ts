import { and, asc, eq } from 'drizzle-orm'
import { HttpResponse, http } from 'msw'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, feedbackMessages, notificationOutbox } from '#api/db/schema/index.ts'
import { eskizSmsProvider } from '#api/integrations/sms/index.ts'
import { telegramBotSender } from '#api/integrations/telegram/index.ts'
import { dispatchNotifications } from '#api/notifications/dispatch.ts'
import type { StaffRole } from '#api/staff/permissions.ts'
import { setupTestApi } from './support/api.ts'
import { type Customer, registerCustomer } from './support/customer.ts'
import { externalServices } from './support/msw.ts'
import { createStaff, signedInStaff } from './support/staff.ts'

// The back office's inbox: feedback and bug reports with read,
// status and assignee, and an SMS reply to the sender's phone through the
// notifications outbox (Eskiz answered by msw), limited and audited.

const t = setupTestApi({ products: 0 })
const eskizBase = 'https://notify.eskiz.uz/api/'
const server = externalServices()

const staff = {} as Record<StaffRole, { id: number; token: string; name: string }>
beforeAll(async () => {
  for (const role of ['owner', 'manager', 'content', 'warehouse'] as const) staff[role] = await signedInStaff(t, role)
})

let addressSerial = 0
const newAddress = () => `198.51.100.${++addressSerial}`

/** A feedback message sent from the storefront, signed in as `as` when given; its id. */
async function sendFeedback(
  text: string,
  options: { as?: Customer; lang?: string; name?: string; phone?: string } = {},
) {
  const r = await t.json('feedback/', {
    method: 'POST',
    body: JSON.stringify({ name: options.name ?? 'Aziza', text, phone: options.phone }),
    headers: { 'X-Forwarded-For': newAddress() },
    token: options.as?.access,
    lang: options.lang,
  })
  expect(r.status).toBe(201)
  const [row] = await t.database.db
    .select({ id: feedbackMessages.id })
    .from(feedbackMessages)
    .orderBy(asc(feedbackMessages.id))
    .then((rows) => rows.slice(-1))
  return row!.id
}

async function sendBugReport(text: string, page: string) {
  const form = new FormData()
  form.set('text', text)
  form.set('page', page)
  const shot = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer()
  form.set('screenshot', new Blob([shot as BlobPart], { type: 'image/png' }), 'shot.png')
  const r = await t.json('feedback/bug-report/', {
    method: 'POST',
    body: form,
    headers: { 'X-Forwarded-For': newAddress() },
  })
  expect(r.status).toBe(201)
  const rows = await t.database.db
    .select({ id: feedbackMessages.id })
    .from(feedbackMessages)
    .orderBy(asc(feedbackMessages.id))
  return rows.at(-1)!.id
}

const inbox = (path: string, token: string, init: { method?: string; body?: unknown; lang?: string } = {}) =>
  t.json(`admin/inbox/${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    token,
    lang: init.lang ?? 'ru',
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
const auditOf = (id: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'feedback'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id))

describe('who may read the inbox', () => {
  it('owner and manager; content and warehouse get 403', async () => {
    const id = await sendFeedback('Salom')
    for (const [role, status] of [
      ['owner', 200],
      ['manager', 200],
      ['content', 403],
      ['warehouse', 403],
    ] as const) {
      expect((await inbox('', staff[role].token)).status, role).toBe(status)
      expect((await inbox(`${id}/`, staff[role].token)).status, role).toBe(status)
      expect((await inbox(`${id}/`, staff[role].token, { method: 'PATCH', body: { status: 'done' } })).status).toBe(
        status,
      )
    }
    expect((await t.json('admin/inbox/')).status).toBe(401)
  })
})

describe('the list and a message', () => {
  it('lists newest first with filters; opening a message reads it; a bug report shows its screenshot and page', async () => {
    const feedback = await sendFeedback('Доставка опоздала')
    const bug = await sendBugReport('Кнопка не нажимается', '/ru/basket')
    const list = await inbox('?unread=true', staff.manager.token)
    expect(list.status).toBe(200)
    const ids = list.body.results.map((r: { id: unknown }) => r.id)
    expect(ids.indexOf(bug)).toBeLessThan(ids.indexOf(feedback))
    expect(list.body.results.find((r: { id: unknown }) => r.id === bug)).toMatchObject({
      kind: 'bug',
      status: 'new',
      read: false,
      excerpt: 'Кнопка не нажимается',
      assignee: null,
    })
    const unreadBefore = list.body.counts.unread

    const opened = await inbox(`${bug}/`, staff.manager.token)
    expect(opened.body).toMatchObject({ kind: 'bug', text: 'Кнопка не нажимается', page: '/ru/basket', read: true })
    expect(opened.body.screenshot).toMatch(/^\/api\/v1\/media\/large\/[^/]+\/bug-reports\/.+\.png$/)
    const shot = await t.request(opened.body.screenshot.replace('/api/v1/', ''))
    expect(shot.status).toBe(200)

    const after = await inbox('?unread=true', staff.manager.token)
    expect(after.body.counts.unread).toBe(unreadBefore - 1)
    expect(after.body.results.map((r: { id: unknown }) => r.id)).not.toContain(bug)
    expect(
      (await inbox('?kind=feedback', staff.manager.token)).body.results.map((r: { kind: unknown }) => r.kind),
    ).not.toContain('bug')
    expect((await inbox('999999/', staff.manager.token)).status).toBe(404)
    expect((await inbox('?status=archived', staff.manager.token)).status).toBe(400)
  })

  it('status, assignee and the read mark change by PATCH, each audited; filters follow them', async () => {
    const id = await sendFeedback('Хочу стать оптовиком')
    expect((await inbox(`${id}/`, staff.manager.token)).body.read).toBe(true)
    const r = await inbox(`${id}/`, staff.manager.token, {
      method: 'PATCH',
      body: { status: 'in_progress', assignee_id: staff.owner.id },
    })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ status: 'in_progress', assignee: { id: staff.owner.id, name: staff.owner.name } })
    const mine = await inbox(`?assignee_id=${staff.owner.id}&status=in_progress`, staff.owner.token)
    expect(mine.body.results.map((m: { id: unknown }) => m.id)).toEqual([id])
    await inbox(`${id}/`, staff.manager.token, { method: 'PATCH', body: { read: false, assignee_id: null } })
    const unread = await inbox(`?unread=true`, staff.manager.token)
    expect(unread.body.results.map((m: { id: unknown }) => m.id)).toContain(id)
    // The same values again: nothing recorded.
    await inbox(`${id}/`, staff.manager.token, { method: 'PATCH', body: { status: 'in_progress' } })
    expect((await auditOf(id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['feedback.update', { status: 'new', assignee_id: null }, { status: 'in_progress', assignee_id: staff.owner.id }],
      ['feedback.update', { assignee_id: staff.owner.id, read: true }, { assignee_id: null, read: false }],
    ])
  })

  it('refuses an unknown or disabled assignee and a bad status, localised, on the field', async () => {
    const id = await sendFeedback('Вопрос')
    const gone = await createStaff(t, 'manager')
    await t.database.db.execute(`update staff set disabled_at = now() where id = ${gone.id}` as never)
    for (const assignee of [gone.id, 999_999]) {
      const r = await inbox(`${id}/`, staff.manager.token, {
        method: 'PATCH',
        body: { assignee_id: assignee },
        lang: 'uz',
      })
      expect(r.status).toBe(400)
      expect(r.body.errors).toEqual([{ field: 'assignee_id', message: expect.stringMatching(/[а-яўқғҳ]/) }])
    }
    const bad = await inbox(`${id}/`, staff.manager.token, { method: 'PATCH', body: { status: 'archived' } })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: unknown }) => e.field)).toEqual(['status'])
  })
})

describe('replying by SMS', () => {
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
  const dispatch = () =>
    dispatchNotifications({
      db: t.database.db,
      config: t.config,
      now: () => new Date(),
      sms: eskizSmsProvider({ email: 'e', password: 'p', from: '4546', baseUrl: eskizBase, timeoutMs: 2000 }),
      telegram: telegramBotSender({ token: '1:x', timeoutMs: 2000 }),
    })

  it("goes to the sender's account phone as 'Atir: <text>' through the outbox and Eskiz; kept, audited", async () => {
    const sent = eskiz()
    const customer = await registerCustomer(t)
    const id = await sendFeedback('Есть ли Chanel No 5?', { as: customer, lang: 'uz' })
    const before = await inbox(`${id}/`, staff.manager.token)
    expect(before.body.phone).toBe(customer.phone)
    expect(before.body.replies_left).toBe(3)

    const r = await inbox(`${id}/reply/`, staff.manager.token, { body: { text: ' Ҳа, бор. Кутамиз! ' } })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({
      status: 'in_progress',
      replies: [{ text: 'Atir: Ҳа, бор. Кутамиз!', phone: customer.phone, staff: { id: staff.manager.id } }],
      replies_left: 2,
    })
    const queued = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.channel, 'sms'), eq(notificationOutbox.recipient, customer.phone)))
    expect(queued.map((q) => q.text)).toEqual(['Atir: Ҳа, бор. Кутамиз!'])
    await dispatch()
    expect(sent).toEqual([
      expect.objectContaining({ mobile_phone: customer.phone.slice(1), message: 'Atir: Ҳа, бор. Кутамиз!' }),
    ])
    expect((await auditOf(id)).map((a) => [a.action, a.actor, a.after])).toEqual([
      ['feedback.reply', `staff:${staff.manager.id}`, { to: customer.phone, text: 'Atir: Ҳа, бор. Кутамиз!' }],
    ])
  })

  it('goes to the phone left on the form: a signed-out sender can be answered, a customer there before the account', async () => {
    const sent = eskiz()
    const anonymous = await sendFeedback('Позвоните мне', { phone: '93 555 12 34' })
    expect((await inbox(`${anonymous}/`, staff.manager.token)).body.phone).toBe('+998935551234')
    const r = await inbox(`${anonymous}/reply/`, staff.manager.token, { body: { text: 'Перезвоним' } })
    expect(r.status).toBe(200)
    expect(r.body.replies).toMatchObject([{ phone: '+998935551234', text: 'Atir: Перезвоним' }])

    const customer = await registerCustomer(t)
    const signed = await sendFeedback('Другой номер', { as: customer, phone: '+998 97 000 11 22' })
    expect((await inbox(`${signed}/`, staff.manager.token)).body.phone).toBe('+998970001122')
    expect((await inbox(`${signed}/reply/`, staff.manager.token, { body: { text: 'Да' } })).status).toBe(200)
    await dispatch()
    expect(sent.map((s) => s.mobile_phone)).toEqual(['998935551234', '998970001122'])
  })

  it('refuses a sender without a phone (409), an empty or too long text (400 on text), a 4th reply in a day (409)', async () => {
    const anonymous = await sendFeedback('Без номера')
    const none = await inbox(`${anonymous}/reply/`, staff.manager.token, { body: { text: 'Спасибо' } })
    expect(none.status).toBe(409)
    expect(none.body.detail).toMatch(/телефон/)
    expect((await inbox(`${anonymous}/`, staff.manager.token)).body.phone).toBeNull()

    const customer = await registerCustomer(t)
    const id = await sendFeedback('Вопрос', { as: customer })
    for (const text of ['', '   ', 'x'.repeat(301)]) {
      const r = await inbox(`${id}/reply/`, staff.manager.token, { body: { text } })
      expect(r.status).toBe(400)
      expect(r.body.errors.map((e: { field: unknown }) => e.field)).toEqual(['text'])
    }
    // Three at once from two staff members: all pass; the fourth does not, however it races.
    const replies = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        inbox(`${id}/reply/`, (n % 2 ? staff.manager : staff.owner).token, { body: { text: `Ответ ${n}` } }),
      ),
    )
    expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 409])
    expect(replies.find((r) => r.status === 409)!.body.detail).toMatch(/3 SMS/)
    expect((await inbox(`${id}/`, staff.manager.token)).body.replies).toHaveLength(3)
    expect((await auditOf(id)).filter((a) => a.action === 'feedback.reply')).toHaveLength(3)
  })
})
