import { recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { newsToCustomer } from '../../notifications/order-notifications.ts'
import { queueOrderMessageUpdate } from '../../notifications/staff-chat.ts'
import { owedBack } from '../../orders/balance.ts'
import { lockOrderAndPayments, type OrderRow, orderById } from '../../orders/service.ts'
import { orderNumber } from '../../orders/states.ts'
import { refundOrder } from '../../payments/refunds.ts'
import { recordOrderEvent } from './events.ts'
import { giveBack, type RefundMethod } from './money-back.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

/**
 * Gives back what the shop owes the customer on an order that stands (an
 * edit lowered a paid total and the provider could not take back that part):
 * `cash` when staff hand it over, or `provider` where a payment can take back
 * exactly this (money-back.ts). At most what is owed (400). A `refund` on the
 * timeline, audited `order.refund`, an SMS to the customer; a whole payment
 * asked of its provider once committed.
 */
export async function refundOwed(
  db: Db,
  input: { orderId: number; amount: number; method: RefundMethod; reason: string | null; actor: StaffOrderActor },
  ctx: StaffOrderCtx,
): Promise<OrderRow> {
  const { lang, now } = ctx
  let askProvider = false
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrderAndPayments(tx, input.orderId)
    if (!locked) throw new ApiError(404, message(lang, 'order_not_found'))
    const owed = owedBack(locked)
    if (input.amount > owed) throw aboveOwed(lang, owed)
    const eventId = await recordOrderEvent(tx, {
      orderId: locked.id,
      kind: 'refund',
      actor: input.actor,
      text: input.reason,
      changes: { before: {}, after: { refund: input.amount, method: input.method } },
      at: now,
    })
    const back = await giveBack(tx, locked, { amount: input.amount, method: input.method, eventId, now, lang })
    askProvider = back.askProvider
    await recordAudit(tx, {
      ...input.actor,
      action: 'order.refund',
      entity: 'order',
      entityId: locked.id,
      before: { refunded_total: locked.refundedTotal },
      after: {
        refunded_total: back.order.refundedTotal,
        amount: input.amount,
        method: input.method,
        ...(input.reason ? { reason: input.reason } : {}),
      },
      at: now,
    })
    await queueOrderMessageUpdate(tx, back.order, now)
    await newsToCustomer(
      tx,
      locked,
      (lang) =>
        message(lang, input.method === 'cash' ? 'sms_order_refund_cash' : 'sms_order_refund_provider', {
          number: orderNumber(locked.id),
          amount: groupedNumber(input.amount),
        }),
      now,
    )
    return back.order
  })
  if (!askProvider) return order
  await refundOrder(ctx.refunds, order.id)
  return (await orderById(db, order.id)) ?? order
}

function aboveOwed(lang: Lang, owed: number) {
  const detail = owed
    ? message(lang, 'admin_refund_above_owed', { amount: groupedNumber(owed) })
    : message(lang, 'admin_refund_nothing_owed')
  return new ApiError(400, detail, [{ field: 'amount', message: detail }])
}
