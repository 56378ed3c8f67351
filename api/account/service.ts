import { and, eq, isNull } from 'drizzle-orm'
import { mergeVisitorIntoAccount } from '../cart/merge.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { users, verificationCodes } from '../db/schema/index.ts'
import type { UserRow } from './users.ts'

/**
 * Claims the verified registration code and creates the account in one
 * transaction, so a code makes one account at most; null when the code was
 * claimed meanwhile. A phone taken in a race fails with a unique violation.
 * The visitor's basket and favourites (`fingerprint`) become the account's.
 */
export async function createAccount(
  db: Db,
  account: { codeId: number; phone: string; passwordHash: string; fullName: string; fingerprint?: string | null },
  at: Date,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(verificationCodes)
      .set({ consumedAt: at })
      .where(and(eq(verificationCodes.id, account.codeId), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id })
    if (!claimed) return null
    const { phone, fullName, passwordHash } = account
    const created = oneRow(
      await tx
        .insert(users)
        .values({ phone, fullName, passwordHash, createdAt: at, passwordChangedAt: at })
        .returning({ id: users.id }),
    )
    if (account.fingerprint) await mergeVisitorIntoAccount(tx, account.fingerprint, created.id)
    return created.id
  })
}

export async function setPassword(db: Db, userId: number, passwordHash: string, at: Date) {
  await db.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, userId))
}

/** Fails with a unique violation when another account took the phone meanwhile. */
export async function changePhone(db: Db, userId: number, phone: string): Promise<UserRow> {
  const [row] = await db.update(users).set({ phone }).where(eq(users.id, userId)).returning()
  return row!
}
