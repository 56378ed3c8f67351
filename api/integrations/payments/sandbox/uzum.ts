import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { Config } from '../../../config.ts'
import type { Db } from '../../../db/client.ts'
import { payments } from '../../../db/schema/index.ts'
import { ApiError } from '../../../http/errors.ts'
import type { Lang } from '../../../http/locale.ts'
import { message } from '../../../http/messages.ts'
import type { ProviderTransaction } from '../../../payments/transactions.ts'
import { tiyin } from '../provider.ts'
import { handleUzum, UZUM_CONFIRM_MS } from '../uzum/merchant.ts'
import { type UzumOperation, uzumBasicAuth, uzumService } from '../uzum/protocol.ts'

// Uzum Bank played locally (PAYMENT_PROVIDER=sandbox, an order paid by `uzum`): what Uzum sends when a
// shopper pays the order in its app, sent through the shop's own webhook handler with the service's Basic
// credentials (the demo's without UZUM_* settings). Opening the sandbox page is the shopper opening the
// order in the app (check, then create); its Pay button is Uzum's confirm, Decline its reverse. The order
// goes through exactly what a real Uzum payment does.

type Ctx = { lang: Lang; config: Config; now: Date }

async function asUzum(db: Db, operation: UzumOperation, fields: Record<string, unknown>, ctx: Ctx) {
  const service = uzumService(ctx.config)
  if (!service) throw new Error('the Uzum simulation runs only with PAYMENT_PROVIDER=sandbox')
  const body = { serviceId: Number(service.serviceId), timestamp: ctx.now.getTime(), ...fields }
  const answer = await handleUzum(db, operation, uzumBasicAuth(service), JSON.stringify(body), ctx)
  return answer.body
}

/**
 * The order's Uzum transaction for the sandbox page: the created one still holding the order (the
 * page opened again), else a new one through check and create. 409 when Uzum's check is refused.
 */
export async function openUzumSimulation(db: Db, order: { id: number }, amount: number, ctx: Ctx) {
  const [open] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'uzum'), eq(payments.status, 'pending')))
    .orderBy(desc(payments.id))
    .limit(1)
  if (open && ctx.now.getTime() - (open.createTime ?? 0) < UZUM_CONFIRM_MS) return open.id
  const fields = { params: { order_id: String(order.id) }, amount: tiyin(amount) }
  const check = await asUzum(db, 'check', fields, ctx)
  const transId = randomUUID()
  const created = check.status === 'OK' ? await asUzum(db, 'create', { ...fields, transId }, ctx) : check
  if (created.status !== 'CREATED') throw new ApiError(409, message(ctx.lang, 'order_not_payable'))
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, 'uzum'), eq(payments.externalId, transId)))
  return payment!.id
}

/** The sandbox page's answer as Uzum's: approve → confirm, decline → reverse. 409 when the shop refuses it. */
export async function finishUzumSimulation(db: Db, payment: ProviderTransaction, approve: boolean, ctx: Ctx) {
  const transId = payment.externalId
  const answer = approve
    ? await asUzum(db, 'confirm', { transId, paymentSource: 'UZCARD' }, ctx)
    : await asUzum(db, 'reverse', { transId }, ctx)
  if (answer.status !== (approve ? 'CONFIRMED' : 'REVERSED'))
    throw new ApiError(409, message(ctx.lang, approve ? 'order_not_payable' : 'payment_already_done'))
}
