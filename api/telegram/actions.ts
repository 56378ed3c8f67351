import { assignOrder, markCashReceived } from '../admin/orders/actions.ts'
import type { StaffOrderActor, StaffOrderCtx } from '../admin/orders/status.ts'
import { changeStatusAsStaff } from '../admin/orders/status.ts'
import { staffActor } from '../audit/record.ts'
import type { ApiDeps } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { createTelegramSender } from '../integrations/telegram/index.ts'
import type { OrderRow } from '../orders/service.ts'
import { refundDepsOf } from '../payments/refunds.ts'
import { can, type Permission, type StaffRole } from '../staff/permissions.ts'
import { type ButtonAction, parseButton } from './buttons.ts'
import { linkedStaff } from './link.ts'
import { orderMessageAfter } from './order-message.ts'
import { type BotTextKey, botText } from './texts.ts'
import type { CallbackQuery, WebhookReply } from './update-schema.ts'
import { telegramLang } from './updates.ts'

const toast = (query: CallbackQuery, text: string, alert = true): WebhookReply => ({
  method: 'answerCallbackQuery',
  callback_query_id: query.id,
  text,
  show_alert: alert,
})

/**
 * The right each button needs, as the back office's routes ask it
 * (api/admin/orders/routes.ts): moving needs `orders.pick` (the status
 * service then checks which moves the role may make), cash received and
 * assigning `orders.write`.
 */
function mayPress(role: StaffRole, action: ButtonAction): boolean {
  const needs: Permission = action.kind === 'status' ? 'orders.pick' : 'orders.write'
  return can(role, needs)
}

const actedText: Record<ButtonAction['kind'], BotTextKey> = {
  status: 'acted_status',
  cash: 'acted_cash',
  assign_me: 'acted_assign',
}

/**
 * A button of an order message was pressed. It acts as the staff member
 * linked to the Telegram account that pressed it, through the same service
 * functions as the back office (same rights, audited via telegram): a
 * stranger or a role without the right is told so and nothing changes; a
 * refusal of the service (the order moved meanwhile: 409) is shown as it is.
 * On success the message is edited to show the order's new state and who
 * acted, with the buttons that state allows.
 */
export async function pressButton(deps: ApiDeps, query: CallbackQuery, now: Date): Promise<WebhookReply> {
  const { db } = deps.database
  const member = await linkedStaff(db, query.from.id)
  if (!member) return toast(query, botText(telegramLang(query.from), 'not_linked'))
  const lang: Lang = member.lang
  const action = parseButton(query.data)
  if (!action) return toast(query, botText(lang, 'order_gone'))
  if (!mayPress(member.role, action)) return toast(query, botText(lang, 'forbidden'))

  const actor: StaffOrderActor = { ...staffActor(member.id, 'telegram'), role: member.role }
  const ctx: StaffOrderCtx = { lang, config: deps.config, now, refunds: refundDepsOf(deps) }
  let order: OrderRow
  try {
    if (action.kind === 'status')
      order = await changeStatusAsStaff(
        db,
        { orderId: action.orderId, to: action.to, expected: action.expected, actor },
        ctx,
      )
    else if (action.kind === 'cash') order = await markCashReceived(db, { orderId: action.orderId, actor }, ctx)
    else order = await assignOrder(db, { orderId: action.orderId, staffId: member.id, actor }, ctx)
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return toast(query, error.detail)
    throw error
  }

  if (query.message) {
    const edited = await orderMessageAfter(db, deps.config, order, {
      key: actedText[action.kind],
      name: member.name,
    })
    const sender = deps.telegram ?? createTelegramSender(deps.config)
    try {
      await sender.edit({ chatId: String(query.message.chat.id), messageId: query.message.message_id, ...edited })
    } catch (error) {
      // The change is made and audited; only the message stays as it was.
      console.warn(`telegram: editing the message of order ${order.id} failed: ${(error as Error).message}`)
    }
  }
  return toast(query, botText(lang, 'done'), false)
}
