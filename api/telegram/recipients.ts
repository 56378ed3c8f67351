import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import { listCarriers } from '../admin/dispatch/couriers.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { staff } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { STAFF_CHAT } from '../notifications/outbox.ts'
import type { StaffRole } from '../staff/permissions.ts'
import { staffLang } from './texts.ts'

/** Where a report goes: a linked staff member's private chat in their language. */
export type Recipient = { chatId: string; lang: Lang }

/** The staff chat (TELEGRAM_CHAT_ID) in its language: where a report goes when no one it is for linked Telegram. */
export const staffChat = (config: Pick<Config, 'TELEGRAM_CHAT_LANG'>): Recipient => ({
  chatId: STAFF_CHAT,
  lang: config.TELEGRAM_CHAT_LANG,
})

/**
 * The active staff of `role` who linked Telegram (their private chat with
 * the bot is their Telegram user id).
 */
export async function linkedStaffOf(db: Db, role: StaffRole): Promise<Recipient[]> {
  const rows = await db
    .select({ telegramUserId: staff.telegramUserId, lang: staff.lang })
    .from(staff)
    .where(and(eq(staff.role, role), isNotNull(staff.telegramUserId), isNull(staff.disabledAt)))
    .orderBy(asc(staff.id))
  return rows.map((r) => ({ chatId: String(r.telegramUserId), lang: staffLang(r.lang) }))
}

/** Most staff the courier picker lists (Telegram keyboards get unwieldy beyond). */
export const COURIER_CHOICES = 10

/** Who an order can be given to from Telegram: as on the website (couriers first), with their open orders. */
export async function courierChoices(db: Db): Promise<{ id: number; name: string; load: number }[]> {
  const carriers = await listCarriers(db)
  return carriers.slice(0, COURIER_CHOICES).map((c) => ({ id: c.id, name: c.name, load: c.load.total }))
}
