import type { OrderRow } from '../../orders/service.ts'
import { can, type StaffRole } from '../../staff/permissions.ts'

/** Who looks at or acts on orders: the role and, for a staff member (not an integration key), their id. */
export type OrderViewer = { role: StaffRole; staffId: number | null }

/** The order is given to this staff member (a courier's own delivery). */
export const assignedTo = (viewer: OrderViewer, order: Pick<OrderRow, 'assignedStaffId'>) =>
  viewer.staffId !== null && order.assignedStaffId === viewer.staffId

/**
 * Whether the viewer may see the order at all: every order with
 * `orders.read`; with `orders.deliver` alone (a courier) only those given to
 * them. Others are answered 404, as if they did not exist.
 */
export const maySee = (viewer: OrderViewer, order: Pick<OrderRow, 'assignedStaffId'>) =>
  can(viewer.role, 'orders.read') || (can(viewer.role, 'orders.deliver') && assignedTo(viewer, order))

/**
 * Whether the viewer sees the customer's phones on this order: `customers.phone`,
 * or a courier on an order given to them (they must be able to call).
 */
export const seesPhones = (viewer: OrderViewer, order: Pick<OrderRow, 'assignedStaffId'>) =>
  can(viewer.role, 'customers.phone') || (can(viewer.role, 'orders.deliver') && assignedTo(viewer, order))
