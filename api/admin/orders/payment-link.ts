import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { queueCustomerNews } from '../../notifications/customer-channel.ts'
import { orderById } from '../../orders/service.ts'
import { isPayable, orderNumber } from '../../orders/states.ts'
import { paymentLinkOf } from '../../payments/service.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

/**
 * The payment link of an unpaid online order, or of the extra an edit added
 * to a paid one (payments/service.ts `paymentLinkOf`, in the order's
 * language); with `sendSms` it is also queued as an SMS to the customer's
 * phone, or to their Telegram when they linked it (`sent_by`), audited
 * `order.payment_link_sms`. 409 when nothing is payable online.
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
    // The whole order while it awaits payment; the extra of an edited paid order otherwise.
    const channel = await queueCustomerNews(tx, {
      userId: order.userId,
      phone,
      smsLang: order.lang as Lang,
      text: (lang) => {
        const inLang = paymentLinkOf(ctx.config, order, lang)
        return message(lang, isPayable(order) ? 'sms_order_payment_link' : 'sms_order_extra_link', {
          number: orderNumber(order.id),
          amount: groupedNumber(inLang.amount),
          url: inLang.url,
        })
      },
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
