import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { authSessions, refreshTokens, users } from '../db/schema/index.ts'
import type { CurrentUser } from '../http/context.ts'
import { deriveKey, randomToken, sha256 } from './crypto.ts'

export type TokenPair = { access: string; refresh: string }

const issuer = 'atir'
const audience = 'atir-api'

/** What signing and renewing tokens need: the database, the clock, the key and the lifetimes. */
type TokenKeys = {
  db: Db
  now: () => Date
  key: ReturnType<typeof deriveKey>
  accessTtl: number
  refreshTtlMs: number
}

function signAccess({ now, key, accessTtl }: TokenKeys, userId: number, sessionId: string) {
  const issuedAt = Math.floor(now().getTime() / 1000)
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + accessTtl)
    .sign(key)
}

async function addRefresh({ db, now, refreshTtlMs }: TokenKeys, sessionId: string) {
  const refresh = randomToken()
  const at = now()
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash: sha256(refresh),
    createdAt: at,
    expiresAt: new Date(at.getTime() + refreshTtlMs),
  })
  return refresh
}

/** A new pair for a live session of a customer not deleted; `null` otherwise. */
async function renew(keys: TokenKeys, sessionId: string, at: Date): Promise<TokenPair | null> {
  const { db } = keys
  const [session] = await db
    .select({ userId: authSessions.userId })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), isNull(users.deletedAt)))
    .limit(1)
  if (!session) return null
  // Housekeeping: tokens of this session past their lifetime can no longer be replayed anyway.
  await db.delete(refreshTokens).where(and(eq(refreshTokens.sessionId, sessionId), lt(refreshTokens.expiresAt, at)))
  return { access: await signAccess(keys, session.userId, sessionId), refresh: await addRefresh(keys, sessionId) }
}

/**
 * Sessions and their tokens. The access token is a JWT (HS256, key derived
 * from SESSION_SECRET) with `sub` = user id and `sid` = session id; it is
 * accepted only while its session is live and the account not deleted. The
 * refresh token is opaque, stored as sha256, and rotates on every use.
 */
export function createTokens({ db, config, now }: { db: Db; config: Config; now: () => Date }) {
  const keys: TokenKeys = {
    db,
    now,
    key: deriveKey(config.sessionSecret, 'atir/access-token/v1'),
    accessTtl: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlMs: config.REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000,
  }
  const reuseGraceMs = config.REFRESH_REUSE_GRACE_SECONDS * 1000
  return { ...sessionTokens(keys, reuseGraceMs), ...sessionEnds(db, now) }
}

/** Opening a session, reading its access token, rotating its refresh token. */
function sessionTokens(keys: TokenKeys, reuseGraceMs: number) {
  const { db, now, key } = keys
  return {
    /** Opens a session (a login) and returns its first token pair. */
    async open(userId: number, options: { resetUntil?: Date } = {}): Promise<TokenPair> {
      const sessionId = randomToken(16)
      await db.insert(authSessions).values({ id: sessionId, userId, createdAt: now(), resetUntil: options.resetUntil })
      return { access: await signAccess(keys, userId, sessionId), refresh: await addRefresh(keys, sessionId) }
    },

    /**
     * The customer of a Bearer access token, or `null` when it is invalid,
     * expired or its session ended; `'blocked'` when the shop blocked the account.
     */
    async authenticate(token: string): Promise<CurrentUser | 'blocked' | null> {
      let payload: { sub?: string; sid?: unknown }
      try {
        ;({ payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'], currentDate: now() }))
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null
        throw error
      }
      const userId = Number(payload.sub)
      if (!Number.isSafeInteger(userId) || typeof payload.sid !== 'string') return null
      const [session] = await db
        .select({ revokedAt: authSessions.revokedAt, blockedAt: users.blockedAt })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(and(eq(authSessions.id, payload.sid), eq(authSessions.userId, userId), isNull(users.deletedAt)))
        .limit(1)
      if (!session) return null
      // Blocking revokes the sessions too; the customer is told why rather than just signed out.
      if (session.blockedAt) return 'blocked'
      return session.revokedAt ? null : { id: userId, sessionId: payload.sid }
    },

    /**
     * Exchanges a refresh token for a new pair. A used token presented again
     * means it leaked (or a client replayed it): the whole session is revoked.
     * Except within REFRESH_REUSE_GRACE_SECONDS of its first use: a browser
     * sends two requests with the same cookie at once, and behind a load
     * balancer they reach different processes; each gets a pair of the same
     * session. The grace lives here, in the database, so no process needs
     * to remember another's refresh. `null` when the token is unknown,
     * expired, reused or its session ended.
     */
    async rotate(refresh: string): Promise<TokenPair | null> {
      const tokenHash = sha256(refresh)
      const at = now()
      const [used] = await db
        .update(refreshTokens)
        .set({ usedAt: at })
        .where(
          and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, at)),
        )
        .returning({ sessionId: refreshTokens.sessionId })
      if (!used) {
        const [seen] = await db
          .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1)
        if (!seen?.usedAt) return null
        if (at.getTime() - seen.usedAt.getTime() <= reuseGraceMs) return renew(keys, seen.sessionId, at)
        await db
          .update(authSessions)
          .set({ revokedAt: at })
          .where(and(eq(authSessions.id, seen.sessionId), isNull(authSessions.revokedAt)))
        return null
      }
      return renew(keys, used.sessionId, at)
    },
  }
}

/** Ending sessions (logout, a password changed) and the password-reset window of one. */
function sessionEnds(db: Db, now: () => Date) {
  return {
    /** Ends the session of a refresh token (logout); unknown tokens are ignored. */
    async revokeByRefresh(refresh: string) {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refresh)))
        .limit(1)
      if (row)
        await db
          .update(authSessions)
          .set({ revokedAt: now() })
          .where(and(eq(authSessions.id, row.sessionId), isNull(authSessions.revokedAt)))
    },

    /** Ends every session of a customer, except `keep` (the one changing the password). */
    async revokeAll(userId: number, keep?: string) {
      await db
        .update(authSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            keep ? ne(authSessions.id, keep) : sql`true`,
          ),
        )
    },

    /** Until when a session opened by a reset code may set a password without the old one. */
    async resetUntil(sessionId: string): Promise<Date | null> {
      const [row] = await db
        .select({ resetUntil: authSessions.resetUntil })
        .from(authSessions)
        .where(eq(authSessions.id, sessionId))
        .limit(1)
      return row?.resetUntil ?? null
    },

    async endReset(sessionId: string) {
      await db.update(authSessions).set({ resetUntil: null }).where(eq(authSessions.id, sessionId))
    },
  }
}

export type Tokens = ReturnType<typeof createTokens>
