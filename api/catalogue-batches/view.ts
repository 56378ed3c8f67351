import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm'
import type { RowKind } from '#contract/catalogue-batches.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { brands, categories, changeBatches, changeBatchRows, staff } from '../db/schema/index.ts'
import type { Lang } from '../http/locale.ts'
import { groupedNumber, type MessageKey, message } from '../http/messages.ts'
import { type BatchRow, batchDescription, issueMessage, type RowError, type RunNotes, UNDO_HOURS } from './batches.ts'
import { writeMoment } from './cells.ts'
import type { Changes, SheetField } from './fields.ts'
import { IMPORT_MAX_ROWS } from './plan.ts'
import { XLSX_MAX_UNPACKED_BYTES } from './sheet-read.ts'

const kindFilter: Record<RowKind, SQL | undefined> = {
  created: and(isNull(changeBatchRows.before), isNotNull(changeBatchRows.after)),
  changed: isNotNull(changeBatchRows.before),
  rejected: isNotNull(changeBatchRows.errors),
}

/** The values a failed check's message may name (`sheet_too_many_rows`, `sheet_unpacked_too_large`). */
const failureVars = { max: groupedNumber(IMPORT_MAX_ROWS), megabytes: XLSX_MAX_UNPACKED_BYTES / 1024 / 1024 }

/** Rows kept of a refused or partly run apply or undo, in the reader's language. */
function keptRows(lang: Lang, kept: RunNotes['refusal'] | RunNotes['skipped']) {
  if (!kept) return null
  const more = kept.total - kept.rows.length
  return {
    action: kept.action,
    rows: kept.rows.map((issue) => issueMessage(lang, issue)),
    more: more > 0 ? message(lang, 'batch_more_rows', { count: groupedNumber(more) }) : null,
  }
}

/** A batch as the API answers it (without its rows); `names` gives its staff member's name. */
export function batchSummary(batch: BatchRow, lang: Lang, now: Date, names?: Map<number, string>) {
  const undoUntil = batch.appliedAt ? new Date(batch.appliedAt.getTime() + UNDO_HOURS * 3600_000) : null
  const { counts, ...summary } = batchDescription(batch) as { counts?: Record<string, number> }
  const notes = batch.summary as RunNotes
  const refusal = keptRows(lang, notes.refusal)
  const working = batch.state === 'checking' || batch.state === 'applying' || batch.state === 'undoing'
  return {
    id: batch.id,
    kind: batch.kind,
    state: batch.state,
    summary,
    // A bulk change's rows are the products chosen (earlier previews stored no count: their total is it).
    counts: { rows: batch.total, created: 0, changed: 0, unchanged: 0, rejected: 0, ...counts },
    progress: batch.progress,
    // Of what `progress` counts: the file's rows (once counted), or the rows an apply or undo runs.
    total: working ? batch.total : null,
    error: batch.error ? message(lang, batch.error as MessageKey, failureVars) : null,
    refusal: refusal && {
      ...refusal,
      detail: message(lang, refusal.action === 'apply' ? 'batch_stale' : 'batch_undo_conflict'),
    },
    left_out: keptRows(lang, notes.skipped),
    actor: batch.actor,
    actor_name: batch.staffId === null ? null : (names?.get(batch.staffId) ?? null),
    created_at: batch.createdAt.toISOString(),
    applied_at: batch.appliedAt?.toISOString() ?? null,
    applied_by: batch.appliedBy,
    undone_at: batch.undoneAt?.toISOString() ?? null,
    undone_by: batch.undoneBy,
    undo_until: undoUntil?.toISOString() ?? null,
    can_apply: batch.state === 'previewed' && ((counts?.changed ?? 0) > 0 || (counts?.created ?? 0) > 0),
    can_undo: batch.state === 'applied' && !!undoUntil && undoUntil > now,
  }
}

/** A value as the spreadsheet writes it: brand and category slugs, Tashkent times, 1/0. */
function shown(
  field: SheetField,
  value: unknown,
  names: { brands: Map<number, string>; categories: Map<number, string> },
) {
  if (value === null || value === undefined) return null
  if (field === 'brand') return names.brands.get(value as number) ?? String(value)
  if (field === 'categories') return (value as number[]).map((id) => names.categories.get(id) ?? String(id)).join(', ')
  if (field === 'sale_starts_at' || field === 'sale_ends_at') return writeMoment(value as string)
  if (field === 'hidden') return value ? '1' : '0'
  return String(value)
}

/** One page of a batch's rows (optionally of one kind), in file order, values shown as the sheet writes them. */
export async function batchRows(
  db: Db,
  batchId: number,
  lang: Lang,
  query: { page: number; size: number; kind?: RowKind },
) {
  const where = and(eq(changeBatchRows.batchId, batchId), query.kind ? kindFilter[query.kind] : undefined)
  const { total } = oneRow(await db.select({ total: count() }).from(changeBatchRows).where(where))
  const rows = await db
    .select()
    .from(changeBatchRows)
    .where(where)
    .orderBy(asc(changeBatchRows.line))
    .limit(query.size)
    .offset((query.page - 1) * query.size)
  const brandIds = new Set<number>()
  const categoryIds = new Set<number>()
  for (const row of rows)
    for (const side of [row.before, row.after] as (Changes | null)[]) {
      if (side?.brand) brandIds.add(side.brand)
      for (const id of side?.categories ?? []) categoryIds.add(id)
    }
  const names = {
    brands: new Map(
      brandIds.size
        ? (
            await db
              .select({ id: brands.id, slug: brands.slug })
              .from(brands)
              .where(inArray(brands.id, [...brandIds]))
          ).map((b) => [b.id, b.slug] as const)
        : [],
    ),
    categories: new Map(
      categoryIds.size
        ? (
            await db
              .select({ id: categories.id, slug: categories.slug })
              .from(categories)
              .where(inArray(categories.id, [...categoryIds]))
          ).map((c) => [c.id, c.slug] as const)
        : [],
    ),
  }
  const results = rows.map((row) => {
    const before = (row.before ?? {}) as Record<string, unknown>
    const after = (row.after ?? {}) as Record<string, unknown>
    return {
      line: row.line,
      product_id: row.productId,
      label: row.label,
      kind: (row.errors ? 'rejected' : row.before ? 'changed' : 'created') as RowKind,
      changes: Object.keys(after).map((field) => ({
        field,
        before: row.before ? shown(field as SheetField, before[field], names) : null,
        after: shown(field as SheetField, after[field], names),
      })),
      errors: ((row.errors ?? []) as RowError[]).map((e) => ({
        field: e.field,
        message: message(lang, e.key, e.vars),
      })),
    }
  })
  return { results, total }
}

/** The names of the staff members who made `batches`, by id. */
export async function batchStaffNames(db: Db, batches: Pick<BatchRow, 'staffId'>[]) {
  const ids = [...new Set(batches.flatMap((b) => (b.staffId === null ? [] : [b.staffId])))]
  if (!ids.length) return new Map<number, string>()
  const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, ids))
  return new Map(rows.map((r) => [r.id, r.name] as const))
}

/** Recent batches, newest first. */
export async function recentBatches(db: Db, page: number, size: number) {
  const { total } = oneRow(await db.select({ total: count() }).from(changeBatches))
  const rows = await db
    .select()
    .from(changeBatches)
    .orderBy(desc(changeBatches.id))
    .limit(size)
    .offset((page - 1) * size)
  return { rows, total }
}
