import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { cardProviderOf } from '../cards/provider.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { orderRefunds, orders, payments } from '../db/schema/index.ts'
import type { ApiDeps } from '../http/context.ts'
import { reverseClickPayment } from '../integrations/payments/click/reversal.ts'
import { logger } from '../log.ts'
import { refundShape } from './refundable.ts'

/**
 * Money back for a paid order that was cancelled. `transition()` marks the
 * paid payment `refund_pending` inside the cancelling transaction; after it
 * commits, `refundOrder` asks the provider:
 *
 * - sandbox: refunded at once;
 * - a saved-card charge (`card:…`, external id = receipt id): the card provider's `refund`;
 * - Click: the Merchant API payment reversal;
 * - Payme checkout: Payme takes no refund request from the shop. The payment
 *   stays `refund_pending` until Payme calls CancelTransaction on it (state −2,
 *   started in the merchant cabinet), which marks it refunded.
 * - Uzum Bank: the same: its Merchant API takes no request from the shop. The
 *   payment stays `refund_pending` until Uzum calls reverse on the confirmed
 *   transaction (asked of Uzum by the merchant), which marks it refunded.
 *
 * A failed call leaves it `refund_pending` with the error; `retryPendingRefunds`
 * (the periodic order job) tries again with a growing pause.
 */
export type RefundDeps = {
  db: Db
  config: Config
  now: () => Date
  /** Refunds a saved-card charge by its receipt id (the card provider's `refund`). */
  refundCardCharge: (receiptId: string) => Promise<void>
  timeoutMs?: number
}

type PaymentRow = typeof payments.$inferSelect

/** The refund dependencies of one API instance: its database, clock and card provider. */
export function refundDepsOf(deps: ApiDeps): RefundDeps {
  return {
    db: deps.database.db,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
    refundCardCharge: (receiptId) => cardProviderOf(deps).refund(receiptId),
  }
}

/** Pause before trying a failed refund again: 1, 2, 4 … minutes, at most an hour. */
export const retryPauseMs = (attempts: number) => Math.min(2 ** Math.max(attempts - 1, 0), 60) * 60_000

/** Providers the shop itself asks for the money back. */
const requestable = (p: PaymentRow) => refundShape(p.provider) !== 'none'

async function ask(deps: RefundDeps, p: PaymentRow) {
  const { config } = deps
  if (p.provider === 'sandbox') return
  if (p.provider.startsWith('card:')) {
    if (!p.externalId) throw new Error('the card charge has no receipt id')
    return deps.refundCardCharge(p.externalId)
  }
  if (p.provider === 'click') {
    if (!config.CLICK_SERVICE_ID || !config.CLICK_MERCHANT_USER_ID || !config.CLICK_SECRET_KEY)
      throw new Error('Click reversal needs CLICK_SERVICE_ID, CLICK_MERCHANT_USER_ID and CLICK_SECRET_KEY')
    if (!p.providerPaymentId) throw new Error('the Click payment has no click_paydoc_id')
    return reverseClickPayment(
      {
        baseUrl: config.CLICK_API_URL,
        serviceId: config.CLICK_SERVICE_ID,
        merchantUserId: config.CLICK_MERCHANT_USER_ID,
        secretKey: config.CLICK_SECRET_KEY,
        timeoutMs: deps.timeoutMs ?? 10_000,
      },
      p.providerPaymentId,
      deps.now(),
    )
  }
  throw new Error(`no refund request for provider ${p.provider}`)
}

/**
 * One try for one payment. The try is claimed first (attempts + 1, tried at
 * now, only if not tried within its pause), so the job and a request never
 * ask the provider twice at once. True when the money is back.
 */
async function refundPayment(deps: RefundDeps, payment: PaymentRow): Promise<boolean> {
  const { db } = deps
  const now = deps.now()
  const pauseOver = payment.refundTriedAt ? new Date(now.getTime() - retryPauseMs(payment.refundAttempts)) : null
  const [claimed] = await db
    .update(payments)
    .set({ refundAttempts: sql`${payments.refundAttempts} + 1`, refundTriedAt: now })
    .where(
      and(
        eq(payments.id, payment.id),
        eq(payments.status, 'refund_pending'),
        pauseOver ? lte(payments.refundTriedAt, pauseOver) : isNull(payments.refundTriedAt),
      ),
    )
    .returning()
  if (!claimed) return false
  try {
    await ask(deps, claimed)
  } catch (error) {
    // Provider errors here carry no keys or card data; only the message is kept.
    const reason = error instanceof Error ? error.message : String(error)
    logger().warn(`refunds: payment ${claimed.id} (${claimed.provider}) of order ${claimed.orderId}: ${reason}`)
    await db
      .update(payments)
      .set({ refundError: reason.slice(0, 500) })
      .where(eq(payments.id, claimed.id))
    return false
  }
  await markRefunded(db, claimed.id, deps.now())
  return true
}

/**
 * The provider gave the money back: the payment and, with it, a cancelled
 * order are refunded; a partial refund that asked for this whole payment
 * (order_refunds) is done. An order that stands stays paid.
 */
export async function markRefunded(db: Db, paymentId: number, now: Date) {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(payments)
      .set({ status: 'refunded', refundedAt: now, refundError: null })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'refund_pending')))
      .returning({ orderId: payments.orderId })
    if (!done) return
    await tx
      .update(orderRefunds)
      .set({ status: 'refunded', refundedAt: now })
      .where(and(eq(orderRefunds.paymentId, paymentId), eq(orderRefunds.status, 'pending')))
    await tx
      .update(orders)
      .set({ paymentStatus: 'refunded', updatedAt: now })
      .where(and(eq(orders.id, done.orderId), eq(orders.paymentStatus, 'refund_pending')))
  })
}

/** Asks for the money of a just-cancelled order back; failures stay pending for the job. */
export async function refundOrder(deps: RefundDeps, orderId: number) {
  const pending = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'refund_pending')))
  for (const p of pending) if (requestable(p)) await refundPayment(deps, p)
}

/** The periodic retry: every requestable `refund_pending` payment whose pause is over. Returns how many came back. */
export async function retryPendingRefunds(deps: RefundDeps, limit = 100) {
  const now = deps.now()
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'refund_pending'),
        // Those refundShape() says the shop asks.
        or(eq(payments.provider, 'sandbox'), eq(payments.provider, 'click'), sql`${payments.provider} LIKE 'card:%'`),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit)
  let refunded = 0
  for (const p of rows) {
    const due = !p.refundTriedAt || now.getTime() - p.refundTriedAt.getTime() >= retryPauseMs(p.refundAttempts)
    if (due && (await refundPayment(deps, p))) refunded++
  }
  return refunded
}
