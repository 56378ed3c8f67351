import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, staff } from '#api/db/schema/index.ts'
import { staffSessionLimits } from '#api/staff/sessions.ts'
import { totpCode } from '#api/staff/totp.ts'
import { setupTestApi } from './support/api.ts'
import { clockedAdminApi, createStaff, type StaffMember, staffTotp } from './support/staff.ts'

// Staff sign-in: password, second factor (TOTP window and replay, recovery
// codes, challenge expiry), enrolment, password change, session expiry and
// sign-out, all on a clock the tests move.

const t = setupTestApi({ products: 0 })

const auditOf = (staffId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(staffId)), eq(auditLog.action, action)))

describe('sign-in without a second factor (demo mode)', () => {
  it('gives a session that opens admin/me/, and audits the sign-in', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'manager')
    const login = await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })
    expect(login.status).toBe(200)
    expect(login.body.token).toMatch(/^ats_/)
    expect(login.body.staff).toMatchObject({ id: member.id, role: 'manager', setup_required: null })
    expect((await call('admin/me/', { token: login.body.token })).body.id).toBe(member.id)
    expect(await auditOf(member.id, 'staff.sign_in')).toHaveLength(1)
  })

  it('refuses a wrong password, an unknown phone and a disabled account alike, flagging both fields', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'content')
    const wrong = await call('admin/auth/login/', {
      body: { phone: member.phone, password: 'nope-nope-1' },
      lang: 'ru',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.detail).toBe('Неверный номер телефона или пароль.')
    expect(wrong.body.errors.map((e: { field: string }) => e.field)).toEqual(['phone', 'password'])
    const unknown = await call('admin/auth/login/', { body: { phone: '+998971112233', password: member.password } })
    expect(unknown.status).toBe(400)
    await t.database.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, member.id))
    const disabled = await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })
    expect(disabled.status).toBe(400)
    expect(disabled.body.detail).toBe(wrong.body.detail)
  })

  it('throttles wrong passwords for a phone from one address (429 with Retry-After), apart from customers', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'warehouse')
    const address = '203.0.113.7'
    for (let i = 0; i < 5; i++)
      expect((await call('admin/auth/login/', { body: { phone: member.phone, password: 'x' }, address })).status).toBe(
        400,
      )
    const blocked = await call('admin/auth/login/', {
      body: { phone: member.phone, password: member.password },
      address,
    })
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    // A customer with the same phone is counted apart.
    const customer = await call('auth/login/', { body: { phone: member.phone, password: 'x' }, address })
    expect(customer.status).toBe(400)
  })
})

describe('the second factor', () => {
  async function challengeFor(call: ReturnType<typeof clockedAdminApi>['call'], member: StaffMember) {
    const login = await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })
    expect(login.status).toBe(200)
    expect(login.body).toMatchObject({ second_factor_required: true })
    expect(login.body.token).toBeUndefined()
    return login.body.challenge as string
  }

  it('signs in with the current code, and refuses the same code again', async () => {
    const { call, now } = clockedAdminApi(t)
    const member = await createStaff(t, 'owner', { withSecondFactor: true })
    const code = staffTotp(member, now())
    const done = await call('admin/auth/second-factor/', {
      body: { challenge: await challengeFor(call, member), code },
    })
    expect(done.status).toBe(200)
    expect(done.body.token).toMatch(/^ats_/)
    expect(done.body.staff.second_factor_enabled).toBe(true)
    const replay = await call('admin/auth/second-factor/', {
      body: { challenge: await challengeFor(call, member), code },
      lang: 'ru',
    })
    expect(replay.status).toBe(400)
    expect(replay.body.errors).toEqual([{ field: 'code', message: 'Код неверный или уже использован.' }])
  })

  it('lets one code open one session when two sign-ins send it at once', async () => {
    const { call, now } = clockedAdminApi(t)
    const member = await createStaff(t, 'owner', { withSecondFactor: true })
    const challenges = [await challengeFor(call, member), await challengeFor(call, member)]
    const code = staffTotp(member, now())
    const results = await Promise.all(
      challenges.map((challenge) => call('admin/auth/second-factor/', { body: { challenge, code } })),
    )
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
  })

  it('accepts the code of the step before or after (a phone clock a little off), not two steps away', async () => {
    const { call, now } = clockedAdminApi(t)
    const member = await createStaff(t, 'manager', { withSecondFactor: true })
    const at = now().getTime()
    const twoBack = totpCode(member.totpSecret!, new Date(at - 60_000))
    const twoAhead = totpCode(member.totpSecret!, new Date(at + 60_000))
    for (const code of [twoBack, twoAhead]) {
      const res = await call('admin/auth/second-factor/', {
        body: { challenge: await challengeFor(call, member), code },
      })
      expect(res.status).toBe(400)
    }
    const oneBack = totpCode(member.totpSecret!, new Date(at - 30_000))
    expect(
      (
        await call('admin/auth/second-factor/', {
          body: { challenge: await challengeFor(call, member), code: oneBack },
        })
      ).status,
    ).toBe(200)
    // After a code of one step is used, an older step's code is refused too.
    const oneAhead = totpCode(member.totpSecret!, new Date(at + 30_000))
    expect(
      (
        await call('admin/auth/second-factor/', {
          body: { challenge: await challengeFor(call, member), code: oneAhead },
        })
      ).status,
    ).toBe(200)
    const current = totpCode(member.totpSecret!, new Date(at))
    expect(
      (
        await call('admin/auth/second-factor/', {
          body: { challenge: await challengeFor(call, member), code: current },
        })
      ).status,
    ).toBe(400)
  })

  it('takes each recovery code once, in any spelling, and audits its use', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'owner', { withSecondFactor: true })
    const recovery = member.recoveryCodes[3]?.toUpperCase().replace('-', ' ')
    const first = await call('admin/auth/second-factor/', {
      body: { challenge: await challengeFor(call, member), recovery_code: recovery },
    })
    expect(first.status).toBe(200)
    const again = await call('admin/auth/second-factor/', {
      body: { challenge: await challengeFor(call, member), recovery_code: member.recoveryCodes[3] },
    })
    expect(again.status).toBe(400)
    expect(again.body.errors[0].field).toBe('recovery_code')
    expect(await auditOf(member.id, 'staff.recovery_code_use')).toHaveLength(1)
  })

  it('asks for exactly one of code and recovery code', async () => {
    const { call, now } = clockedAdminApi(t)
    const member = await createStaff(t, 'owner', { withSecondFactor: true })
    const challenge = await challengeFor(call, member)
    for (const body of [
      { challenge },
      { challenge, code: staffTotp(member, now()), recovery_code: member.recoveryCodes[0] },
    ]) {
      const res = await call('admin/auth/second-factor/', { body, lang: 'sr' })
      expect(res.status).toBe(400)
      expect(res.body.errors[0]).toEqual({
        field: 'code',
        message: 'Ilovadagi kodni yoki tiklash kodini kiriting.',
      })
    }
  })

  it('lets a challenge expire after 5 minutes, and die after 5 wrong codes', async () => {
    const { call, now, advance } = clockedAdminApi(t)
    const member = await createStaff(t, 'owner', { withSecondFactor: true })
    const late = await challengeFor(call, member)
    advance(staffSessionLimits.challengeSeconds + 1)
    const expired = await call('admin/auth/second-factor/', {
      body: { challenge: late, code: staffTotp(member, now()) },
      lang: 'ru',
    })
    expect(expired.status).toBe(401)
    expect(expired.body.detail).toBe('Время на ввод кода вышло. Войдите снова.')

    const guessed = await challengeFor(call, member)
    const wrong = staffTotp(member, now()) === '000000' ? '111111' : '000000'
    for (let i = 0; i < staffSessionLimits.challengeAttempts; i++)
      expect(
        (
          await call('admin/auth/second-factor/', {
            body: { challenge: guessed, code: wrong },
            address: `198.51.100.${i}`,
          })
        ).status,
      ).toBe(400)
    const right = await call('admin/auth/second-factor/', {
      body: { challenge: guessed, code: staffTotp(member, now()) },
    })
    expect(right.status).toBe(401)
  })

  it('opens one session per challenge', async () => {
    const { call, now, advance } = clockedAdminApi(t)
    const member = await createStaff(t, 'owner', { withSecondFactor: true })
    const challenge = await challengeFor(call, member)
    expect(
      (await call('admin/auth/second-factor/', { body: { challenge, code: staffTotp(member, now()) } })).status,
    ).toBe(200)
    advance(30)
    const again = await call('admin/auth/second-factor/', { body: { challenge, code: staffTotp(member, now()) } })
    expect(again.status).toBe(401)
  })
})

describe('enrolment and set-up', () => {
  it('in live mode, lets an account without a second factor only set one up, then asks for it at sign-in', async () => {
    const { call, now, advance } = clockedAdminApi(t, { SHOP_MODE: 'live' })
    const member = await createStaff(t, 'manager')
    const login = await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })
    expect(login.status).toBe(200)
    expect(login.body.staff.setup_required).toBe('second_factor_setup_required')
    const token = login.body.token
    const refused = await call('admin/audit/', { token, lang: 'ru' })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({
      detail: 'Сначала подключите приложение-аутентификатор.',
      code: 'second_factor_setup_required',
    })

    const start = await call('admin/auth/totp/', { method: 'POST', token })
    expect(start.status).toBe(200)
    expect(start.body.otpauth_uri).toBe(
      `otpauth://totp/Atir:${encodeURIComponent(member.phone)}?issuer=Atir&secret=${start.body.secret}&algorithm=SHA1&digits=6&period=30`,
    )
    expect(start.body.qr_svg).toMatch(/^<svg/)
    const secret = start.body.secret as string
    const wrong = await call('admin/auth/totp/confirm/', { body: { code: '12345' }, token })
    expect(wrong.status).toBe(400)
    const confirm = await call('admin/auth/totp/confirm/', { body: { code: totpCode(secret, now()) }, token })
    expect(confirm.status).toBe(200)
    expect(confirm.body.recovery_codes).toHaveLength(10)
    expect(new Set(confirm.body.recovery_codes).size).toBe(10)
    expect((await call('admin/audit/', { token })).status).toBe(200)
    expect((await call('admin/auth/totp/', { method: 'POST', token })).status).toBe(409)
    expect(await auditOf(member.id, 'staff.second_factor_enable')).toHaveLength(1)

    advance(30)
    const next = await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })
    expect(next.body.second_factor_required).toBe(true)
    const done = await call('admin/auth/second-factor/', {
      body: { challenge: next.body.challenge, code: totpCode(secret, now()) },
    })
    expect(done.status).toBe(200)
  })

  it('asks an account with a one-time password to change it first; the change ends its other sessions', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'manager', { mustChangePassword: true })
    const login = () => call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })
    const other = (await login()).body.token
    const current = await login()
    expect(current.body.staff.setup_required).toBe('password_change_required')
    const token = current.body.token
    expect((await call('admin/audit/', { token })).body.code).toBe('password_change_required')

    const change = (body: object) => call('admin/auth/password/', { body, token, lang: 'ru' })
    const wrongOld = await change({
      old_password: 'nope',
      new_password: 'new-secret-22',
      password_confirm: 'new-secret-22',
    })
    expect(wrongOld.status).toBe(400)
    expect(wrongOld.body.errors[0].field).toBe('old_password')
    const short = await change({ old_password: member.password, new_password: 'short', password_confirm: 'short' })
    expect(short.body.errors[0]).toEqual({ field: 'new_password', message: 'Не короче 10 символов.' })
    const same = await change({
      old_password: member.password,
      new_password: member.password,
      password_confirm: member.password,
    })
    expect(same.body.errors[0].field).toBe('new_password')
    const done = await change({
      old_password: member.password,
      new_password: 'new-secret-22',
      password_confirm: 'new-secret-22',
    })
    expect(done.status).toBe(200)
    expect(done.body.setup_required).toBeNull()
    expect((await call('admin/audit/', { token })).status).toBe(200)
    expect((await call('admin/me/', { token: other })).status).toBe(401)
    expect((await call('admin/auth/login/', { body: { phone: member.phone, password: 'new-secret-22' } })).status).toBe(
      200,
    )
    const [row] = await auditOf(member.id, 'staff.password_change')
    expect(JSON.stringify(row)).not.toContain('new-secret-22')
  })
})

describe('sessions', () => {
  const signIn = async (call: ReturnType<typeof clockedAdminApi>['call'], member: StaffMember) =>
    (await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })).body.token as string

  it(`end after ${staffSessionLimits.idleSeconds / 3600} h without a request`, async () => {
    const { call, advance } = clockedAdminApi(t)
    const member = await createStaff(t, 'content')
    const token = await signIn(call, member)
    advance(staffSessionLimits.idleSeconds - 60)
    expect((await call('admin/me/', { token })).status).toBe(200)
    advance(staffSessionLimits.idleSeconds - 60)
    expect((await call('admin/me/', { token })).status).toBe(200)
    advance(staffSessionLimits.idleSeconds + 1)
    const idle = await call('admin/me/', { token })
    expect(idle.status).toBe(401)
    expect(idle.headers.get('www-authenticate')).toContain('invalid_token')
  })

  it(`end ${staffSessionLimits.absoluteSeconds / 86400} days after sign-in however busy`, async () => {
    const { call, advance } = clockedAdminApi(t)
    const member = await createStaff(t, 'content')
    const token = await signIn(call, member)
    const step = staffSessionLimits.idleSeconds - 60
    let elapsed = 0
    while (elapsed + step < staffSessionLimits.absoluteSeconds) {
      advance(step)
      elapsed += step
      expect((await call('admin/me/', { token })).status).toBe(200)
    }
    advance(staffSessionLimits.absoluteSeconds - elapsed)
    expect((await call('admin/me/', { token })).status).toBe(401)
  })

  it('sign-out ends this session only; sign-out of all devices ends every one, audited', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'manager')
    const [a, b, c] = [await signIn(call, member), await signIn(call, member), await signIn(call, member)]
    const out = await call('admin/auth/logout/', { method: 'POST', token: a, lang: 'ru' })
    expect(out.status).toBe(200)
    expect((await call('admin/me/', { token: a })).status).toBe(401)
    expect((await call('admin/me/', { token: b })).status).toBe(200)
    const all = await call('admin/auth/logout-all/', { method: 'POST', token: b, lang: 'uz' })
    expect(all.status).toBe(200)
    expect(all.body.message).toBe('Барча қурилмалардан чиқдингиз.')
    for (const token of [b, c]) expect((await call('admin/me/', { token })).status).toBe(401)
    const [row] = await auditOf(member.id, 'staff.sign_out_all')
    expect(row).toMatchObject({ actor: `staff:${member.id}`, via: 'web', after: { sessions_ended: 2 } })
  })

  it('keep working with a stale token in the header on sign-in calls', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'manager')
    const login = await call('admin/auth/login/', {
      body: { phone: member.phone, password: member.password },
      token: 'ats_expired',
    })
    expect(login.status).toBe(200)
  })
})
