import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { makeFolder } from '../folders.ts'
import { logger } from '../log.ts'
import { databaseQueryDuration, statementOf } from '../metrics.ts'
import { whileHolding } from './advisory-lock.ts'
import { clientSettings, connectionError, type DatabaseSettings, pgliteFolder } from './connection.ts'
import { type MigrationMode, migratePglite, migratePostgres } from './migrate.ts'
import { lockDataDir } from './pglite-lock.ts'
import * as schema from './schema/index.ts'

export type Schema = typeof schema
/** The database whichever driver is behind it: queries are written once for both. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction of `Db`, as `db.transaction((tx) => …)` hands it over. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Checks the connection; used by /healthz and the 503 handling. */
  ping(): Promise<void>
  /**
   * Calls `onNotice` with the payload of every NOTIFY on `channel`, from any
   * process on this database. `onGap` runs while notices may have been missed
   * (the listening connection dropped: until it is back) and once it is back.
   * Resolves, once listening, with the function that stops it.
   */
  listen(
    channel: string,
    onNotice: (payload: string) => void,
    onGap: (listening: boolean) => void,
  ): Promise<() => Promise<void>>
  /**
   * Runs `run` while holding the lock `key` that every process on this database
   * shares: the others wait for it, however long it takes (a first start's seed).
   * PostgreSQL: `run` gets a connection of its own without DATABASE_TIMEOUT_MS
   * (advisory-lock.ts `whileHolding`); PGlite has one process: the database itself.
   */
  exclusive<T>(key: string, run: (db: Db) => Promise<T>): Promise<T>
  /** Connections for /metrics: PostgreSQL's pool, or PGlite's one in-process connection. */
  stats(): Partial<Record<'total' | 'idle' | 'waiting', number>>
  close(): Promise<void>
}

/**
 * Opens the embedded PGlite database in `dataDir` (or in memory when
 * `dataDir` is null), or a PostgreSQL pool when `url` is given (at most
 * `poolMax` connections, TLS as `ssl` says: api/db/connection.ts), and applies
 * the committed migrations (or, with `migrations: 'verify'`, refuses a
 * database that needs them: api/db/migrate.ts; `none` leaves them be, for
 * `npm run preflight`, which only reports them). `timeoutMs` bounds connecting
 * to PostgreSQL and each of its queries, so a database that went silent gives
 * errors (503) instead of requests that hang. A database that cannot be
 * reached at all is said so, with why (connection.ts `connectionError`).
 */
export async function openDatabase(
  options: DatabaseSettings & {
    migrations?: MigrationMode | 'none'
    /** PGlite: starts from this copy of a data folder (`dumpDataDir()`), not an empty one; the tests' seeded templates. */
    loadDataDir?: Blob
  },
): Promise<Database> {
  const migrations = options.migrations ?? 'apply'
  if (options.url) {
    const url = options.url
    const connection = clientSettings(options)
    const pool = new pg.Pool({
      ...connection,
      max: options.poolMax ?? 10,
      query_timeout: options.timeoutMs,
      // Notices a peer that vanished without closing the connection.
      keepAlive: true,
    })
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on('error', (error) => logger().error(`postgres pool error: ${error.message}`))
    pool.on('connect', dropWhenUnanswered)
    const db = drizzlePg({ client: pool, schema })
    if (migrations !== 'none')
      await migratePostgres(connection, migrations).catch(async (error) => {
        await pool.end()
        throw connectionError(error, url, options.timeoutMs)
      })
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, onNotice, onGap) => listenPostgres(connection, channel, onNotice, onGap),
      exclusive: (key, run) => whileHolding(connection, key, (client) => run(drizzlePg({ client, schema }))),
      stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    }
  }
  let unlock = () => {}
  if (options.dataDir) {
    makeFolder(options.dataDir)
    unlock = lockDataDir(options.dataDir)
  }
  const client = await PGlite.create(options.dataDir ? pgliteFolder(options.dataDir) : undefined, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  }).catch((error) => {
    unlock()
    throw error
  })
  const close = async () => {
    try {
      await client.close()
    } finally {
      unlock()
    }
  }
  if (migrations !== 'none')
    await migratePglite(client, migrations).catch(async (error) => {
      await close()
      throw error
    })
  timePgliteQueries(client)
  const db = drizzlePglite({ client, schema })
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    // One process, one connection: notices never go missing.
    listen: async (channel, onNotice) => client.listen(channel, onNotice),
    exclusive: (_key, run) => run(db),
    stats: () => ({ total: 1 }),
    close,
  }
}

/**
 * LISTEN on a connection of its own (a pool would hand it back and lose the
 * subscription). When it drops, `onGap(false)` until a new one listens again
 * (retried every few seconds), then `onGap(true)`.
 */
async function listenPostgres(
  settings: pg.ClientConfig,
  channel: string,
  onNotice: (payload: string) => void,
  onGap: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | undefined
  const connect = async () => {
    const next = new pg.Client({ ...settings, keepAlive: true })
    next.on('notification', (notice) => notice.channel === channel && onNotice(notice.payload ?? ''))
    next.on('error', () => {})
    next.on('end', () => {
      if (stopped || client !== next) return
      client = null
      onGap(false)
      retry = setTimeout(reconnect, 2000).unref()
    })
    await next.connect()
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    client = next
  }
  let reconnecting: Promise<void> | undefined
  const reconnect = () => {
    reconnecting = connect().then(
      () => {
        if (!stopped) onGap(true)
      },
      () => {
        if (!stopped) retry = setTimeout(reconnect, 2000).unref()
      },
    )
  }
  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    // A connection opening as it stops would otherwise stay open (and keep its database from being dropped).
    await reconnecting
    await client?.end()
  }
}

/**
 * Every connection gets an error listener for life: the pool listens only
 * while a connection is idle, and an error on one checked out for a
 * transaction (the database restarting, a connection we close below) would
 * otherwise be thrown and end the process. The query in flight gets the same
 * error, and the pool drops the connection when it is released.
 *
 * After a query timeout pg keeps the connection waiting for that answer, and
 * a transaction hands it back to the pool as if healthy: every later query on
 * it would time out too. Closing it makes the pool open a fresh one.
 */
function dropWhenUnanswered(client: pg.PoolClient) {
  client.on('error', () => {})
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const first = args[0] as string | { text?: string }
      const end = databaseQueryDuration.startTimer({
        statement: statementOf(typeof first === 'string' ? first : first?.text),
      })
      const result = query(...args)
      if (result instanceof Promise)
        result.then(
          () => end(),
          (error: unknown) => {
            end()
            if ((error as Error)?.message === 'Query read timeout')
              (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy()
          },
        )
      return result
    },
  })
}

/**
 * The query latency metric for PGlite: its `query` and `exec`, and those of the
 * transactions it opens (drizzle queries a transaction through its own object).
 */
function timePgliteQueries(client: PGlite) {
  const time = <T extends { query: PGlite['query']; exec: PGlite['exec'] }>(target: T) => {
    const query = target.query.bind(target)
    const exec = target.exec.bind(target)
    const timed =
      <A extends unknown[], R>(run: (text: string, ...rest: A) => Promise<R>) =>
      async (text: string, ...rest: A): Promise<R> => {
        const end = databaseQueryDuration.startTimer({ statement: statementOf(text) })
        try {
          return await run(text, ...rest)
        } finally {
          end()
        }
      }
    Object.assign(target, { query: timed(query), exec: timed(exec) })
    return target
  }
  time(client)
  const transaction = client.transaction.bind(client)
  Object.assign(client, {
    transaction: <T>(run: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<T>) =>
      transaction((tx) => run(time(tx))),
  })
}
