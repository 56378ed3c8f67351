import { describe, expect, it } from 'vitest'
import { permissionsOf } from '#api/staff/permissions.ts'
import { adminHome, sectionsFor } from '#app/routes/$lang/admin/+shared/staff.ts'

// The back office's navigation follows the API's roles: a link only for a
// section the role may use, and /{lang}/admin opens the first of them.

const sections = (role: Parameters<typeof permissionsOf>[0]) =>
  sectionsFor({ permissions: permissionsOf(role) }).map((section) => section.id)

describe('admin sections by role', () => {
  it('gives each role the links of what it may do', () => {
    expect(sections('owner')).toEqual([
      'stats',
      'orders',
      'cash',
      'products',
      'stock',
      'catalogue',
      'content',
      'customers',
      'promo',
      'reviews',
      'inbox',
      'staff',
      'audit',
      'account',
    ])
    // The manager runs the day: statistics, dispatch and the couriers' cash too.
    expect(sections('manager')).toEqual([
      'stats',
      'orders',
      'cash',
      'products',
      'stock',
      'catalogue',
      'customers',
      'promo',
      'reviews',
      'inbox',
      'audit',
      'account',
    ])
    expect(sections('warehouse')).toEqual(['orders', 'stock', 'account'])
    // The courier's own deliveries; the owner has them on the desk.
    expect(sections('courier')).toEqual(['deliveries', 'account'])
    expect(sections('content')).toEqual(['products', 'catalogue', 'content', 'account'])
  })

  it('opens the first section the role may use', () => {
    expect(adminHome('uz', { permissions: permissionsOf('owner') })).toBe('/uz/admin')
    expect(adminHome('ru', { permissions: permissionsOf('manager') })).toBe('/ru/admin')
    expect(adminHome('ru', { permissions: permissionsOf('warehouse') })).toBe('/ru/admin/orders')
    expect(adminHome('sr', { permissions: permissionsOf('content') })).toBe('/sr/admin/products')
  })
})
