import type { OrderRow } from './service.ts'
import { OrderStatus, onlineMethods, type PaymentMethod } from './states.ts'

type Money = Pick<OrderRow, 'status' | 'total' | 'returnedTotal' | 'paidTotal' | 'refundedTotal'>

/** What the customer paid and was not given back. */
export const netPaid = (order: Money) => order.paidTotal - order.refundedTotal

/** What the order is worth now: its total less what returns took off it. */
export const netTotal = (order: Money) => order.total - order.returnedTotal

/**
 * The money between the shop and the customer on an order that stands: above
 * 0 the customer still owes it (a cash order until it is paid, an online
 * order awaiting payment, the extra after an edit raised a paid order's
 * total), below 0 the shop owes it back (an edit lowered a paid total and
 * the provider could not take back that part). A cancelled order's money is
 * the cancellation's refund (`payment_status`), not a balance: 0.
 */
export function balanceOf(order: Money) {
  if (order.status === OrderStatus.cancelled) return 0
  return netTotal(order) - netPaid(order)
}

/** What the customer still owes on the order (0 when nothing). */
export const amountDue = (order: Money) => Math.max(0, balanceOf(order))

/** What the shop still owes the customer back (0 when nothing). */
export const owedBack = (order: Money) => Math.max(0, -balanceOf(order))

type Payable = Money & Pick<OrderRow, 'paymentMethod' | 'paymentStatus'>

/** Where an extra can be owed on a paid order: an edit before it ships, an exchange after delivery. */
const extraStatuses: readonly number[] = [OrderStatus.accepted, OrderStatus.readyForDelivery, OrderStatus.delivered]

/**
 * An online order already paid whose total an edit raised before it ships, or
 * an exchange for dearer goods after delivery: the extra may be paid online too
 * (a payment link), or is collected on delivery (in cash at the exchange).
 */
export function extraDue(order: Payable) {
  if (
    !extraStatuses.includes(order.status) ||
    order.paymentStatus !== 'paid' ||
    !onlineMethods.includes(order.paymentMethod as PaymentMethod)
  )
    return 0
  return amountDue(order)
}
