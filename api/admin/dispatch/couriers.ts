import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orders, payments, staff } from '../../db/schema/index.ts'
import { OrderStatus } from '../../orders/states.ts'
import { can, type StaffRole, staffRoles } from '../../staff/permissions.ts'

/** The roles an order can be given to: those who pick or carry orders (the courier, the warehouse, managers, the owner). */
export const carrierRoles = staffRoles.filter((role) => can(role, 'orders.pick') || can(role, 'orders.deliver'))

/** Statuses that weigh on whoever has the order: accepted, ready, on the way. */
const loadStatuses = [OrderStatus.accepted, OrderStatus.readyForDelivery, OrderStatus.onTheWay]

export type Carrier = {
  id: number
  name: string
  role: StaffRole
  load: { accepted: number; ready: number; on_the_way: number; total: number }
  cash_held: number
}

/**
 * Everyone an order can be given to, couriers first, then by name: each
 * with their load (the open orders they have, by status) and the cash they
 * hold (cash payments they took and did not hand over yet).
 */
export async function listCarriers(db: Db): Promise<Carrier[]> {
  const countOf = (status: number) =>
    sql<number>`count(*) filter (where ${orders.status} = ${status})::int`.as(`s${status}`)
  const load = db
    .select({
      staffId: orders.assignedStaffId,
      accepted: countOf(OrderStatus.accepted),
      ready: countOf(OrderStatus.readyForDelivery),
      onTheWay: countOf(OrderStatus.onTheWay),
    })
    .from(orders)
    .where(inArray(orders.status, loadStatuses))
    .groupBy(orders.assignedStaffId)
    .as('load')
  const cash = db
    .select({ staffId: payments.collectedBy, held: sql<number>`sum(${payments.amount})::bigint`.as('held') })
    .from(payments)
    .where(and(eq(payments.provider, 'cash'), isNull(payments.handoverId), eq(payments.status, 'paid')))
    .groupBy(payments.collectedBy)
    .as('cash')
  const rows = await db
    .select({
      id: staff.id,
      name: staff.name,
      role: staff.role,
      accepted: load.accepted,
      ready: load.ready,
      onTheWay: load.onTheWay,
      held: cash.held,
    })
    .from(staff)
    .leftJoin(load, eq(load.staffId, staff.id))
    .leftJoin(cash, eq(cash.staffId, staff.id))
    .where(and(inArray(staff.role, carrierRoles), isNull(staff.disabledAt)))
    .orderBy(sql`${staff.role} <> 'courier'`, asc(staff.name), asc(staff.id))
  return rows.map((r) => {
    const accepted = r.accepted ?? 0
    const ready = r.ready ?? 0
    const onTheWay = r.onTheWay ?? 0
    return {
      id: r.id,
      name: r.name,
      role: r.role,
      load: { accepted, ready, on_the_way: onTheWay, total: accepted + ready + onTheWay },
      cash_held: Number(r.held ?? 0),
    }
  })
}
