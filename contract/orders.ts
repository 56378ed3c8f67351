/**
 * Order facts both sides name (docs/orders-and-payments.md "Order states"):
 * the status numbers, payment states and methods, delivery ways. Which move
 * is allowed and the states' labels are the API's (api/orders/states.ts).
 */
export const OrderStatus = {
  awaitingPayment: 1,
  cancelled: 2,
  accepted: 3,
  readyForDelivery: 4,
  onTheWay: 5,
  delivered: 6,
} as const
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus]
export const orderStatuses = /* @__PURE__ */ Object.values(OrderStatus)
export const isOrderStatus = (value: number): value is OrderStatus => (orderStatuses as number[]).includes(value)

/** `payment_status`: refund_pending is a paid order cancelled whose money the provider has not yet given back. */
export const PaymentStatus = ['pending', 'paid', 'failed', 'refund_pending', 'refunded'] as const
export type PaymentStatus = (typeof PaymentStatus)[number]

export const PaymentMethod = ['cash', 'card', 'payme', 'click', 'uzum'] as const
export type PaymentMethod = (typeof PaymentMethod)[number]

export const Delivery = ['courier', 'pickup'] as const
export type Delivery = (typeof Delivery)[number]

/** The longest reason staff give for cancelling an order (`POST admin/orders/{id}/status/`), editing or returning it. */
export const CANCEL_REASON_MAX = 255
/** The longest staff note on an order (`POST admin/orders/{id}/notes/`). */
export const ORDER_NOTE_MAX = 1000
/** Most lines staff may give an order (editing it, taking it by phone). */
export const ORDER_LINES_MAX = 50
