import { eq } from 'drizzle-orm'
import { assignOrder, markCashReceived } from '../admin/orders/actions.ts'
import type { StaffOrderActor, StaffOrderCtx } from '../admin/orders/status.ts'
import { changeStatusAsStaff } from '../admin/orders/status.ts'
import { staffActor } from '../audit/record.ts'
import { staff } from '../db/schema/index.ts'
import type { ApiDeps } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { createTelegramSender } from '../integrations/telegram/index.ts'
import { logger } from '../log.ts'
import { staffChatLang, type TelegramText } from '../notifications/new-order-message.ts'
import { type OrderRow, orderById } from '../orders/service.ts'
import { refundDepsOf } from '../payments/refunds.ts'
import { can, type Permission, type StaffRole } from '../staff/permissions.ts'
import { type ButtonAction, courierButtons, parseButton } from './buttons.ts'
import { linkedStaff } from './link.ts'
import { orderMessage, orderMessageAfter } from './order-message.ts'
import { courierChoices } from './recipients.ts'
import { type BotTextKey, botText, telegramLang } from './texts.ts'
import type { CallbackQuery, WebhookReply } from './update-schema.ts'

/** The pop-up answer to a press; Telegram takes at most 200 characters. */
const toast = (query: CallbackQuery, text: string, alert = true): WebhookReply => ({
  method: 'answerCallbackQuery',
  callback_query_id: query.id,
  text: text.length > 200 ? `${text.slice(0, 199)}…` : text,
  show_alert: alert,
})

/**
 * The right each button needs, as the back office's routes ask it
 * (api/admin/orders/routes.ts): moving needs `orders.pick` (the status
 * service then checks which moves the role may make), cash received and
 * assigning `orders.write`.
 */
function mayPress(role: StaffRole, action: ButtonAction): boolean {
  // Showing the couriers (and going back) only serves assigning: orders.write too.
  const needs: Permission = action.kind === 'status' ? 'orders.pick' : 'orders.write'
  return can(role, needs)
}

/**
 * A button of an order message was pressed. It acts as the staff member
 * linked to the Telegram account that pressed it, through the same service
 * functions as the back office (same rights, audited via telegram): a
 * stranger or a role without the right is told so and nothing changes; a
 * refusal of the service (the order moved meanwhile: 409) is shown as it is.
 * On success the message is edited to show the order's new state and who
 * acted, with the buttons that state allows. "Courier…" swaps the buttons
 * for a list of staff to give the order to (and back).
 */
export async function pressButton(deps: ApiDeps, query: CallbackQuery, now: Date): Promise<WebhookReply> {
  const { db } = deps.database
  const member = await linkedStaff(db, query.from.id)
  if (!member) return toast(query, botText(telegramLang(query.from), 'not_linked'))
  const lang: Lang = member.lang
  const action = parseButton(query.data)
  if (!action) return toast(query, botText(lang, 'order_gone'))
  if (!mayPress(member.role, action)) return toast(query, botText(lang, 'forbidden'))

  if (action.kind === 'couriers' || action.kind === 'back') {
    const order = await orderById(db, action.orderId)
    if (!order) return toast(query, botText(lang, 'order_gone'))
    const shown = await orderMessage(db, deps.config, order)
    if (action.kind === 'couriers') {
      const chatLang = staffChatLang(deps.config)
      shown.text += `\n\n${botText(chatLang, 'pick_courier')}`
      shown.buttons = courierButtons(order.id, await courierChoices(db), chatLang)
    }
    await editMessage(deps, query, order.id, shown)
    return toast(query, '', false)
  }

  const actor: StaffOrderActor = { ...staffActor(member.id, 'telegram'), role: member.role }
  const ctx: StaffOrderCtx = { lang, config: deps.config, now, refunds: refundDepsOf(deps) }
  let order: OrderRow
  let acted: { key: BotTextKey; assignee?: string }
  try {
    if (action.kind === 'status') {
      const change = { orderId: action.orderId, to: action.to, expected: action.expected, actor }
      order = await changeStatusAsStaff(db, change, ctx)
      acted = { key: 'acted_status' }
    } else if (action.kind === 'cash') {
      order = await markCashReceived(db, { orderId: action.orderId, actor }, ctx)
      acted = { key: 'acted_cash' }
    } else if (action.kind === 'assign_me') {
      order = await assignOrder(db, { orderId: action.orderId, staffId: member.id, actor }, ctx)
      acted = { key: 'acted_assign' }
    } else {
      order = await assignOrder(db, { orderId: action.orderId, staffId: action.staffId, actor }, ctx)
      const [assignee] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, action.staffId))
      acted = { key: 'acted_assign_to', assignee: assignee?.name ?? '' }
    }
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return toast(query, error.detail)
    throw error
  }
  const edited = await orderMessageAfter(db, deps.config, order, { ...acted, name: member.name })
  await editMessage(deps, query, order.id, edited)
  return toast(query, botText(lang, 'done'), false)
}

/** Replaces the pressed message; a failure is logged, never undoes what was done. */
async function editMessage(deps: ApiDeps, query: CallbackQuery, orderId: number, shown: TelegramText) {
  if (!query.message) return
  const sender = deps.telegram ?? createTelegramSender(deps.config)
  try {
    await sender.edit({ chatId: String(query.message.chat.id), messageId: query.message.message_id, ...shown })
  } catch (error) {
    // The change is made and audited; only the message stays as it was.
    logger().warn(`telegram: editing the message of order ${orderId} failed: ${(error as Error).message}`)
  }
}
