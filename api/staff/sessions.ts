import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { randomToken, sha256 } from '../auth/crypto.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { staff, staffApiKeys, staffSessions } from '../db/schema/index.ts'
import type { CurrentStaff } from '../http/context.ts'
import { setupRequiredOf } from './accounts.ts'

/**
 * How long staff sign-ins last (README "Back office"): a session ends after
 * 12 hours without a request or 7 days after the sign-in, whichever comes
 * first; the ticket between password and second factor lasts 5 minutes and
 * allows 5 wrong codes.
 */
export const staffSessionLimits = {
  idleSeconds: 12 * 60 * 60,
  absoluteSeconds: 7 * 24 * 60 * 60,
  challengeSeconds: 5 * 60,
  challengeAttempts: 5,
  /** last_used_at is written at most this often, not on every request. */
  touchSeconds: 60,
} as const

/** Prefixes tell a session token from an integration key (and make leaked ones easy to scan for). */
export const tokenPrefix = { session: 'ats_', key: 'atk_' } as const

export type ClientInfo = { userAgent?: string | null; address?: string | null }

/** A row of `staff_sessions`: a session or a second-factor challenge, its token kept as a hash. */
function sessionRow(
  staffId: number,
  kind: 'session' | 'challenge',
  token: string,
  at: Date,
  expiresAt: Date,
  client: ClientInfo,
): typeof staffSessions.$inferInsert {
  return {
    staffId,
    kind,
    tokenHash: sha256(token),
    createdAt: at,
    lastUsedAt: at,
    expiresAt,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    address: client.address ?? null,
  }
}

type SessionDeps = { db: Db; now: () => Date; secondFactorRequired: boolean }

const seconds = (n: number) => n * 1000

/** Staff sign-ins: sessions (and integration keys) and the second-factor challenges before them. */
export function createStaffSessions(deps: SessionDeps) {
  return { ...signedInSessions(deps), ...challenges(deps) }
}

/** Sessions: opened after sign-in, read from a bearer token (or an integration key), ended. */
function signedInSessions({ db, now, secondFactorRequired }: SessionDeps) {
  async function byKey(token: string): Promise<CurrentStaff | null> {
    const at = now()
    const [key] = await db
      .update(staffApiKeys)
      .set({ lastUsedAt: at })
      .where(and(eq(staffApiKeys.tokenHash, sha256(token)), isNull(staffApiKeys.revokedAt)))
      .returning({ id: staffApiKeys.id, role: staffApiKeys.role, name: staffApiKeys.name })
    if (!key) return null
    return { id: null, role: key.role, name: key.name, sessionId: null, keyId: key.id, setupRequired: null }
  }

  return {
    /** Opens a session for a staff member whose password (and second factor) were checked. */
    async open(staffId: number, client: ClientInfo = {}) {
      const token = tokenPrefix.session + randomToken()
      const at = now()
      const expiresAt = new Date(at.getTime() + seconds(staffSessionLimits.absoluteSeconds))
      const row = oneRow(
        await db
          .insert(staffSessions)
          .values(sessionRow(staffId, 'session', token, at, expiresAt, client))
          .returning({ id: staffSessions.id }),
      )
      return { token, sessionId: row.id, expiresAt }
    },

    /**
     * The staff member (or key) of a bearer token, or `null` when it is
     * unknown, revoked, idle or old past its limits, or the account is disabled.
     */
    async authenticate(token: string): Promise<CurrentStaff | null> {
      if (token.startsWith(tokenPrefix.key)) return byKey(token)
      if (!token.startsWith(tokenPrefix.session)) return null
      const at = now()
      const [row] = await db
        .select({
          sessionId: staffSessions.id,
          lastUsedAt: staffSessions.lastUsedAt,
          id: staff.id,
          role: staff.role,
          name: staff.name,
          passwordChangeRequired: staff.passwordChangeRequired,
          totpEnabledAt: staff.totpEnabledAt,
        })
        .from(staffSessions)
        .innerJoin(staff, eq(staff.id, staffSessions.staffId))
        .where(
          and(
            eq(staffSessions.tokenHash, sha256(token)),
            eq(staffSessions.kind, 'session'),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, at),
            gt(staffSessions.lastUsedAt, new Date(at.getTime() - seconds(staffSessionLimits.idleSeconds))),
            isNull(staff.disabledAt),
          ),
        )
        .limit(1)
      if (!row) return null
      if (at.getTime() - row.lastUsedAt.getTime() >= seconds(staffSessionLimits.touchSeconds))
        await db.update(staffSessions).set({ lastUsedAt: at }).where(eq(staffSessions.id, row.sessionId))
      const setupRequired = setupRequiredOf(row, secondFactorRequired)
      return { id: row.id, role: row.role, name: row.name, sessionId: row.sessionId, keyId: null, setupRequired }
    },

    /** Ends one session (sign out). */
    async revoke(sessionId: number) {
      await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)))
    },

    /** Ends every session and challenge of a staff member, except `keep`; returns how many ended. */
    async revokeAll(staffId: number, keep?: number): Promise<number> {
      const rows = await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(staffSessions.staffId, staffId),
            isNull(staffSessions.revokedAt),
            keep ? ne(staffSessions.id, keep) : sql`true`,
          ),
        )
        .returning({ id: staffSessions.id })
      return rows.length
    },
  }
}

/** The ticket between a right password and the second factor: opened, tried, spent. */
function challenges({ db, now }: SessionDeps) {
  return {
    /** The ticket for the second factor after a right password. */
    async openChallenge(staffId: number, client: ClientInfo = {}) {
      const challenge = randomToken()
      const at = now()
      const expiresAt = new Date(at.getTime() + seconds(staffSessionLimits.challengeSeconds))
      // Expired tickets of anyone are of no use: cleared as new ones are made.
      await db.delete(staffSessions).where(and(eq(staffSessions.kind, 'challenge'), lt(staffSessions.expiresAt, at)))
      await db.insert(staffSessions).values(sessionRow(staffId, 'challenge', challenge, at, expiresAt, client))
      return { challenge, expiresAt }
    },

    /**
     * Counts one attempt on a live challenge and returns its staff id, or
     * `null` when the challenge is unknown, expired, used or out of attempts.
     */
    async attemptChallenge(challenge: string): Promise<{ id: number; staffId: number } | null> {
      const at = now()
      const [row] = await db
        .update(staffSessions)
        .set({ attempts: sql`${staffSessions.attempts} + 1` })
        .where(
          and(
            eq(staffSessions.tokenHash, sha256(challenge)),
            eq(staffSessions.kind, 'challenge'),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, at),
            lt(staffSessions.attempts, staffSessionLimits.challengeAttempts),
          ),
        )
        .returning({ id: staffSessions.id, staffId: staffSessions.staffId })
      return row ?? null
    },

    /** Spends a challenge once its code was right, so it opens one session only. */
    async closeChallenge(id: number): Promise<boolean> {
      const rows = await db
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)))
        .returning({ id: staffSessions.id })
      return rows.length > 0
    },
  }
}
