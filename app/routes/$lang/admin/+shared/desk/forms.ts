import { requiredText } from '#contract/account.ts'
import { HIDE_REASON_MAX, REPLY_MAX, SMS_REPLY_MAX } from '#contract/desk.ts'
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

export const hideForm = z.object({ text: requiredText(HIDE_REASON_MAX) })
export const smsForm = z.object({ text: requiredText(SMS_REPLY_MAX) })
// An empty reply removes it.
export const replyForm = z.object({ text: z.string().trim().max(REPLY_MAX, 'max_length').optional() })
