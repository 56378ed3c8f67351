/**
 * Who may do what in the back office. The API enforces these on
 * every admin route (`requirePermission`); the screens only hide what the
 * API would refuse.
 */

import { type StaffRole, staffRoles } from '#contract/staff.ts'

export { type StaffRole, staffRoles }

export const permissions = [
  'orders.read',
  'orders.write',
  'orders.pick',
  'orders.deliver',
  'customers.read',
  'customers.phone',
  'catalogue.write',
  'catalogue.texts',
  'stock.write',
  'content.write',
  'promo.write',
  'reviews.moderate',
  'inbox.read',
  'stats.read',
  'staff.manage',
  'audit.read',
] as const
export type Permission = (typeof permissions)[number]

/**
 * - owner: everything, and manages staff and integration keys.
 * - manager: orders, customers (with phones), catalogue and stock, promo codes, reviews,
 *   the inbox, statistics, and the audit log (to see who moved an order).
 * - content: the products' texts and pictures (`catalogue.texts`: no visibility, codes,
 *   brand, categories, facts, stock or prices), banners, stories, posts, pages;
 *   no orders, no customers.
 * - warehouse: stock, and orders to pick and pack: it reads orders but not
 *   the customers' phones (`customers.phone`), and moves them only along the
 *   picking steps (`orders.pick`, not `orders.write`).
 * - courier: only the orders given to it (`orders.deliver`): their address,
 *   map point and the customer's phone; it takes them on the way, delivers
 *   them and records the cash it received. No other order, customer or stock.
 */
const rights: Record<StaffRole, readonly Permission[]> = {
  owner: permissions,
  manager: [
    'orders.read',
    'orders.write',
    'orders.pick',
    'customers.read',
    'customers.phone',
    'catalogue.write',
    'catalogue.texts',
    'stock.write',
    'promo.write',
    'reviews.moderate',
    'inbox.read',
    'stats.read',
    'audit.read',
  ],
  content: ['catalogue.texts', 'content.write'],
  warehouse: ['orders.read', 'orders.pick', 'stock.write'],
  courier: ['orders.deliver'],
}

const granted = new Map(staffRoles.map((role) => [role, new Set(rights[role])]))

export const isStaffRole = (value: unknown): value is StaffRole => staffRoles.includes(value as StaffRole)

/** Whether `role` has `permission`. */
export function can(role: StaffRole, permission: Permission): boolean {
  return granted.get(role)?.has(permission) ?? false
}

/** Every permission of `role`, in the order above (for the screens and `GET admin/me/`). */
export function permissionsOf(role: StaffRole): Permission[] {
  return permissions.filter((p) => can(role, p))
}
