import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { migrationsFolder } from '#api/db/migrate.ts'
import { adminQuery, freshPostgresDatabase } from './support/api.ts'

// One model of a person's name: a database from before it, with names and
// surnames saved apart by the old profile form, upgraded by the real migrations. On PGlite, or
// PostgreSQL with DATABASE_URL.

const server = process.env.DATABASE_URL
const cleanups: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type Journal = { entries: { tag: string }[] }

/** A copy of the migrations that ends just before the name merge: the shop as it was. */
function migrationsBeforeMerge() {
  const folder = mkdtempSync(join(tmpdir(), 'atir-old-migrations-'))
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }))
  cpSync(migrationsFolder, folder, { recursive: true })
  const path = join(folder, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(path, 'utf8')) as Journal
  const merge = journal.entries.findIndex((e) => e.tag.endsWith('_merge_surname_into_full_name'))
  expect(merge).toBeGreaterThan(0)
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, merge) }))
  return folder
}

/** An empty database, a way to query it and to migrate it with a migrations folder. */
async function emptyDatabase() {
  if (server) {
    const url = await freshPostgresDatabase(server)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    cleanups.push(() => adminQuery(server, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`))
    cleanups.push(() => client.end())
    return {
      query: async (sql: string) => (await client.query(sql)).rows as Record<string, unknown>[],
      migrate: (folder: string) => migratePg(drizzlePg({ client }), { migrationsFolder: folder }),
    }
  }
  const client = new PGlite({ extensions: { pg_trgm } })
  cleanups.push(() => client.close())
  return {
    query: async (sql: string) => (await client.query<Record<string, unknown>>(sql)).rows,
    migrate: (folder: string) => migratePglite(drizzlePglite({ client }), { migrationsFolder: folder }),
  }
}

describe('the name migration', () => {
  test('a surname saved apart joins the name; names without one stay; the column goes', async () => {
    const db = await emptyDatabase()
    await db.migrate(migrationsBeforeMerge())
    await db.query(`insert into users (phone, full_name, surname) values
      ('+998900000001', 'Aziza', 'Karimova'),
      ('+998900000002', 'Dilnoza Yusupova', null),
      ('+998900000003', 'Malika ', '  '),
      ('+998900000004', '', 'Rahimova'),
      (null, '', null)`)

    await db.migrate(migrationsFolder)

    const rows = await db.query('select phone, full_name from users order by id')
    expect(rows).toEqual([
      { phone: '+998900000001', full_name: 'Aziza Karimova' },
      { phone: '+998900000002', full_name: 'Dilnoza Yusupova' },
      { phone: '+998900000003', full_name: 'Malika ' },
      { phone: '+998900000004', full_name: 'Rahimova' },
      { phone: null, full_name: '' },
    ])
    const columns = await db.query(
      `select column_name from information_schema.columns where table_name = 'users' and column_name = 'surname'`,
    )
    expect(columns).toEqual([])
  })
})
