import { and, eq, gt, isNull, ne } from 'drizzle-orm'
import { sha256 } from '../auth/crypto.ts'
import type { Db } from '../db/client.ts'
import { customerTelegram, customerTelegramCodes, users } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { isUniqueViolation } from '../orders/db-errors.ts'
import { LINK_CODE_TTL_MINUTES, type LinkCode, linkCodeToken } from './link.ts'

/** A customer's Telegram as the bot uses it: their private chat and the language they read. */
export type CustomerChat = { userId: number; telegramUserId: number; lang: Lang; linkedAt: Date }

/**
 * A fresh one-time code for `userId`'s Telegram link (their earlier unused
 * ones are dropped), valid as long as the staff's; `lang` becomes the
 * language of their bot messages and order news.
 */
export async function createCustomerLinkCode(
  db: Db,
  userId: number,
  options: { now: Date; lang: Lang },
): Promise<LinkCode> {
  const code = linkCodeToken()
  const expiresAt = new Date(options.now.getTime() + LINK_CODE_TTL_MINUTES * 60_000)
  await db.transaction(async (tx) => {
    await tx.delete(customerTelegramCodes).where(eq(customerTelegramCodes.userId, userId))
    await tx
      .insert(customerTelegramCodes)
      .values({ userId, codeHash: sha256(code), lang: options.lang, createdAt: options.now, expiresAt })
  })
  return { code, expiresAt }
}

export type CustomerLinkResult =
  | { status: 'linked'; lang: Lang }
  | { status: 'taken'; lang: Lang }
  /** Not a customer's code: maybe a staff member's (telegram/link.ts). */
  | { status: 'unknown' }

/**
 * `/start <code>` of a customer's code from Telegram user `telegramUserId`:
 * a valid, unexpired, unused code of an account that still exists links that
 * Telegram account to it (replacing the account's earlier one) and is spent.
 * A Telegram account already getting another customer's news is refused
 * (`taken`; the code stays valid, so `/stop` and the link again work).
 */
export async function redeemCustomerCode(
  db: Db,
  code: string,
  telegramUserId: number,
  now: Date,
): Promise<CustomerLinkResult> {
  try {
    return await db.transaction(async (tx): Promise<CustomerLinkResult> => {
      const [row] = await tx
        .select()
        .from(customerTelegramCodes)
        .where(
          and(
            eq(customerTelegramCodes.codeHash, sha256(code)),
            isNull(customerTelegramCodes.usedAt),
            gt(customerTelegramCodes.expiresAt, now),
          ),
        )
        .for('update')
      if (!row) return { status: 'unknown' }
      const [account] = await tx
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, row.userId))
        .for('update')
      if (!account || account.deletedAt) return { status: 'unknown' }
      const [other] = await tx
        .select({ userId: customerTelegram.userId })
        .from(customerTelegram)
        .where(and(eq(customerTelegram.telegramUserId, telegramUserId), ne(customerTelegram.userId, row.userId)))
      if (other) return { status: 'taken', lang: row.lang }
      await tx.update(customerTelegramCodes).set({ usedAt: now }).where(eq(customerTelegramCodes.id, row.id))
      await tx
        .insert(customerTelegram)
        .values({ userId: row.userId, telegramUserId, lang: row.lang, linkedAt: now })
        .onConflictDoUpdate({
          target: customerTelegram.userId,
          set: { telegramUserId, lang: row.lang, linkedAt: now },
        })
      return { status: 'linked', lang: row.lang }
    })
  } catch (error) {
    // Another code linked this Telegram account to another customer at the same moment.
    if (isUniqueViolation(error)) return { status: 'taken', lang: 'ru' }
    throw error
  }
}

/** Unlinks `userId`'s Telegram (their news go by SMS again) and drops unused codes; false when none was linked. */
export async function unlinkCustomer(db: Db, userId: number): Promise<boolean> {
  await db.delete(customerTelegramCodes).where(eq(customerTelegramCodes.userId, userId))
  const gone = await db
    .delete(customerTelegram)
    .where(eq(customerTelegram.userId, userId))
    .returning({ userId: customerTelegram.userId })
  return gone.length > 0
}

/** Unlinks whichever customer Telegram user `telegramUserId` is linked to (`/stop`, a blocked bot). */
export async function unlinkTelegramUser(db: Db, telegramUserId: number): Promise<CustomerChat | null> {
  const [gone] = await db
    .delete(customerTelegram)
    .where(eq(customerTelegram.telegramUserId, telegramUserId))
    .returning()
  return gone ?? null
}

/** The Telegram linked to customer `userId`, if any. */
export async function customerChatOf(db: Db, userId: number): Promise<CustomerChat | null> {
  const [row] = await db.select().from(customerTelegram).where(eq(customerTelegram.userId, userId))
  return row ?? null
}

/** The customer linked to Telegram user `telegramUserId`, if any. */
export async function linkedCustomer(db: Db, telegramUserId: number): Promise<CustomerChat | null> {
  const [row] = await db.select().from(customerTelegram).where(eq(customerTelegram.telegramUserId, telegramUserId))
  return row ?? null
}
