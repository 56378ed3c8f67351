import { requiredText } from '#contract/account.ts'
import { z } from '#contract/zod.ts'

/** The back office's reviews and inbox forms (browser-safe); the API checks the same again. */
export const DeskIntent = {
  hide: 'hide',
  publish: 'publish',
  reply: 'reply',
  update: 'update',
  unread: 'unread',
  sms: 'sms',
} as const

/** As api/admin/reviews/schemas.ts and api/admin/inbox/schemas.ts take them. */
export const HIDE_REASON_MAX = 500
export const REPLY_MAX = 2000
export const SMS_REPLY_MAX = 300

export const hideForm = z.object({ text: requiredText(HIDE_REASON_MAX) })
export const smsForm = z.object({ text: requiredText(SMS_REPLY_MAX) })
// An empty reply removes it.
export const replyForm = z.object({ text: z.string().trim().max(REPLY_MAX, 'max_length').optional() })
