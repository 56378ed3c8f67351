import { webhookSecret } from '#api/telegram/webhook-secret.ts'
import type { TestApi } from './api.ts'

// The staff bot as Telegram drives it: updates posted to the webhook with its secret.

export const testBot = { token: '123456:TEST-telegram-bot-token', username: 'atir_test_bot', chatId: '-1001234567890' }

/** Makes the test file's API a configured bot; call at the top of the file, before setupTestApi. */
export function configureTestBot() {
  process.env.TELEGRAM_BOT_TOKEN = testBot.token
  process.env.TELEGRAM_BOT_USERNAME = testBot.username
  process.env.TELEGRAM_CHAT_ID = testBot.chatId
}

let updateId = 1000
let queryId = 1

/** Posts `update` (an `update_id` is added) to the webhook with the right secret, or `secret` when given. */
export function postUpdate(
  t: TestApi,
  update: Record<string, unknown>,
  options: { secret?: string | null; address?: string } = {},
) {
  const headers: Record<string, string> = { 'X-Real-IP': options.address ?? '203.0.113.7' }
  const secret = options.secret === undefined ? webhookSecret(t.config) : options.secret
  if (secret !== null && secret !== undefined) headers['X-Telegram-Bot-Api-Secret-Token'] = secret
  return t.json('telegram/webhook/', {
    method: 'POST',
    headers,
    body: JSON.stringify({ update_id: ++updateId, ...update }),
  })
}

/** A private-chat message `text` from Telegram user `from`. */
export const messageFrom = (from: number, text: string, languageCode = 'ru') => ({
  message: {
    message_id: ++updateId,
    date: 1_800_000_000,
    chat: { id: from, type: 'private' },
    from: { id: from, is_bot: false, first_name: 'Staff', language_code: languageCode },
    text,
  },
})

/** A press of the button carrying `data` under message `messageId` in `chatId`. */
export const pressFrom = (from: number, data: string, message = { chatId: -1001234567890, messageId: 77 }) => ({
  callback_query: {
    id: String(++queryId),
    from: { id: from, is_bot: false, first_name: 'Staff', language_code: 'ru' },
    chat_instance: '42',
    message: { message_id: message.messageId, date: 1_800_000_000, chat: { id: message.chatId, type: 'supergroup' } },
    data,
  },
})
