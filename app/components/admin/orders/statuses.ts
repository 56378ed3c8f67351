/**
 * The order statuses as the desk shows them: numbers and names are the API's
 * (api/orders/states.ts); the desk only orders them for tabs and filters and
 * names their texts. Which move is allowed is the API's answer, never decided here.
 */
export const statusNames = {
  1: 'awaiting_payment',
  2: 'cancelled',
  3: 'accepted',
  4: 'ready_for_delivery',
  5: 'on_the_way',
  6: 'delivered',
} as const
export type DeskStatus = keyof typeof statusNames

/** Tabs and the filter: the order's way through the shop, cancelled last. */
export const deskStatuses: DeskStatus[] = [1, 3, 4, 5, 6, 2]

export const statusName = (status: number) => statusNames[status as DeskStatus] ?? 'accepted'

export const CANCELLED = 2

export const paymentStatuses = ['pending', 'paid', 'failed', 'refund_pending', 'refunded'] as const
export const paymentMethods = ['cash', 'card', 'payme', 'click'] as const
export const deliveries = ['courier', 'pickup'] as const
