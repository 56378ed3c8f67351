import { Delivery, OrderStatus, orderStatuses, PaymentMethod, PaymentStatus } from '#contract/orders.ts'

/**
 * Order states (docs/orders-and-payments.md "Order states"). The numbers are the API's `status`;
 * 3, 4 and 5 are the customer's active orders (SPEC §7 `status__in=3,4,5`),
 * with 1 their open ones (the storefront's active tab); 6 and 2 their history.
 *
 *   1 awaiting_payment ──paid──▶ 3 accepted ──▶ 4 ready_for_delivery ──▶ 5 on_the_way ──▶ 6 delivered
 *        │  (cash orders start at 3)  │                 │                       │
 *        └──────────────┴─────────────┴─────────────────┴───────────────────────┴──▶ 2 cancelled
 *
 * A pickup order is not carried anywhere: it is ready to collect at 4 and
 * handed over from there (4 → 6); nobody takes it on the way.
 * The customer may cancel in 1 and 3; staff in 1, 3, 4 and 5. 2 and 6 are final.
 */
export { Delivery, OrderStatus, orderStatuses, PaymentMethod, PaymentStatus }

export const statusNames: Record<OrderStatus, string> = {
  1: 'awaiting_payment',
  2: 'cancelled',
  3: 'accepted',
  4: 'ready_for_delivery',
  5: 'on_the_way',
  6: 'delivered',
}

/**
 * The customer's open orders: the storefront's "active" tab and the header badge. SPEC §7's
 * active orders (`status__in=3,4,5`) and 1, an online order still to be paid: the shopper has
 * to act on it (it is cancelled if left unpaid), so it must not vanish from their orders.
 */
export const openStatuses: OrderStatus[] = [1, 3, 4, 5]

export const transitions: Record<OrderStatus, OrderStatus[]> = {
  1: [3, 2],
  3: [4, 2],
  4: [5, 2],
  5: [6, 2],
  6: [],
  2: [],
}

/** A pickup order's way: collected where it waits (an old one already "on the way" may still be handed over). */
const pickupTransitions: Record<OrderStatus, OrderStatus[]> = { ...transitions, 4: [6, 2] }

/** An online order awaiting payment that no payment has settled yet: it can be paid (again). */
export function isPayable(order: { status: number; paymentStatus: string; paymentMethod: string }) {
  return (
    order.status === OrderStatus.awaitingPayment &&
    order.paymentStatus !== 'paid' &&
    onlineMethods.includes(order.paymentMethod as PaymentMethod)
  )
}

/** How long an online order awaiting payment holds its stock before it is cancelled unpaid. */
export const paymentHoldMs = (config: { ORDER_PAYMENT_TTL_MINUTES: number }) =>
  config.ORDER_PAYMENT_TTL_MINUTES * 60_000

/**
 * When an order still to be paid is cancelled if left unpaid (expiry.ts, within a run of the order jobs
 * after it; a payment already under way may hold it a little longer); null for every other order.
 */
export function paymentDeadline(
  order: { status: number; paymentStatus: string; paymentMethod: string; createdAt: Date },
  config: { ORDER_PAYMENT_TTL_MINUTES: number },
): Date | null {
  return isPayable(order) ? new Date(order.createdAt.getTime() + paymentHoldMs(config)) : null
}

/** States the customer may cancel in (before the order is packed). */
export const customerCancellable: OrderStatus[] = [1, 3]

/** Whether an order of `delivery` may move from `from` to `to` (the table above; pickup skips "on the way"). */
export const canTransition = (from: number, to: number, delivery: string) =>
  ((delivery === 'pickup' ? pickupTransitions : transitions)[from as OrderStatus] ?? []).includes(to as OrderStatus)

/** The steps the customer's order page shows: accepted, then on the way or ready to collect, then delivered or collected. */
export const stepsOf = (delivery: string): readonly OrderStatus[] => (delivery === 'pickup' ? [3, 4, 6] : [3, 5, 6])

export const onlineMethods: PaymentMethod[] = ['card', 'payme', 'click', 'uzum']

/** The order number customers and staff read: the id, six digits at least (`000042`). */
export const orderNumber = (id: number) => String(id).padStart(6, '0')
