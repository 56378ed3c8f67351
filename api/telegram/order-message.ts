import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { auditLog, staff } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { buildNewOrderMessage, staffChatLang, type TelegramText } from '../notifications/new-order-message.ts'
import { type OrderRow, orderItemsOf, statusLabel } from '../orders/service.ts'
import { OrderStatus } from '../orders/states.ts'
import { orderButtons } from './buttons.ts'
import { type BotTextKey, botText } from './texts.ts'

/**
 * The staff chat's message of an order, as the order is now: the new-order
 * text (notifications/new-order-message.ts), its status, who has it, the
 * last thing staff did to it and who (on the website, by the API or here),
 * and the buttons that state allows (buttons.ts). Built when sent, so every
 * edit shows the order as it then is.
 */
export async function orderMessage(db: Db, config: Config, order: OrderRow): Promise<TelegramText> {
  const lang = staffChatLang(config)
  const items = (await orderItemsOf(db, [order.id])).get(order.id) ?? []
  const { text } = buildNewOrderMessage({ ...order, items }, lang)
  const buttons = orderButtons(order, config, lang)
  const state = [botText(lang, 'order_state', { status: statusLabel(lang, order.status, order.delivery) })]
  const names = await staffNames(db, order.assignedStaffId === null ? [] : [order.assignedStaffId])
  if (order.assignedStaffId !== null)
    state.push(botText(lang, 'order_assignee', { name: names.get(order.assignedStaffId) ?? '' }))
  const cashPaid = order.paymentMethod === 'cash' && order.paymentStatus === 'paid'
  if (cashPaid) state.push(botText(lang, 'order_cash_paid'))
  const last = await lastAction(db, order, lang)
  if (last) state.push(last)
  // Just arrived and untouched: the new-order message as it is, nothing to add yet.
  const untouched = order.status === OrderStatus.accepted && order.assignedStaffId === null && !cashPaid && !last
  return { text: untouched ? text : [text, '', ...state].join('\n'), buttons }
}

/** What staff did to an order that the message names (notes and links are the desk's own). */
const shownActions = [
  'order.status',
  'order.assign',
  'order.cash_received',
  'order.edit',
  'order.return',
  'order.exchange',
  'order.refund',
]

async function staffNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>()
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids))
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** The last change a staff member made, in the chat's words: `Собран — Азиз`. */
async function lastAction(db: Db, order: OrderRow, lang: Lang): Promise<string | null> {
  const [entry] = await db
    .select({ action: auditLog.action, after: auditLog.after, staffId: auditLog.staffId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'order'),
        eq(auditLog.entityId, String(order.id)),
        inArray(auditLog.action, shownActions),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1)
  if (!entry || entry.staffId === null) return null
  const after = (entry.after ?? {}) as Record<string, unknown>
  const assignee = typeof after.assigned_staff_id === 'number' ? after.assigned_staff_id : null
  const names = await staffNames(db, assignee === null ? [entry.staffId] : [entry.staffId, assignee])
  const vars = { name: names.get(entry.staffId) ?? '', assignee: assignee === null ? '' : (names.get(assignee) ?? '') }
  const keys: Record<string, BotTextKey> = {
    'order.cash_received': 'acted_cash',
    'order.edit': 'acted_edit',
    'order.return': 'acted_return',
    'order.exchange': 'acted_exchange',
    'order.refund': 'acted_refund',
  }
  if (entry.action === 'order.status') {
    const status = statusLabel(lang, Number(after.status), order.delivery)
    return botText(lang, 'acted_status', { ...vars, status })
  }
  if (entry.action === 'order.assign') {
    const key = assignee === null ? 'acted_unassign' : assignee === entry.staffId ? 'acted_assign' : 'acted_assign_to'
    return botText(lang, key, vars)
  }
  const key = keys[entry.action]
  return key ? botText(lang, key, vars) : null
}
