import { useRouteLoaderData } from 'react-router'
import type { Permission, StaffMe, StaffMember, StaffRole } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import type { loader as adminLoader } from '../_layout.tsx'

export type { Permission, StaffMe, StaffMember, StaffRole }

/** Whether the role may do `permission` (only to hide what the API would refuse anyway). */
export const staffCan = (staff: Pick<StaffMe, 'permissions'>, permission: Permission) =>
  staff.permissions.includes(permission)

/**
 * The back office's sections in navigation order: the header links to those
 * the role may use, and /{lang}/admin opens the first of them. A part of the
 * back office adds its section here. `permission: null`: everyone's;
 * `unless`: not for roles that have this one (the courier's own deliveries,
 * which the desk already holds for those who read every order).
 */
export const adminSections = [
  { id: 'stats', path: '', permission: 'stats.read' },
  { id: 'orders', path: 'orders', permission: 'orders.read' },
  { id: 'deliveries', path: 'deliveries', permission: 'orders.deliver', unless: 'orders.read' },
  { id: 'products', path: 'products', permission: 'catalogue.texts' },
  { id: 'stock', path: 'stock', permission: 'stock.write' },
  { id: 'catalogue', path: 'catalogue', permission: 'catalogue.texts' },
  { id: 'content', path: 'content', permission: 'content.write' },
  { id: 'customers', path: 'customers', permission: 'customers.read' },
  { id: 'promo', path: 'promo', permission: 'promo.write' },
  { id: 'reviews', path: 'reviews', permission: 'reviews.moderate' },
  { id: 'inbox', path: 'inbox', permission: 'inbox.read' },
  { id: 'staff', path: 'staff', permission: 'staff.manage' },
  { id: 'audit', path: 'audit', permission: 'audit.read' },
  { id: 'account', path: 'account', permission: null },
] as const satisfies ReadonlyArray<{ id: string; path: string; permission: Permission | null; unless?: Permission }>

export const sectionsFor = (staff: Pick<StaffMe, 'permissions'>) =>
  adminSections.filter(
    (section) =>
      (section.permission === null || staffCan(staff, section.permission)) &&
      !('unless' in section && staffCan(staff, section.unless)),
  )

/** `/{lang}/admin/{path}`: `adminPath('ru', 'orders/12')`. */
export const adminPath = (lang: Lang, path = '') => (path ? `/${lang}/admin/${path}` : `/${lang}/admin`)

/** The first section the role may use: where /{lang}/admin and a finished sign-in lead. */
export const adminHome = (lang: Lang, staff: Pick<StaffMe, 'permissions'>) =>
  adminPath(lang, sectionsFor(staff)[0]?.path ?? 'account')

/** The admin layout's data (the signed-in staff member) for any component inside it. */
export function useStaff(): StaffMe {
  const data = useRouteLoaderData<typeof adminLoader>('admin')
  if (!data) throw new Error('useStaff() outside the admin layout')
  return data.staff
}
