import { describe, expect, it } from 'vitest'
import { can, permissions, permissionsOf, staffRoles } from '#api/staff/permissions.ts'

describe('staff roles', () => {
  it('give the owner every right', () => {
    expect(permissionsOf('owner')).toEqual([...permissions])
  })

  it('keep staff management with the owner, statistics with the owner and managers', () => {
    for (const role of staffRoles.filter((r) => r !== 'owner')) {
      expect(can(role, 'staff.manage')).toBe(false)
      expect(can(role, 'stats.read')).toBe(role === 'manager')
    }
  })

  it('give the manager orders, customers and the catalogue', () => {
    for (const p of ['orders.read', 'orders.write', 'customers.read', 'customers.phone', 'catalogue.write'] as const)
      expect(can('manager', p)).toBe(true)
    expect(can('manager', 'content.write')).toBe(false)
  })

  it('keep orders and customers away from content editors', () => {
    expect(permissionsOf('content')).toEqual(['catalogue.texts', 'content.write'])
  })

  it("let the warehouse read and pick orders but not see customers' phones or change orders otherwise", () => {
    expect(permissionsOf('warehouse')).toEqual(['orders.read', 'orders.pick', 'stock.write'])
  })

  it('let a courier deliver the orders given to it and nothing else', () => {
    expect(permissionsOf('courier')).toEqual(['orders.deliver'])
  })
})
