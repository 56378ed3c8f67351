import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { Tx } from './client.ts'

/**
 * Holds `key` until the transaction ends: callers taking the same key run one
 * after another, across server processes (a PostgreSQL advisory lock).
 */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/**
 * Runs `run` on a connection of its own while holding the session advisory
 * lock `key`: processes doing the same run one after another, across server
 * processes and commands. That connection has no query timeout: waiting for
 * another process's migrations or seed, or doing them (an index on a large
 * table, 100,000 products), may take minutes, and DATABASE_TIMEOUT_MS is for
 * requests.
 */
export async function whileHolding<T>(
  connection: pg.ClientConfig,
  key: string,
  run: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ ...connection, query_timeout: undefined })
  // A dropped connection fails the query in flight; it must not also end the process.
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [key])
    try {
      return await run(client)
    } finally {
      // Closing the session releases the lock too: a connection that broke in `run` keeps its error.
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => {})
    }
  } finally {
    await client.end().catch(() => {})
  }
}
