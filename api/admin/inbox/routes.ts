import type { Context } from 'hono'
import { SMS_REPLY_MAX } from '#contract/desk.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { MediaLinks } from '../../media/links.ts'
import { auditActor, currentStaff, requirePermission, staffCan } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { maskPhone } from '../orders/phones.ts'
import {
  inboxMessageSchema,
  inboxPage,
  inboxQuery,
  inboxReplyBody,
  inboxUpdateBody,
  messageIdParams,
  SMS_REPLIES_PER_DAY,
} from './schemas.ts'
import {
  inboxMessage,
  type ListedMessage,
  listInbox,
  markRead,
  repliesOf,
  replyBySms,
  updateMessage,
} from './service.ts'

const messageAnswer = jsonContent(inboxMessageSchema, 'The message as it now is')

const read = staffRoutes(requirePermission('inbox.read'), ['admin: inbox'])

const listRoute = read.get('/admin/inbox/', {
  summary: 'Feedback and bug reports, newest first, filtered (inbox.read)',
  request: { query: inboxQuery },
  responses: { 200: jsonContent(inboxPage, 'One page of messages'), ...adminErrorsOf(400) },
})

const detailRoute = read.get('/admin/inbox/{id}/', {
  summary: 'One message with its screenshot, page and SMS replies (inbox.read)',
  description: 'Opened by a staff session (not an integration key), the message counts as read.',
  request: { params: messageIdParams },
  responses: { 200: messageAnswer, ...adminErrorsOf(400, 404) },
})

const updateRoute = read.patch('/admin/inbox/{id}/', {
  summary: 'Set the status, the assignee or the read mark of a message (inbox.read)',
  description: 'Audited `feedback.update`. 400 on `assignee_id` for an unknown or disabled account.',
  request: { params: messageIdParams, body: requiredJson(inboxUpdateBody) },
  responses: { 200: messageAnswer, ...adminErrorsOf(400, 404) },
})

const replyRoute = read.post('/admin/inbox/{id}/reply/', {
  summary: "Answer the sender by SMS: the phone left on the form, else the account's (inbox.read)",
  description:
    `Up to ${SMS_REPLY_MAX} characters, sent as \`Atir: <text>\` through the notifications outbox; at most ` +
    `${SMS_REPLIES_PER_DAY} replies per message in 24 hours (409). 409 too when there is no phone (none left on ` +
    'the form, and sent signed out). A new message becomes in progress. Audited `feedback.reply`.',
  request: { params: messageIdParams, body: requiredJson(inboxReplyBody) },
  responses: {
    200: messageAnswer,
    ...adminErrorsOf(400, 404, 409),
  },
})

/** The back office's inbox of feedback and bug reports. */
export function adminInboxRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { config } = deps
  const now = () => deps.now?.() ?? new Date()
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')
  const phoneOf = (c: Context<ApiEnv>, phone: string | null) =>
    staffCan(c, 'customers.phone') ? phone : maskPhone(phone)
  const common = (c: Context<ApiEnv>, row: ListedMessage) => ({
    id: row.message.id,
    kind: row.message.kind,
    status: row.message.status,
    read: row.message.readAt !== null,
    name: row.message.name,
    lang: row.message.lang,
    phone: phoneOf(c, row.phone),
    assignee: row.message.assigneeId ? { id: row.message.assigneeId, name: row.assigneeName ?? '' } : null,
    created_at: row.message.createdAt.toISOString(),
  })

  async function answer(c: Context<ApiEnv>, id: number) {
    const row = await inboxMessage(db, id)
    if (!row) throw new ApiError(404, message(c.get('lang'), 'admin_message_not_found'))
    const m = row.message
    const links = await new MediaLinks(config).load([m.screenshot])
    const replies = await repliesOf(db, m.id, now())
    noStore(c)
    return c.json(
      {
        ...common(c, row),
        text: m.text,
        page: m.page,
        screenshot: m.screenshot ? links.links(m.screenshot).large : null,
        customer_id: m.userId,
        read_at: m.readAt?.toISOString() ?? null,
        replies: replies.rows.map((r) => ({
          text: r.reply.text,
          phone: phoneOf(c, r.reply.phone),
          staff: r.reply.staffId ? { id: r.reply.staffId, name: r.staffName ?? '' } : null,
          created_at: r.reply.createdAt.toISOString(),
        })),
        replies_left: replies.left,
      },
      200,
    )
  }

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { page, size, ...filters } = c.req.valid('query')
      const { rows, total, counts } = await listInbox(db, filters, page, size)
      noStore(c)
      const results = rows.map((row) => ({ ...common(c, row), excerpt: row.message.text.slice(0, 160) }))
      return c.json({ ...paged(results, total, page, size, c.req.url), counts }, 200)
    })
    .openapi(detailRoute, async (c) => {
      const { id } = c.req.valid('param')
      const row = await inboxMessage(db, id)
      if (!row) throw new ApiError(404, message(c.get('lang'), 'admin_message_not_found'))
      if (currentStaff(c).id !== null) await markRead(db, row.message, now())
      return answer(c, id)
    })
    .openapi(updateRoute, async (c) => {
      const { id } = c.req.valid('param')
      const body = c.req.valid('json')
      await updateMessage(
        db,
        { id, status: body.status, assigneeId: body.assignee_id, read: body.read, actor: auditActor(c) },
        { lang: c.get('lang'), now: now() },
      )
      return answer(c, id)
    })
    .openapi(replyRoute, async (c) => {
      const { id } = c.req.valid('param')
      await replyBySms(
        db,
        { id, text: c.req.valid('json').text, actor: auditActor(c) },
        { lang: c.get('lang'), now: now() },
      )
      return answer(c, id)
    })
}
