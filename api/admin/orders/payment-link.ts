import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { enqueueNotification } from '../../notifications/outbox.ts'
import { orderById } from '../../orders/service.ts'
import { isPayable, orderNumber } from '../../orders/states.ts'
import { paymentLinkOf } from '../../payments/service.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

/**
 * The payment link of an unpaid online order, or of the extra an edit added
 * to a paid one (payments/service.ts `paymentLinkOf`, in the order's
 * language); with `sendSms` it is also queued as an SMS to the customer's
 * phone, audited `order.payment_link_sms`. 409 when nothing is payable online.
 */
export async function orderPaymentLink(
  db: Db,
  input: { orderId: number; sendSms: boolean; actor: StaffOrderActor },
  ctx: Pick<StaffOrderCtx, 'lang' | 'now' | 'config'>,
) {
  const { lang, now } = ctx
  const order = await orderById(db, input.orderId)
  if (!order) throw new ApiError(404, message(lang, 'order_not_found'))
  const link = paymentLinkOf(ctx.config, order, order.lang as Lang)
  if (!input.sendSms) return { ...link, sms_sent_to: null }
  const to = await db.transaction(async (tx) => {
    const [customer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, order.userId))
    const phone = customer?.phone ?? order.receiverPhone
    // The whole order while it awaits payment; the extra of an edited paid order otherwise.
    const text = message(order.lang as Lang, isPayable(order) ? 'sms_order_payment_link' : 'sms_order_extra_link', {
      number: orderNumber(order.id),
      amount: groupedNumber(link.amount),
      url: link.url,
    })
    await enqueueNotification(tx, { channel: 'sms', recipient: phone, text, at: now })
    await recordAudit(tx, {
      ...input.actor,
      action: 'order.payment_link_sms',
      entity: 'order',
      entityId: order.id,
      after: { to: phone, url: link.url },
      at: now,
    })
    return phone
  })
  return { ...link, sms_sent_to: to }
}
