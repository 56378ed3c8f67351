import { sql } from 'drizzle-orm'
import type { Tx } from './client.ts'

/**
 * Holds `key` until the transaction ends: callers taking the same key run one
 * after another, across server processes (a PostgreSQL advisory lock).
 */
export async function lockKey(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}
