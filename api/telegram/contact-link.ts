import { and, eq, isNull, ne } from 'drizzle-orm'
import { normalizePhone } from '#contract/phone.ts'
import { isUniqueViolation } from '../account/users.ts'
import { shopLangOfTelegram } from '../auth/telegram-webapp.ts'
import type { Db, Tx } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { customerTelegram, users } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'

/** A contact as Telegram puts it in a message (core.telegram.org/bots/api#contact). */
export type SharedContact = { phone_number: string; user_id?: number; first_name?: string; last_name?: string }

export type ContactLinkResult =
  | { status: 'linked'; userId: number; phone: string; created: boolean; lang: Lang }
  /** Someone else's contact (forwarded, or typed into the card): proves nothing about the sender. */
  | { status: 'not_own'; lang: Lang }
  /** Not a +998 number: the shop's accounts are Uzbek numbers. */
  | { status: 'invalid_phone'; lang: Lang }

/**
 * A contact shared in the bot's private chat (the Mini App's requestContact,
 * or the attachment menu): Telegram vouches that the number is the sender's
 * own only when the contact's `user_id` is the sender's id, so only then is
 * that Telegram account linked to the shop account of the number (made now,
 * without a password, when there is none), for signing in to the Mini App
 * and for order news. No SMS code: Telegram checked the number when the
 * account was made. A Telegram account linked to another shop account moves
 * to this one; the account's earlier Telegram is replaced.
 */
export async function linkByContact(
  db: Db,
  from: { id: number; language_code?: string; first_name?: string; last_name?: string },
  contact: SharedContact,
  now: Date,
): Promise<ContactLinkResult> {
  const lang = shopLangOfTelegram(from.language_code)
  if (contact.user_id !== from.id) return { status: 'not_own', lang }
  const phone = normalizePhone(contact.phone_number)
  if (!phone) return { status: 'invalid_phone', lang }
  const fullName = [contact.first_name, contact.last_name].filter(Boolean).join(' ').slice(0, 200)
  try {
    return await linkPhone(db, { telegramUserId: from.id, phone, fullName, lang }, now)
  } catch (error) {
    // The same number's account was made at the same moment (the contact sent twice): it exists now.
    if (!isUniqueViolation(error)) throw error
    return linkPhone(db, { telegramUserId: from.id, phone, fullName, lang }, now)
  }
}

type Link = { telegramUserId: number; phone: string; fullName: string; lang: Lang }

function linkPhone(db: Db, link: Link, now: Date): Promise<ContactLinkResult> {
  return db.transaction(async (tx) => {
    const { userId, created } = await accountOfPhone(tx, link, now)
    await tx
      .delete(customerTelegram)
      .where(and(eq(customerTelegram.telegramUserId, link.telegramUserId), ne(customerTelegram.userId, userId)))
    // An account already reading its news somewhere keeps the language it chose there.
    const [row] = await tx
      .insert(customerTelegram)
      .values({ userId, telegramUserId: link.telegramUserId, lang: link.lang, linkedAt: now })
      .onConflictDoUpdate({
        target: customerTelegram.userId,
        set: { telegramUserId: link.telegramUserId, linkedAt: now },
      })
      .returning({ lang: customerTelegram.lang })
    return { status: 'linked', userId, phone: link.phone, created, lang: row?.lang ?? link.lang } as const
  })
}

/** The live account of the number, or a new one (name from the contact, no password). */
async function accountOfPhone(tx: Tx, link: Link, now: Date) {
  const [existing] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, link.phone), isNull(users.deletedAt)))
    .for('update')
  if (existing) return { userId: existing.id, created: false }
  const made = oneRow(
    await tx
      .insert(users)
      .values({ phone: link.phone, fullName: link.fullName, createdAt: now })
      .returning({ id: users.id }),
  )
  return { userId: made.id, created: true }
}
