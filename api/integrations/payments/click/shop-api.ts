import { createHash, timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Config } from '../../../config.ts'
import type { Db } from '../../../db/client.ts'
import { orders, payments } from '../../../db/schema/index.ts'
import { logger } from '../../../log.ts'
import { payableNow } from '../../../payments/service.ts'
import { cancelOpenTransaction, openTransaction, performTransaction } from '../../../payments/transactions.ts'

// Click SHOP-API (REFERENCE-UZ "Click"): Click posts form-encoded Prepare
// (action 0) and Complete (action 1); each is signed with an MD5 sign_string.

export const ClickError = {
  ok: [0, 'Success'],
  sign: [-1, 'SIGN CHECK FAILED!'],
  amount: [-2, 'Incorrect parameter amount'],
  action: [-3, 'Action not found'],
  alreadyPaid: [-4, 'Already paid'],
  orderNotFound: [-5, 'User does not exist'],
  transactionNotFound: [-6, 'Transaction does not exist'],
  updateFailed: [-7, 'Failed to update user'],
  badRequest: [-8, 'Error in request from click'],
  cancelled: [-9, 'Transaction cancelled'],
} as const satisfies Record<string, readonly [number, string]>

type ClickAnswer = (typeof ClickError)[keyof typeof ClickError]

/** The shop's refusal inside a transaction (nothing is written): the answer Click gets. */
class ClickRefusal extends Error {
  constructor(readonly answer: ClickAnswer) {
    super(answer[1])
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex')

/** The sign_string Click sends: Complete puts merchant_prepare_id after merchant_trans_id. */
export function clickSign(fields: Record<string, string>, secret: string, complete: boolean) {
  const parts = [fields.click_trans_id, fields.service_id, secret, fields.merchant_trans_id]
  if (complete) parts.push(fields.merchant_prepare_id)
  return md5([...parts, fields.amount, fields.action, fields.sign_time].join(''))
}

const required = ['click_trans_id', 'service_id', 'merchant_trans_id', 'amount', 'action', 'sign_time', 'sign_string']

type Ctx = { config: Config; now: Date }

export async function handleClick(db: Db, fields: Record<string, string>, complete: boolean, ctx: Ctx) {
  const reply = (error: ClickAnswer, extra: Record<string, unknown> = {}) => ({
    click_trans_id: fields.click_trans_id ? Number(fields.click_trans_id) : null,
    merchant_trans_id: fields.merchant_trans_id ?? null,
    ...extra,
    error: error[0],
    error_note: error[1],
  })
  const secret = ctx.config.CLICK_SECRET_KEY
  if (!secret || required.some((f) => !fields[f]) || (complete && !fields.merchant_prepare_id))
    return reply(ClickError.badRequest)
  const expected = Buffer.from(clickSign(fields, secret, complete))
  const given = Buffer.from(fields.sign_string!.toLowerCase())
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply(ClickError.sign)
  if (ctx.config.CLICK_SERVICE_ID && fields.service_id !== ctx.config.CLICK_SERVICE_ID)
    return reply(ClickError.badRequest)
  if (fields.action !== (complete ? '1' : '0')) return reply(ClickError.action)

  const orderId = /^\d{1,9}$/.test(fields.merchant_trans_id!) ? Number(fields.merchant_trans_id) : null
  const [order] = orderId ? await db.select().from(orders).where(eq(orders.id, orderId)) : []
  if (!order) return reply(ClickError.orderNotFound)
  const amount = Number(fields.amount)

  try {
    if (!complete) {
      const { payment, opened } = await db.transaction((tx) =>
        openTransaction(tx, order.id, { provider: 'click', externalId: fields.click_trans_id! }, async (locked) => {
          // The order's total while it awaits payment, or the extra an edit added to a paid one.
          const payable = payableNow(ctx.config, locked)
          if (!payable)
            throw new ClickRefusal(locked.paymentStatus === 'paid' ? ClickError.alreadyPaid : ClickError.cancelled)
          if (amount !== payable.amount) throw new ClickRefusal(ClickError.amount)
          return {
            amount: payable.amount,
            // What Click's reversal API (refunds) names the payment by.
            providerPaymentId: fields.click_paydoc_id || null,
            status: 'pending',
            createTime: ctx.now.getTime(),
          }
        }),
      )
      // Click sent this transaction before: it answers as it stands.
      if (!opened) {
        if (payment.orderId !== order.id) return reply(ClickError.badRequest)
        if (payment.status === 'paid') return reply(ClickError.alreadyPaid)
        if (payment.status !== 'pending') return reply(ClickError.cancelled)
        if (payment.amount !== amount) return reply(ClickError.amount)
      }
      return reply(ClickError.ok, { merchant_prepare_id: payment.id })
    }

    const prepareId = /^\d{1,9}$/.test(fields.merchant_prepare_id!) ? Number(fields.merchant_prepare_id) : 0
    return await db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.id, prepareId),
            eq(payments.provider, 'click'),
            eq(payments.externalId, fields.click_trans_id!),
            eq(payments.orderId, order.id),
          ),
        )
        .for('update')
      if (!payment) return reply(ClickError.transactionNotFound)
      const confirm = { merchant_confirm_id: payment.id }
      if (payment.status === 'paid') return reply(ClickError.alreadyPaid, confirm)
      if (payment.status === 'cancelled') return reply(ClickError.cancelled, confirm)
      // Click reports its own failure with error < 0: the payment is cancelled.
      if (Number(fields.error ?? 0) < 0) {
        await cancelOpenTransaction(tx, payment, ctx.now)
        return reply(ClickError.cancelled, confirm)
      }
      if (amount !== payment.amount) return reply(ClickError.amount, confirm)
      if (!(await performTransaction(tx, payment, ctx)))
        return reply(order.paymentStatus === 'paid' ? ClickError.alreadyPaid : ClickError.cancelled, confirm)
      return reply(ClickError.ok, confirm)
    })
  } catch (error) {
    if (error instanceof ClickRefusal) return reply(error.answer)
    logger().error({ err: error, step: complete ? 'complete' : 'prepare' }, 'Click')
    return reply(ClickError.updateFailed)
  }
}
