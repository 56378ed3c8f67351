import { eq, sql } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import { addCashbackEntry, cashbackBalance } from '../../cashback/service.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Db, Tx } from '../../db/client.ts'
import { orderItems, orders } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { splitProportionally } from '../../integrations/payments/payme/receipt.ts'
import { newsToCustomer } from '../../notifications/order-notifications.ts'
import { queueOrderMessageUpdate } from '../../notifications/staff-chat.ts'
import { netPaid } from '../../orders/balance.ts'
import { earnedCashback } from '../../orders/money.ts'
import { lockOrderAndPayments, type OrderItemRow, type OrderRow, orderById } from '../../orders/service.ts'
import { OrderStatus, orderNumber } from '../../orders/states.ts'
import { refundOrder } from '../../payments/refunds.ts'
import { moveStock } from '../../stock/movements.ts'
import { inEveryLanguage, recordOrderEvent } from './events.ts'
import { giveBack, type RefundMethod } from './money-back.ts'
import { orderLinesOf } from './order-lines.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

export type OrderReturn = {
  orderId: number
  /** The lines and units brought back; `restock`: back on the shelf (else written off: damaged, opened). */
  items: { itemId: number; quantity: number; restock: boolean }[]
  reason: string
  /** How the money goes back; `amount` overrides what the goods were paid (0: none). An exchange: exchange.ts. */
  refund: { method: RefundMethod; amount?: number | undefined }
  actor: StaffOrderActor
}

/**
 * What each line was paid in money and in cashback: its price less its share
 * of the promo discount and of the cashback spent, split over the lines as
 * the Payme receipt splits them. The lines' money adds up to the goods paid.
 */
export function linesPaid(order: OrderRow, lines: OrderItemRow[]) {
  const totals = lines.map((l) => l.unitPrice * l.quantity)
  const discounts = splitProportionally(order.discount, totals)
  const cashbacks = splitProportionally(order.cashbackUsed, totals)
  return new Map(
    lines.map((l, i) => [l.id, { money: totals[i]! - discounts[i]! - cashbacks[i]!, cashback: cashbacks[i]! }]),
  )
}

/** The part of a line's `whole` that its first `units` units carry (so returns in several goes add up exactly). */
const upTo = (whole: number, line: Pick<OrderItemRow, 'quantity'>, units: number) =>
  Math.round((whole * units) / line.quantity)

/**
 * Goods a customer brings back after delivery: some units of some lines,
 * each back on the shelf (`return` stock movement, to the batches they came
 * from) or written off, with a reason. In one transaction: the money those
 * units were paid goes back (or the amount staff give, 0 for none) through
 * the provider where it can take back that part (money-back.ts), else in
 * cash; the cashback they were paid with returns to the balance and the
 * cashback they earned is taken back (as far as the balance allows); the
 * order's returned units and `returned_total` grow (statistics count the
 * sale without them). A `return` on the timeline, audited `order.return`, an
 * SMS to the customer. 409 unless delivered; 400 for more units than are left.
 */
export async function returnGoods(db: Db, input: OrderReturn, ctx: StaffOrderCtx): Promise<OrderRow> {
  const { lang, now } = ctx
  let askProvider = false
  let restocked = false
  const result = await db.transaction(async (tx) => {
    const order = await lockOrderAndPayments(tx, input.orderId)
    if (!order) throw new ApiError(404, message(lang, 'order_not_found'))
    if (order.status !== OrderStatus.delivered) throw new ApiError(409, message(lang, 'admin_return_not_delivered'))
    const lines = await orderLinesOf(tx, order.id)
    const paid = linesPaid(order, lines)
    const taken = unitsBack(lines, paid, input.items, lang)
    const value = taken.reduce((sum, t) => sum + t.money, 0)
    const amount = input.refund.amount ?? value
    if (amount > netPaid(order)) {
      const detail = message(lang, 'admin_refund_above_paid', { amount: groupedNumber(netPaid(order)) })
      throw new ApiError(400, detail, [{ field: 'amount', message: detail }])
    }

    if (await putBack(tx, order, taken, input)) restocked = true
    // The goods still kept after this return, in money: what the cashback earned at delivery is now due on.
    const cashback = await settleCashback(tx, order, taken, keptMoney(lines, paid, taken), ctx)
    const [counted] = await tx
      .update(orders)
      .set({ returnedTotal: order.returnedTotal + amount, cashbackEarned: cashback.earned, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning()
    let updated = counted!

    const units = (list: typeof taken) =>
      inEveryLanguage((l) => list.map((t) => `${t.line.title[l] || t.line.title.ru} × ${t.quantity}`).join(', '))
    const shelved = taken.filter((t) => t.restock)
    const eventId = await recordOrderEvent(tx, {
      orderId: order.id,
      kind: 'return',
      actor: input.actor,
      text: input.reason,
      changes: {
        before: {},
        after: {
          returned: units(taken),
          ...(shelved.length ? { restocked: units(shelved) } : {}),
          refund: amount,
          ...(amount ? { method: input.refund.method } : {}),
          ...(cashback.back ? { cashback_back: cashback.back } : {}),
          ...(cashback.taken ? { cashback_taken: cashback.taken } : {}),
        },
      },
      at: now,
    })
    if (amount > 0) {
      const back = await giveBack(tx, updated, { amount, method: input.refund.method, eventId, now, lang })
      updated = back.order
      askProvider = back.askProvider
    }
    await recordAudit(tx, {
      ...input.actor,
      action: 'order.return',
      entity: 'order',
      entityId: order.id,
      before: { returned_total: order.returnedTotal, refunded_total: order.refundedTotal },
      after: {
        returned: taken.map((t) => ({ item_id: t.line.id, quantity: t.quantity, restock: t.restock })),
        returned_total: updated.returnedTotal,
        refunded_total: updated.refundedTotal,
        ...(amount ? { method: input.refund.method } : {}),
        reason: input.reason,
      },
      at: now,
    })
    await newsToCustomer(tx, order, (lang) => returnSms(lang, order.id, amount, input.refund.method), now)
    await queueOrderMessageUpdate(tx, updated, now)
    return updated
  })
  if (restocked) await invalidateCatalogue(db)
  if (!askProvider) return result
  await refundOrder(ctx.refunds, result.id)
  return (await orderById(db, result.id)) ?? result
}

/** What the customer keeps of the order's goods once `taken` is back, in money (their share of promo and cashback off). */
export function keptMoney(lines: OrderItemRow[], paid: ReturnType<typeof linesPaid>, taken: UnitsBack[]) {
  return lines.reduce((sum, l) => {
    const returned = l.returnedQuantity + (taken.find((t) => t.line.id === l.id)?.quantity ?? 0)
    const { money } = paid.get(l.id)!
    return sum + money - upTo(money, l, returned)
  }, 0)
}

export type UnitsBack = { line: OrderItemRow; quantity: number; restock: boolean; money: number; cashback: number }

/**
 * The units brought back, each line with the money and cashback those units
 * were paid; 400 on `items` for a line not of the order, named twice, or
 * more units than it has left.
 */
export function unitsBack(
  lines: OrderItemRow[],
  paid: ReturnType<typeof linesPaid>,
  items: OrderReturn['items'],
  lang: Lang,
): UnitsBack[] {
  const taken = items.map((item) => {
    const line = lines.find((l) => l.id === item.itemId)
    if (!line) throw badItems(lang, 'admin_return_unknown_line')
    if (item.quantity > line.quantity - line.returnedQuantity) throw badItems(lang, 'admin_return_too_many')
    const { money, cashback } = paid.get(line.id)!
    const part = (whole: number) =>
      upTo(whole, line, line.returnedQuantity + item.quantity) - upTo(whole, line, line.returnedQuantity)
    return { line, quantity: item.quantity, restock: item.restock, money: part(money), cashback: part(cashback) }
  })
  if (new Set(taken.map((t) => t.line.id)).size !== taken.length) throw badItems(lang, 'admin_return_unknown_line')
  return taken
}

/** The lines' returned units counted, and those to be sold again back on the shelf; true when stock moved. */
export async function putBack(
  tx: Tx,
  order: OrderRow,
  taken: UnitsBack[],
  input: Pick<OrderReturn, 'actor' | 'reason'>,
) {
  let restocked = false
  for (const t of taken) {
    await tx
      .update(orderItems)
      .set({ returnedQuantity: sql`${orderItems.returnedQuantity} + ${t.quantity}` })
      .where(eq(orderItems.id, t.line.id))
    if (t.restock && t.line.productId != null) {
      await moveStock(tx, {
        productId: t.line.productId,
        delta: t.quantity,
        reason: 'return',
        orderId: order.id,
        actor: input.actor,
        note: input.reason,
      })
      restocked = true
    }
  }
  return restocked
}

/**
 * The cashback the returned goods were paid with goes back to the balance,
 * and what they earned at delivery is taken back, in one `return` entry; the
 * balance never goes below 0, so what the customer already spent is not taken.
 */
export async function settleCashback(
  tx: Tx,
  order: OrderRow,
  taken: { cashback: number }[],
  keptGoods: number,
  ctx: StaffOrderCtx,
) {
  const back = taken.reduce((sum, t) => sum + t.cashback, 0)
  const earned = earnedCashback(ctx.config, keptGoods)
  const owed = Math.max(0, order.cashbackEarned - earned)
  const balance = await cashbackBalance(tx, order.userId)
  const takenBack = Math.min(owed, balance + back)
  const net = back - takenBack
  if (net !== 0) await addCashbackEntry(tx, { userId: order.userId, orderId: order.id, amount: net, reason: 'return' })
  return { back, taken: takenBack, earned: order.cashbackEarned - takenBack }
}

function returnSms(lang: Lang, orderId: number, amount: number, method: RefundMethod) {
  const number = orderNumber(orderId)
  const head = message(lang, 'sms_order_return', { number })
  if (!amount) return head
  const tail = message(lang, method === 'cash' ? 'sms_order_return_cash' : 'sms_order_return_provider', {
    amount: groupedNumber(amount),
  })
  return `${head} ${tail}`
}

function badItems(lang: Lang, key: 'admin_return_unknown_line' | 'admin_return_too_many') {
  const detail = message(lang, key)
  return new ApiError(400, detail, [{ field: 'items', message: detail }])
}
