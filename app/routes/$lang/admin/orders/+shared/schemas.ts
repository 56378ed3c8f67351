import { requiredText } from '#contract/account.ts'
import { CANCEL_REASON_MAX } from '#contract/orders.ts'
import { z } from '#contract/zod.ts'

/** The desk's forms (browser-safe); the API checks the same again. */
export const DeskIntent = {
  status: 'status',
  cancel: 'cancel',
  assign: 'assign',
  cashReceived: 'cash_received',
  paymentLink: 'payment_link',
  sendPaymentLink: 'send_payment_link',
} as const

export const cancelForm = z.object({ reason: requiredText(CANCEL_REASON_MAX) })
