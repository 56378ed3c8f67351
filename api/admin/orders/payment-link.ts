import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { queueCustomerNews } from '../../notifications/customer-channel.ts'
import { orderById } from '../../orders/service.ts'
import { orderNumber } from '../../orders/states.ts'
import { paymentLinkOf } from '../../payments/service.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

/**
 * The payment link of an unpaid online order (payments/service.ts
 * `paymentLinkOf`, in the order's language); with `sendSms` it is also
 * queued as an SMS to the customer's phone, or to their Telegram when they
 * linked it (`sent_by`), audited `order.payment_link_sms`.
 * 409 when the order does not await payment.
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
  if (!input.sendSms) return { ...link, sms_sent_to: null, sent_by: null }
  const sent = await db.transaction(async (tx) => {
    const [customer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, order.userId))
    const phone = customer?.phone ?? order.receiverPhone
    // Telegram for a customer who linked it, with the SMS as its fallback; else the SMS.
    const channel = await queueCustomerNews(tx, {
      userId: order.userId,
      phone,
      smsLang: order.lang as Lang,
      text: (lang) =>
        message(lang, 'sms_order_payment_link', {
          number: orderNumber(order.id),
          amount: order.total.toLocaleString('ru-RU').replace(/\u00a0/g, ' '),
          url: paymentLinkOf(ctx.config, order, lang).url,
        }),
      orderId: order.id,
      at: now,
    })
    await recordAudit(tx, {
      ...input.actor,
      action: 'order.payment_link_sms',
      entity: 'order',
      entityId: order.id,
      after: { to: phone, url: link.url, channel },
      at: now,
    })
    return { phone, channel }
  })
  return { ...link, sms_sent_to: sent.channel === 'sms' ? sent.phone : null, sent_by: sent.channel }
}
