import { and, eq, isNull } from 'drizzle-orm'
import type { UserRow } from '../account/users.ts'
import { invalidateCatalogue } from '../catalogue/cache.ts'
import type { Db } from '../db/client.ts'
import { reviews, users } from '../db/schema/index.ts'

export type ProfileChanges = Partial<Pick<UserRow, 'fullName' | 'extraPhone'>>

export async function updateProfile(db: Db, userId: number, changes: ProfileChanges): Promise<UserRow> {
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning()
  // A review shows its author's first name, and product pages' reviews are kept (api/catalogue/cache.ts).
  if (changes.fullName !== undefined) {
    const [review] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.userId, userId)).limit(1)
    if (review) await invalidateCatalogue(db)
  }
  return row!
}

/**
 * Points the account at a new photo and answers the one it replaces; the row
 * is locked so two uploads cannot both miss the other's files. Null when the
 * account has been deleted meanwhile.
 */
export async function replaceAvatar(
  db: Db,
  userId: number,
  path: string,
): Promise<{ row: UserRow; previous: string | null } | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update')
    const [row] = await tx
      .update(users)
      .set({ avatar: path })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning()
    return row ? { row, previous: old?.avatar ?? null } : null
  })
}

export async function removeAvatar(db: Db, userId: number): Promise<UserRow> {
  const [row] = await db.update(users).set({ avatar: null }).where(eq(users.id, userId)).returning()
  return row!
}
