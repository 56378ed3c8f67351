import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { buildNewOrderMessage, staffChatLang, type TelegramText } from '../notifications/new-order-message.ts'
import { type OrderRow, orderItemsOf, statusLabel } from '../orders/service.ts'
import { orderButtons } from './buttons.ts'
import { type BotTextKey, botText } from './texts.ts'

/**
 * The staff chat's message of an order: the new-order text
 * (notifications/new-order-message.ts), its current state and the buttons
 * that state allows (buttons.ts).
 */
export async function orderMessage(db: Db, config: Config, order: OrderRow): Promise<TelegramText> {
  const lang = staffChatLang(config)
  const items = (await orderItemsOf(db, [order.id])).get(order.id) ?? []
  const { text } = buildNewOrderMessage({ ...order, items }, lang)
  return { text, buttons: orderButtons(order, config, lang) }
}

/** The message after a staff member acted on it from Telegram: also the state and who did what. */
export async function orderMessageAfter(
  db: Db,
  config: Config,
  order: OrderRow,
  acted: { key: BotTextKey; name: string; assignee?: string },
): Promise<TelegramText> {
  const lang = staffChatLang(config)
  const base = await orderMessage(db, config, order)
  const status = statusLabel(lang, order.status, order.delivery)
  const lines = [
    base.text,
    '',
    botText(lang, 'order_state', { status }),
    botText(lang, acted.key, { status, name: acted.name, assignee: acted.assignee ?? '' }),
  ]
  return { text: lines.join('\n'), buttons: base.buttons }
}
