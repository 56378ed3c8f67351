import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core'
import { createdAt, moment } from './columns.ts'

type Role = 'owner' | 'manager' | 'content' | 'warehouse' | 'courier'

/** The roles of api/staff/permissions.ts: text with a check, so a new role is a small migration. */
const knownRole = (column: unknown) => sql`${column} in ('owner', 'manager', 'content', 'warehouse', 'courier')`

/**
 * The shop's people (not customers). `phone` is E.164 and signs in with the
 * password. `totp_secret` is the authenticator secret, encrypted with a key
 * derived from SESSION_SECRET; `totp_enabled_at` is set once a first code
 * confirmed it, and `totp_last_step` is the 30-second step of the last code
 * accepted, so no code is used twice. A disabled account keeps its row (the
 * audit log names it) and cannot sign in.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial().primaryKey(),
    phone: text().notNull().unique(),
    name: text().notNull().default(''),
    role: text().notNull().$type<Role>(),
    passwordHash: text('password_hash').notNull(),
    // A password someone else chose (the owner, the CLI): changed at the first sign-in.
    passwordChangeRequired: boolean('password_change_required').notNull().default(true),
    totpSecret: text('totp_secret'),
    totpEnabledAt: moment('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    // Linked once from Telegram, so the bot's buttons act as this staff member.
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).unique(),
    // The language the bot speaks to this staff member (uz, sr, ru).
    lang: text().notNull().default('ru').$type<'uz' | 'sr' | 'ru'>(),
    disabledAt: moment('disabled_at'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('staff_role_known', knownRole(t.role)),
    check('staff_lang_known', sql`${t.lang} in ('uz', 'sr', 'ru')`),
  ],
)

/** One-time recovery codes for a lost authenticator, stored as HMACs; `used_at` once spent. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial().primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: moment('used_at'),
  },
  (t) => [index('staff_recovery_codes_staff_idx').on(t.staffId)],
)

/**
 * Staff sign-ins, in the database so every process shares them. `kind`
 * `session` is a bearer token (sha256 in `token_hash`) with an idle expiry
 * (`last_used_at`) and an absolute one (`expires_at`); `challenge` is the
 * short-lived ticket between a right password and the second factor, with
 * its wrong `attempts` counted.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial().primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    kind: text().notNull().$type<'session' | 'challenge'>(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at').notNull().defaultNow(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    attempts: smallint().notNull().default(0),
    userAgent: text('user_agent'),
    address: text(),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    check('staff_sessions_kind_known', sql`${t.kind} in ('session', 'challenge')`),
  ],
)

/**
 * Keys for machine integrations (1C, MoySklad, a courier app): a named bearer
 * token with its own role, stored as sha256, shown once; audited as `key:<id>`.
 */
export const staffApiKeys = pgTable(
  'staff_api_keys',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    role: text().notNull().$type<Role>(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: moment('last_used_at'),
    revokedAt: moment('revoked_at'),
  },
  (t) => [check('staff_api_keys_role_known', knownRole(t.role))],
)

/**
 * Every change made by staff, keys, the CLI or the shop itself: who
 * (`staff_id`, and `actor` such as `staff:3`, `key:1`, `cli`, `system`),
 * through what (`via`: web, api, telegram, cli), what (`action` such as
 * `order.status` on `entity` + `entity_id`) and the state before → after.
 * Never holds password hashes or secrets.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: moment('at').notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text().notNull(),
    via: text().notNull().$type<'web' | 'api' | 'telegram' | 'cli' | 'system'>(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text('entity_id'),
    before: jsonb(),
    after: jsonb(),
    address: text(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.at.desc()),
  ],
)
