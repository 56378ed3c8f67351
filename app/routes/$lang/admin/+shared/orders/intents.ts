/**
 * The order page's forms, each named by its `intent`, and the courier's buttons on
 * the deliveries page, which run the same actions (orders/$id/actions.server.ts).
 */
export const OrderIntent = {
  status: 'status',
  cancel: 'cancel',
  assign: 'assign',
  cashReceived: 'cash_received',
  paymentLink: 'payment_link',
  sendPaymentLink: 'send_payment_link',
  note: 'note',
  refund: 'refund',
} as const
