import { shopLangOfTelegram } from '../auth/telegram-webapp.ts'
import type { ApiDeps } from '../http/context.ts'
import { pressButton } from './actions.ts'
import { linkByContact } from './contact-link.ts'
import { ordersText, startAsCustomer, stopText } from './customer-bot.ts'
import { redeemLinkCode } from './link.ts'
import { miniAppUrl, telegramCanOpen } from './mini-app.ts'
import { botText, telegramLang } from './texts.ts'
import type { TelegramUser, Update, WebhookReply } from './update-schema.ts'

const command = /^\/(start|orders|stop|shop)(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/

/**
 * One update from the webhook: `/start <code>` links a staff account or a
 * customer's, a button press acts on an order; a customer's `/orders` lists
 * their open orders and `/stop` ends their news. The answer is the Bot API
 * call Telegram should make in reply (a message, or the toast of the pressed
 * button). Customers are answered only in their private chat with the bot
 * (its id is theirs), so nothing of theirs is ever said in a group such as
 * the staff chat, where the bot stays the staff's.
 */
export async function handleUpdate(deps: ApiDeps, update: Update, now: Date): Promise<WebhookReply> {
  const { db } = deps.database
  if (update.callback_query) return pressButton(deps, update.callback_query, now)

  const msg = update.message
  if (msg?.contact && msg.from) return msg.chat.id === msg.from.id ? contactReply(deps, msg.from, msg.contact, now) : {}
  const parsed = msg?.text && msg.from ? command.exec(msg.text.trim()) : null
  if (!msg?.from || !parsed) return {}
  const from = msg.from
  const reply = (text: string): WebhookReply => ({ method: 'sendMessage', chat_id: msg.chat.id, text })
  const privateChat = msg.chat.id === from.id
  const [, name, code] = parsed
  if (name === 'orders') return privateChat ? reply(await ordersText(db, from)) : {}
  if (name === 'stop') return privateChat ? reply(await stopText(db, from)) : {}
  if (name === 'shop') return privateChat ? shopReply(deps, from) : {}

  if (!code) return reply(botText(telegramLang(from), 'start_hello'))
  const customer = privateChat ? await startAsCustomer(db, code, from, now) : null
  if (customer) return reply(customer)
  const result = await redeemLinkCode(db, code, from.id, now)
  if (result.status === 'linked') return reply(botText(result.staff.lang, 'link_done', { name: result.staff.name }))
  if (result.status === 'taken') return reply(botText(result.lang, 'link_taken'))
  return reply(botText(telegramLang(from), 'link_invalid'))
}

/**
 * A contact shared in the private chat (the Mini App asked for it): the
 * sender's own number links their Telegram to the shop account of that
 * number (contact-link.ts), so the Mini App signs them in.
 */
async function contactReply(
  deps: ApiDeps,
  from: TelegramUser,
  contact: NonNullable<NonNullable<Update['message']>['contact']>,
  now: Date,
): Promise<WebhookReply> {
  const result = await linkByContact(deps.database.db, from, contact, now)
  const text =
    result.status === 'linked'
      ? botText(result.lang, result.created ? 'contact_created' : 'contact_done', { phone: result.phone })
      : botText(result.lang, result.status === 'not_own' ? 'contact_not_own' : 'contact_invalid_phone')
  return { method: 'sendMessage', chat_id: from.id, text }
}

/** `/shop`: a button that opens the storefront inside Telegram, in the user's Telegram language. */
function shopReply(deps: ApiDeps, from: TelegramUser): WebhookReply {
  const lang = shopLangOfTelegram(from.language_code)
  const url = miniAppUrl(deps.config)
  if (!telegramCanOpen(url))
    return { method: 'sendMessage', chat_id: from.id, text: botText(lang, 'shop_unavailable', { url: url ?? '' }) }
  return {
    method: 'sendMessage',
    chat_id: from.id,
    text: botText(lang, 'shop_open'),
    reply_markup: { inline_keyboard: [[{ text: botText(lang, 'shop_button'), web_app: { url } }]] },
  }
}
