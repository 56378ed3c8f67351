import { eq, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { customerTelegramCodes, orders, products, promoCodes } from '#api/db/schema/index.ts'
import type { TestApi } from './api.ts'

/** Backends of this test file's database waiting on a lock (row, transaction or advisory). */
async function lockWaiters(t: TestApi) {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] }
  return result.rows[0]?.n ?? 0
}

/**
 * Sends the requests of `start()` so that they really overlap. On PostgreSQL a
 * transaction here holds the product row locked until every request waits on
 * a lock (this one or a lock of the code under test), then lets them all go
 * at once. PGlite runs one transaction at a time, so there they simply run.
 */
export function releasedTogether<T>(t: TestApi, productId: number, start: () => Promise<T>[]): Promise<T[]> {
  return heldTogether(t, { table: products, id: productId }, start)
}

/** `releasedTogether` holding the order row instead: for requests that each lock the order (status changes). */
export function releasedTogetherOnOrder<T>(t: TestApi, orderId: number, start: () => Promise<T>[]): Promise<T[]> {
  return heldTogether(t, { table: orders, id: orderId }, start)
}

/** `releasedTogether` holding a promo code's row: for checkouts that each use the code. */
export function releasedTogetherOnPromo<T>(t: TestApi, promoId: number, start: () => Promise<T>[]): Promise<T[]> {
  return heldTogether(t, { table: promoCodes, id: promoId }, start)
}

/** `releasedTogether` holding a customer's Telegram link code: for `/start <code>` sent twice at once. */
export function releasedTogetherOnCustomerCode<T>(t: TestApi, codeId: number, start: () => Promise<T>[]): Promise<T[]> {
  return heldTogether(t, { table: customerTelegramCodes, id: codeId }, start)
}

async function heldTogether<T>(
  t: TestApi,
  row: { table: typeof products | typeof orders | typeof promoCodes | typeof customerTelegramCodes; id: number },
  start: () => Promise<T>[],
): Promise<T[]> {
  if (t.database.kind !== 'postgres') return Promise.all(start())
  let pending: Promise<T>[] = []
  await t.database.db.transaction(async (tx) => {
    await tx.select({ id: row.table.id }).from(row.table).where(eq(row.table.id, row.id)).for('update')
    pending = start()
    await expect.poll(() => lockWaiters(t), { interval: 20 }).toBe(pending.length)
  })
  return Promise.all(pending)
}
