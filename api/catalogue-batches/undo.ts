import type { AuditActor } from '../audit/record.ts'
import type { Db } from '../db/client.ts'
import type { Lang } from '../http/locale.ts'
import { type Movement, moveStockMany } from '../stock/movements.ts'
import {
  type BatchRow,
  type RowIssue,
  reindex,
  type SavedRow,
  touchesSearch,
  UNDO_HOURS,
  withoutStock,
} from './batches.ts'
import { type Changes, driftedFields, productColumns, type SheetValues } from './fields.ts'
import { type LineMove, lineNameOf, placeInLines } from './lines.ts'
import { type RunSpec, startRun } from './run.ts'
import { setCategoriesMany, updateProducts } from './write-many.ts'

export type UndoCtx = { lang: Lang; now: () => Date; skipChanged: boolean }

/**
 * Undoes an applied batch within 24 hours, in the background (answers it
 * `undoing`), in slices (run.ts), with one audit entry: each product gets its
 * `before` values back and the opposite stock movement; a product the batch
 * created is hidden (it may have been ordered, reviewed or favourited
 * meanwhile, so it is not deleted). A product changed since the batch (any
 * field it set no longer has the batch's value, or its stock was sold below
 * what undo would take back) is never overwritten: without `skipChanged` the
 * undo is refused (the batch stays applied, those rows kept to show), with it
 * the other rows are undone and those are kept as left out.
 */
export function undoBatch(db: Db, id: number, actor: AuditActor, ctx: UndoCtx): Promise<BatchRow> {
  return startRun(db, id, undoSpec(db, ctx.now, ctx.skipChanged), {
    lang: ctx.lang,
    rules: [
      (batch) => (batch.state !== 'applied' || !batch.appliedAt ? 'batch_not_applied' : null),
      (batch) =>
        ctx.now().getTime() - (batch.appliedAt?.getTime() ?? 0) > UNDO_HOURS * 3600_000 ? 'batch_undo_expired' : null,
    ],
    notes: { by: actor, skip_changed: ctx.skipChanged },
    set: { undoneBy: actor.actor },
  })
}

/** How an undo runs (run.ts); `now` stamps it undone. */
export function undoSpec(db: Db, now: () => Date, skipChanged: boolean): RunSpec {
  return {
    action: 'undo',
    working: 'undoing',
    back: 'applied',
    refuse: !skipChanged,
    issues: async (_db, rows, current) => undoIssues(rows, current),
    async write(tx, _batch, rows, current, by) {
      const reindexed: number[] = []
      const restored: { id: number; set: ReturnType<typeof productColumns> }[] = []
      const categorised: { productId: number; categories: number[] }[] = []
      const moves: Movement[] = []
      const lineMoves: LineMove[] = []
      const lineNames = new Map<string, string>()
      for (const row of rows) {
        const productId = row.productId as number
        const values = current.get(productId) as SheetValues
        const before = row.before as Changes | null
        const after = row.after as Changes
        restored.push({
          id: productId,
          set: before ? productColumns(values, withoutStock(before)) : { isHidden: true },
        })
        if (before?.categories) categorised.push({ productId, categories: before.categories })
        if (before && before.line !== undefined) {
          lineMoves.push({ productId, line: before.line })
          if (before.line && !lineNames.has(before.line)) lineNames.set(before.line, lineNameOf(values.title_ru))
        }
        const delta = after.stock === undefined ? 0 : after.stock - (before?.stock ?? 0)
        if (delta) moves.push({ productId, delta: -delta, reason: 'undo', actor: by })
        if (touchesSearch(before)) reindexed.push(productId)
      }
      await updateProducts(tx, restored)
      await setCategoriesMany(tx, categorised)
      await placeInLines(tx, lineMoves, lineNames)
      await moveStockMany(tx, moves)
      await reindex(db, tx, reindexed)
    },
    now,
    done: {
      state: 'undone',
      stamp: (at, by) => ({ undoneAt: at, undoneBy: by.actor }),
      audit: 'catalogue.batch_undo',
      after: (batch, counts) => ({ kind: batch.kind, undone: counts.run, left_out: counts.left }),
    },
  }
}

/** Rows whose product changed since the batch (or is gone, or sold below what undo takes back). */
function undoIssues(rows: SavedRow[], current: Map<number, SheetValues>) {
  const issues = new Map<number, RowIssue>()
  for (const row of rows) {
    const values = row.productId === null ? undefined : current.get(row.productId)
    const after = row.after as Changes
    const issue = (key: RowIssue['key'], fields?: RowIssue['fields']) =>
      issues.set(row.id, { line: row.line, label: row.label, key, ...(fields && { fields }) })
    if (!values) {
      issue('batch_row_gone')
      continue
    }
    const drifted = driftedFields(values, after)
    if (drifted.length) issue('batch_row_changed', drifted)
    else if (after.stock !== undefined && values.stock < after.stock - ((row.before as Changes | null)?.stock ?? 0))
      issue('batch_row_stock')
  }
  return issues
}
