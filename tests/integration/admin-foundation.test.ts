import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { recordAudit } from '#api/audit/record.ts'
import { auditLog, staff } from '#api/db/schema/index.ts'
import { permissionsOf, staffRoles } from '#api/staff/permissions.ts'
import { createStaffSessions } from '#api/staff/sessions.ts'
import { oneRow } from '../../api/db/rows.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { createStaff, signedInStaff, staffToken } from './support/staff.ts'

// The back office's foundation: staff bearer tokens on /admin/ paths, roles
// answered 401/403 before anything runs, and the audit log helper.

const t = setupTestApi({ products: 5 })

describe('staff authentication on admin paths', () => {
  it('answers 401 with WWW-Authenticate without a token', async () => {
    const res = await t.json('admin/me/', { lang: 'ru' })
    expect(res.status).toBe(401)
    expect(res.body.detail).toBe('Войдите в аккаунт.')
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it('answers 401 to an unknown token, a malformed header and a customer token', async () => {
    const customer = await registerCustomer(t)
    for (const token of ['ats_nope', 'atk_nope', customer.access]) {
      const res = await t.json('admin/me/', { token, lang: 'uz' })
      expect(res.status, token).toBe(401)
      expect(res.body.detail).toBe('Сеанс муддати тугади. Қайтадан киринг.')
      expect(res.headers.get('www-authenticate')).toContain('invalid_token')
    }
    const malformed = await t.json('admin/me/', { headers: { Authorization: 'Basic abc' } })
    expect(malformed.status).toBe(401)
  })

  it("does not let a staff token pass as a customer's, nor stop the customer API", async () => {
    const owner = await signedInStaff(t, 'owner')
    expect((await t.json('profile/', { token: owner.token })).status).toBe(401)
    expect((await t.json('products/', { token: undefined })).status).toBe(200)
  })

  it('names every role with its rights on admin/me/', async () => {
    for (const role of staffRoles) {
      const member = await signedInStaff(t, role, { name: `A ${role}` })
      const res = await t.json('admin/me/', { token: member.token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        id: member.id,
        name: `A ${role}`,
        phone: member.phone,
        role,
        permissions: permissionsOf(role),
        setup_required: null,
      })
    }
  })

  it('refuses a revoked session and a disabled account', async () => {
    const member = await createStaff(t, 'manager')
    const sessions = createStaffSessions({ db: t.database.db, now: () => new Date(), secondFactorRequired: false })
    const { token, sessionId } = await sessions.open(member.id)
    expect((await t.json('admin/me/', { token })).status).toBe(200)
    await sessions.revoke(sessionId)
    expect((await t.json('admin/me/', { token })).status).toBe(401)

    const other = await staffToken(t, member)
    await t.database.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, member.id))
    expect((await t.json('admin/me/', { token: other })).status).toBe(401)
  })
})

describe('rights', () => {
  it('lets only the owner list staff; others get a localised 403', async () => {
    const anonymous = await t.json('admin/staff/')
    expect(anonymous.status).toBe(401)
    for (const role of staffRoles) {
      const member = await signedInStaff(t, role)
      const res = await t.json('admin/staff/', { token: member.token, lang: 'sr' })
      if (role === 'owner') {
        expect(res.status).toBe(200)
        expect(res.body.results.map((s: { id: number }) => s.id)).toContain(member.id)
        expect(JSON.stringify(res.body)).not.toMatch(/password_hash|totp_secret|\$argon2/)
      } else {
        expect(res.status, role).toBe(403)
        expect(res.body).toEqual({ detail: 'Bu amal sizning rolingiz uchun mumkin emas.' })
      }
    }
  })

  it('lets an account with a one-time password only see itself until the password is changed', async () => {
    const owner = await signedInStaff(t, 'owner', { mustChangePassword: true })
    const me = await t.json('admin/me/', { token: owner.token })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({ password_change_required: true, setup_required: 'password_change_required' })
    const list = await t.json('admin/staff/', { token: owner.token, lang: 'ru' })
    expect(list.status).toBe(403)
    expect(list.body).toEqual({ detail: 'Сначала смените пароль.', code: 'password_change_required' })
  })
})

describe('recordAudit', () => {
  it('writes a row in the transaction of the change, and none when it rolls back', async () => {
    const owner = await createStaff(t, 'owner')
    const entry = {
      staffId: owner.id,
      actor: `staff:${owner.id}`,
      via: 'web' as const,
      action: 'test.change',
      entity: 'test',
      entityId: 42,
      before: { name: 'a' },
      after: { name: 'b' },
      address: '10.0.0.1',
    }
    await t.database.db.transaction((tx) => recordAudit(tx, entry))
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, { ...entry, entityId: 43 })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'test'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      staffId: owner.id,
      actor: `staff:${owner.id}`,
      via: 'web',
      action: 'test.change',
      entityId: '42',
      before: { name: 'a' },
      after: { name: 'b' },
      address: '10.0.0.1',
    })
  })

  it('records the creation of a staff member without the password or secrets', async () => {
    const member = await createStaff(t, 'content', { withSecondFactor: true })
    const row = oneRow(
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(member.id))),
    )
    expect(row).toMatchObject({ action: 'staff.create', entity: 'staff', actor: 'cli', via: 'cli' })
    expect(row.after).toMatchObject({ phone: member.phone, role: 'content', second_factor_enabled: true })
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(member.password)
    expect(stored).not.toContain(member.totpSecret)
    expect(stored).not.toMatch(/argon2/)
  })
})
