import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { type Database, openDatabase } from '#api/db/client.ts'
import { compatibleFrom } from '#api/db/migrate.ts'
import { logLines } from '../setup/log-lines.ts'
import { adminQuery, freshPostgresDatabase } from './support/api.ts'

// Migrations as a deploy step: applied once when several processes
// start together, verified instead of applied on request, and a database
// migrated by newer code refused. On PGlite, or PostgreSQL with DATABASE_URL.

const server = process.env.DATABASE_URL
const opened: Database[] = []
const cleanups: (() => Promise<void> | void)[] = []

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close()
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

/** A place for an empty database and a way to open it: a PostgreSQL database of its own, or a PGlite folder. */
async function emptyDatabase() {
  if (server) {
    const url = await freshPostgresDatabase(server)
    cleanups.push(() => adminQuery(server, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`))
    return { url, dataDir: null }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'atir-migrations-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  return { url: undefined, dataDir }
}

async function open(place: { url?: string; dataDir: string | null }, migrations?: 'apply' | 'verify') {
  const database = await openDatabase({ ...place, migrations })
  opened.push(database)
  return database
}

async function close(database: Database) {
  opened.splice(opened.indexOf(database), 1)
  await database.close()
}

async function appliedCount(database: Database) {
  const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n
}

describe('migrations', () => {
  test('verify refuses an empty database and names the command that fixes it', async () => {
    const place = await emptyDatabase()
    await expect(open(place, 'verify')).rejects.toThrow(/run `npm run migrate` first/)
  })

  test('after they were applied once, verify opens the database and changes nothing', async () => {
    const place = await emptyDatabase()
    const migrated = await open(place, 'apply')
    const applied = await appliedCount(migrated)
    await close(migrated)
    const verified = await open(place, 'verify')
    expect(await appliedCount(verified)).toBe(applied)
  })

  test('a database migrated by newer code is refused, whatever the mode', async () => {
    const place = await emptyDatabase()
    const database = await open(place)
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${Date.now() + 86_400_000 * 365})`,
    )
    await close(database)
    await expect(open(place, 'apply')).rejects.toThrow(/migrated by a newer version of the shop/)
    await expect(open(place, 'verify')).rejects.toThrow(/migrated by a newer version of the shop/)
  })

  test('an older version starts on a newer schema only when the newer one recorded its migrations as expand-only', async () => {
    const place = await emptyDatabase()
    const database = await open(place)
    const marker = async (db: Database) =>
      (
        (await db.db.execute(
          sql`select compatible_from::float8 as compatible_from, migration::float8 as migration, tag from drizzle.atir_compatibility`,
        )) as unknown as { rows: unknown[] }
      ).rows[0]
    // What this version recorded: code as old as its oldest compatible migration runs on this schema.
    expect(await marker(database)).toEqual({
      compatible_from: compatibleFrom(),
      migration: expect.any(Number),
      tag: expect.stringMatching(/^\d{4}_/),
    })
    // A newer version migrated it since (a migration from the future) and said what still runs on it.
    const future = Date.now() + 86_400_000 * 365
    const newerSays = async (db: Database, oldest: number) => {
      await db.db.execute(
        sql`update drizzle.atir_compatibility set compatible_from = ${oldest}, migration = ${future}, tag = '9999_newer'`,
      )
    }
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${future})`,
    )
    await newerSays(database, compatibleFrom())
    await close(database)

    // Expand-only: this version starts (a rollback), applies nothing and says so.
    const from = logLines.length
    for (const mode of ['verify', 'apply'] as const) await close(await open(place, mode))
    expect(logLines.slice(from)).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringMatching(/^The database was migrated by a newer version of the shop; this one .* runs on it/),
      }),
    )

    // Contracting: nothing older than the newer version runs on its schema.
    const again = await open(place, 'verify')
    await newerSays(again, future)
    await close(again)
    await expect(open(place, 'verify')).rejects.toThrow(/migrated by a newer version of the shop/)
  })

  test('openers of one empty database at once: on PostgreSQL all come up, migrated once; on PGlite one, the others refused', async () => {
    const place = await emptyDatabase()
    const results = await Promise.allSettled([open(place), open(place), open(place)])
    const up = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []))
    if (server) {
      expect(refused).toEqual([])
      const counts = await Promise.all(up.map(appliedCount))
      expect(new Set(counts).size).toBe(1)
      expect(counts[0]).toBeGreaterThan(0)
    } else {
      // PGlite is one process's database: a second opener would corrupt the folder.
      expect(up).toHaveLength(1)
      expect(refused).toEqual([expect.stringMatching(/is in use by another shop process/), expect.any(String)])
      expect(refused[1]).toMatch(/is in use by another shop process/)
      await close(up[0] as Database)
      // Released on close: the folder opens again.
      await close(await open(place))
    }
  })
})
