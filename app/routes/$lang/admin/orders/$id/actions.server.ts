import { data, type RouterContextProvider, redirect } from 'react-router'
import { siteOrigin } from '#app/utils/catalogue.server.ts'
import { flash } from '#app/utils/flash.server.ts'
import { serverT } from '#app/utils/i18n.server.ts'
import { idOf } from '#app/utils/ids.ts'
import { staffApi } from '#app/utils/staff-session.server.ts'
import { requiredText } from '#contract/account.ts'
import { CANCEL_REASON_MAX, isOrderStatus, ORDER_NOTE_MAX, OrderStatus } from '#contract/orders.ts'
import { z } from '#contract/zod.ts'
import { OrderIntent } from '../../+shared/orders/intents.ts'
import { byIntent, fieldsOf, parseForm, refusedBack } from '../../forms.server.ts'

const orderStatus = z.coerce.number().int().refine(isOrderStatus)

/**
 * Every status move sends the status the page showed (`expected_status`): if
 * someone moved the order meanwhile the API answers 409.
 */
const shownStatus = z.object({ expected_status: orderStatus })
const statusMove = shownStatus.extend({ status: orderStatus })
/** Cancelling needs a reason, at most as long as the API keeps. */
export const cancelForm = z.object({ reason: requiredText(CANCEL_REASON_MAX) })
/** A staff note: what the staff member typed, up to the API's length. */
export const noteForm = z.object({ text: requiredText(ORDER_NOTE_MAX) })
/** Money owed back, handed over: how much, how, and why. */
export const refundForm = z.object({
  amount: z.coerce.number().int().min(1),
  method: z.enum(['provider', 'cash']),
  reason: z.string().trim().max(CANCEL_REASON_MAX).optional(),
})
/** Whom to give the order to; none (an empty choice) takes it back from whoever has it. */
const assignForm = z.object({
  staff_id: z
    .string()
    .optional()
    .transform((id) => idOf(id) ?? undefined),
})

export type Desk = { context: Readonly<RouterContextProvider>; request: Request; id: number; here: string }

/**
 * Runs one change of the order: done, the success toast and back to the
 * order page; refused (409: moved meanwhile, not allowed now; 403; 404), the
 * API's reason as a toast on the order as it is now.
 */
async function change(desk: Desk, run: () => Promise<string>) {
  try {
    flash(desk.context, { type: 'success', message: await run() })
  } catch (error) {
    return refusedBack(desk.context, error, desk.here, serverT(desk.context, 'admin-orders')('actions.failed'))
  }
  return redirect(desk.here)
}

const path = (desk: Desk) => `admin/orders/${desk.id}/` as const
const t = (desk: Desk) => serverT(desk.context, 'admin-orders')

function moveStatus(desk: Desk, form: FormData) {
  const move = fieldsOf(form, statusMove)
  return change(desk, async () => {
    const moved = await staffApi(desk.context).send('POST', `${path(desk)}status/`, move)
    return t(desk)('actions.moved', { number: moved.number, status: moved.status_label })
  })
}

/** Cancelling needs a reason; a missing or too long one comes back to the form with the typed text. */
function cancel(desk: Desk, form: FormData) {
  const { expected_status } = fieldsOf(form, shownStatus)
  const submission = parseForm(form, cancelForm)
  if (submission.status !== 'success')
    return data({ intent: OrderIntent.cancel, result: submission.reply() }, { status: 400 })
  const { reason } = submission.value
  return change(desk, async () => {
    const moved = await staffApi(desk.context).send('POST', `${path(desk)}status/`, {
      status: OrderStatus.cancelled,
      expected_status,
      reason,
    })
    return t(desk)('actions.moved', { number: moved.number, status: moved.status_label })
  })
}

function assign(desk: Desk, form: FormData) {
  const { staff_id } = fieldsOf(form, assignForm)
  return change(desk, async () => {
    const result = await staffApi(desk.context).send('POST', `${path(desk)}assign/`, { staff_id: staff_id ?? null })
    return result.assigned_staff
      ? t(desk)('actions.assigned', { name: result.assigned_staff.name })
      : t(desk)('actions.unassigned')
  })
}

function cashReceived(desk: Desk) {
  return change(desk, async () => {
    await staffApi(desk.context).send('POST', `${path(desk)}cash-received/`)
    return t(desk)('actions.cash_received_done')
  })
}

/** The payment link to copy: shown on the page, not sent. */
async function paymentLink(desk: Desk) {
  try {
    const { url } = await staffApi(desk.context).send('POST', `${path(desk)}payment-link/`, { send_sms: false })
    // The sandbox's link is a path of this shop (demo mode): made whole to be pasted into a chat.
    return data({ intent: OrderIntent.paymentLink, link: new URL(url, siteOrigin(desk.request)).toString() })
  } catch (error) {
    return refusedBack(desk.context, error, desk.here, t(desk)('actions.failed'))
  }
}

function sendPaymentLink(desk: Desk) {
  return change(desk, async () => {
    const sent = await staffApi(desk.context).send('POST', `${path(desk)}payment-link/`, { send_sms: true })
    return t(desk)(sent.sent_by === 'telegram' ? 'actions.telegram_sent' : 'actions.sms_sent')
  })
}

/** A note for staff: a blank or too long one comes back to the form with the typed text. */
function note(desk: Desk, form: FormData) {
  const submission = parseForm(form, noteForm)
  if (submission.status !== 'success')
    return data({ intent: OrderIntent.note, result: submission.reply() }, { status: 400 })
  return change(desk, async () => {
    await staffApi(desk.context).send('POST', `${path(desk)}notes/`, { text: submission.value.text })
    return t(desk)('notes.added')
  })
}

/** What the shop owes the customer back, handed over (cash) or through the payment. */
function refund(desk: Desk, form: FormData) {
  const { amount, method, reason } = fieldsOf(form, refundForm)
  return change(desk, async () => {
    await staffApi(desk.context).send('POST', `${path(desk)}refunds/`, { amount, method, reason: reason || null })
    return t(desk)('refunds.done')
  })
}

/**
 * The order page's actions, one function per form (`intent`); the courier's
 * deliveries page takes its buttons' from here too.
 */
export function orderActions(desk: Desk) {
  return {
    [OrderIntent.status]: (form: FormData) => moveStatus(desk, form),
    [OrderIntent.cancel]: (form: FormData) => cancel(desk, form),
    [OrderIntent.assign]: (form: FormData) => assign(desk, form),
    [OrderIntent.cashReceived]: () => cashReceived(desk),
    [OrderIntent.paymentLink]: () => paymentLink(desk),
    [OrderIntent.sendPaymentLink]: () => sendPaymentLink(desk),
    [OrderIntent.note]: (form: FormData) => note(desk, form),
    [OrderIntent.refund]: (form: FormData) => refund(desk, form),
  }
}

export function orderAction(desk: Desk, form: FormData) {
  return byIntent(form, orderActions(desk))
}
