import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgEnum, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core'
import { createdAt, moment, singleUse } from './columns.ts'

/**
 * Customers. `phone` is E.164 (`+998…`) and identifies the account; deleting
 * an account anonymises the row (phone, names and password cleared,
 * `deleted_at` set) so past orders keep their customer id. `blocked_at` and
 * the staff's `blocked_reason` while the shop has blocked the account.
 */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    phone: text().unique(),
    // Name and surname in one text, as registration asks it (migration 0014 merged a former `surname`).
    fullName: text('full_name').notNull().default(''),
    extraPhone: text('extra_phone'),
    passwordHash: text('password_hash'),
    // Path of the original under DATA_DIR/uploads; sized copies are derived on demand.
    avatar: text(),
    // Whole sum, like every amount; bigint, as it adds up over the years.
    cashbackBalance: bigint('cashback_balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    passwordChangedAt: moment('password_changed_at'),
    deletedAt: moment('deleted_at'),
    // Set by the back office (api/admin/customers/): a blocked customer can't sign in or order.
    blockedAt: moment('blocked_at'),
    blockedReason: text('blocked_reason'),
  },
  (t) => [check('users_cashback_non_negative', sql`${t.cashbackBalance} >= 0`)],
)

/**
 * A signed-in session: one per login, the family of its rotating refresh
 * tokens. Access tokens carry its id (`sid`), so revoking the session ends
 * them at once. `reset_until` marks a session opened by a password-reset
 * code: until then it may set a new password without the old one.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    resetUntil: moment('reset_until'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
)

/**
 * Refresh tokens, stored as sha256 of the opaque token. Each use rotates the
 * token (`used_at` set, a new one issued in the same session); presenting a
 * used one again is theft or a replay and revokes the whole session.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    ...singleUse(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

export const codePurpose = pgEnum('code_purpose', ['register', 'reset', 'change_phone'])

/**
 * One-time SMS codes. The code is kept as an HMAC; `session_hash` is the
 * sha256 of the ticket handed to the client with the code request
 * (registration `session`, reset `signature`), `signature_hash` the one a
 * verified registration code is exchanged for. Rows also serve the daily
 * caps per phone and per client address.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial().primaryKey(),
    purpose: codePurpose().notNull(),
    phone: text().notNull(),
    // Who asked, for a phone change.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    sessionHash: text('session_hash').notNull().unique(),
    signatureHash: text('signature_hash').unique(),
    attempts: smallint().notNull().default(0),
    // Who asked, as the per-address cap counts it (`limitAddress`: an IPv6 address by its /64).
    clientAddress: text('client_address'),
    createdAt: createdAt(),
    expiresAt: moment('expires_at').notNull(),
    verifiedAt: moment('verified_at'),
    consumedAt: moment('consumed_at'),
  },
  (t) => [
    index('verification_codes_phone_idx').on(t.phone, t.createdAt),
    index('verification_codes_address_idx').on(t.clientAddress, t.createdAt),
  ],
)

/** Failed logins (and wrong current passwords), by `phone:+998…`, `pair:+998…|<address>` and `address:<address>`, for throttling. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial().primaryKey(),
    bucket: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_bucket_idx').on(t.bucket, t.createdAt)],
)
