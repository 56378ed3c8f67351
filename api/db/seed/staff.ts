import { isNull } from 'drizzle-orm'
import { recordAudit, systemActor } from '../../audit/record.ts'
import { hashPassword, verifyPassword } from '../../auth/passwords.ts'
import type { Db } from '../client.ts'
import { staff } from '../schema/index.ts'

/**
 * The demo shop's owner: no second factor and a password printed in the
 * start-up log and written here, so a newcomer opens the back office at once.
 * Only the demo seed makes it; a live shop refuses to start while any staff
 * account still has this password.
 */
export const demoOwner = { phone: '+998900000001', password: 'atir-demo-owner', name: 'Demo owner' } as const

export async function seedDemoOwner(db: Db) {
  const [row] = await db
    .insert(staff)
    .values({
      phone: demoOwner.phone,
      name: demoOwner.name,
      role: 'owner',
      passwordHash: await hashPassword(demoOwner.password),
      passwordChangeRequired: false,
    })
    .onConflictDoNothing()
    .returning()
  if (row)
    await recordAudit(db, {
      ...systemActor,
      action: 'staff.create',
      entity: 'staff',
      entityId: row.id,
      after: { phone: row.phone, name: row.name, role: row.role, second_factor_enabled: false, disabled: false },
    })
}

/** The active staff accounts whose password is still the demo owner's (public, in this repository). */
export async function staffWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await db
    .select({ phone: staff.phone, passwordHash: staff.passwordHash })
    .from(staff)
    .where(isNull(staff.disabledAt))
  const found: string[] = []
  for (const row of rows) if (await verifyPassword(row.passwordHash, demoOwner.password)) found.push(row.phone)
  return found
}
