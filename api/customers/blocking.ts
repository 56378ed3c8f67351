import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { authSessions, refreshTokens, settings, users } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'

/**
 * What a blocked customer is told, in their language, wherever they are
 * refused (sign-in, refresh, any signed-in call, an order): blocked, and the
 * shop's phone from the contacts the back office keeps.
 */
export async function blockedMessage(db: Db, lang: Lang): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'contacts'))
  const phone = (row?.value as { phone?: unknown } | undefined)?.phone
  return typeof phone === 'string' && phone.trim()
    ? message(lang, 'account_blocked', { phone: phone.trim() })
    : message(lang, 'account_blocked_no_phone')
}

/** The refusal of a blocked customer: 403 (sign-in, orders) or 401 (tokens: the client signs out). */
export async function accountBlocked(db: Db, lang: Lang, status: 401 | 403 = 403): Promise<ApiError> {
  return new ApiError(status, await blockedMessage(db, lang))
}

/** Whether the account behind a refresh token is blocked (to say why a refresh failed). */
export async function blockedByRefresh(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ blockedAt: users.blockedAt })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(users.deletedAt)))
    .limit(1)
  return row?.blockedAt != null
}
