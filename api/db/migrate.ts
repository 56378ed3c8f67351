import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as runPgMigrations } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as runPgliteMigrations } from 'drizzle-orm/pglite/migrator'
import type pg from 'pg'
import { logger } from '../log.ts'
import { fromRoot } from '../project-root.ts'
import { whileHolding } from './advisory-lock.ts'
import type { Db } from './client.ts'

export const migrationsFolder = fromRoot('api/db/migrations')

/** `apply` brings the database up to this code; `verify` only checks it is (start-up after `npm run migrate`). */
export type MigrationMode = 'apply' | 'verify'

/**
 * The oldest code that still runs right on the schema this code's migrations
 * make, named by that code's newest migration. Expand-only migrations (a new
 * table, a nullable column, an index) leave it where it is, so the version
 * before can still start on the new schema (a rollback, or an old process
 * restarting during a rolling upgrade); a contracting one (a column dropped,
 * renamed, made required) moves it to itself. docs/deploying.md "Upgrades and
 * rollbacks".
 */
export const oldestCompatibleMigration = '0020_sale_window_indexes'

type Journal = { entries: { when: number; tag: string }[] }

function journal() {
  return JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal
}

/** The newest migration this code carries (drizzle records its `when` as `created_at`). */
function latestKnown() {
  const last = journal().entries.at(-1)
  if (!last) throw new Error('api/db/migrations has no migrations')
  return last
}

/** `oldestCompatibleMigration` as drizzle records it. */
export function compatibleFrom() {
  const entry = journal().entries.find((e) => e.tag === oldestCompatibleMigration)
  if (!entry) throw new Error(`oldestCompatibleMigration ${oldestCompatibleMigration} is not a migration`)
  return entry.when
}

export class SchemaMismatchError extends Error {
  override readonly name = 'SchemaMismatchError'
}

type SchemaState = { appliedAt: number | null; compatibleFrom: number | null }

/**
 * The database's applied migrations against this code's: whether some are
 * pending, and for a database ahead of the code (a newer version migrated it)
 * whether that version recorded that code as old as this still runs on its
 * schema (a rollback) or not (running this code on it could lose data).
 */
function assess({ appliedAt, compatibleFrom }: SchemaState) {
  const known = latestKnown()
  const ahead = appliedAt !== null && appliedAt > known.when
  return {
    known,
    pending: appliedAt === null || appliedAt < known.when,
    ahead: ahead ? (compatibleFrom !== null && compatibleFrom <= known.when ? 'runs on it' : 'refused') : null,
  }
}

const newerSchema = (known: { tag: string }) =>
  `The database was migrated by a newer version of the shop than this one (its latest migration is newer than ${known.tag}). Deploy that version, or restore a backup taken before it.`
const pendingSchema = (known: { tag: string }) =>
  `The database needs migrations up to ${known.tag}: run \`npm run migrate\` first (or start with MIGRATIONS=apply).`

/**
 * A database ahead of the code is refused whatever the mode, unless it runs
 * this code (then nothing is applied, and a warning says so); one behind is
 * refused in `verify` mode. Returns whether migrations are pending.
 */
function compare(state: SchemaState, mode: MigrationMode) {
  const { known, pending, ahead } = assess(state)
  if (ahead === 'runs on it') {
    logger().warn(
      `The database was migrated by a newer version of the shop; this one (up to ${known.tag}) runs on it, as that version recorded (its migrations since are expand-only).`,
    )
    return false
  }
  if (ahead === 'refused') throw new SchemaMismatchError(newerSchema(known))
  if (pending && mode === 'verify') throw new SchemaMismatchError(pendingSchema(known))
  return pending
}

/**
 * Where the database stands, changing nothing (`npm run preflight`): how many
 * of this code's migrations it has and lacks, and what a start with
 * MIGRATIONS=verify (`verify`) or any start (`any`) would refuse, if anything.
 */
export async function migrationStatus(db: Db) {
  const query: Query = async (text) => (await db.execute(sql.raw(text))) as unknown as Awaited<ReturnType<Query>>
  const state = await schemaState(query)
  const { known, pending, ahead } = assess(state)
  const { entries } = journal()
  const applied = entries.filter((entry) => state.appliedAt !== null && entry.when <= state.appliedAt).length
  return {
    applied,
    pending: entries.length - applied,
    latest: known.tag,
    ahead: ahead !== null,
    refusal: {
      any: ahead === 'refused' ? newerSchema(known) : null,
      verify: ahead === 'refused' ? newerSchema(known) : pending ? pendingSchema(known) : null,
    },
  }
}

const appliedQuery = `select max(created_at)::bigint as at from drizzle.__drizzle_migrations`
const tableQuery = `select to_regclass('drizzle.__drizzle_migrations') is not null as present, to_regclass('drizzle.atir_compatibility') is not null as marker`
// Beside drizzle's own record of the migrations, not among the shop's tables: a backup, a
// restore and the move to PostgreSQL carry the shop's data, the target's migrations write this.
const markerTable = `create table if not exists drizzle.atir_compatibility (
  id smallint primary key default 1 check (id = 1),
  compatible_from bigint not null,
  migration bigint not null,
  tag text not null
)`
// Trusted only when written at the newest migration applied: by the version that applied it.
const markerQuery = `select compatible_from as at, migration from drizzle.atir_compatibility`

type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

/** The newest migration applied, and the oldest code the version that applied it said runs on it. */
async function schemaState(query: Query): Promise<SchemaState> {
  const { rows } = await query(tableQuery)
  if (!rows[0]?.present) return { appliedAt: null, compatibleFrom: null }
  const at = (await query(appliedQuery)).rows[0]?.at
  const appliedAt = at == null ? null : Number(at)
  const marker = rows[0]?.marker ? (await query(markerQuery)).rows[0] : undefined
  const current = marker?.at != null && Number(marker.migration) === appliedAt
  return { appliedAt, compatibleFrom: current ? Number(marker.at) : null }
}

/** After migrating: which older code may still run on this schema (read by that code's `compare`). */
async function recordCompatibility(query: Query) {
  const latest = latestKnown()
  await query(markerTable)
  await query(
    `insert into drizzle.atir_compatibility (compatible_from, migration, tag) values ($1, $2, $3)
     on conflict (id) do update set compatible_from = excluded.compatible_from, migration = excluded.migration, tag = excluded.tag`,
    [compatibleFrom(), latest.when, latest.tag],
  )
}

/**
 * PostgreSQL: several processes starting together on one database apply the
 * migrations once. The first takes the migrations' lock and migrates; the
 * others wait for it, then find nothing pending (advisory-lock.ts `whileHolding`:
 * a connection of its own, without the pool's per-query timeout).
 */
export async function migratePostgres(connection: pg.ClientConfig, mode: MigrationMode) {
  await whileHolding(connection, 'atir:migrations', async (client) => {
    const query: Query = (text, values) => client.query(text, values)
    if (compare(await schemaState(query), mode)) {
      await runPgMigrations(drizzlePg({ client }), { migrationsFolder })
      await recordCompatibility(query)
    }
  })
}

/** PGlite: one process owns the folder (see pglite-lock.ts), so no lock is needed here. */
export async function migratePglite(client: PGlite, mode: MigrationMode) {
  const query: Query = (text, values) => client.query(text, values)
  if (compare(await schemaState(query), mode)) {
    await runPgliteMigrations(drizzlePglite({ client }), { migrationsFolder })
    await recordCompatibility(query)
  }
}
