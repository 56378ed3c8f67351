import { idOf } from '#app/utils/ids.ts'
import { requiredText } from '#contract/account.ts'
import { CANCEL_REASON_MAX, isOrderStatus } from '#contract/orders.ts'
import { z } from '#contract/zod.ts'

/** The order page's forms, each named by its `intent` (browser-safe); the API checks the same again. */
export const DeskIntent = {
  status: 'status',
  cancel: 'cancel',
  assign: 'assign',
  cashReceived: 'cash_received',
  paymentLink: 'payment_link',
  sendPaymentLink: 'send_payment_link',
} as const

const orderStatus = z.coerce.number().int().refine(isOrderStatus)

/**
 * Every status move sends the status the page showed (`expected_status`): if
 * someone moved the order meanwhile the API answers 409.
 */
export const shownStatus = z.object({ expected_status: orderStatus })
export const statusMove = shownStatus.extend({ status: orderStatus })
export const cancelForm = z.object({ reason: requiredText(CANCEL_REASON_MAX) })
/** Whom to give the order to; none (an empty choice) takes it back from whoever has it. */
export const assignForm = z.object({
  staff_id: z
    .string()
    .optional()
    .transform((id) => idOf(id) ?? undefined),
})
