import { eq } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { orders as ordersTable } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { lockOrderAndPayments, type OrderRow, orderById, statusLabel, transition } from '../../orders/service.ts'
import { canTransition, OrderStatus } from '../../orders/states.ts'
import { type RefundDeps, refundOrder } from '../../payments/refunds.ts'
import { can, type StaffRole } from '../../staff/permissions.ts'
import { assignedTo, maySee, type OrderViewer } from './viewer.ts'

/** Who acts on an order: the audit actor and the role whose rights apply (a session, a key, the Telegram bot). */
export type StaffOrderActor = AuditActor & { role: StaffRole }

/** What every staff order action needs: the caller's language, the settings, the clock, and the refund path. */
export type StaffOrderCtx = { lang: Lang; config: Config; now: Date; refunds: RefundDeps }

export type StaffStatusChange = {
  orderId: number
  /** The status to move to (api/orders/states.ts). */
  to: number
  /** The status the caller saw; the order must still be in it. */
  expected: number
  /** Why; required to cancel. */
  reason?: string | null
  actor: StaffOrderActor
}

/** What `orders.pick` alone allows (warehouse): packing an accepted order. */
const isPickingStep = (from: number, to: number) => from === OrderStatus.accepted && to === OrderStatus.readyForDelivery

/** What `orders.deliver` allows on an order given to the courier: taking it on the way, handing it over. */
const isDeliveryStep = (from: number, to: number) =>
  (from === OrderStatus.readyForDelivery && (to === OrderStatus.onTheWay || to === OrderStatus.delivered)) ||
  (from === OrderStatus.onTheWay && to === OrderStatus.delivered)

type MovableOrder = Pick<OrderRow, 'status' | 'paymentStatus' | 'delivery' | 'assignedStaffId'>

/** Whether the viewer may move `order` to `to` (rights only; the state machine is checked apart). */
export function mayMove(viewer: OrderViewer, order: Pick<OrderRow, 'status' | 'assignedStaffId'>, to: number) {
  const { role } = viewer
  return (
    can(role, 'orders.write') ||
    (can(role, 'orders.pick') && isPickingStep(order.status, to)) ||
    (can(role, 'orders.deliver') && assignedTo(viewer, order) && isDeliveryStep(order.status, to))
  )
}

/** The statuses the viewer may move `order` to now: the desk's and the courier's buttons. */
export function nextStatusesFor(viewer: OrderViewer, order: MovableOrder): number[] {
  return [
    OrderStatus.accepted,
    OrderStatus.readyForDelivery,
    OrderStatus.onTheWay,
    OrderStatus.delivered,
    OrderStatus.cancelled,
  ].filter(
    (to) =>
      canTransition(order.status, to, order.delivery) &&
      // An unpaid online order is accepted by its payment, not by staff.
      !(
        order.status === OrderStatus.awaitingPayment &&
        to === OrderStatus.accepted &&
        order.paymentStatus !== 'paid'
      ) &&
      mayMove(viewer, order, to),
  )
}

/**
 * A staff member (back office, integration key or Telegram button) moves an
 * order, with optimistic concurrency: the order is locked and must still be
 * in `expected`, else 409 saying what it is now. Then the state machine
 * (orders/service.ts `transition`: stock, cashback, promo, refunds, the
 * customer's SMS, the timeline) and an `order.status` audit row, in one
 * transaction. A cancelled paid order's money is asked back once committed
 * (payments/refunds.ts), and the order is answered as it then stands.
 *
 * 403 when the role may not make this move, 400 for a cancel without a
 * reason, 404 for an unknown order (or one a courier was not given), 409 for
 * a move the state machine refuses.
 */
export async function changeStatusAsStaff(db: Db, change: StaffStatusChange, ctx: StaffOrderCtx): Promise<OrderRow> {
  const { lang, now } = ctx
  const { actor, to, expected } = change
  const viewer = { role: actor.role, staffId: actor.staffId }
  if (!(['orders.pick', 'orders.write', 'orders.deliver'] as const).some((p) => can(actor.role, p)))
    throw new ApiError(403, message(lang, 'admin_forbidden'))
  const reason = change.reason?.trim() || null
  if (to === OrderStatus.cancelled && !reason) {
    const detail = message(lang, 'admin_order_cancel_reason_required')
    throw new ApiError(400, detail, [{ field: 'reason', message: detail }])
  }
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrderAndPayments(tx, change.orderId)
    if (!locked || !maySee(viewer, locked)) throw new ApiError(404, message(lang, 'order_not_found'))
    if (locked.status !== expected)
      throw new ApiError(
        409,
        message(lang, 'admin_order_moved', { status: statusLabel(lang, locked.status, locked.delivery) }),
      )
    if (!mayMove(viewer, locked, to))
      throw new ApiError(
        403,
        message(lang, can(actor.role, 'orders.pick') ? 'admin_order_pick_only' : 'admin_order_deliver_only'),
      )
    const moved = await transition(tx, locked, to, {
      lang,
      config: ctx.config,
      now,
      reason: reason ?? undefined,
      actor,
    })
    const seen = locked.staffSeenAt ? moved : { ...moved, staffSeenAt: now }
    if (!locked.staffSeenAt) await tx.update(ordersTable).set({ staffSeenAt: now }).where(eq(ordersTable.id, locked.id))
    await recordAudit(tx, {
      ...actor,
      action: 'order.status',
      entity: 'order',
      entityId: locked.id,
      before: { status: locked.status, payment_status: locked.paymentStatus },
      after: { status: moved.status, payment_status: moved.paymentStatus, ...(reason ? { reason } : {}) },
      at: now,
    })
    return seen
  })
  if (to !== OrderStatus.cancelled) return order
  invalidateCatalogue(db)
  if (order.paymentStatus !== 'refund_pending') return order
  await refundOrder(ctx.refunds, order.id)
  return (await orderById(db, order.id)) ?? order
}
