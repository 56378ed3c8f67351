import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import type { Tx } from '../../db/client.ts'
import { orders } from '../../db/schema/index.ts'
import type { Lang } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { newsToCustomer } from '../../notifications/order-notifications.ts'
import { queueOrderMessageUpdate } from '../../notifications/staff-chat.ts'
import { amountDue, balanceOf, owedBack } from '../../orders/balance.ts'
import { markOrderPaid, type OrderItemRow, type OrderRow } from '../../orders/service.ts'
import { OrderStatus, orderNumber } from '../../orders/states.ts'
import { placeLine } from '../../orders/views.ts'
import { payableNow, paymentLinkOf } from '../../payments/service.ts'
import type { OrderEdit } from './edit.ts'
import { type EventChanges, type EventValue, inEveryLanguage, recordOrderEvent } from './events.ts'
import { giveBack, paidPayments, providerRoute } from './money-back.ts'
import type { StaffOrderCtx } from './status.ts'

const itemsText = (lines: Pick<OrderItemRow, 'title' | 'quantity'>[]) =>
  inEveryLanguage((lang) => lines.map((l) => `${l.title[lang] || l.title.ru} × ${l.quantity}`).join(', '))

/** The fields of the order an edit may change, as the timeline and audit log show them. */
function snapshot(order: OrderRow, lines: OrderItemRow[]): Record<string, EventValue> {
  return {
    items: itemsText(lines),
    delivery: order.delivery,
    place: inEveryLanguage((lang) => placeLine(order, lang)),
    receiver: `${order.receiverName}, ${order.receiverPhone}${order.receiverExtraPhone ? `, ${order.receiverExtraPhone}` : ''}`,
    promo_code: order.promoCode,
    discount: order.discount,
    cashback_used: order.cashbackUsed,
    delivery_price: order.deliveryPrice,
    total: order.total,
  }
}

/** What an edit changed of the order, before and after: only what differs. */
export function editChanges(
  before: { order: OrderRow; items: OrderItemRow[] },
  after: { order: OrderRow; items: OrderItemRow[] },
): EventChanges {
  const was = snapshot(before.order, before.items)
  const now = snapshot(after.order, after.items)
  const changes: EventChanges = { before: {}, after: {} }
  for (const key of Object.keys(now))
    if (JSON.stringify(was[key]) !== JSON.stringify(now[key])) {
      changes.before[key] = was[key] ?? null
      changes.after[key] = now[key] ?? null
    }
  return changes
}

/** The audit log keeps plain values: a text in the staff's working language (Russian). */
const plain = (values: Record<string, EventValue>) =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v !== null && typeof v === 'object' ? v.ru : v]))

/**
 * The record step of an edit that changed something: an online order that
 * promo and cashback now cover wholly is paid; the `edit` event on the
 * timeline; a paid order that now costs less gets what the provider can take
 * back at once (`askProvider`: ask it once committed); the `order.edit` audit
 * row with before → after; the customer's SMS.
 */
export async function recordEdit(
  tx: Tx,
  edited: OrderRow,
  changes: EventChanges,
  edit: OrderEdit,
  ctx: StaffOrderCtx,
): Promise<{ order: OrderRow; refunded: number; askProvider: boolean }> {
  const { lang, now } = ctx
  let order = edited
  // An online order still awaiting payment that promo and cashback now cover wholly: paid.
  if (order.status === OrderStatus.awaitingPayment && order.total === 0) {
    await markOrderPaid(tx, order.id, 0, { lang, config: ctx.config, now })
    order = (await tx.select().from(orders).where(eq(orders.id, order.id)))[0]!
  }
  const eventId = await recordOrderEvent(tx, {
    orderId: order.id,
    kind: 'edit',
    actor: edit.actor,
    text: edit.reason,
    changes,
    at: now,
  })
  // A paid order that now costs less: what the provider can take back goes back at once.
  let refunded = 0
  let askProvider = false
  const owed = owedBack(order)
  if (owed > 0 && providerRoute(await paidPayments(tx, order.id), owed)) {
    const back = await giveBack(tx, order, { amount: owed, method: 'provider', eventId, now, lang })
    order = back.order
    askProvider = back.askProvider
    refunded = owed
  }
  await recordAudit(tx, {
    ...edit.actor,
    action: 'order.edit',
    entity: 'order',
    entityId: order.id,
    before: plain(changes.before),
    after: {
      ...plain(changes.after),
      ...(refunded ? { refunded } : {}),
      ...(amountDue(order) && order.paymentStatus === 'paid' ? { amount_due: amountDue(order) } : {}),
      ...(edit.reason ? { reason: edit.reason } : {}),
    },
    at: now,
  })
  await tellCustomer(tx, order, refunded, ctx)
  await queueOrderMessageUpdate(tx, order, now)
  return { order, refunded, askProvider }
}

/**
 * The customer's news (their Telegram, else an SMS in the order's language): the new total, and for a
 * paid order what happens to the difference (back through the provider, back on delivery, the extra by a
 * payment link or on delivery).
 */
async function tellCustomer(tx: Tx, order: OrderRow, refunded: number, ctx: StaffOrderCtx) {
  await newsToCustomer(tx, order, (lang) => editNews(lang, order, refunded, ctx), ctx.now)
}

function editNews(lang: Lang, order: OrderRow, refunded: number, ctx: StaffOrderCtx) {
  const parts = [
    message(lang, 'sms_order_edited', { number: orderNumber(order.id), total: groupedNumber(order.total) }),
  ]
  const due = amountDue(order)
  if (refunded) parts.push(message(lang, 'sms_order_edited_refund', { amount: groupedNumber(refunded) }))
  if (owedBack(order)) parts.push(message(lang, 'sms_order_edited_owed', { amount: groupedNumber(owedBack(order)) }))
  if (due > 0 && order.paymentStatus === 'paid' && balanceOf(order) > 0) {
    const payable = payableNow(ctx.config, order)
    parts.push(
      payable
        ? message(lang, 'sms_order_edited_extra_link', {
            amount: groupedNumber(due),
            url: paymentLinkOf(ctx.config, order, lang).url,
          })
        : message(lang, 'sms_order_edited_extra', { amount: groupedNumber(due) }),
    )
  }
  return parts.join(' ')
}
