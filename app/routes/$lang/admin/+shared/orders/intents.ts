/** The order page's forms, each named by its `intent` (their schemas: ../$id/actions.server.ts). */
export const DeskIntent = {
  status: 'status',
  cancel: 'cancel',
  assign: 'assign',
  cashReceived: 'cash_received',
  paymentLink: 'payment_link',
  sendPaymentLink: 'send_payment_link',
  note: 'note',
  refund: 'refund',
} as const
