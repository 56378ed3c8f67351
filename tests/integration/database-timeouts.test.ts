import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type Database, openDatabase } from '#api/db/client.ts'
import { isDatabaseUnavailable } from '#api/http/unavailable.ts'
import { startTcpProxy, type TcpProxy } from '../e2e/support/tcp-proxy.ts'
import { startWireDatabase, type WireDatabase } from '../e2e/support/wire-database.ts'
import { expectLoggedErrors, logLines } from '../setup/log-lines.ts'

// PostgreSQL mode (the pg pool) behind a proxy the test cuts: a database that
// goes silent in the middle of a transaction gives an "unavailable" error
// within DATABASE_TIMEOUT_MS, and once it is back the very next query works
// (the connection left waiting for an answer is not handed out again).

// Every query of this file is bound by it: long enough for a select at load 20, short for a test to wait.
const timeoutMs = 2_000
let server: WireDatabase
let proxy: TcpProxy
let database: Database

beforeAll(async () => {
  server = await startWireDatabase()
  proxy = await startTcpProxy(server)
  const url = `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@127.0.0.1:${proxy.port}/${server.database}`
  // Migrated first without the short bound: a busy machine may take longer over a migration's statement.
  await (await openDatabase({ url, dataDir: null })).close()
  database = await openDatabase({ url, dataDir: null, timeoutMs, migrations: 'verify' })
})

/** An error's message and its causes'. */
const messages = (error: unknown): string[] => (error instanceof Error ? [error.message, ...messages(error.cause)] : [])

afterAll(async () => {
  await database?.close()
  await proxy?.close()
  await server?.close()
})

it('a transaction whose database goes silent fails as unavailable in time; the next query after it works', async () => {
  await database.ping()
  let unanswered: unknown
  const failed = await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      proxy.cut('silent')
      await tx.execute(sql`select 2`).catch((error) => {
        unanswered = error
        throw error
      })
    })
    .then(
      () => null,
      (error: unknown) => error,
    )
  expect(isDatabaseUnavailable(failed)).toBe(true)
  // The query ended by its timeout (a silent database never answers otherwise), then the rollback on
  // the closed connection failed at once. How soon is no test's to time on a busy machine.
  expect(messages(unanswered)).toContain('Query read timeout')

  proxy.restore()
  await database.ping()
  expect(await database.db.execute(sql`select 3 as n`)).toMatchObject({ rows: [{ n: 3 }] })
})

it('a database reset in the middle of a transaction fails the transaction, not the process', async () => {
  await database.ping()
  const from = logLines.length
  expectLoggedErrors()
  const failed = await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      proxy.cut('reset')
      await tx.execute(sql`select 2`)
    })
    .then(
      () => null,
      (error: unknown) => error,
    )
  // Without a listener the connection's error event would be thrown: vitest reports it as uncaught.
  expect(isDatabaseUnavailable(failed)).toBe(true)
  proxy.restore()
  await database.ping()
  for (const line of logLines.slice(from).filter((l) => l.level === 'error'))
    expect(line.msg).toMatch(/^postgres pool error: /)
})

it('a database that refuses connections fails as unavailable at once, and works again when it is back', async () => {
  // The pool reports the reset of its idle connections (and carries on).
  const from = logLines.length
  expectLoggedErrors()
  proxy.cut('reset')
  const failed = await database.ping().then(
    () => null,
    (error: unknown) => error,
  )
  expect(isDatabaseUnavailable(failed)).toBe(true)
  proxy.restore()
  await database.ping()
  for (const line of logLines.slice(from).filter((l) => l.level === 'error'))
    expect(line.msg).toMatch(/^postgres pool error: /)
})

it('DATABASE_POOL_MAX bounds the connections one process opens; the queries beyond it wait their turn', async () => {
  const url = `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${server.database}`
  const small = await openDatabase({ url, dataDir: null, poolMax: 2 })
  try {
    let most = 0
    const answers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const result = (await small.db.execute(sql`select ${i}::int as i, pg_sleep(0.02)`)) as unknown as {
          rows: { i: number }[]
        }
        most = Math.max(most, small.stats().total ?? 0)
        return result.rows[0]?.i
      }),
    )
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(most).toBe(2)
  } finally {
    await small.close()
  }
})
