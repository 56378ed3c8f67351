import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { linesLockKey } from '../admin/lines/members.ts'
import { type AuditActor, recordAudit } from '../audit/record.ts'
import { invalidateCatalogue } from '../catalogue/cache.ts'
import { productSearchKey, reindexProducts } from '../catalogue/search-key.ts'
import { announceSearchKeyWords } from '../catalogue/vocabulary.ts'
import { lockKey } from '../db/advisory-lock.ts'
import type { Db, Tx } from '../db/client.ts'
import { recordset } from '../db/recordset.ts'
import { oneRow } from '../db/rows.ts'
import { brands, changeBatches, changeBatchRows, products } from '../db/schema/index.ts'
import { ApiError, type FieldError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { type MessageKey, message } from '../http/messages.ts'
import { isUniqueViolation } from '../orders/db-errors.ts'
import { type Movement, moveStockMany } from '../stock/movements.ts'
import {
  type Changes,
  driftedFields,
  productColumns,
  type SheetField,
  type SheetValues,
  searchFields,
  sheetValuesOf,
} from './fields.ts'
import { type LineMove, lineNameOf, placeInLines } from './lines.ts'
import { insertProducts, setCategoriesMany, updateProducts } from './write-many.ts'

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
type SavedRow = typeof changeBatchRows.$inferSelect

/** Saves drafted rows of a batch, in slices (an import may have 50,000). */
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

const rowMessage = (lang: Lang, row: SavedRow, key: MessageKey, fields: SheetField[] = []) =>
  message(lang, key, { line: row.line, label: row.label, fields: fields.join(', ') })

/** Answers 409 with each conflicting row as a field error (`row_<line>`). */
function conflict(lang: Lang, key: MessageKey, rows: FieldError[]): never {
  throw new ApiError(409, message(lang, key), rows)
}

async function lockBatch(tx: Tx, id: number, lang: Lang): Promise<BatchRow> {
  const [batch] = await tx.select().from(changeBatches).where(eq(changeBatches.id, id)).for('update')
  if (!batch) throw new ApiError(404, message(lang, 'batch_not_found'))
  return batch
}

/** Locks the products (against edits racing the batch) and reads them. */
async function lockedValues(tx: Tx, ids: number[]) {
  for (let i = 0; i < ids.length; i += 5000)
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids.slice(i, i + 5000)))
      .for('update')
  return sheetValuesOf(tx, ids)
}

const touchesSearch = (changes: Changes | null) => !!changes && searchFields.some((f) => f in changes)

async function reindex(db: Db, tx: Tx, ids: number[]) {
  if (ids.length) await reindexProducts(db, { productIds: ids }, tx)
}

const withoutStock = ({ stock: _, line: _line, ...rest }: Changes) => rest

/**
 * Rows that move products between lines take the lines' turn first (as the
 * back office's line changes do), before locking the products.
 */
async function lockLinesFor(tx: Tx, rows: SavedRow[]) {
  if (rows.some((r) => (r.after && 'line' in r.after) || (r.before && 'line' in r.before)))
    await lockKey(tx, linesLockKey)
}

export type ApplyCtx = { lang: Lang; now: Date }

/**
 * Applies a previewed batch in one transaction with one audit entry: every
 * product must still have the values the preview showed as "before" (else
 * 409 listing the rows that changed, and nothing is written), so what was
 * previewed is what is applied. Stock is a count: the change from the
 * previewed number to the new one is added to the current stock
 * (one bulk movement), so sales made meanwhile stay counted. Rejected rows are
 * left out.
 */
export async function applyBatch(db: Db, id: number, actor: AuditActor, ctx: ApplyCtx): Promise<BatchRow> {
  // An SKU or slug the preview found free and someone took since: the preview is stale, not a 500.
  return applyInTransaction(db, id, actor, ctx).catch((error) => {
    if (isUniqueViolation(error)) throw new ApiError(409, message(ctx.lang, 'batch_stale'))
    throw error
  })
}

async function applyInTransaction(db: Db, id: number, actor: AuditActor, ctx: ApplyCtx): Promise<BatchRow> {
  const { lang, now } = ctx
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, id, lang)
    if (batch.state === 'checking') throw new ApiError(409, message(lang, 'batch_checking'))
    if (batch.state !== 'previewed') throw new ApiError(409, message(lang, 'batch_not_previewed'))
    const rows = await tx
      .select()
      .from(changeBatchRows)
      .where(and(eq(changeBatchRows.batchId, id), isNotNull(changeBatchRows.after)))
      .orderBy(asc(changeBatchRows.line))
    if (!rows.length) throw new ApiError(409, message(lang, 'batch_nothing_to_apply'))
    await lockLinesFor(tx, rows)
    const existing = rows.filter((r) => r.before)
    const current = await lockedValues(
      tx,
      existing.map((r) => r.productId).filter((p): p is number => p !== null),
    )
    const stale: FieldError[] = []
    for (const row of existing) {
      const now = row.productId === null ? undefined : current.get(row.productId)
      if (!now) stale.push({ field: `row_${row.line}`, message: rowMessage(lang, row, 'batch_row_gone') })
      else {
        const drifted = driftedFields(now, row.before as Changes)
        if (drifted.length)
          stale.push({ field: `row_${row.line}`, message: rowMessage(lang, row, 'batch_row_changed', drifted) })
      }
    }
    if (stale.length) conflict(lang, 'batch_stale', stale)
    const reason = batch.kind === 'import' ? 'import' : 'correction'
    const { reindexed, newKeys } = await writeRows(tx, rows, current, reason, actor)
    await announceSearchKeyWords(db, newKeys, tx)
    await reindex(db, tx, reindexed)
    const applied = oneRow(
      await tx
        .update(changeBatches)
        .set({ state: 'applied', appliedAt: now, appliedBy: actor.actor })
        .where(eq(changeBatches.id, id))
        .returning(),
    )
    await recordAudit(tx, {
      ...actor,
      action: 'catalogue.batch_apply',
      entity: 'change_batch',
      entityId: id,
      before: null,
      after: { kind: batch.kind, ...batch.summary, rows: rows.length },
      at: now,
    })
    await invalidateCatalogue(db, tx)
    return applied
  })
}

/**
 * Writes a batch's rows set-based (an import may have 50,000): changed
 * products per shape of change, new ones in multi-row inserts, categories,
 * then all stock in one bulk movement (a count: after − the previewed number,
 * added to the current stock). Answers the products to re-index.
 */
async function writeRows(
  tx: Tx,
  rows: SavedRow[],
  current: Map<number, SheetValues>,
  reason: 'import' | 'correction',
  actor: AuditActor,
) {
  const updates: { id: number; set: ReturnType<typeof productColumns> }[] = []
  const categorised: { productId: number; categories: number[] }[] = []
  const moves: Movement[] = []
  const reindexed: number[] = []
  const created: { row: SavedRow; after: Changes }[] = []
  const lineMoves: LineMove[] = []
  const lineNames = new Map<string, string>()
  const nameLine = (line: string | null | undefined, title: string | null | undefined) => {
    if (line && !lineNames.has(line)) lineNames.set(line, lineNameOf(title))
  }
  for (const row of rows) {
    const after = row.after as Changes
    if (!row.before || row.productId === null) {
      created.push({ row, after })
      continue
    }
    const productId = row.productId
    const values = current.get(productId) as SheetValues
    updates.push({ id: productId, set: productColumns(values, withoutStock(after)) })
    if (after.categories) categorised.push({ productId, categories: after.categories })
    if (after.line !== undefined) {
      lineMoves.push({ productId, line: after.line })
      nameLine(after.line, after.title_ru ?? values.title_ru)
    }
    const delta = after.stock === undefined ? 0 : after.stock - ((row.before as Changes).stock ?? values.stock)
    if (delta) moves.push({ productId, delta, reason, actor })
    if (touchesSearch(after)) reindexed.push(productId)
  }
  await updateProducts(tx, updates)
  // New products get their search key as they are written: a second write of each (a re-index) costs as much again.
  const newKeys: string[] = []
  const brandIds = [...new Set(created.map(({ after }) => after.brand as number))]
  const brandOf = new Map(
    (brandIds.length
      ? await tx
          .select({ id: brands.id, name: brands.name, aliases: brands.aliases })
          .from(brands)
          .where(inArray(brands.id, brandIds))
      : []
    ).map((b) => [b.id, b]),
  )
  const ids = await insertProducts(
    tx,
    created.map(({ after }) => {
      const columns = productColumns(null, after)
      const title = columns.title ?? { uz: '', sr: '', ru: '' }
      const brand = brandOf.get(columns.brandId as number)
      const searchKey = brand ? productSearchKey({ title, volume: columns.volume, unit: columns.unit }, brand) : ''
      newKeys.push(searchKey)
      return {
        searchKey,
        ...columns,
        slug: columns.slug as string,
        title: columns.title ?? { uz: '', sr: '', ru: '' },
        description: columns.description ?? { uz: '', sr: '', ru: '' },
        brandId: columns.brandId as number,
        audience: columns.audience ?? 'unisex',
        country: columns.country ?? '',
        price: columns.price as number,
      }
    }),
  )
  const createdIds = created.map(({ row, after }) => {
    const productId = ids.get(after.slug as string) as number
    if (after.categories?.length) categorised.push({ productId, categories: after.categories })
    if (after.line) {
      lineMoves.push({ productId, line: after.line })
      nameLine(after.line, after.title_ru)
    }
    if (after.stock) moves.push({ productId, delta: after.stock, reason, actor })
    return { id: row.id, product_id: productId }
  })
  for (let i = 0; i < createdIds.length; i += 5000)
    await tx.execute(sql`update ${changeBatchRows} r set product_id = v.product_id
      from ${recordset(createdIds.slice(i, i + 5000), { id: 'integer', product_id: 'integer' })} where r.id = v.id`)
  await setCategoriesMany(tx, categorised)
  await placeInLines(tx, lineMoves, lineNames)
  await moveStockMany(tx, moves)
  return { reindexed, newKeys }
}

export type UndoResult = { batch: BatchRow; undone: number; skipped: FieldError[] }

/**
 * Undoes an applied batch within 24 hours, in one transaction with one audit
 * entry: each product gets its `before` values back and the opposite stock
 * movement; a product the batch created is hidden (it may have been ordered,
 * reviewed or favourited meanwhile, so it is not deleted). A product changed
 * since the batch (any field it set no longer has the batch's value, or its
 * stock has been sold below what undo would take back) is never overwritten:
 * without `skipChanged` the undo is refused with those rows listed (409), with
 * it the other rows are undone and those are reported as skipped.
 */
export async function undoBatch(
  db: Db,
  id: number,
  actor: AuditActor,
  ctx: { lang: Lang; now: Date; skipChanged: boolean },
): Promise<UndoResult> {
  const { lang, now } = ctx
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, id, lang)
    if (batch.state !== 'applied' || !batch.appliedAt) throw new ApiError(409, message(lang, 'batch_not_applied'))
    if (now.getTime() - batch.appliedAt.getTime() > UNDO_HOURS * 3600_000)
      throw new ApiError(409, message(lang, 'batch_undo_expired'))
    const rows = await tx
      .select()
      .from(changeBatchRows)
      .where(and(eq(changeBatchRows.batchId, id), isNotNull(changeBatchRows.after)))
      .orderBy(asc(changeBatchRows.line))
    await lockLinesFor(tx, rows)
    const current = await lockedValues(
      tx,
      rows.map((r) => r.productId).filter((p): p is number => p !== null),
    )
    const skipped: FieldError[] = []
    const todo: { row: SavedRow; values: SheetValues }[] = []
    for (const row of rows) {
      const values = row.productId === null ? undefined : current.get(row.productId)
      const after = row.after as Changes
      const skip = (key: MessageKey, fields?: SheetField[]) =>
        skipped.push({ field: `row_${row.line}`, message: rowMessage(lang, row, key, fields) })
      if (!values) {
        skip('batch_row_gone')
        continue
      }
      const drifted = driftedFields(values, after)
      if (drifted.length) skip('batch_row_changed', drifted)
      else if (after.stock !== undefined && values.stock < after.stock - ((row.before as Changes | null)?.stock ?? 0))
        skip('batch_row_stock')
      else todo.push({ row, values })
    }
    if (skipped.length && !ctx.skipChanged) conflict(lang, 'batch_undo_conflict', skipped)
    const reindexed: number[] = []
    const restored: { id: number; set: ReturnType<typeof productColumns> }[] = []
    const categorised: { productId: number; categories: number[] }[] = []
    const moves: Movement[] = []
    const lineMoves: LineMove[] = []
    const lineNames = new Map<string, string>()
    for (const { row, values } of todo) {
      const productId = row.productId as number
      const before = row.before as Changes | null
      const after = row.after as Changes
      restored.push({ id: productId, set: before ? productColumns(values, withoutStock(before)) : { isHidden: true } })
      if (before?.categories) categorised.push({ productId, categories: before.categories })
      if (before && before.line !== undefined) {
        lineMoves.push({ productId, line: before.line })
        if (before.line && !lineNames.has(before.line)) lineNames.set(before.line, lineNameOf(values.title_ru))
      }
      const delta = after.stock === undefined ? 0 : after.stock - (before?.stock ?? 0)
      if (delta) moves.push({ productId, delta: -delta, reason: 'undo', actor })
      if (touchesSearch(before)) reindexed.push(productId)
    }
    await updateProducts(tx, restored)
    await setCategoriesMany(tx, categorised)
    await placeInLines(tx, lineMoves, lineNames)
    await moveStockMany(tx, moves)
    await reindex(db, tx, reindexed)
    const undone = oneRow(
      await tx
        .update(changeBatches)
        .set({
          state: 'undone',
          undoneAt: now,
          undoneBy: actor.actor,
          summary: sql`${changeBatches.summary} || ${JSON.stringify({ skipped_rows: skipped.map((s) => s.field) })}::jsonb`,
        })
        .where(eq(changeBatches.id, id))
        .returning(),
    )
    await recordAudit(tx, {
      ...actor,
      action: 'catalogue.batch_undo',
      entity: 'change_batch',
      entityId: id,
      before: null,
      after: { kind: batch.kind, undone: todo.length, skipped: skipped.map((s) => s.message) },
      at: now,
    })
    await invalidateCatalogue(db, tx)
    return { batch: undone, undone: todo.length, skipped }
  })
}
