import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { linesLockKey } from '../admin/lines/members.ts'
import type { AuditActor } from '../audit/record.ts'
import { reindexProducts } from '../catalogue/search-key.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Db, Tx } from '../db/client.ts'
import { type changeBatches, changeBatchRows, products } from '../db/schema/index.ts'
import type { FieldError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import { type Changes, type SheetField, searchFields, sheetValuesOf } from './fields.ts'
import { breathe } from './slices.ts'

/** How long after applying a batch can be undone. */
export const UNDO_HOURS = 24

export type RowError = { field: string; key: MessageKey; vars?: Record<string, string | number> }

/** One row of a batch before it is saved: a change (before + after), a new product (after only) or a rejection. */
export type RowDraft = {
  line: number
  productId: number | null
  label: string
  before: Changes | null
  after: Changes | null
  errors: RowError[] | null
}

export type BatchRow = typeof changeBatches.$inferSelect
export type SavedRow = typeof changeBatchRows.$inferSelect

/** A row an apply or undo could not run as it was previewed (its product changed since), kept for the screens. */
export type RowIssue = { line: number; label: string; key: MessageKey; fields?: SheetField[] }

/** The rows of a refusal or of the rows left out that a batch keeps to show (the rest are counted). */
export const ISSUES_KEPT = 100

/** What a batch keeps in `summary` beside its description, about its apply or undo. */
export type RunNotes = {
  /** Who started the apply or undo under way: its audit entry and stock movements name them. */
  by?: AuditActor
  /** The undo under way leaves the rows changed since instead of refusing. */
  skip_changed?: boolean
  /** The last apply or undo refused (nothing written): the rows that changed since the preview. */
  refusal?: { action: 'apply' | 'undo'; rows: RowIssue[]; total: number }
  /** Rows the last apply or undo left out, their product having changed meanwhile. */
  skipped?: { action: 'apply' | 'undo'; rows: RowIssue[]; total: number }
  /** Lines the apply left out: an undo leaves them too. */
  not_applied?: number[]
}

/** The summary of a batch whose run ended: its notes without who ran it and how (those were for the run). */
export function settledSummary(batch: BatchRow): Record<string, unknown> {
  const { by: _, skip_changed: _skip, ...summary } = batch.summary as Record<string, unknown> & RunNotes
  return summary
}

/** What a batch is (the action or file, the mode, the counts), without the notes of its runs. */
export function batchDescription(batch: Pick<BatchRow, 'summary'>): Record<string, unknown> {
  const {
    by: _,
    skip_changed: _s,
    refusal: _r,
    skipped: _k,
    not_applied: _n,
    ...description
  } = batch.summary as Record<string, unknown> & RunNotes
  return description
}

/** Saves drafted rows of a batch, in slices (an import may have 100,000). */
export async function saveRows(db: Db | Tx, batchId: number, rows: RowDraft[]) {
  for (let i = 0; i < rows.length; i += 1000)
    await db.insert(changeBatchRows).values(
      rows.slice(i, i + 1000).map((row) => ({
        batchId,
        line: row.line,
        productId: row.productId,
        label: row.label.slice(0, 200),
        before: row.before,
        after: row.after,
        errors: row.errors,
      })),
    )
}

/** Deletes the rows of a batch that will never be shown (a failed or interrupted check), a few thousand a statement. */
export async function dropRows(db: Db, batchId: number) {
  for (;;) {
    const gone = await db
      .delete(changeBatchRows)
      .where(
        inArray(
          changeBatchRows.id,
          db
            .select({ id: changeBatchRows.id })
            .from(changeBatchRows)
            .where(eq(changeBatchRows.batchId, batchId))
            .limit(5000),
        ),
      )
      .returning({ id: changeBatchRows.id })
    if (gone.length < 5000) return
    await breathe()
  }
}

/** `size` rows of a batch that change or create a product, in file order, from the `offset`-th. */
export const rowsToRun = (db: Db | Tx, batchId: number, offset: number, size: number) =>
  db
    .select()
    .from(changeBatchRows)
    .where(and(eq(changeBatchRows.batchId, batchId), isNotNull(changeBatchRows.after)))
    .orderBy(asc(changeBatchRows.line))
    .offset(offset)
    .limit(size)

/** How many rows of a batch change or create a product. */
export async function rowsToRunCount(db: Db | Tx, batchId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(changeBatchRows)
    .where(and(eq(changeBatchRows.batchId, batchId), isNotNull(changeBatchRows.after)))
  return row?.count ?? 0
}

/** A kept issue as the screens show it: "Row 12 (ATR-5): price changed." */
export const issueMessage = (lang: Lang, issue: RowIssue): FieldError => ({
  field: `row_${issue.line}`,
  message: message(lang, issue.key, { line: issue.line, label: issue.label, fields: (issue.fields ?? []).join(', ') }),
})

/** Locks the products (against edits racing the batch) and reads them. */
export async function lockedValues(tx: Tx, ids: number[]) {
  for (let i = 0; i < ids.length; i += 5000)
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids.slice(i, i + 5000)))
      .for('update')
  return sheetValuesOf(tx, ids)
}

export const touchesSearch = (changes: Changes | null) => !!changes && searchFields.some((f) => f in changes)

export async function reindex(db: Db, tx: Tx, ids: number[]) {
  if (ids.length) await reindexProducts(db, { productIds: ids }, tx)
}

export const withoutStock = ({ stock: _, line: _line, ...rest }: Changes) => rest

/**
 * Rows that move products between lines take the lines' turn first (as the
 * back office's line changes do), before locking the products.
 */
export async function lockLinesFor(tx: Tx, rows: SavedRow[]) {
  if (rows.some((r) => (r.after && 'line' in r.after) || (r.before && 'line' in r.before)))
    await lockKey(tx, linesLockKey)
}
