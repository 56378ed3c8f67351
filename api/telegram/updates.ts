import type { ApiDeps } from '../http/context.ts'
import { pressButton } from './actions.ts'
import { redeemLinkCode } from './link.ts'
import { botText, telegramLang } from './texts.ts'
import type { Update, WebhookReply } from './update-schema.ts'

const startCommand = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/

/**
 * One update from the webhook: `/start <code>` links a staff account, a
 * button press acts on an order. The answer is the Bot API call Telegram
 * should make in reply (a message, or the toast of the pressed button).
 */
export async function handleUpdate(deps: ApiDeps, update: Update, now: Date): Promise<WebhookReply> {
  const { db } = deps.database
  if (update.callback_query) return pressButton(deps, update.callback_query, now)

  const msg = update.message
  const start = msg?.text && msg.from ? startCommand.exec(msg.text.trim()) : null
  if (!msg?.from || !start) return {}
  const reply = (text: string): WebhookReply => ({ method: 'sendMessage', chat_id: msg.chat.id, text })
  const code = start[1]
  if (!code) return reply(botText(telegramLang(msg.from), 'start_hello'))
  const result = await redeemLinkCode(db, code, msg.from.id, now)
  if (result.status === 'linked') return reply(botText(result.staff.lang, 'link_done', { name: result.staff.name }))
  if (result.status === 'taken') return reply(botText(result.lang, 'link_taken'))
  return reply(botText(telegramLang(msg.from), 'link_invalid'))
}
