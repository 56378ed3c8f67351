import { sql } from 'drizzle-orm'
import type { Tx } from '../db/client.ts'

/**
 * The next order number (the new order's id), taken in the transaction that
 * places the order: the `order_numbers` row stays locked until it commits, so
 * concurrent checkouts number one after another, and one that rolls back
 * gives its number back — the books have no gaps. Never below the orders
 * already there (a restored backup, the demo seed's orders).
 *
 * Callers take it after their price step's locks (the products, the
 * customer) and before the reserve step's, so every checkout takes the locks
 * in the same order.
 */
export async function nextOrderNumber(tx: Tx): Promise<number> {
  const { rows } = (await tx.execute(sql`
    insert into order_numbers (id, last)
    values (1, (select coalesce(max(id), 0) from orders) + 1)
    on conflict (id) do update
      set last = greatest(order_numbers.last, (select coalesce(max(id), 0) from orders)) + 1
    returning last`)) as unknown as { rows: { last: number }[] }
  return Number(rows[0]!.last)
}
