import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { cashbackEntries, users } from '../db/schema/index.ts'

/** Spent, refunded and earned at most once per order; staff's `edit` and `return` entries as often as they happen. */
export type CashbackReason = 'spent' | 'refund' | 'earned' | 'adjustment' | 'edit' | 'return'

/**
 * Writes one ledger entry and moves users.cashback_balance by the same
 * amount, in the caller's transaction. A debit larger than the balance
 * changes nothing and returns false (the balance has a CHECK ≥ 0 too). One
 * entry per (order, reason): a repeated call for the same order is a no-op returning false.
 */
export async function addCashbackEntry(
  tx: Tx,
  entry: {
    userId: number
    orderId: number | null
    amount: number
    reason: CashbackReason
    /** What the customer reads for an `adjustment`. */
    note?: string | null
    createdAt?: Date
  },
): Promise<boolean> {
  if (entry.amount === 0) return false
  const inserted = await tx
    .insert(cashbackEntries)
    .values(entry)
    .onConflictDoNothing()
    .returning({ id: cashbackEntries.id })
  if (!inserted.length) return false
  const moved = await tx
    .update(users)
    .set({ cashbackBalance: sql`${users.cashbackBalance} + ${entry.amount}` })
    .where(and(eq(users.id, entry.userId), sql`${users.cashbackBalance} + ${entry.amount} >= 0`))
    .returning({ id: users.id })
  if (!moved.length) {
    await tx.delete(cashbackEntries).where(eq(cashbackEntries.id, inserted[0]!.id))
    return false
  }
  return true
}

export async function cashbackBalance(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.cashbackBalance }).from(users).where(eq(users.id, userId))
  return row?.balance ?? 0
}

export async function cashbackHistory(db: Db, userId: number, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cashbackEntries)
      .where(eq(cashbackEntries.userId, userId))
      .orderBy(desc(cashbackEntries.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(cashbackEntries).where(eq(cashbackEntries.userId, userId)),
  ])
  return {
    total: total?.n ?? 0,
    results: rows.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      amount: r.amount,
      reason: r.reason as CashbackReason,
      note: r.note,
      created_at: r.createdAt.toISOString(),
    })),
  }
}
