import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema/index.ts'
import { avatarSrc } from '../profile/avatar.ts'

export type UserRow = typeof users.$inferSelect

/** The account that currently owns a phone number (deleted accounts own none). */
export async function liveUserByPhone(db: Db, phone: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1)
  return row ?? null
}

export async function liveUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
  return row ?? null
}

/** The `User` of the API (SPEC §3); media URLs start at `mediaBase` (`mediaBase(config)`). */
export function userView(row: UserRow, mediaBase: string) {
  return {
    id: row.id,
    phone: row.phone ?? '',
    full_name: row.fullName,
    extra_phone: row.extraPhone,
    avatar_src: avatarSrc(row.avatar, mediaBase),
    cashback_balance: row.cashbackBalance,
  }
}

/** True when a database error is a unique-constraint violation (a phone taken in a race). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true
  return false
}
