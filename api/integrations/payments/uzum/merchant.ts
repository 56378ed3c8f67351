import { and, eq } from 'drizzle-orm'
import type { Config } from '../../../config.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { orders, payments } from '../../../db/schema/index.ts'
import { isId } from '../../../http/schemas.ts'
import { logger } from '../../../log.ts'
import type { OrderRow } from '../../../orders/service.ts'
import { onlineMethods, type PaymentMethod } from '../../../orders/states.ts'
import { payableNow } from '../../../payments/service.ts'
import {
  cancelOpenTransaction,
  findTransaction,
  openTransaction,
  type ProviderTransaction,
  performTransaction,
  refundPerformedTransaction,
} from '../../../payments/transactions.ts'
import { tiyin } from '../provider.ts'
import {
  echoOf,
  isUzumOperation,
  type UzumAnswer,
  UzumCode,
  type UzumOperation,
  type UzumRequest,
  type UzumState,
  uzumAuthorized,
  uzumFailure,
  uzumOk,
  uzumRequests,
  uzumService,
} from './protocol.ts'

// The five Uzum webhooks on the providers' shared transactions (payments/transactions.ts): a `payments`
// row per Uzum transaction (provider `uzum`, `external_id` its transId), created `pending`, confirmed
// `paid`, cancelled by Uzum (`cancelled`, or `refunded` after confirm, `provider_state` −1), or failed by
// the shop (`failed`, or `cancelled` with its order) — which /status reads as CREATED, CONFIRMED,
// REVERSED or FAILED.

/** A created transaction holds its order this long: Uzum confirms within it or counts the payment failed. */
export const UZUM_CONFIRM_MS = 30 * 60_000

/** `provider_state` of a transaction Uzum reversed (before or after confirming it). */
const REVERSED = -1

type Ctx = { config: Config; now: Date }

/** The shop's refusal inside a database transaction (nothing is written): its code is the answer. */
class UzumRefusal extends Error {
  constructor(readonly code: number) {
    super(`Uzum errorCode ${code}`)
  }
}
const refuse = (code: number): never => {
  throw new UzumRefusal(code)
}

export function uzumState(p: ProviderTransaction): UzumState {
  if (p.providerState === REVERSED) return 'REVERSED'
  if (p.status === 'pending') return 'CREATED'
  if (p.status === 'paid' || p.status === 'refund_pending') return 'CONFIRMED'
  return 'FAILED'
}

/** The payment field echoed back, as Uzum shows it to the shopper. */
const fieldsOf = (orderId: number) => ({ order_id: { value: String(orderId) } })

type Time = 'transTime' | 'confirmTime' | 'reverseTime'

/** The transaction in an answer, with the times the webhook tells (status: all three, null until they happen). */
function view(serviceId: unknown, p: ProviderTransaction, times: Time[]) {
  const state = uzumState(p)
  const at: Record<Time, number | null> = {
    transTime: p.createTime,
    confirmTime: p.performTime,
    reverseTime: state === 'REVERSED' ? p.cancelTime : null,
  }
  return uzumOk({
    serviceId,
    transId: p.externalId,
    status: state,
    ...Object.fromEntries(times.map((time) => [time, at[time]])),
    data: fieldsOf(p.orderId),
    amount: tiyin(p.amount),
  })
}

async function orderOf(db: Db | Tx, params: { order_id: string | number }) {
  const text = String(params.order_id)
  const id = /^\d{1,10}$/.test(text) ? Number(text) : null
  const [order] = isId(id) ? await db.select().from(orders).where(eq(orders.id, id)) : []
  if (!order || !onlineMethods.includes(order.paymentMethod as PaymentMethod)) return refuse(UzumCode.orderNotFound)
  return order
}

/** What the order owes online now (payments/service.ts), which must be `amount` when Uzum names one. */
function owed(config: Config, order: OrderRow, amount: number | undefined) {
  const payable = payableNow(config, order)
  if (!payable) return refuse(order.paymentStatus === 'paid' ? UzumCode.alreadyPaid : UzumCode.paymentCancelled)
  if (amount !== undefined && amount !== tiyin(payable.amount)) return refuse(UzumCode.wrongAmount)
  return payable
}

/** The order's created Uzum transaction, if any, and whether it still holds the order from any other. */
async function holderOf(db: Db | Tx, orderId: number, now: Date) {
  const [created] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'uzum'), eq(payments.status, 'pending')))
  return created ? { transaction: created, holds: now.getTime() - (created.createTime ?? 0) < UZUM_CONFIRM_MS } : null
}

const transactionOf = async (db: Db | Tx, transId: string, lock = false) =>
  (await findTransaction(db, 'uzum', transId, lock)) ?? refuse(UzumCode.transactionNotFound)

/** The shop fails a created transaction it will not confirm: Uzum's status reads FAILED and it returns the money. */
const failTransaction = (tx: Tx, p: ProviderTransaction, now: Date) =>
  cancelOpenTransaction(tx, p, now, { status: 'failed' })

const operations: { [K in UzumOperation]: (db: Db, request: UzumRequest<K>, ctx: Ctx) => Promise<UzumAnswer> } = {
  /** May the order be paid (for `amount`, when given)? Nothing is written. */
  async check(db, request, { config, now }) {
    const order = await orderOf(db, request.params)
    owed(config, order, request.amount)
    if ((await holderOf(db, order.id, now))?.holds) refuse(UzumCode.checkFailed)
    return uzumOk({ serviceId: request.serviceId, timestamp: now.getTime(), status: 'OK', data: fieldsOf(order.id) })
  },

  /**
   * Opens the transaction for exactly what the order owes. The same transId again (even at the same
   * moment) answers the one transaction while it is created; another transId is refused while one holds
   * the order, and fails the holder once its confirm window is over.
   */
  async create(db, request, { config, now }) {
    const order = await orderOf(db, request.params)
    const { payment, opened } = await db.transaction((tx) =>
      openTransaction(tx, order.id, { provider: 'uzum', externalId: request.transId }, async (locked) => {
        const payable = owed(config, locked, request.amount)
        const holder = await holderOf(tx, locked.id, now)
        if (holder?.holds) refuse(UzumCode.checkFailed)
        if (holder) await failTransaction(tx, holder.transaction, now)
        return { amount: payable.amount, status: 'pending', createTime: now.getTime(), providerTime: request.timestamp }
      }),
    )
    const same = payment.orderId === order.id && tiyin(payment.amount) === request.amount
    if (!opened && (!same || uzumState(payment) !== 'CREATED'))
      return uzumFailure(UzumCode.transactionExists, echoOf(request), now)
    return view(request.serviceId, payment, ['transTime'])
  },

  /** Uzum took the money: the order is paid. One the order no longer takes fails, and Uzum gives it back. */
  async confirm(db, request, ctx) {
    return db.transaction(async (tx) => {
      const p = await transactionOf(tx, request.transId, true)
      const state = uzumState(p)
      if (state === 'CONFIRMED') return view(request.serviceId, p, ['confirmTime'])
      if (state !== 'CREATED') return refuse(UzumCode.transactionCancelled)
      const done = await performTransaction(tx, p, ctx)
      if (done) return view(request.serviceId, done, ['confirmTime'])
      await failTransaction(tx, p, ctx.now)
      const [order] = await tx.select({ paid: orders.paymentStatus }).from(orders).where(eq(orders.id, p.orderId))
      // Answered, not thrown: the failed transaction is kept.
      const code = order?.paid === 'paid' ? UzumCode.alreadyPaid : UzumCode.paymentCancelled
      return uzumFailure(code, echoOf(request), ctx.now)
    })
  },

  /** Uzum cancels: before confirm the order stays payable; after it the money goes back and the order is cancelled. */
  async reverse(db, request, ctx) {
    return db.transaction(async (tx) => {
      const p = await transactionOf(tx, request.transId, true)
      const reversed = { providerState: REVERSED }
      switch (uzumState(p)) {
        case 'REVERSED':
          return view(request.serviceId, p, ['reverseTime'])
        case 'FAILED':
          return refuse(UzumCode.alreadyCancelled)
        case 'CREATED':
          return view(request.serviceId, await cancelOpenTransaction(tx, p, ctx.now, reversed), ['reverseTime'])
        case 'CONFIRMED': {
          const refunded = await refundPerformedTransaction(db, tx, p, ctx, reversed)
          return refunded ? view(request.serviceId, refunded, ['reverseTime']) : refuse(UzumCode.cannotReverse)
        }
      }
    })
  },

  /** The transaction as it stands, final or not. */
  async status(db, request) {
    return view(request.serviceId, await transactionOf(db, request.transId), [
      'transTime',
      'confirmTime',
      'reverseTime',
    ])
  },
}

/**
 * Answers one Uzum webhook: `operation` the path's last part, `authorization` the request's header,
 * `body` its raw text. Never throws: every failure is a FAILED answer (HTTP 500 when the shop
 * failed, so Uzum asks /status later).
 */
export async function handleUzum(
  db: Db,
  operation: string,
  authorization: string | undefined,
  body: string,
  ctx: Ctx,
): Promise<UzumAnswer> {
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    json = undefined
  }
  const echo = echoOf(json)
  const fail = (code: number) => uzumFailure(code, echo, ctx.now)
  const service = uzumService(ctx.config)
  if (!service || !uzumAuthorized(authorization, service)) return fail(UzumCode.accessDenied)
  if (!isUzumOperation(operation)) return fail(UzumCode.unknownOperation)
  if (json === undefined) return fail(UzumCode.badJson)
  const request = uzumRequests[operation].safeParse(json)
  if (!request.success) return fail(UzumCode.missingParameters)
  if (String(request.data.serviceId) !== service.serviceId) return fail(UzumCode.wrongServiceId)
  try {
    const run = operations[operation] as (db: Db, request: unknown, ctx: Ctx) => Promise<UzumAnswer>
    return await run(db, request.data, ctx)
  } catch (error) {
    if (error instanceof UzumRefusal) return fail(error.code)
    logger().error({ err: error, operation }, 'Uzum')
    return uzumFailure(UzumCode.checkFailed, echo, ctx.now, 500)
  }
}
