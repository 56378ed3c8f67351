import { sql } from 'drizzle-orm'
import type { Db } from './client.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Holds `key` until the transaction ends: callers taking the same key run one
 * after another, across server processes (a PostgreSQL advisory lock).
 */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}
