import { and, eq, isNull, ne } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { auditLog, staff } from '#api/db/schema/index.ts'
import { type StaffRole, staffRoles } from '#api/staff/permissions.ts'
import { oneRow } from '../../api/db/rows.ts'
import { setupTestApi } from './support/api.ts'
import { createStaff, newStaffPhone, signedInStaff, staffToken } from './support/staff.ts'

// Staff management, the audit log and integration keys: each role against
// each admin endpoint, audit rows for every change, the last owner kept.

const t = setupTestApi({ products: 0 })

const send = (method: string, path: string, token?: string, body?: unknown, lang = 'ru') =>
  t.json(path, { method, token, lang, body: body === undefined ? undefined : JSON.stringify(body) })

const auditRows = (entity: string, entityId: number | string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id)

describe('every admin operation', () => {
  it('is in the OpenAPI document with the staff bearer scheme, and answers 401 without a token', async () => {
    const doc = (await t.json('openapi.json')).body
    expect(doc.components.securitySchemes.staffBearer).toMatchObject({ type: 'http', scheme: 'bearer' })
    const open = ['post admin/auth/login/', 'post admin/auth/second-factor/']
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { security?: object[]; responses: object }>>,
    )
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path: path.slice(8), op })))
    expect(operations.length).toBeGreaterThanOrEqual(16)
    for (const { method, path, op } of operations) {
      const name = `${method} ${path}`
      if (open.includes(name)) continue
      expect(op.security, name).toEqual([{ staffBearer: [] }])
      expect(Object.keys(op.responses), `${name} documents its 401`).toContain('401')
      const res = await send(
        method.toUpperCase(),
        // Every path parameter is an id here; an id matches digits only (api/http/context.ts).
        path.replaceAll(/\{\w+\}/g, '1'),
        undefined,
        method === 'get' ? undefined : {},
      )
      expect(res.status, name).toBe(401)
    }
  })
})

describe('roles × endpoints', () => {
  const members = {} as Record<StaffRole, { id: number; token: string }>
  beforeAll(async () => {
    for (const role of staffRoles) members[role] = await signedInStaff(t, role)
  })

  type Case = { name: string; allowed: StaffRole[]; call: (token: string) => Promise<{ status: number }> }
  const everyone = [...staffRoles]
  const cases: Case[] = [
    { name: 'GET admin/me/', allowed: everyone, call: (token) => send('GET', 'admin/me/', token) },
    { name: 'GET admin/staff/', allowed: ['owner'], call: (token) => send('GET', 'admin/staff/', token) },
    {
      name: 'POST admin/staff/',
      allowed: ['owner'],
      call: (token) => send('POST', 'admin/staff/', token, { phone: newStaffPhone(), name: 'New', role: 'content' }),
    },
    {
      name: 'PATCH admin/staff/{id}/',
      allowed: ['owner'],
      call: async (token) =>
        send('PATCH', `admin/staff/${(await createStaff(t, 'content')).id}/`, token, { name: 'X' }),
    },
    {
      name: 'POST admin/staff/{id}/reset-password/',
      allowed: ['owner'],
      call: async (token) => send('POST', `admin/staff/${(await createStaff(t, 'content')).id}/reset-password/`, token),
    },
    {
      name: 'POST admin/staff/{id}/reset-second-factor/',
      allowed: ['owner'],
      call: async (token) =>
        send('POST', `admin/staff/${(await createStaff(t, 'content')).id}/reset-second-factor/`, token),
    },
    { name: 'GET admin/audit/', allowed: ['owner', 'manager'], call: (token) => send('GET', 'admin/audit/', token) },
    { name: 'GET admin/keys/', allowed: ['owner'], call: (token) => send('GET', 'admin/keys/', token) },
    {
      name: 'POST admin/keys/',
      allowed: ['owner'],
      call: (token) => send('POST', 'admin/keys/', token, { name: '1C', role: 'warehouse' }),
    },
    { name: 'DELETE admin/keys/{id}/', allowed: ['owner'], call: (token) => send('DELETE', 'admin/keys/1/', token) },
    { name: 'POST admin/auth/totp/', allowed: everyone, call: (token) => send('POST', 'admin/auth/totp/', token) },
  ]

  for (const c of cases)
    it(`${c.name}: ${c.allowed.join(', ')} allowed, the others 403`, async () => {
      for (const role of staffRoles) {
        const res = await c.call(members[role].token)
        if (c.allowed.includes(role)) expect([200, 201], `${role} ${JSON.stringify(res)}`).toContain(res.status)
        else {
          expect(res.status, role).toBe(403)
          expect((res as { body?: unknown }).body).toEqual({ detail: 'Это недоступно для вашей роли.' })
        }
      }
    })

  it('sign-out works for every role', async () => {
    for (const role of staffRoles) {
      const token = await staffToken(t, members[role])
      expect((await send('POST', 'admin/auth/logout/', token)).status, role).toBe(200)
    }
  })
})

describe('staff management', () => {
  it('adds a member with a one-time password they must change, audited without it', async () => {
    const owner = await signedInStaff(t, 'owner')
    const phone = newStaffPhone()
    const created = await send('POST', 'admin/staff/', owner.token, {
      phone: phone.slice(4),
      name: 'Kamola',
      role: 'manager',
    })
    expect(created.status).toBe(201)
    expect(created.body.staff).toMatchObject({ phone, name: 'Kamola', role: 'manager', password_change_required: true })
    const password = created.body.password as string
    expect(password).toMatch(/^\w{4}-\w{4}-\w{4}$/)
    const login = await send('POST', 'admin/auth/login/', undefined, { phone, password })
    expect(login.body.staff.setup_required).toBe('password_change_required')

    const row = oneRow(await auditRows('staff', created.body.staff.id))
    expect(row).toMatchObject({ action: 'staff.create', actor: `staff:${owner.id}`, staffId: owner.id, via: 'web' })
    expect(row.after).toEqual({ phone, name: 'Kamola', role: 'manager', second_factor_enabled: false, disabled: false })
    expect(JSON.stringify(row)).not.toContain(password)

    const again = await send('POST', 'admin/staff/', owner.token, { phone, name: 'Other', role: 'content' }, 'uz')
    expect(again.status).toBe(409)
    expect(again.body.errors).toEqual([{ field: 'phone', message: 'Бу рақамли ходим аллақачон бор.' }])
    const bad = await send('POST', 'admin/staff/', owner.token, { phone: '123', name: '', role: 'boss' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'phone', 'role'])
  })

  it('changes name and role with before → after in the audit; disabling ends the sessions', async () => {
    const owner = await signedInStaff(t, 'owner')
    const member = await signedInStaff(t, 'content', { name: 'Old' })
    const patched = await send('PATCH', `admin/staff/${member.id}/`, owner.token, { name: 'New', role: 'warehouse' })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ name: 'New', role: 'warehouse', disabled: false })
    // The member's rights follow the new role at once.
    expect((await send('GET', 'admin/me/', member.token)).body.role).toBe('warehouse')

    const disabled = await send('PATCH', `admin/staff/${member.id}/`, owner.token, { disabled: true })
    expect(disabled.body.disabled).toBe(true)
    expect((await send('GET', 'admin/me/', member.token)).status).toBe(401)
    const login = await send('POST', 'admin/auth/login/', undefined, { phone: member.phone, password: member.password })
    expect(login.status).toBe(400)
    const enabled = await send('PATCH', `admin/staff/${member.id}/`, owner.token, { disabled: false })
    expect(enabled.body.disabled).toBe(false)
    expect(
      (await send('POST', 'admin/auth/login/', undefined, { phone: member.phone, password: member.password })).status,
    ).toBe(200)

    const rows = (await auditRows('staff', member.id)).filter((r) => r.action !== 'staff.sign_in')
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.create', null, expect.objectContaining({ role: 'content' })],
      ['staff.update', { name: 'Old', role: 'content' }, { name: 'New', role: 'warehouse' }],
      ['staff.disable', { disabled: false }, { disabled: true }],
      ['staff.enable', { disabled: true }, { disabled: false }],
    ])
    // An unchanged value records nothing.
    await send('PATCH', `admin/staff/${member.id}/`, owner.token, { name: 'New' })
    expect((await auditRows('staff', member.id)).filter((r) => r.action === 'staff.update')).toHaveLength(1)
    expect((await send('PATCH', 'admin/staff/999999/', owner.token, { name: 'X' })).status).toBe(404)
    expect((await send('PATCH', `admin/staff/${member.id}/`, owner.token, { phone: '+998901112233' })).status).toBe(400)
  })

  it('resets a password (a new one-time one) and a second factor; both end the sessions and are audited', async () => {
    const owner = await signedInStaff(t, 'owner')
    const member = await signedInStaff(t, 'manager', { withSecondFactor: true })
    const reset = await send('POST', `admin/staff/${member.id}/reset-password/`, owner.token)
    expect(reset.status).toBe(200)
    expect(reset.body.staff.password_change_required).toBe(true)
    expect((await send('GET', 'admin/me/', member.token)).status).toBe(401)
    const old = await send('POST', 'admin/auth/login/', undefined, { phone: member.phone, password: member.password })
    expect(old.status).toBe(400)
    const fresh = await send('POST', 'admin/auth/login/', undefined, {
      phone: member.phone,
      password: reset.body.password,
    })
    expect(fresh.body.second_factor_required).toBe(true)

    const token = await staffToken(t, member)
    const second = await send('POST', `admin/staff/${member.id}/reset-second-factor/`, owner.token)
    expect(second.body.second_factor_enabled).toBe(false)
    expect((await send('GET', 'admin/me/', token)).status).toBe(401)
    const next = await send('POST', 'admin/auth/login/', undefined, {
      phone: member.phone,
      password: reset.body.password,
    })
    expect(next.body.token).toMatch(/^ats_/)

    const actions = (await auditRows('staff', member.id)).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['staff.password_reset', 'staff.second_factor_reset']))
    expect(JSON.stringify(await auditRows('staff', member.id))).not.toContain(reset.body.password)
  })
})

describe('the last active owner', () => {
  it('can be neither demoted nor disabled; with a second owner, either can', async () => {
    // This file's other owners (and the demo owner) step aside.
    const a = await signedInStaff(t, 'owner')
    await t.database.db
      .update(staff)
      .set({ disabledAt: new Date() })
      .where(and(eq(staff.role, 'owner'), ne(staff.id, a.id)))
    for (const change of [{ role: 'manager' }, { disabled: true }]) {
      const res = await send('PATCH', `admin/staff/${a.id}/`, a.token, change, 'ru')
      expect(res.status).toBe(409)
      expect(res.body.detail).toBe('Это последний действующий владелец: сначала назначьте другого.')
    }
    const b = await signedInStaff(t, 'owner')
    const demoted = await send('PATCH', `admin/staff/${a.id}/`, b.token, { role: 'manager' })
    expect(demoted.status).toBe(200)
    expect((await send('PATCH', `admin/staff/${b.id}/`, b.token, { disabled: true })).status).toBe(409)
  })

  it('survives two owners disabling each other at once: one wins', async () => {
    const a = await signedInStaff(t, 'owner')
    await t.database.db
      .update(staff)
      .set({ disabledAt: new Date() })
      .where(and(eq(staff.role, 'owner'), ne(staff.id, a.id)))
    const b = await signedInStaff(t, 'owner')
    const results = await Promise.all([
      send('PATCH', `admin/staff/${b.id}/`, a.token, { disabled: true }),
      send('PATCH', `admin/staff/${a.id}/`, b.token, { disabled: true }),
    ])
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    // The loser is refused as the last owner, or (when its sign-in was already ended) as signed out.
    expect([409, 401]).toContain(statuses.find((s) => s !== 200))
    const active = await t.database.db.$count(staff, and(eq(staff.role, 'owner'), isNull(staff.disabledAt)))
    expect(active).toBe(1)
  })
})

describe('the audit log', () => {
  it('filters by staff, action, entity and id, and dates; pages newest first', async () => {
    const owner = await signedInStaff(t, 'owner')
    const manager = await signedInStaff(t, 'manager')
    const target = await createStaff(t, 'content', { name: 'T0' })
    for (let i = 1; i <= 3; i++) await send('PATCH', `admin/staff/${target.id}/`, owner.token, { name: `T${i}` })
    const list = await send('GET', `admin/audit/?entity=staff&entity_id=${target.id}&size=2`, manager.token)
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(4)
    expect(list.body.total_pages).toBe(2)
    expect(list.body.results.map((r: { after: { name?: string } }) => r.after.name)).toEqual(['T3', 'T2'])
    expect(list.body.results[0]).toMatchObject({
      staff_id: owner.id,
      staff_name: 'Test owner',
      actor: `staff:${owner.id}`,
      via: 'web',
      action: 'staff.update',
      entity: 'staff',
      entity_id: String(target.id),
      before: { name: 'T2' },
    })
    const page2 = await send('GET', list.body.links.next.replace('http://shop.test/api/v1/', ''), manager.token)
    expect(page2.body.results.map((r: { action: string }) => r.action)).toEqual(['staff.update', 'staff.create'])

    const byOwner = await send('GET', `admin/audit/?staff_id=${owner.id}&action=staff.update`, owner.token)
    expect(byOwner.body.total).toBe(3)
    // The filter's days are Tashkent's (UTC+5).
    const today = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10)
    const dated = await send(
      'GET',
      `admin/audit/?staff_id=${owner.id}&date_from=${today}&date_to=${today}`,
      owner.token,
    )
    expect(dated.body.total).toBeGreaterThanOrEqual(3)
    const past = await send('GET', `admin/audit/?staff_id=${owner.id}&date_to=2020-01-01`, owner.token)
    expect(past.body.total).toBe(0)
    const reversed = await send(
      'GET',
      'admin/audit/?date_from=2026-02-01&date_to=2026-01-01',
      owner.token,
      undefined,
      'ru',
    )
    expect(reversed.status).toBe(400)
    expect(reversed.body.errors[0]).toEqual({
      field: 'date_to',
      message: 'Конечная дата не может быть раньше начальной.',
    })
    expect((await send('GET', 'admin/audit/?date_from=yesterday', owner.token)).status).toBe(400)
    expect((await send('GET', 'admin/audit/?page=999', owner.token)).status).toBe(404)
  })
})

describe('integration keys', () => {
  it('work as bearer tokens with their role, are audited as the key, and stop when revoked', async () => {
    const owner = await signedInStaff(t, 'owner')
    const created = await send('POST', 'admin/keys/', owner.token, { name: 'MoySklad', role: 'manager' })
    expect(created.status).toBe(201)
    const { id, token } = created.body
    expect(token).toMatch(/^atk_/)
    const listed = await send('GET', 'admin/keys/', owner.token)
    expect(JSON.stringify(listed.body)).not.toContain(token)
    expect(listed.body.results.find((k: { id: number }) => k.id === id)).toMatchObject({
      name: 'MoySklad',
      revoked: false,
    })

    const me = await send('GET', 'admin/me/', token)
    expect(me.body).toMatchObject({ id: null, key_id: id, role: 'manager', name: 'MoySklad' })
    expect((await send('GET', 'admin/audit/', token)).status).toBe(200)
    expect((await send('GET', 'admin/staff/', token)).status).toBe(403)
    expect((await send('POST', 'admin/auth/logout/', token)).status).toBe(403)

    const ownerKey = (await send('POST', 'admin/keys/', owner.token, { name: 'HR', role: 'owner' })).body
    const made = await send('POST', 'admin/staff/', ownerKey.token, {
      phone: newStaffPhone(),
      name: 'By key',
      role: 'content',
    })
    expect(made.status).toBe(201)
    const [row] = await auditRows('staff', made.body.staff.id)
    expect(row).toMatchObject({ staffId: null, actor: `key:${ownerKey.id}`, via: 'api', action: 'staff.create' })

    const revoked = await send('DELETE', `admin/keys/${id}/`, owner.token)
    expect(revoked.body.revoked).toBe(true)
    expect((await send('GET', 'admin/me/', token)).status).toBe(401)
    expect((await auditRows('api_key', id)).map((r) => r.action)).toEqual(['api_key.create', 'api_key.revoke'])
    expect(JSON.stringify(await auditRows('api_key', id))).not.toContain(token)
    expect((await send('DELETE', 'admin/keys/999999/', owner.token)).status).toBe(404)
  })
})
