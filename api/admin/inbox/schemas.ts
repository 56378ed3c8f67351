import { z } from '@hono/zod-openapi'
import { SMS_REPLY_MAX } from '#contract/desk.ts'
import { feedbackStatuses } from '../../db/schema/index.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { idParam, idSchema } from '../../http/schemas.ts'
import { optionalIdQuery } from '../query.ts'

/**
 * An SMS reply: the text staff type, sent as `Atir: <text>`. 300 characters
 * keep it to a few SMS parts; at most 3 replies per message in 24 hours, so
 * a slip of the button cannot flood a customer.
 */
export const SMS_REPLIES_PER_DAY = 3

export const messageIdParams = z.object({ id: idParam('id', 3) })

export const inboxQuery = z.object({
  ...pagingQuery,
  kind: z.enum(['feedback', 'bug']).optional().openapi({ description: 'Feedback or bug reports; both without' }),
  status: z.enum(feedbackStatuses).optional(),
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .openapi({ description: 'true: only messages no staff member has opened' }),
  assignee_id: optionalIdQuery('Messages given to this staff member'),
})

const staffRef = z.object({ id: z.number().int(), name: z.string() })
const phone = z
  .string()
  .nullable()
  .openapi({
    description:
      "The phone the sender left on the form, else their account's (masked for roles without customers.phone); " +
      'null: no SMS reply possible',
  })

export const inboxRowSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['feedback', 'bug']),
    status: z.enum(feedbackStatuses),
    read: z.boolean(),
    name: z.string().nullable(),
    excerpt: z.string().openapi({ description: 'The first 160 characters of the text' }),
    lang: z.string(),
    phone,
    assignee: staffRef.nullable(),
    created_at: z.string(),
  })
  .openapi('InboxRow')

export const inboxPage = pagedSchema(inboxRowSchema)
  .extend({
    counts: z
      .object({
        unread: z.number().int(),
        new: z.number().int(),
        in_progress: z.number().int(),
        done: z.number().int(),
      })
      .openapi({ description: 'All messages unread and per status, whatever the filter' }),
  })
  .openapi('InboxPage')

export const inboxMessageSchema = inboxRowSchema
  .omit({ excerpt: true })
  .extend({
    text: z.string(),
    page: z.string().nullable().openapi({ description: 'The page a bug report came from, as the browser gave it' }),
    screenshot: z.string().nullable().openapi({ description: "URL of the bug report's screenshot (large size)" }),
    customer_id: z.number().int().nullable(),
    read_at: z.string().nullable(),
    replies: z.array(
      z.object({ text: z.string(), phone: z.string().nullable(), staff: staffRef.nullable(), created_at: z.string() }),
    ),
    replies_left: z
      .number()
      .int()
      .openapi({ description: `SMS replies still allowed in the last 24 hours (${SMS_REPLIES_PER_DAY} a day)` }),
  })
  .openapi('InboxMessage')

export const inboxUpdateBody = z
  .object({
    status: z.enum(feedbackStatuses).optional(),
    assignee_id: idSchema.nullable().optional().openapi({ description: 'A staff member, or null for nobody' }),
    read: z.boolean().optional().openapi({ description: 'false marks it unread again' }),
  })
  .strict()
  .openapi('InboxUpdate')

export const inboxReplyBody = z
  .object({ text: z.string().trim().min(1).max(SMS_REPLY_MAX) })
  .openapi('InboxReply', { description: 'The SMS text; it goes out as `Atir: <text>`' })
