import { and, eq, inArray } from 'drizzle-orm'
import type { Config } from '../../../config.ts'
import type { Db } from '../../../db/client.ts'
import { orders, payments } from '../../../db/schema/index.ts'
import { ApiError } from '../../../http/errors.ts'
import type { Lang } from '../../../http/locale.ts'
import { message } from '../../../http/messages.ts'
import { markOrderPaid, markPaymentFailed } from '../../../orders/service.ts'
import { finishUzumSimulation } from './uzum.ts'

type Ctx = { lang: Lang; config: Config; now: Date }

async function sandboxPayment(db: Db, userId: number, paymentId: number, lang: Lang) {
  const [row] = await db
    .select({ payment: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    // An Uzum transaction here is one the page plays Uzum for (sandbox/uzum.ts).
    .where(and(eq(payments.id, paymentId), inArray(payments.provider, ['sandbox', 'uzum']), eq(orders.userId, userId)))
  if (!row) throw new ApiError(404, message(lang, 'payment_not_found'))
  return row
}

export async function readSandboxPayment(db: Db, userId: number, paymentId: number, lang: Lang) {
  const { payment, order } = await sandboxPayment(db, userId, paymentId, lang)
  return {
    id: payment.id,
    order_id: order.id,
    provider: payment.provider as 'sandbox' | 'uzum',
    amount: payment.amount,
    status: payment.status,
  }
}

/**
 * The sandbox page's answer, with the same effects as a real provider:
 * approved → payment paid, order accepted (3); declined → payment failed, the
 * order stays awaiting payment and can be started again. For an Uzum
 * transaction, through Uzum's own confirm or reverse.
 */
export async function completeSandboxPayment(db: Db, userId: number, paymentId: number, approve: boolean, ctx: Ctx) {
  const { lang } = ctx
  const { payment } = await sandboxPayment(db, userId, paymentId, lang)
  if (payment.status !== 'pending') throw new ApiError(409, message(lang, 'payment_already_done'))
  if (payment.provider === 'uzum') {
    await finishUzumSimulation(db, payment, approve, ctx)
    return payment.orderId
  }
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(payments)
      .set({ status: approve ? 'paid' : 'failed' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .returning()
    if (!claimed) throw new ApiError(409, message(lang, 'payment_already_done'))
    if (!approve) return markPaymentFailed(tx, payment.orderId, ctx.now)
    if (!(await markOrderPaid(tx, payment.orderId, payment.amount, ctx)))
      throw new ApiError(409, message(lang, 'order_not_payable'))
  })
  return payment.orderId
}
