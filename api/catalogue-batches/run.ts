import { eq, sql } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../audit/record.ts'
import { invalidateCatalogue } from '../catalogue/cache.ts'
import type { Db, Tx } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { changeBatches } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import { isUniqueViolation } from '../orders/db-errors.ts'
import {
  type BatchRow,
  ISSUES_KEPT,
  lockedValues,
  lockLinesFor,
  type RowIssue,
  type RunNotes,
  rowsToRun,
  rowsToRunCount,
  type SavedRow,
  settledSummary,
} from './batches.ts'
import { type SheetValues, sheetValuesOf } from './fields.ts'
import { startJob } from './jobs.ts'
import { pacer, stopIfAsked } from './slices.ts'

/**
 * An apply or an undo, run over a batch's rows in slices of one short
 * transaction each (docs/decisions/016-imports-in-slices.md): first every row
 * is compared with its product as it is now, without writing (any row that
 * cannot run as previewed refuses the whole run, unless `refuse` is off:
 * nothing is written and the rows are kept on the batch to show); then slice
 * by slice the products are locked, compared again (a row whose product
 * changed in between is left out and kept to show), written, and the batch's
 * `progress` moved in the same transaction, so a run stopped anywhere goes on
 * from there. The last transaction gives the batch its new state and the
 * audit entry.
 */
export type RunSpec = {
  action: 'apply' | 'undo'
  working: 'applying' | 'undoing'
  /** The state a refused run gives the batch back. */
  back: 'previewed' | 'applied'
  /** Refuse the run when a row cannot run as previewed (else such rows are left out). */
  refuse: boolean
  /** The rows of `rows` that cannot run now and why; `current`: their products' values (missing: gone). */
  issues(db: Db | Tx, rows: SavedRow[], current: Map<number, SheetValues>): Promise<Map<number, RowIssue>>
  /** Writes the rows of one slice (those without an issue). */
  write(tx: Tx, batch: BatchRow, rows: SavedRow[], current: Map<number, SheetValues>, by: AuditActor): Promise<void>
  /** The clock that stamps the run done. */
  now: () => Date
  /** Once every row ran: the batch's new state, the columns it stamps, its audit entry (`left` rows were left out). */
  done: {
    state: 'applied' | 'undone'
    stamp(at: Date, by: AuditActor): Partial<typeof changeBatches.$inferInsert>
    audit: 'catalogue.batch_apply' | 'catalogue.batch_undo'
    after(batch: BatchRow, counts: { run: number; left: number }): Record<string, unknown>
  }
}

/** What a claim refuses and why (409). */
export type ClaimRule = (batch: BatchRow) => MessageKey | null

/**
 * Moves a batch into `spec.working` (or answers 409 with the first rule's
 * message) and runs it in the background; answers the batch as it now is.
 */
export async function startRun(
  db: Db,
  id: number,
  spec: RunSpec,
  claim: { lang: Lang; rules: ClaimRule[]; notes: RunNotes; set?: Partial<typeof changeBatches.$inferInsert> },
): Promise<BatchRow> {
  const batch = await db.transaction(async (tx) => {
    const [found] = await tx.select().from(changeBatches).where(eq(changeBatches.id, id)).for('update')
    if (!found) throw new ApiError(404, message(claim.lang, 'batch_not_found'))
    if (found.state === 'applying' || found.state === 'undoing')
      throw new ApiError(409, message(claim.lang, 'batch_busy'))
    for (const rule of claim.rules) {
      const refused = rule(found)
      if (refused) throw new ApiError(409, message(claim.lang, refused))
    }
    const total = await rowsToRunCount(tx, id)
    if (!total) throw new ApiError(409, message(claim.lang, 'batch_nothing_to_apply'))
    const { refusal: _, skipped: _skipped, ...summary } = found.summary as Record<string, unknown> & RunNotes
    return oneRow(
      await tx
        .update(changeBatches)
        .set({
          ...claim.set,
          state: spec.working,
          progress: 0,
          total,
          progressAt: sql`now()`,
          summary: { ...summary, ...claim.notes },
        })
        .where(eq(changeBatches.id, id))
        .returning(),
    )
  })
  void startJob(db, id, (signal) => runRows(db, id, spec, signal))
  return batch
}

/** Carries on with a batch in `spec.working`: from its first row, or from where a stopped run left it. */
export async function runRows(db: Db, id: number, spec: RunSpec, signal: AbortSignal) {
  const [batch] = await db.select().from(changeBatches).where(eq(changeBatches.id, id))
  if (batch?.state !== spec.working) return
  if (batch.progress === 0 && spec.refuse) {
    const issues = await compareAll(db, batch, spec, signal)
    if (issues.length) return refuse(db, id, spec, issues)
  }
  // Never under 50 rows: each transaction has its fixed part (the batch locked, the caches told).
  const pace = pacer(200, 50, 2000)
  for (let more = true; more; ) {
    stopIfAsked(signal)
    // An SKU or slug another product took in the moment between the check and the insert: the
    // slice runs again, and its check now finds the row's key taken.
    more = await pace.slice((size) =>
      runSlice(db, id, spec, size).catch((error) => {
        if (isUniqueViolation(error)) return runSlice(db, id, spec, size)
        throw error
      }),
    )
  }
}

/** Every row compared with its product as it is now, a slice at a time, nothing locked or written. */
async function compareAll(db: Db, batch: BatchRow, spec: RunSpec, signal: AbortSignal) {
  const issues: RowIssue[] = []
  const pace = pacer(500, 50, 5000)
  for (let offset = 0, read = -1; read !== 0; offset += read) {
    stopIfAsked(signal)
    read = await pace.slice(async (size) => {
      const rows = await rowsToRun(db, batch.id, offset, size)
      const mine = runnable(rows, batch, spec)
      const current = await sheetValuesOf(db, productIds(mine))
      issues.push(...(await spec.issues(db, mine, current)).values())
      return rows.length
    })
  }
  return issues
}

/** The rows of a slice this run writes: an undo leaves what the apply left out. */
function runnable(rows: SavedRow[], batch: BatchRow, spec: RunSpec) {
  if (spec.action !== 'undo') return rows
  const notApplied = new Set((batch.summary as RunNotes).not_applied)
  return rows.filter((r) => !notApplied.has(r.line))
}

const productIds = (rows: SavedRow[]) => rows.flatMap((r) => (r.productId === null ? [] : [r.productId]))

const kept = (issues: RowIssue[]) => ({ rows: issues.slice(0, ISSUES_KEPT), total: issues.length })

/** Nothing was written: the batch goes back, keeping why. */
async function refuse(db: Db, id: number, spec: RunSpec, issues: RowIssue[]) {
  await db.transaction(async (tx) => {
    const [batch] = await tx.select().from(changeBatches).where(eq(changeBatches.id, id)).for('update')
    if (batch?.state !== spec.working || batch.progress !== 0) return
    const { by: _, skip_changed: _skip, ...summary } = batch.summary as Record<string, unknown> & RunNotes
    await tx
      .update(changeBatches)
      .set({
        state: spec.back,
        progress: 0,
        summary: { ...summary, refusal: { action: spec.action, ...kept(issues) } },
        ...(spec.action === 'apply' && { appliedBy: null }),
        ...(spec.action === 'undo' && { undoneBy: null }),
      })
      .where(eq(changeBatches.id, id))
  })
}

/** One transaction: the next `size` rows locked, compared, written; false once every row ran (and the run ended). */
function runSlice(db: Db, id: number, spec: RunSpec, size: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [batch] = await tx.select().from(changeBatches).where(eq(changeBatches.id, id)).for('update')
    if (batch?.state !== spec.working) return false
    const notes = batch.summary as RunNotes
    const by = notes.by as AuditActor
    const rows = await rowsToRun(tx, id, batch.progress, size)
    if (!rows.length) {
      await finish(tx, batch, spec, by)
      await invalidateCatalogue(db, tx)
      return false
    }
    const mine = runnable(rows, batch, spec)
    await lockLinesFor(tx, mine)
    const current = await lockedValues(tx, productIds(mine))
    const issues = await spec.issues(tx, mine, current)
    await spec.write(
      tx,
      batch,
      mine.filter((r) => !issues.has(r.id)),
      current,
      by,
    )
    await tx
      .update(changeBatches)
      .set({
        progress: batch.progress + rows.length,
        progressAt: sql`now()`,
        summary: { ...notes, ...leftOut(notes, spec, [...issues.values()]) },
      })
      .where(eq(changeBatches.id, id))
    await invalidateCatalogue(db, tx)
    return true
  })
}

/** The notes with this slice's rows left out added. */
function leftOut(notes: RunNotes, spec: RunSpec, issues: RowIssue[]): RunNotes {
  if (!issues.length) return {}
  const earlier = notes.skipped?.action === spec.action ? notes.skipped : { rows: [], total: 0 }
  return {
    skipped: {
      action: spec.action,
      rows: [...earlier.rows, ...issues].slice(0, ISSUES_KEPT),
      total: earlier.total + issues.length,
    },
    ...(spec.action === 'apply' && { not_applied: [...(notes.not_applied ?? []), ...issues.map((i) => i.line)] }),
  }
}

/** The run's end: the batch's new state and stamps, without the run's own notes, and one audit entry. */
async function finish(tx: Tx, batch: BatchRow, spec: RunSpec, by: AuditActor) {
  const notes = batch.summary as RunNotes
  const left = (notes.skipped?.total ?? 0) + (spec.action === 'undo' ? (notes.not_applied?.length ?? 0) : 0)
  const at = spec.now()
  await tx
    .update(changeBatches)
    .set({ ...spec.done.stamp(at, by), state: spec.done.state, summary: settledSummary(batch) })
    .where(eq(changeBatches.id, batch.id))
  await recordAudit(tx, {
    ...by,
    action: spec.done.audit,
    entity: 'change_batch',
    entityId: batch.id,
    before: null,
    after: spec.done.after(batch, { run: batch.total - left, left }),
    at,
  })
}
