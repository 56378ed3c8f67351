import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { AuditActor } from '../audit/record.ts'
import type { StockMove } from '../catalogue/cache.ts'
import type { Db, Tx } from '../db/client.ts'
import { recordset, rowsOf } from '../db/recordset.ts'
import { products, type StockReason, stockBatches, stockMovements } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { logger } from '../log.ts'

export type { StockReason } from '../db/schema/index.ts'

type Batch = typeof stockBatches.$inferSelect

/**
 * A stock change that cannot be made: the product is unknown (404) or has
 * fewer than the change takes (409, `available` is what it has). Localised by
 * `toApiError(lang)`; the API's error handler does that by itself.
 */
export class StockError extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly productId: number,
    readonly available: number,
    readonly requested: number,
  ) {
    super(status === 404 ? `product ${productId} not found` : `product ${productId}: ${available} in stock`)
  }
  toApiError(lang: Lang): ApiError {
    if (this.status === 404) return new ApiError(404, message(lang, 'product_not_found'))
    return new ApiError(409, message(lang, 'stock_short', { available: this.available, requested: this.requested }))
  }
}

/** Who moved stock, as the audit log names them (a customer's order: `customer:<id>`); null: the shop itself. */
export type StockActor = Pick<AuditActor, 'staffId' | 'actor'>

export type Movement = {
  productId: number
  delta: number
  reason: StockReason
  actor: StockActor | null
  note?: string | null
  orderId?: number | null
}

/**
 * Adds `delta` (±) to the product's stock as one movement; refuses to go
 * below 0 (StockError). Taking picks the batch with the nearest expiry first
 * (no date last); giving back an order's stock (`order_cancelled`,
 * `order_edit` or `return` with its `orderId`) returns it to the batches it
 * came from; other additions go to the product's undated batch. One row per batch touched in `stock_movements`.
 * Runs in the caller's transaction and locks the product row until it ends.
 */
export async function moveStock(tx: Db, m: Movement): Promise<{ stock: number }> {
  return applyMovement(tx, m, null)
}

/**
 * A staff count: the stock the staff member saw (`seen`) and counted
 * (`counted`) → one movement of counted − seen, applied to the current
 * number, so sales made meanwhile are not wiped out. An increase goes to a
 * batch expiring on `expiresOn` when given (a new one), else the undated one.
 * A count that changes nothing moves nothing.
 */
export async function correctStock(
  tx: Db,
  c: {
    productId: number
    seen: number
    counted: number
    reason: StockReason
    actor: StockActor | null
    note?: string | null
    expiresOn?: string | null
  },
): Promise<{ stock: number }> {
  const delta = c.counted - c.seen
  const movement = { productId: c.productId, delta, reason: c.reason, actor: c.actor, note: c.note }
  if (delta === 0) return { stock: await lockedStock(tx, c.productId, 0) }
  if (delta > 0 && c.expiresOn) return receiveStock(tx, { ...movement, expiresOn: c.expiresOn })
  return applyMovement(tx, movement, null)
}

/** An arrival: a new batch of `delta` (> 0) expiring on `expiresOn` (null: no date), as one movement. */
export async function receiveStock(
  tx: Db,
  a: Movement & { expiresOn: string | null; receivedAt?: Date },
): Promise<{ stock: number }> {
  if (!(a.delta > 0)) throw new Error('an arrival brings a positive quantity')
  await lockedStock(tx, a.productId, a.delta)
  const [batch] = await tx
    .insert(stockBatches)
    .values({
      productId: a.productId,
      quantity: 0,
      expiresOn: a.expiresOn,
      note: a.note ?? null,
      ...(a.receivedAt ? { receivedAt: a.receivedAt } : {}),
    })
    .returning()
  if (!batch) throw new Error('batch insert returned nothing')
  return applyMovement(tx, a, batch)
}

/** The product's stock with its row locked; StockError 404 when there is no such product. */
async function lockedStock(tx: Db, productId: number, requested: number): Promise<number> {
  const [row] = await tx
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId))
    .for('update')
  if (!row) throw new StockError(404, productId, 0, requested)
  return row.stock
}

/**
 * Unexpired batches first (an expired one only when nothing else is left:
 * the stock number is what staff say can be sold; writing expired stock off
 * is their count), nearest expiry first, undated last, then the oldest
 * arrival. "Expired" is by the shop's day (Tashkent, UTC+5).
 */
const pickingOrder = [
  sql`(${stockBatches.expiresOn} is not null and ${stockBatches.expiresOn} < (now() at time zone 'UTC' + interval '5 hours')::date) asc`,
  sql`${stockBatches.expiresOn} asc nulls last`,
  asc(stockBatches.receivedAt),
  asc(stockBatches.id),
]

async function applyMovement(tx: Db, m: Movement, into: Batch | null): Promise<{ stock: number }> {
  if (!Number.isInteger(m.delta) || m.delta === 0) throw new Error(`a stock movement needs a whole non-zero delta`)
  // The update is the lock: concurrent movements of this product wait here, and the condition keeps stock ≥ 0.
  const [updated] = await tx
    .update(products)
    .set({ stock: sql`${products.stock} + ${m.delta}` })
    .where(and(eq(products.id, m.productId), sql`${products.stock} + ${m.delta} >= 0`))
    .returning({ stock: products.stock })
  if (!updated) {
    const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, m.productId))
    if (!row) throw new StockError(404, m.productId, 0, Math.abs(m.delta))
    throw new StockError(409, m.productId, row.stock, -m.delta)
  }
  const before = updated.stock - m.delta
  const batches = await tx
    .select()
    .from(stockBatches)
    .where(eq(stockBatches.productId, m.productId))
    .orderBy(...pickingOrder)
    .for('update')
  await adoptUnbatched(tx, m.productId, before, batches)

  const parts = await batchParts(tx, m, batches, into)
  let stock = before
  const rows = parts.map((part) => {
    stock += part.delta
    return movementRow(m, part, stock)
  })
  for (const part of parts)
    await tx
      .update(stockBatches)
      .set({ quantity: sql`${stockBatches.quantity} + ${part.delta}` })
      .where(eq(stockBatches.id, part.batch.id))
  await tx.insert(stockMovements).values(rows)
  const moved = movedIn.get(tx) ?? []
  moved.push({ productId: m.productId, before, after: updated.stock })
  movedIn.set(tx, moved)
  return { stock: updated.stock }
}

const movedIn = new WeakMap<Db, StockMove[]>()

/**
 * The moves `moveStock` made in this transaction, for stockMoved once it has
 * committed (what the catalogue forgets depends on whether one sold out).
 */
export function stockMovesIn(tx: Db): StockMove[] {
  return movedIn.get(tx) ?? []
}

/**
 * Many movements in one go (a spreadsheet import, its undo), by the rules of
 * `moveStock` — none may take a product below 0 (StockError, and the caller's
 * transaction is void), taking follows the picking order, additions go to
 * the undated batch — in a handful of statements whatever their number. One
 * movement per product; no order returns (those go through `moveStock`).
 * Runs in the caller's transaction; the products stay locked until it ends.
 */
export async function moveStockMany(tx: Tx, moves: Movement[]): Promise<void> {
  const ids = moves.map((m) => m.productId)
  if (new Set(ids).size !== ids.length) throw new Error('moveStockMany: one movement per product')
  for (const m of moves) {
    if (!Number.isInteger(m.delta) || m.delta === 0) throw new Error(`a stock movement needs a whole non-zero delta`)
    if (givesOrderBack(m)) throw new Error('order returns go through moveStock')
  }
  for (let i = 0; i < moves.length; i += 5000) await moveChunk(tx, moves.slice(i, i + 5000))
}

async function moveChunk(tx: Tx, moves: Movement[]) {
  if (!moves.length) return
  const ids = moves.map((m) => m.productId)
  // As in applyMovement, the update is the lock and its condition keeps every stock ≥ 0.
  const updated = rowsOf<{ id: number; stock: number }>(
    await tx.execute(sql`update ${products} p set stock = p.stock + v.delta, updated_at = now()
      from ${recordset(
        moves.map((m) => ({ id: m.productId, delta: m.delta })),
        { id: 'integer', delta: 'integer' },
      )}
      where p.id = v.id and p.stock + v.delta >= 0 returning p.id, p.stock`),
  )
  const stockOf = new Map(updated.map((r) => [Number(r.id), Number(r.stock)]))
  const refused = moves.find((m) => !stockOf.has(m.productId))
  if (refused) {
    const [row] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, refused.productId))
    if (!row) throw new StockError(404, refused.productId, 0, Math.abs(refused.delta))
    throw new StockError(409, refused.productId, row.stock, -refused.delta)
  }
  const held = new Map<number, Batch[]>(ids.map((id) => [id, []]))
  const locked = await tx
    .select()
    .from(stockBatches)
    .where(inArray(stockBatches.productId, ids))
    .orderBy(asc(stockBatches.productId), ...pickingOrder)
    .for('update')
  for (const batch of locked) held.get(batch.productId)?.push(batch)
  // Products that will put stock into an undated batch and have none get one (empty), all at once.
  const before = (m: Movement) => (stockOf.get(m.productId) as number) - m.delta
  const gap = (m: Movement) => before(m) - (held.get(m.productId) as Batch[]).reduce((sum, b) => sum + b.quantity, 0)
  const needUndated = moves.filter(
    (m) => (m.delta > 0 || gap(m) > 0) && !(held.get(m.productId) as Batch[]).some((b) => b.expiresOn == null),
  )
  if (needUndated.length)
    for (const batch of await tx
      .insert(stockBatches)
      .values(needUndated.map((m) => ({ productId: m.productId, quantity: 0 })))
      .returning())
      held.get(batch.productId)?.push(batch)

  const batchDelta = new Map<number, number>()
  const add = (part: Part) => {
    batchDelta.set(part.batch.id, (batchDelta.get(part.batch.id) ?? 0) + part.delta)
    part.batch.quantity += part.delta
  }
  const rows: (typeof stockMovements.$inferInsert)[] = []
  for (const m of moves) {
    const batches = held.get(m.productId) as Batch[]
    const undated = () => batches.find((b) => b.expiresOn == null) as Batch
    const missing = gap(m)
    if (missing < 0)
      logger().warn(`stock: product ${m.productId} batches held ${-missing} more than its stock; taken off`)
    if (missing !== 0)
      for (const part of missing > 0 ? [{ batch: undated(), delta: missing }] : takeFefo(batches, -missing)) add(part)
    let stock = before(m)
    for (const part of m.delta < 0 ? takeFefo(batches, -m.delta) : [{ batch: undated(), delta: m.delta }]) {
      add(part)
      stock += part.delta
      rows.push(movementRow(m, part, stock))
    }
  }
  await tx.execute(sql`update ${stockBatches} b set quantity = b.quantity + v.delta
    from ${recordset(
      [...batchDelta].filter(([, delta]) => delta !== 0).map(([id, delta]) => ({ id, delta })),
      { id: 'integer', delta: 'integer' },
    )}
    where b.id = v.id`)
  for (let i = 0; i < rows.length; i += 2000) await tx.insert(stockMovements).values(rows.slice(i, i + 2000))
}

/**
 * Stock that no batch holds (products created with a number, the seed, rows
 * from before batches) joins the undated batch, so the batches add up to the
 * stock again before the movement. Batches holding more than the stock (only
 * an SQL edit does that) lose the difference the way a sale would.
 */
async function adoptUnbatched(tx: Db, productId: number, stock: number, batches: Batch[]) {
  const gap = stock - batches.reduce((sum, b) => sum + b.quantity, 0)
  if (gap === 0) return
  if (gap < 0) logger().warn(`stock: product ${productId} batches held ${-gap} more than its stock; taken off`)
  const parts = gap > 0 ? [{ batch: await undatedBatch(tx, productId, batches), delta: gap }] : takeFefo(batches, -gap)
  for (const part of parts) {
    await tx
      .update(stockBatches)
      .set({ quantity: sql`${stockBatches.quantity} + ${part.delta}` })
      .where(eq(stockBatches.id, part.batch.id))
    part.batch.quantity += part.delta
  }
}

type Part = { batch: Batch; delta: number }

/** One movement row: a part of `m` on its batch, and the product's stock after it. */
function movementRow(m: Movement, part: Part, stockAfter: number): typeof stockMovements.$inferInsert {
  return {
    productId: m.productId,
    delta: part.delta,
    reason: m.reason,
    orderId: m.orderId ?? null,
    batchId: part.batch.id,
    staffId: m.actor?.staffId ?? null,
    actor: m.actor?.actor ?? null,
    note: m.note ?? null,
    stockAfter,
  }
}

async function batchParts(tx: Db, m: Movement, batches: Batch[], into: Batch | null): Promise<Part[]> {
  if (m.delta < 0) return takeFefo(batches, -m.delta)
  if (into) return [{ batch: into, delta: m.delta }]
  if (givesOrderBack(m)) return returnToSources(tx, m, batches)
  return [{ batch: await undatedBatch(tx, m.productId, batches), delta: m.delta }]
}

/** Stock an order gives back (cancelled, edited down, returned by the customer): to the batches it came from. */
const givesOrderBack = (m: Movement) =>
  m.orderId != null && (m.reason === 'order_cancelled' || m.reason === 'order_edit' || m.reason === 'return')

/** Takes `quantity` from the batches in picking order (they hold at least that: they add up to the stock). */
function takeFefo(batches: Batch[], quantity: number): Part[] {
  const parts: Part[] = []
  let left = quantity
  for (const batch of batches) {
    if (left === 0) break
    const take = Math.min(batch.quantity, left)
    if (take > 0) parts.push({ batch, delta: -take })
    left -= take
  }
  if (left > 0) throw new Error('stock batches hold less than the stock')
  return parts
}

/**
 * An order's stock back to the batches the order took it from, less what was
 * already returned; whatever has no batch left to go to goes to the undated one.
 */
async function returnToSources(tx: Db, m: Movement, batches: Batch[]): Promise<Part[]> {
  const taken = await tx
    .select({ batchId: stockMovements.batchId, delta: sql<number>`sum(${stockMovements.delta})::int` })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.productId, m.productId),
        eq(stockMovements.orderId, m.orderId as number),
        sql`${stockMovements.reason} in ('order', 'order_cancelled', 'order_edit', 'return')`,
      ),
    )
    .groupBy(stockMovements.batchId)
    .orderBy(sql`min(${stockMovements.id})`)
  const parts: Part[] = []
  let left = m.delta
  for (const source of taken) {
    const batch = batches.find((b) => b.id === source.batchId)
    const give = Math.min(-source.delta, left)
    if (!batch || give <= 0) continue
    parts.push({ batch, delta: give })
    left -= give
  }
  if (left > 0) parts.push({ batch: await undatedBatch(tx, m.productId, batches), delta: left })
  return parts
}

/** The product's batch without an expiry date, created (empty) on first need. */
async function undatedBatch(tx: Db, productId: number, batches: Batch[]): Promise<Batch> {
  const found = batches.find((b) => b.expiresOn == null)
  if (found) return found
  const [created] = await tx.insert(stockBatches).values({ productId, quantity: 0 }).returning()
  if (!created) throw new Error('batch insert returned nothing')
  batches.push(created)
  return created
}

/**
 * Products whose batches do not add up to their stock (`[]` when all agree):
 * the check the tests run after every race. Products no movement has touched
 * yet have no batches and are left out.
 */
export async function stockDisagreements(db: Db): Promise<{ productId: number; stock: number; batched: number }[]> {
  const result = (await db.execute(sql`
    select p.id as "productId", p.stock, coalesce(sum(b.quantity), 0)::int as batched
    from ${products} p left join ${stockBatches} b on b.product_id = p.id
    group by p.id
    having count(b.id) > 0 and p.stock <> sum(b.quantity)
    order by p.id`)) as unknown as { rows: { productId: number; stock: number; batched: number }[] }
  return result.rows
}
