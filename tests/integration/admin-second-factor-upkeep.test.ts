import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '#api/config.ts'
import { openDatabase } from '#api/db/client.ts'
import { auditLog, staff } from '#api/db/schema/index.ts'
import { runStaffCli, sendStaffCommand, staffControlPath, startStaffControl } from '#api/staff/control.ts'
import { totpCode } from '#api/staff/totp.ts'
import { setupTestApi } from './support/api.ts'
import { clockedAdminApi, createStaff, staffTotp } from './support/staff.ts'

// Keeping a second factor over time: new recovery codes (with the current
// code), sessions opened before the factor was on end when it is switched on,
// and `npm run staff` reaches a shop that holds its embedded database.

const t = setupTestApi({ products: 0 })

const auditOf = (staffId: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(staffId)), eq(auditLog.action, action)))

describe('switching the second factor on', () => {
  it('ends the sessions opened with the password alone, except the one that switched it on', async () => {
    const { call, now } = clockedAdminApi(t)
    const member = await createStaff(t, 'manager')
    const login = () => call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })
    const laptop = (await login()).body.token as string
    const phone = (await login()).body.token as string
    const start = await call('admin/auth/totp/', { method: 'POST', token: phone })
    const confirm = await call('admin/auth/totp/confirm/', {
      body: { code: totpCode(start.body.secret, now()) },
      token: phone,
    })
    expect(confirm.status).toBe(200)
    expect((await call('admin/me/', { token: laptop })).status).toBe(401)
    expect((await call('admin/me/', { token: phone })).status).toBe(200)
  })
})

describe('new recovery codes', () => {
  it('replace the old ones when the current code is given, audited', async () => {
    const { call, now, advance } = clockedAdminApi(t)
    const member = await createStaff(t, 'owner', { withSecondFactor: true })
    const challenge = async () =>
      (await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })).body
        .challenge as string
    // Signed in with one of the first codes (then spent).
    const signedIn = await call('admin/auth/second-factor/', {
      body: { challenge: await challenge(), recovery_code: member.recoveryCodes[0] },
    })
    expect(signedIn.status).toBe(200)
    const token = signedIn.body.token as string

    const wrong = await call('admin/auth/recovery-codes/', { body: { code: '000000' }, token, lang: 'ru' })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors).toEqual([{ field: 'code', message: 'Код неверный или уже использован.' }])
    const fresh = await call('admin/auth/recovery-codes/', { body: { code: staffTotp(member, now()) }, token })
    expect(fresh.status).toBe(200)
    const codes = fresh.body.recovery_codes as string[]
    expect(codes).toHaveLength(10)
    expect(codes.some((c) => member.recoveryCodes.includes(c))).toBe(false)
    expect(await auditOf(member.id, 'staff.recovery_codes_regenerate')).toHaveLength(1)

    // An old unused code is refused now; a new one opens a session.
    const old = await call('admin/auth/second-factor/', {
      body: { challenge: await challenge(), recovery_code: member.recoveryCodes[1] },
    })
    expect(old.status).toBe(400)
    advance(30)
    const renewed = await call('admin/auth/second-factor/', {
      body: { challenge: await challenge(), recovery_code: codes[0] },
    })
    expect(renewed.status).toBe(200)
  })

  it('need a second factor switched on, and a staff session rather than an integration key', async () => {
    const { call } = clockedAdminApi(t)
    const member = await createStaff(t, 'manager')
    const token = (await call('admin/auth/login/', { body: { phone: member.phone, password: member.password } })).body
      .token as string
    const none = await call('admin/auth/recovery-codes/', { body: { code: '123456' }, token, lang: 'ru' })
    expect(none.status).toBe(409)
    expect(none.body.detail).toBe('Второй фактор не подключён: сначала подключите приложение-аутентификатор.')
    expect((await call('admin/auth/recovery-codes/', { body: { code: '123456' } })).status).toBe(401)
  })
})

describe('npm run staff while the shop holds its embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atir-control-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const config = parseConfig({ ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40) })

  it('lists staff and resets a second factor through the running shop, audited as the command line', async () => {
    // The "shop": this process opens the folder (and holds its lock) and listens for staff commands.
    const shop = await openDatabase({ dataDir })
    const stop = await startStaffControl({ db: shop.db, config })
    try {
      if (process.platform !== 'win32') expect(statSync(staffControlPath(config)).mode & 0o777).toBe(0o600)
      const lines: string[] = []
      const cli = (...argv: string[]) => runStaffCli(argv, { config, print: (line) => lines.push(line) })

      expect(await cli('create', '--phone', '+998971112233', '--role', 'owner', '--name', 'Sole owner')).toBe(0)
      expect(lines.join('\n')).toMatch(/^Added owner #\d+ \+998971112233\./)
      lines.length = 0
      expect(await cli('list')).toBe(0)
      expect(lines).toEqual([
        expect.stringMatching(/^#\d+ {2}\+998971112233 {2}owner {6}Sole owner {2}\(2FA, one-time password\)$/),
      ])
      lines.length = 0
      expect(await cli('reset-second-factor', '--phone', '+998971112233')).toBe(0)
      expect(lines).toEqual([
        'The second factor of +998971112233 is removed; they set up a new one at the next sign-in.',
      ])
      const [row] = await shop.db.select().from(staff).where(eq(staff.phone, '+998971112233'))
      expect(row?.totpEnabledAt).toBeNull()
      const [audit] = await shop.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'staff.second_factor_reset'), eq(auditLog.entityId, String(row!.id))))
      expect(audit).toMatchObject({ actor: 'cli', via: 'cli' })

      // Someone without the shop's secret is refused.
      await expect(sendStaffCommand({ ...config, sessionSecret: 'n'.repeat(40) }, ['list'])).rejects.toThrow(/401/)
    } finally {
      await stop()
      await shop.close()
    }
  })

  it('says to stop the shop when the one holding the folder takes no commands', async () => {
    const shop = await openDatabase({ dataDir })
    try {
      const lines: string[] = []
      expect(await runStaffCli(['list'], { config, print: (line) => lines.push(line) })).toBe(1)
      expect(lines[0]).toMatch(/is in use by another shop process .* It takes no staff commands: stop it/)
    } finally {
      await shop.close()
    }
  })
})
