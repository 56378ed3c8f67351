import { timingSafeEqual } from 'node:crypto'
import { and, asc, between, eq } from 'drizzle-orm'
import type { Config } from '../../../config.ts'
import type { Db, Tx } from '../../../db/client.ts'
import { orders, payments } from '../../../db/schema/index.ts'
import { isId } from '../../../http/schemas.ts'
import { logger } from '../../../log.ts'
import type { OrderRow } from '../../../orders/service.ts'
import { OrderStatus, onlineMethods, type PaymentMethod } from '../../../orders/states.ts'
import {
  cancelOpenTransaction,
  findTransaction,
  openTransaction,
  type ProviderTransaction,
  performTransaction,
  refundPerformedTransaction,
} from '../../../payments/transactions.ts'
import { tiyin } from '../provider.ts'
import { paymeReceipt } from './receipt.ts'

// Payme merchant API (REFERENCE-UZ "Payme"): JSON-RPC 2.0, Payme calls the
// shop. Every answer is HTTP 200 with `result` or `error`; amounts in tiyin,
// times in ms. A payment row per Payme transaction keeps its state (1, 2, −1,
// −2), times and cancel reason.

export const PAYME_TIMEOUT_MS = 43_200_000

export const PaymeState = { created: 1, performed: 2, cancelled: -1, cancelledAfterPerform: -2 } as const

type Text = { ru: string; uz: string; en: string }
const t = (ru: string, uz: string, en: string): Text => ({ ru, uz, en })

export const PaymeErrors = {
  notPost: {
    code: -32300,
    message: t('Метод запроса должен быть POST', 'Soʻrov usuli POST boʻlishi kerak', 'Request method must be POST'),
  },
  parse: { code: -32700, message: t('Ошибка разбора JSON', 'JSON tahlil xatosi', 'JSON parse error') },
  invalidRequest: { code: -32600, message: t('Неверный запрос', 'Notoʻgʻri soʻrov', 'Invalid request') },
  noMethod: { code: -32601, message: t('Метод не найден', 'Usul topilmadi', 'Method not found') },
  auth: { code: -32504, message: t('Недостаточно привилегий', 'Huquqlar yetarli emas', 'Insufficient privileges') },
  system: { code: -32400, message: t('Системная ошибка', 'Tizim xatosi', 'System error') },
  amount: { code: -31001, message: t('Неверная сумма', 'Notoʻgʻri summa', 'Wrong amount') },
  notFound: { code: -31003, message: t('Транзакция не найдена', 'Tranzaksiya topilmadi', 'Transaction not found') },
  cannotCancel: {
    code: -31007,
    message: t(
      'Заказ выполнен. Невозможно отменить транзакцию',
      'Buyurtma bajarilgan. Tranzaksiyani bekor qilib boʻlmaydi',
      'Order completed: the transaction cannot be cancelled',
    ),
  },
  notAllowed: {
    code: -31008,
    message: t('Невозможно выполнить операцию', 'Amalni bajarib boʻlmaydi', 'The operation cannot be performed'),
  },
  orderNotFound: { code: -31050, message: t('Заказ не найден', 'Buyurtma topilmadi', 'Order not found') },
  orderNotPayable: {
    code: -31051,
    message: t('Заказ не ожидает оплаты', 'Buyurtma toʻlovni kutmayapti', 'The order does not await payment'),
  },
  orderBusy: {
    code: -31099,
    message: t(
      'Заказ уже оплачивается другой транзакцией',
      'Buyurtma boshqa tranzaksiya bilan toʻlanmoqda',
      'Another transaction is paying this order',
    ),
  },
} as const

type PaymeError = { code: number; message: Text; data?: string }
class PaymeFailure extends Error {
  constructor(readonly error: PaymeError) {
    super(error.message.en)
  }
}
const fail = (e: { code: number; message: Text }, data?: string): never => {
  throw new PaymeFailure(data ? { ...e, data } : e)
}

export type PaymeResponse = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: PaymeError }

/** `Authorization: Basic base64("Paycom:" + PAYME_KEY)`, compared in constant time. */
export function paymeAuthorized(header: string | undefined, key: string | undefined): boolean {
  if (!key || !header?.startsWith('Basic ')) return false
  const given = Buffer.from(header.slice(6).trim(), 'base64')
  const expected = Buffer.from(`Paycom:${key}`, 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

type Ctx = { config: Config; now: Date }
type Params = Record<string, unknown>

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown) => (typeof v === 'string' && v ? v : null)

async function orderOf(db: Db | Tx, params: Params) {
  const account = params.account as Params | undefined
  const raw = account?.order_id
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw
  if (!isId(id)) return fail(PaymeErrors.orderNotFound, 'order_id')
  const [order] = await db.select().from(orders).where(eq(orders.id, id))
  if (!order) return fail(PaymeErrors.orderNotFound, 'order_id')
  return order
}

/** Payme may pay an online order awaiting payment, for exactly its total in tiyin. */
function checkPayable(order: OrderRow, amount: number | null) {
  if (amount == null) return fail(PaymeErrors.amount)
  if (
    order.status !== OrderStatus.awaitingPayment ||
    order.paymentStatus === 'paid' ||
    !onlineMethods.includes(order.paymentMethod as PaymentMethod)
  )
    return fail(PaymeErrors.orderNotPayable, 'order_id')
  if (amount !== tiyin(order.total)) return fail(PaymeErrors.amount)
}

/** A created transaction holds its order for Payme's 12 hours, no longer: Payme then cancels it. */
export const pastPaymeTimeout = (p: ProviderTransaction, now: Date) =>
  now.getTime() - (p.createTime ?? 0) > PAYME_TIMEOUT_MS

/** The order's created Payme transaction, if any, and whether it still holds the order from any other. */
async function holderOf(db: Db | Tx, orderId: number, now: Date) {
  const [created] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, 'payme'),
        eq(payments.providerState, PaymeState.created),
      ),
    )
  return created ? { transaction: created, holds: !pastPaymeTimeout(created, now) } : null
}

async function transactionOf(db: Db | Tx, params: Params, lock = false) {
  const id = str(params.id)
  const payment = id ? await findTransaction(db, 'payme', id, lock) : null
  return payment ?? fail(PaymeErrors.notFound)
}

/** Payme cancels a created transaction it did not perform within 12 hours with reason 4: so does the shop. */
const timedOut = (tx: Tx, p: ProviderTransaction, now: Date) =>
  cancelOpenTransaction(tx, p, now, { providerState: PaymeState.cancelled, reason: 4 })

/** CreateTransaction of a transaction the shop has: its answer again while it is created, else -31008. */
async function createdAgain(tx: Tx, p: ProviderTransaction, now: Date) {
  if (p.providerState !== PaymeState.created) return fail(PaymeErrors.notAllowed)
  if (pastPaymeTimeout(p, now)) {
    await timedOut(tx, p, now)
    return { __error: PaymeErrors.notAllowed }
  }
  return { create_time: p.createTime, transaction: String(p.id), state: p.providerState }
}

const view = (p: ProviderTransaction) => ({
  create_time: p.createTime ?? 0,
  perform_time: p.performTime ?? 0,
  cancel_time: p.cancelTime ?? 0,
  transaction: String(p.id),
  state: p.providerState ?? 0,
  reason: p.reason ?? null,
})

const methods: Record<string, (db: Db, params: Params, ctx: Ctx) => Promise<unknown>> = {
  async CheckPerformTransaction(db, params, { config, now }) {
    const order = await orderOf(db, params)
    checkPayable(order, num(params.amount))
    if ((await holderOf(db, order.id, now))?.holds) return fail(PaymeErrors.orderBusy, 'order_id')
    return { allow: true, detail: await paymeReceipt(db, order, config) }
  },

  async CreateTransaction(db, params, { now }) {
    const id = str(params.id)
    const time = num(params.time)
    if (!id || time == null) return fail(PaymeErrors.invalidRequest)
    return db.transaction(async (tx) => {
      const existing = await findTransaction(tx, 'payme', id, true)
      if (existing) return createdAgain(tx, existing, now)
      const { id: orderId } = await orderOf(tx, params)
      const { payment, opened } = await openTransaction(
        tx,
        orderId,
        { provider: 'payme', externalId: id },
        async (order) => {
          checkPayable(order, num(params.amount))
          const holder = await holderOf(tx, order.id, now)
          if (holder?.holds) return fail(PaymeErrors.orderBusy, 'order_id')
          if (holder) await timedOut(tx, holder.transaction, now)
          return {
            amount: order.total,
            status: 'pending',
            providerState: PaymeState.created,
            providerTime: time,
            createTime: now.getTime(),
          }
        },
      )
      // Payme resent the call while the first was being answered: the one transaction, just created.
      if (!opened) return createdAgain(tx, payment, now)
      return { create_time: payment.createTime, transaction: String(payment.id), state: PaymeState.created }
    })
  },

  async PerformTransaction(db, params, ctx) {
    const { now } = ctx
    return db.transaction(async (tx) => {
      const p = await transactionOf(tx, params, true)
      if (p.providerState === PaymeState.performed)
        return { transaction: String(p.id), perform_time: p.performTime, state: p.providerState }
      if (p.providerState !== PaymeState.created) return fail(PaymeErrors.notAllowed)
      if (pastPaymeTimeout(p, now)) {
        await timedOut(tx, p, now)
        return { __error: PaymeErrors.notAllowed }
      }
      const done = await performTransaction(tx, p, ctx, { providerState: PaymeState.performed })
      if (!done) return fail(PaymeErrors.notAllowed)
      return { transaction: String(done.id), perform_time: done.performTime, state: PaymeState.performed }
    })
  },

  async CancelTransaction(db, params, ctx) {
    const reason = num(params.reason)
    const answer = (p: ProviderTransaction) => ({
      transaction: String(p.id),
      cancel_time: p.cancelTime,
      state: p.providerState,
    })
    return db.transaction(async (tx) => {
      const p = await transactionOf(tx, params, true)
      if (p.providerState === PaymeState.created)
        return answer(
          await cancelOpenTransaction(tx, p, ctx.now, { providerState: PaymeState.cancelled, reason: reason ?? 0 }),
        )
      if (p.providerState === PaymeState.performed) {
        const changes = { providerState: PaymeState.cancelledAfterPerform, reason }
        return answer((await refundPerformedTransaction(db, tx, p, ctx, changes)) ?? fail(PaymeErrors.cannotCancel))
      }
      // Cancelled already: the same answer again.
      return answer(p)
    })
  },

  async CheckTransaction(db, params) {
    return view(await transactionOf(db, params))
  },

  async GetStatement(db, params) {
    const from = num(params.from)
    const to = num(params.to)
    if (from == null || to == null) return fail(PaymeErrors.invalidRequest)
    const rows = await db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, 'payme'), between(payments.createTime, from, to)))
      .orderBy(asc(payments.createTime))
    return {
      transactions: rows.map((p) => ({
        id: p.externalId,
        time: p.providerTime,
        amount: tiyin(p.amount),
        account: { order_id: String(p.orderId) },
        ...view(p),
      })),
    }
  },
}

/** Payme calls by POST only: any other method is answered with JSON-RPC error −32300. */
export const paymeNotPost = (): PaymeResponse => ({ jsonrpc: '2.0', id: null, error: PaymeErrors.notPost })

/**
 * Answers one Payme call. `authorization` is the request's header; `body`
 * its raw text. Never throws: every failure is a JSON-RPC error.
 */
export async function handlePayme(
  db: Db,
  authorization: string | undefined,
  body: string,
  ctx: Ctx,
): Promise<PaymeResponse> {
  let request: { id?: unknown; method?: unknown; params?: unknown }
  try {
    request = JSON.parse(body)
  } catch {
    return { jsonrpc: '2.0', id: null, error: PaymeErrors.parse }
  }
  const id = request?.id ?? null
  if (!paymeAuthorized(authorization, ctx.config.PAYME_KEY)) return { jsonrpc: '2.0', id, error: PaymeErrors.auth }
  if (typeof request !== 'object' || request === null || typeof request.method !== 'string')
    return { jsonrpc: '2.0', id, error: PaymeErrors.invalidRequest }
  const method = methods[request.method]
  if (!method || !Object.hasOwn(methods, request.method)) return { jsonrpc: '2.0', id, error: PaymeErrors.noMethod }
  const params = (request.params && typeof request.params === 'object' ? request.params : {}) as Params
  try {
    const result = (await method(db, params, ctx)) as { __error?: PaymeError }
    // A timed-out transaction is cancelled (committed) and then reported as an error.
    if (result && typeof result === 'object' && result.__error) return { jsonrpc: '2.0', id, error: result.__error }
    return { jsonrpc: '2.0', id, result }
  } catch (error) {
    if (error instanceof PaymeFailure) return { jsonrpc: '2.0', id, error: error.error }
    logger().error({ err: error, method: request.method }, 'Payme')
    return { jsonrpc: '2.0', id, error: PaymeErrors.system }
  }
}
