import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, promoCodes, staff } from '#api/db/schema/index.ts'
import { demoOwner } from '#api/db/seed/staff.ts'
import { runStaffCommand } from '#api/staff/commands.ts'
import { totpCode } from '#api/staff/totp.ts'
import { oneRow } from '../../api/db/rows.ts'
import { checkShopMode } from '../../server/shop-mode.ts'
import { logLines } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { clockedAdminApi, newStaffPhone } from './support/staff.ts'

// `npm run staff` (run as a function on the test database) and the demo
// owner: the first owner from the command line, enrolled at once; the demo
// seed's owner, which a live start refuses.

const t = setupTestApi({ products: 0 })

async function staffCli(...argv: string[]) {
  const lines: string[] = []
  const code = await runStaffCommand(argv, {
    db: t.database.db,
    config: t.config,
    now: () => new Date(),
    print: (line) => lines.push(line),
  })
  return { code, output: lines.join('\n') }
}

describe('npm run staff', () => {
  it('creates an owner with a one-time password and a second factor set up, who then signs in with both', async () => {
    const phone = newStaffPhone()
    const { code, output } = await staffCli('create', '--phone', phone.slice(4), '--role', 'owner', '--name', 'Aziz')
    expect(code).toBe(0)
    const password = /One-time password.*: (\S+)$/m.exec(output)![1]
    const uri = /^otpauth:\/\/totp\/\S+$/m.exec(output)![0]
    const secret = new URL(uri).searchParams.get('secret')!
    expect(output).toContain('█')
    const recovery = output.match(/^ {2}[a-z2-9]{5}-[a-z2-9]{5}$/gm)
    expect(recovery).toHaveLength(10)

    const { call, now } = clockedAdminApi(t, { SHOP_MODE: 'live' })
    const login = await call('admin/auth/login/', { body: { phone, password } })
    expect(login.body.second_factor_required).toBe(true)
    const done = await call('admin/auth/second-factor/', {
      body: { challenge: login.body.challenge, code: totpCode(secret, now()) },
    })
    expect(done.status).toBe(200)
    expect(done.body.staff).toMatchObject({ name: 'Aziz', role: 'owner', setup_required: 'password_change_required' })

    const row = oneRow(await t.database.db.select().from(staff).where(eq(staff.phone, phone)))
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(row.id)), eq(auditLog.action, 'staff.create')))
    expect(audit).toMatchObject({ actor: 'cli', via: 'cli', staffId: null })
    expect(row.totpSecret).not.toContain(secret)
  })

  it('lists staff, resets a password, and refuses bad input with the usage', async () => {
    const phone = newStaffPhone()
    await staffCli('create', '--phone', phone, '--role', 'warehouse')
    const list = await staffCli('list')
    expect(list.output).toMatch(new RegExp(`${phone.replace('+', '\\+')} +warehouse .*\\(2FA, one-time password\\)`))
    expect(list.output).toContain(`${demoOwner.phone}  owner`)

    const reset = await staffCli('reset-password', '--phone', phone)
    expect(reset.code).toBe(0)
    const password = /: (\S+)$/.exec(reset.output)![1]
    const { call } = clockedAdminApi(t)
    expect((await call('admin/auth/login/', { body: { phone, password } })).body.second_factor_required).toBe(true)

    expect((await staffCli('create', '--phone', phone, '--role', 'owner')).code).toBe(1)
    expect((await staffCli('create', '--phone', '123', '--role', 'owner')).code).toBe(2)
    expect((await staffCli('create', '--phone', newStaffPhone(), '--role', 'boss')).output).toContain('--role: one of')
    expect((await staffCli('fire')).output).toContain('Usage: npm run staff')
    expect((await staffCli('reset-password', '--phone', newStaffPhone())).code).toBe(1)
  })

  it('removes a lost second factor', async () => {
    const phone = newStaffPhone()
    await staffCli('create', '--phone', phone, '--role', 'owner')
    expect((await staffCli('reset-second-factor', '--phone', phone)).code).toBe(0)
    const row = oneRow(await t.database.db.select().from(staff).where(eq(staff.phone, phone)))
    expect(row.totpEnabledAt).toBeNull()
    expect(row.totpSecret).toBeNull()
  })
})

describe('the demo owner', () => {
  it('signs in to a demo shop without a second factor, and is printed at start-up', async () => {
    const { call } = clockedAdminApi(t)
    const login = await call('admin/auth/login/', { body: demoOwner })
    expect(login.status).toBe(200)
    expect(login.body.staff).toMatchObject({ role: 'owner', second_factor_enabled: false, setup_required: null })
    const from = logLines.length
    await checkShopMode(t.config, t.database.db)
    const warning = logLines.slice(from).find((line) => line.level === 'warn')
    expect(warning?.msg).toContain(
      `lets anyone in as the demo owner ${demoOwner.phone}, password ${demoOwner.password}`,
    )
  })

  it('keeps a live shop from starting while any staff account has its password', async () => {
    const live = { ...t.config, SHOP_MODE: 'live' as const }
    await t.database.db.update(promoCodes).set({ active: false })
    await expect(checkShopMode(live, t.database.db)).rejects.toThrow(
      `the staff accounts ${demoOwner.phone} still have the demo owner's password`,
    )
    await staffCli('reset-password', '--phone', demoOwner.phone)
    await expect(checkShopMode(live, t.database.db)).resolves.toBeUndefined()
  })
})
