import type { ApiDeps } from '../http/context.ts'
import { linkedStaff } from './link.ts'
import { botText } from './texts.ts'
import type { CallbackQuery, WebhookReply } from './update-schema.ts'
import { telegramLang } from './updates.ts'

const toast = (query: CallbackQuery, text: string): WebhookReply => ({
  method: 'answerCallbackQuery',
  callback_query_id: query.id,
  text,
  show_alert: true,
})

/** A button of an order message was pressed: acts as the linked staff member who pressed it. */
export async function pressButton(deps: ApiDeps, query: CallbackQuery, _now: Date): Promise<WebhookReply> {
  const member = await linkedStaff(deps.database.db, query.from.id)
  if (!member) return toast(query, botText(telegramLang(query.from), 'not_linked'))
  return toast(query, botText(member.lang, 'forbidden'))
}
