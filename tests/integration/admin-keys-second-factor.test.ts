import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '#api/db/schema/index.ts'
import { totpCode } from '#api/staff/totp.ts'
import { setupTestApi } from './support/api.ts'
import { clockedAdminApi, createStaff, signedInStaff } from './support/staff.ts'

// An integration key is as trusted as the account that made it: when that
// account's second factor changes (switched on, or reset after a lost phone),
// the keys it made end, audited, and its owner makes new ones.

const t = setupTestApi({ products: 0 })

const revocations = (keyId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(keyId)), eq(auditLog.action, 'api_key.revoke')))

describe("integration keys and their maker's second factor", () => {
  it('end when the maker switches the second factor on; keys of others keep working', async () => {
    const { call, now } = clockedAdminApi(t)
    const owner = await createStaff(t, 'owner')
    const other = await signedInStaff(t, 'owner')
    const token = (await call('admin/auth/login/', { body: { phone: owner.phone, password: owner.password } })).body
      .token as string
    const key = await call('admin/keys/', { body: { name: '1C', role: 'manager' }, token })
    expect(key.status, JSON.stringify(key.body)).toBe(201)
    const othersKey = await call('admin/keys/', { body: { name: 'MoySklad', role: 'warehouse' }, token: other.token })
    expect((await call('admin/orders/', { token: key.body.token as string })).status).toBe(200)

    const start = await call('admin/auth/totp/', { method: 'POST', token })
    const confirm = await call('admin/auth/totp/confirm/', {
      body: { code: totpCode(start.body.secret, now()) },
      token,
    })
    expect(confirm.status, JSON.stringify(confirm.body)).toBe(200)

    expect((await call('admin/orders/', { token: key.body.token as string })).status).toBe(401)
    expect((await call('admin/orders/', { token: othersKey.body.token as string })).status).toBe(200)
    const listed = await call('admin/keys/', { token })
    expect(listed.body.results ?? listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: key.body.id, revoked: true }),
        expect.objectContaining({ id: othersKey.body.id, revoked: false }),
      ]),
    )
    expect(await revocations(key.body.id as number)).toEqual([
      expect.objectContaining({
        actor: `staff:${owner.id}`,
        after: { revoked: true, reason: 'second_factor_changed' },
      }),
    ])
  })

  it("end when another owner resets the maker's second factor (a lost phone)", async () => {
    const { call } = clockedAdminApi(t)
    const maker = await signedInStaff(t, 'owner', { withSecondFactor: true })
    const resetter = await signedInStaff(t, 'owner')
    const key = await call('admin/keys/', { body: { name: '1C', role: 'manager' }, token: maker.token })
    expect(key.status, JSON.stringify(key.body)).toBe(201)
    expect((await call('admin/orders/', { token: key.body.token as string })).status).toBe(200)

    const reset = await call(`admin/staff/${maker.id}/reset-second-factor/`, { method: 'POST', token: resetter.token })
    expect(reset.status, JSON.stringify(reset.body)).toBe(200)
    expect((await call('admin/orders/', { token: key.body.token as string })).status).toBe(401)
    expect(await revocations(key.body.id as number)).toEqual([
      expect.objectContaining({
        actor: `staff:${resetter.id}`,
        after: { revoked: true, reason: 'second_factor_changed' },
      }),
    ])
  })
})
