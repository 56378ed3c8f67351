/**
 * The few order facts the desk's screens name themselves. Which move is
 * allowed, and the statuses' own names, are the API's answers
 * (`next_statuses`, `status_label`, the counts' labels), never decided here.
 */
export const CANCELLED = 2

export const paymentStatuses = ['pending', 'paid', 'failed', 'refund_pending', 'refunded'] as const
export const paymentMethods = ['cash', 'card', 'payme', 'click'] as const
export const deliveries = ['courier', 'pickup'] as const
