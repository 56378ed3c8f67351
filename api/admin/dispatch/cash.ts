import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { cashHandovers, payments, staff } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { orderNumber } from '../../orders/states.ts'
import type { StaffRole } from '../../staff/permissions.ts'
import { tashkentMoment, tashkentTime } from '../../telegram/tashkent-time.ts'
import { sumText } from '../../telegram/texts.ts'
import type { StaffOrderActor } from '../orders/status.ts'

/** Cash payments a staff member took and has not handed over yet. */
const held = and(eq(payments.provider, 'cash'), eq(payments.status, 'paid'), isNull(payments.handoverId))

export type CashHolder = {
  staff: { id: number; name: string; role: StaffRole }
  /** What they hold now: the sum of `payments`. */
  held: number
  payments: { order_id: number; number: string; amount: number; collected_at: string }[]
  /** Taken today (Tashkent's day) and handed over today. */
  collected_today: number
  handed_today: number
}

/**
 * The day's cash per staff member: what each holds (the cash payments they
 * took and did not hand over, order by order), what they took and handed
 * over today. Every active courier is listed, with nothing or not; others
 * when they hold or handled cash today. `onlyStaffId`: that one alone (a courier's own).
 */
export async function cashDay(db: Db, now: Date, onlyStaffId?: number): Promise<CashHolder[]> {
  const dayStart = tashkentMoment(tashkentTime(now).day, 0)
  const [pending, collected, handed] = await Promise.all([
    db
      .select({
        staffId: payments.collectedBy,
        orderId: payments.orderId,
        amount: payments.amount,
        at: payments.createdAt,
      })
      .from(payments)
      .where(and(held, onlyStaffId === undefined ? undefined : eq(payments.collectedBy, onlyStaffId)))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
    db
      .select({ staffId: payments.collectedBy, sum: sql<string>`sum(${payments.amount})` })
      .from(payments)
      .where(and(eq(payments.provider, 'cash'), gte(payments.createdAt, dayStart)))
      .groupBy(payments.collectedBy),
    db
      .select({ staffId: cashHandovers.staffId, sum: sql<string>`sum(${cashHandovers.amount})` })
      .from(cashHandovers)
      .where(gte(cashHandovers.createdAt, dayStart))
      .groupBy(cashHandovers.staffId),
  ])
  const sumsOf = (rows: { staffId: number | null; sum: string }[]) =>
    new Map(rows.map((r) => [r.staffId, Number(r.sum)]))
  const collectedBy = sumsOf(collected)
  const handedBy = sumsOf(handed)
  const involved = new Set([...pending.map((p) => p.staffId), ...collectedBy.keys(), ...handedBy.keys()])
  involved.delete(null)
  const people = await db
    .select({ id: staff.id, name: staff.name, role: staff.role })
    .from(staff)
    .where(
      onlyStaffId === undefined
        ? or(and(eq(staff.role, 'courier'), isNull(staff.disabledAt)), inArray(staff.id, [...involved] as number[]))
        : eq(staff.id, onlyStaffId),
    )
    .orderBy(sql`${staff.role} <> 'courier'`, asc(staff.name), asc(staff.id))
  return people.map((person) => {
    const own = pending.filter((p) => p.staffId === person.id)
    return {
      staff: person,
      held: own.reduce((sum, p) => sum + p.amount, 0),
      payments: own.map((p) => ({
        order_id: p.orderId,
        number: orderNumber(p.orderId),
        amount: p.amount,
        collected_at: p.at.toISOString(),
      })),
      collected_today: collectedBy.get(person.id) ?? 0,
      handed_today: handedBy.get(person.id) ?? 0,
    }
  })
}

/**
 * A manager counted the cash a staff member brought and records it handed
 * over: every cash payment they hold joins one handover, audited
 * `cash.handover`. `amount` is the sum the manager saw and counted: if it is
 * no longer what they hold (a delivery paid meanwhile, or a colleague
 * recorded it first) nothing is recorded and 409 says what they hold now.
 * The payments are locked, so two managers recording at once make one handover.
 */
export async function recordHandover(
  db: Db,
  input: { staffId: number; amount: number; actor: StaffOrderActor },
  ctx: { lang: Lang; now: Date },
) {
  const { lang, now } = ctx
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: payments.id, orderId: payments.orderId, amount: payments.amount })
      .from(payments)
      .where(and(held, eq(payments.collectedBy, input.staffId)))
      .orderBy(asc(payments.id))
      .for('update')
    const sum = rows.reduce((total, p) => total + p.amount, 0)
    if (sum === 0) throw new ApiError(409, message(lang, 'admin_cash_nothing_held'))
    if (sum !== input.amount) {
      const detail = message(lang, 'admin_cash_amount_changed', { amount: sumText(sum) })
      throw new ApiError(409, detail, [{ field: 'amount', message: detail }])
    }
    const [handover] = await tx
      .insert(cashHandovers)
      .values({ staffId: input.staffId, receivedBy: input.actor.staffId, amount: sum, createdAt: now })
      .returning()
    await tx
      .update(payments)
      .set({ handoverId: handover!.id })
      .where(
        inArray(
          payments.id,
          rows.map((p) => p.id),
        ),
      )
    await recordAudit(tx, {
      ...input.actor,
      action: 'cash.handover',
      entity: 'staff',
      entityId: input.staffId,
      before: { cash_held: sum },
      after: { cash_held: 0, handover_id: handover!.id, amount: sum, orders: rows.map((p) => p.orderId) },
      at: now,
    })
    return {
      id: handover!.id,
      staff_id: input.staffId,
      amount: sum,
      orders_count: rows.length,
      created_at: now.toISOString(),
    }
  })
}
