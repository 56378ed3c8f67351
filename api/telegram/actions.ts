import { assignOrder, markCashReceived } from '../admin/orders/actions.ts'
import type { StaffOrderActor, StaffOrderCtx } from '../admin/orders/status.ts'
import { changeStatusAsStaff } from '../admin/orders/status.ts'
import { staffActor } from '../audit/record.ts'
import type { ApiDeps } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { createSmsProvider } from '../integrations/sms/index.ts'
import { createTelegramSender } from '../integrations/telegram/index.ts'
import { logger } from '../log.ts'
import { dispatchOrderUpdates } from '../notifications/dispatch.ts'
import { staffChatLang, type TelegramText } from '../notifications/new-order-message.ts'
import { queueOrderMessageUpdate, rememberOrderChatMessage } from '../notifications/staff-chat.ts'
import { type OrderRow, orderById, statusLabel } from '../orders/service.ts'
import { orderNumber } from '../orders/states.ts'
import { refundDepsOf } from '../payments/refunds.ts'
import { can, type Permission, type StaffRole } from '../staff/permissions.ts'
import { type ButtonAction, courierButtons, parseButton } from './buttons.ts'
import { linkedStaff } from './link.ts'
import { orderMessage } from './order-message.ts'
import { courierChoices } from './recipients.ts'
import { botText, telegramLang } from './texts.ts'
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
 * stranger or a role without the right is told so and nothing changes. The
 * change queues the message's edit in the outbox like a change made on the
 * website, and that edit is sent at once (dispatchOrderUpdates: once, whichever
 * process claims it). A stale press (the order moved meanwhile: 409) is
 * answered in the chat's words with the order as it is now, and the message
 * is brought up to date. "Courier…" swaps the buttons for the staff to give
 * the order to, with their load (and back); a pickup order has no courier.
 */
export async function pressButton(deps: ApiDeps, query: CallbackQuery, now: Date): Promise<WebhookReply> {
  const { db } = deps.database
  const member = await linkedStaff(db, query.from.id)
  if (!member) return toast(query, botText(telegramLang(query.from), 'not_linked'))
  const lang: Lang = member.lang
  const action = parseButton(query.data)
  if (!action) return toast(query, botText(lang, 'order_gone'))
  if (!mayPress(member.role, action)) return toast(query, botText(lang, 'forbidden'))
  const pressed = await orderById(db, action.orderId)
  if (!pressed) return toast(query, botText(lang, 'order_gone'))
  // The pressed message is the order's: kept, so that changes made elsewhere edit it too.
  if (query.message)
    await rememberOrderChatMessage(db, {
      orderId: pressed.id,
      chatId: String(query.message.chat.id),
      messageId: query.message.message_id,
    })

  if (action.kind === 'couriers' || action.kind === 'back') {
    if (action.kind === 'couriers' && pressed.delivery === 'pickup') {
      await refreshMessage(deps, pressed, now)
      return toast(query, botText(lang, 'pickup_no_courier'))
    }
    const shown = await orderMessage(db, deps.config, pressed)
    if (action.kind === 'couriers') {
      const chatLang = staffChatLang(deps.config)
      shown.text += `\n\n${botText(chatLang, 'pick_courier')}`
      shown.buttons = courierButtons(pressed.id, await courierChoices(db), chatLang)
    }
    await editMessage(deps, query, pressed.id, shown)
    return toast(query, '', false)
  }

  const actor: StaffOrderActor = { ...staffActor(member.id, 'telegram'), role: member.role }
  const ctx: StaffOrderCtx = { lang, config: deps.config, now, refunds: refundDepsOf(deps) }
  try {
    if (action.kind === 'status') {
      const change = { orderId: action.orderId, to: action.to, expected: action.expected, actor }
      await changeStatusAsStaff(db, change, ctx)
    } else if (action.kind === 'cash') {
      await markCashReceived(db, { orderId: action.orderId, actor }, ctx)
    } else {
      const staffId = action.kind === 'assign_me' ? member.id : action.staffId
      await assignOrder(db, { orderId: action.orderId, staffId, actor }, ctx)
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    if (error.status !== 409) return toast(query, error.detail)
    // Stale: the message showed an order that has moved on. Said in the chat's words, and the message caught up.
    const now409 = (await orderById(db, action.orderId)) ?? pressed
    await refreshMessage(deps, now409, now)
    if (action.kind !== 'status') return toast(query, error.detail)
    const status = statusLabel(lang, now409.status, now409.delivery)
    return toast(query, botText(lang, 'stale', { number: orderNumber(now409.id), status }))
  }
  await sendOrderUpdates(deps, action.orderId, now)
  return toast(query, botText(lang, 'done'), false)
}

/** Queues the edit of the order's message (as any change does) and sends it now. */
async function refreshMessage(deps: ApiDeps, order: OrderRow, now: Date) {
  await queueOrderMessageUpdate(deps.database.db, order, now)
  await sendOrderUpdates(deps, order.id, now)
}

/** Sends the queued edits of the order's message now; a failure stays in the outbox for the next pass. */
async function sendOrderUpdates(deps: ApiDeps, orderId: number, now: Date) {
  await dispatchOrderUpdates(
    {
      db: deps.database.db,
      config: deps.config,
      now: () => now,
      sms: deps.sms ?? createSmsProvider(deps.config),
      telegram: deps.telegram ?? createTelegramSender(deps.config),
    },
    orderId,
  )
}

/** Replaces the pressed message with the courier picker; a failure is logged, never undoes what was done. */
async function editMessage(deps: ApiDeps, query: CallbackQuery, orderId: number, shown: TelegramText) {
  if (!query.message) return
  const sender = deps.telegram ?? createTelegramSender(deps.config)
  try {
    await sender.edit({ chatId: String(query.message.chat.id), messageId: query.message.message_id, ...shown })
  } catch (error) {
    logger().warn(`telegram: editing the message of order ${orderId} failed: ${(error as Error).message}`)
  }
}
