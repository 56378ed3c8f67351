import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as runPgMigrations } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as runPgliteMigrations } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { fromRoot } from '../project-root.ts'

export const migrationsFolder = fromRoot('api/db/migrations')

/** `apply` brings the database up to this code; `verify` only checks it is (start-up after `npm run migrate`). */
export type MigrationMode = 'apply' | 'verify'

type Journal = { entries: { when: number; tag: string }[] }

/** The newest migration this code carries (drizzle records its `when` as `created_at`). */
function latestKnown() {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal
  const last = journal.entries.at(-1)
  if (!last) throw new Error('api/db/migrations has no migrations')
  return last
}

export class SchemaMismatchError extends Error {
  override readonly name = 'SchemaMismatchError'
}

/**
 * Compares the database's applied migrations with this code's: a database
 * ahead of the code (a newer version migrated it) is refused whatever the
 * mode, as running old code on it could lose data; one behind is refused in
 * `verify` mode. Returns whether migrations are pending.
 */
function compare(appliedAt: number | null, mode: MigrationMode) {
  const known = latestKnown()
  if (appliedAt !== null && appliedAt > known.when)
    throw new SchemaMismatchError(
      `The database was migrated by a newer version of the shop than this one (its latest migration is newer than ${known.tag}). Deploy that version, or restore a backup taken before it.`,
    )
  const pending = appliedAt === null || appliedAt < known.when
  if (pending && mode === 'verify')
    throw new SchemaMismatchError(
      `The database needs migrations up to ${known.tag}: run \`npm run migrate\` first (or start with MIGRATIONS=apply).`,
    )
  return pending
}

const appliedQuery = `select max(created_at)::bigint as at from drizzle.__drizzle_migrations`
const tableQuery = `select to_regclass('drizzle.__drizzle_migrations') is not null as present`

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>

async function lastApplied(query: Query): Promise<number | null> {
  const { rows } = await query(tableQuery)
  if (!rows[0]?.present) return null
  const at = (await query(appliedQuery)).rows[0]?.at
  return at == null ? null : Number(at)
}

/**
 * PostgreSQL: several processes starting together on one database apply the
 * migrations once. The first takes a session advisory lock and migrates; the
 * others wait on it, then find nothing pending. A connection of its own,
 * without the pool's per-query timeout: building an index on a large table,
 * or waiting for another process to, may take minutes.
 */
export async function migratePostgres(connection: pg.ClientConfig, mode: MigrationMode) {
  const client = new pg.Client({ ...connection, query_timeout: undefined })
  await client.connect()
  try {
    await client.query(`select pg_advisory_lock(hashtext('atir:migrations'))`)
    try {
      const query: Query = (text) => client.query(text)
      if (compare(await lastApplied(query), mode)) await runPgMigrations(drizzlePg({ client }), { migrationsFolder })
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('atir:migrations'))`)
    }
  } finally {
    await client.end()
  }
}

/** PGlite: one process owns the folder (see pglite-lock.ts), so no lock is needed here. */
export async function migratePglite(client: PGlite, mode: MigrationMode) {
  const query: Query = (text) => client.query(text)
  if (compare(await lastApplied(query), mode))
    await runPgliteMigrations(drizzlePglite({ client }), { migrationsFolder })
}
