import { asc, eq } from 'drizzle-orm'
import { normalizePhone } from '#contract/phone.ts'
import type { AuditActor } from '../audit/record.ts'
import { readArguments } from '../command-line.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { staff } from '../db/schema/index.ts'
import { createStaffMember, resetStaffPassword, resetStaffSecondFactor } from './accounts.ts'
import { isStaffRole, staffRoles } from './permissions.ts'
import { totpQrText, totpUri } from './totp.ts'

/** Changes from the command line are audited as `cli`. */
export const cliActor: AuditActor = { staffId: null, actor: 'cli', via: 'cli' }

const staffUsage = `Usage: npm run staff -- <command>
  On the configured database (PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR,
  through the running shop when it holds it):
  create --phone +998… --role ${staffRoles.join('|')} [--name "…"]
      adds a staff member with a one-time password and a second factor set up (printed once)
  list
      the staff accounts
  reset-password --phone +998…
      a new one-time password; their sessions end
  reset-second-factor --phone +998…
      removes their authenticator (a lost phone); they set up a new one at the next sign-in`

/** The command line of `npm run staff` (api/command-line.ts). */
export const staffCommandLine = {
  usage: staffUsage,
  options: { phone: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  positionals: 1,
  commands: ['create', 'list', 'reset-password', 'reset-second-factor'],
} as const

type Io = { db: Db; config: Config; now: () => Date; print: (line: string) => void }

/** Runs one `npm run staff` command; returns the exit code. Messages for people go to `print`. */
export async function runStaffCommand(argv: string[], io: Io): Promise<number> {
  const { print } = io
  const parsed = readArguments(staffCommandLine, argv)
  if (parsed.kind !== 'run') {
    print(parsed.text)
    return parsed.kind === 'help' ? 0 : 2
  }
  const {
    positionals: [command],
    values,
  } = parsed
  if (command === 'list') return list(io)
  const phone = normalizePhone(values.phone)
  if (!phone) {
    print(`--phone: not an Uzbek phone number (${values.phone ?? 'missing'})\n\n${staffUsage}`)
    return 2
  }
  if (command === 'create') {
    if (!isStaffRole(values.role)) {
      print(`--role: one of ${staffRoles.join(', ')}\n\n${staffUsage}`)
      return 2
    }
    const created = await createStaffMember(
      io.db,
      { phone, name: values.name?.trim() || values.role, role: values.role, withSecondFactor: true },
      cliActor,
      { sessionSecret: io.config.sessionSecret, now: io.now() },
    )
    if (!created) {
      print(`${phone} already has a staff account (npm run staff -- list).`)
      return 1
    }
    const uri = totpUri(created.totpSecret!, phone)
    print(
      [
        `Added ${created.staff.role} #${created.staff.id} ${phone}.`,
        `One-time password (shown once; changed at the first sign-in): ${created.password}`,
        '',
        'Second factor: scan this with an authenticator app (Google Authenticator, Aegis, 1Password…),',
        `or type the secret ${created.totpSecret} into it.`,
        totpQrText(uri),
        uri,
        '',
        'Recovery codes, each works once instead of a code (keep them offline):',
        ...created.recoveryCodes.map((code) => `  ${code}`),
      ].join('\n'),
    )
    return 0
  }
  const [row] = await io.db.select({ id: staff.id }).from(staff).where(eq(staff.phone, phone))
  if (!row) {
    print(`No staff account has ${phone} (npm run staff -- list).`)
    return 1
  }
  if (command === 'reset-password') {
    const reset = await resetStaffPassword(io.db, row.id, cliActor, io.now())
    print(`New one-time password for ${phone} (shown once; changed at the next sign-in): ${reset!.password}`)
    return 0
  }
  await resetStaffSecondFactor(io.db, row.id, cliActor, io.now())
  print(`The second factor of ${phone} is removed; they set up a new one at the next sign-in.`)
  return 0
}

async function list({ db, print }: Io) {
  const rows = await db.select().from(staff).orderBy(asc(staff.id))
  if (rows.length === 0) print('No staff yet: npm run staff -- create --phone +998… --role owner')
  for (const row of rows) {
    const flags = [
      row.totpEnabledAt ? '2FA' : 'no 2FA',
      row.passwordChangeRequired && 'one-time password',
      row.disabledAt && 'disabled',
    ].filter(Boolean)
    print(`#${row.id}  ${row.phone}  ${row.role.padEnd(9)}  ${row.name}  (${flags.join(', ')})`)
  }
  return 0
}
