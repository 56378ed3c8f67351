import { z } from '@hono/zod-openapi'

/**
 * The parts of a Telegram `Update` the bot reads (core.telegram.org/bots/api#update);
 * anything else in it is ignored.
 */
const user = z.looseObject({
  id: z.number().int(),
  language_code: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
})
const chat = z.looseObject({ id: z.number().int() })
const message = z.looseObject({
  message_id: z.number().int(),
  chat,
  from: user.optional(),
  text: z.string().optional(),
  // A shared phone number (core.telegram.org/bots/api#contact): `user_id` is the contact's Telegram account.
  contact: z
    .looseObject({
      phone_number: z.string(),
      user_id: z.number().int().optional(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
    })
    .optional(),
})

export const updateSchema = z
  .looseObject({
    update_id: z.number().int(),
    message: message.optional(),
    callback_query: z
      .looseObject({ id: z.string(), from: user, message: message.optional(), data: z.string().optional() })
      .optional(),
  })
  .openapi('TelegramUpdate', { description: 'A Telegram Bot API Update; other kinds of update are ignored' })

export type Update = z.infer<typeof updateSchema>
export type CallbackQuery = NonNullable<Update['callback_query']>
export type TelegramUser = z.infer<typeof user>

/**
 * What the webhook answers: one Bot API method call, which Telegram performs
 * itself (core.telegram.org/bots/api#making-requests-when-getting-updates),
 * or nothing.
 */
export const webhookReplySchema = z
  .union([
    z.object({
      method: z.literal('sendMessage'),
      chat_id: z.number().int(),
      text: z.string(),
      // `/shop`'s button that opens the Mini App (core.telegram.org/bots/api#inlinekeyboardbutton).
      reply_markup: z
        .object({
          inline_keyboard: z.array(z.array(z.object({ text: z.string(), web_app: z.object({ url: z.string() }) }))),
        })
        .optional(),
    }),
    z.object({
      method: z.literal('answerCallbackQuery'),
      callback_query_id: z.string(),
      text: z.string(),
      show_alert: z.boolean(),
    }),
    z.object({}).strict(),
  ])
  .openapi('TelegramWebhookReply')

export type WebhookReply = z.infer<typeof webhookReplySchema>
