import { and, eq, isNull } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { orders, payments, staff } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { queueOrderMessageUpdate } from '../../notifications/staff-chat.ts'
import { amountDue, extraDue } from '../../orders/balance.ts'
import { lockOrder, lockOrderAndPayments, type OrderRow, statusLabel } from '../../orders/service.ts'
import { OrderStatus } from '../../orders/states.ts'
import { can } from '../../staff/permissions.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'
import { assignedTo } from './viewer.ts'

/** Delivered or cancelled: nobody carries or takes it any more. */
export const isClosed = (status: number) => status === OrderStatus.delivered || status === OrderStatus.cancelled

/**
 * Gives the order to a courier or staff member (`staffId`), or takes it back
 * (`null`); audited `order.assign` with the previous and new assignee. The
 * assignee must be an enabled staff account (400 on `staff_id` otherwise).
 * Assigning the one it already has changes and records nothing. A closed
 * order (delivered, cancelled) is given to nobody any more, and a pickup
 * order to no courier (409); the staff chat's message follows.
 */
export async function assignOrder(
  db: Db,
  input: { orderId: number; staffId: number | null; actor: StaffOrderActor },
  ctx: Pick<StaffOrderCtx, 'lang' | 'now'>,
): Promise<OrderRow> {
  const { lang, now } = ctx
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId)
    if (!order) throw new ApiError(404, message(lang, 'order_not_found'))
    if (isClosed(order.status))
      throw new ApiError(
        409,
        message(lang, 'admin_assign_closed', { status: statusLabel(lang, order.status, order.delivery) }),
      )
    if (input.staffId !== null) {
      const [member] = await tx
        .select({ id: staff.id, role: staff.role })
        .from(staff)
        .where(and(eq(staff.id, input.staffId), isNull(staff.disabledAt)))
      if (!member) {
        const detail = message(lang, 'admin_assignee_unknown')
        throw new ApiError(400, detail, [{ field: 'staff_id', message: detail }])
      }
      // A pickup order is handed over at the shop: no courier carries it.
      if (order.delivery === 'pickup' && member.role === 'courier')
        throw new ApiError(409, message(lang, 'admin_assign_pickup_courier'))
    }
    if (order.assignedStaffId === input.staffId) return order
    const [updated] = await tx
      .update(orders)
      .set({ assignedStaffId: input.staffId, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning()
    await recordAudit(tx, {
      ...input.actor,
      action: 'order.assign',
      entity: 'order',
      entityId: order.id,
      before: { assigned_staff_id: order.assignedStaffId },
      after: { assigned_staff_id: input.staffId },
      at: now,
    })
    await queueOrderMessageUpdate(tx, updated!, now)
    return updated!
  })
}

/**
 * The courier handed over the cash of a cash order: its payment is recorded
 * (a `cash` payment row for the payment history) and the order becomes paid
 * for its total; audited `order.cash_received`. For an online order paid
 * before, the extra an edit added (collected in cash). 409 for an online order
 * with nothing due, a cancelled one, or one already paid. Delivering it later does not pay it twice.
 * A courier (`orders.deliver` without `orders.write`) records it for the orders given to them only (404 for others).
 */
export async function markCashReceived(
  db: Db,
  input: { orderId: number; actor: StaffOrderActor },
  ctx: Pick<StaffOrderCtx, 'lang' | 'now'>,
): Promise<OrderRow> {
  const { lang, now } = ctx
  return db.transaction(async (tx) => {
    const order = await lockOrderAndPayments(tx, input.orderId)
    const { role, staffId } = input.actor
    if (!order || !(can(role, 'orders.write') || assignedTo({ role, staffId }, order)))
      throw new ApiError(404, message(lang, 'order_not_found'))
    if (order.status === OrderStatus.cancelled)
      throw new ApiError(409, message(lang, 'admin_order_cancelled_no_payment'))
    // An online order is paid online; cash takes only the extra an edit added after it was paid.
    if (order.paymentMethod !== 'cash' && extraDue(order) === 0)
      throw new ApiError(409, message(lang, 'admin_order_not_cash'))
    const amount = amountDue(order)
    if (amount === 0) throw new ApiError(409, message(lang, 'admin_order_already_paid'))
    const paidTotal = order.paidTotal + amount
    const [updated] = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paidTotal, paidAt: order.paidAt ?? now, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning()
    // Whoever says they received it holds it until it is handed over (GET admin/cash/).
    await tx
      .insert(payments)
      .values({ orderId: order.id, provider: 'cash', amount, status: 'paid', collectedBy: staffId, createdAt: now })
    await recordAudit(tx, {
      ...input.actor,
      action: 'order.cash_received',
      entity: 'order',
      entityId: order.id,
      before: { payment_status: order.paymentStatus, paid_total: order.paidTotal },
      after: { payment_status: 'paid', paid_total: paidTotal },
      at: now,
    })
    await queueOrderMessageUpdate(tx, updated!, now)
    return updated!
  })
}

/** The first time staff open the order: it no longer counts as new (`GET admin/orders/counts/` `new`). */
export async function markSeen(db: Db, order: OrderRow, now: Date): Promise<OrderRow> {
  if (order.staffSeenAt) return order
  const [seen] = await db
    .update(orders)
    .set({ staffSeenAt: now })
    .where(and(eq(orders.id, order.id), isNull(orders.staffSeenAt)))
    .returning()
  return seen ?? order
}
