import { and, eq, exists, inArray, notInArray, sql } from 'drizzle-orm'
import type { RowKind } from '#contract/catalogue-batches.ts'
import type { Db } from '../db/client.ts'
import { changeBatches, changeBatchRows } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { applySpec } from './apply.ts'
import { dropRows, type RunNotes } from './batches.ts'
import { batchesAtWork, STALLED_SECONDS, startJob } from './jobs.ts'
import { runRows } from './run.ts'
import { undoSpec } from './undo.ts'
import { batchRows, batchStaffNames, batchSummary, recentBatches } from './view.ts'

/**
 * Looks after the batches no process works on any more (run before batches
 * are read, and when a shop starts): a check whose heartbeat stopped is
 * `interrupted` (its file went with its process), an interrupted check's rows
 * are dropped; an
 * apply or undo whose heartbeat stopped is carried on here from where it was.
 * A batch this process works on is never taken for stalled. `stalledAfter`
 * (seconds): 0 when this process alone uses the database (PGlite at start).
 */
export async function tendBatches(db: Db, now: () => Date, stalledAfter = STALLED_SECONDS) {
  const mine = batchesAtWork(db)
  const stalled = and(
    sql`${changeBatches.progressAt} <= now() - make_interval(secs => ${stalledAfter})`,
    mine.length ? notInArray(changeBatches.id, mine) : undefined,
  )
  await db
    .update(changeBatches)
    .set({ state: 'interrupted', error: 'sheet_interrupted' })
    .where(and(eq(changeBatches.state, 'checking'), stalled))
  // The rows an interrupted check had read are never shown: they go, in the background.
  const leftRows = await db
    .select({ id: changeBatches.id })
    .from(changeBatches)
    .where(
      and(
        eq(changeBatches.state, 'interrupted'),
        exists(db.select({ one: sql`1` }).from(changeBatchRows).where(eq(changeBatchRows.batchId, changeBatches.id))),
      ),
    )
  for (const { id } of leftRows) void startJob(db, id, () => dropRows(db, id))
  // Taken over by moving the heartbeat: of several processes tending at once, one gets each batch.
  const orphans = await db
    .update(changeBatches)
    .set({ progressAt: sql`now()` })
    .where(and(inArray(changeBatches.state, ['applying', 'undoing']), stalled))
    .returning({ id: changeBatches.id, state: changeBatches.state, summary: changeBatches.summary })
  for (const orphan of orphans) {
    const spec =
      orphan.state === 'applying'
        ? applySpec(db, now)
        : undoSpec(db, now, (orphan.summary as RunNotes).skip_changed ?? false)
    void startJob(db, orphan.id, (signal) => runRows(db, orphan.id, spec, signal))
  }
}

/** One batch as the API answers it, with a page of its rows. */
export async function batchDetail(
  db: Db,
  id: number,
  ctx: { lang: Lang; now: () => Date },
  query: { page: number; size: number; kind?: RowKind },
) {
  await tendBatches(db, ctx.now)
  const [batch] = await db.select().from(changeBatches).where(eq(changeBatches.id, id))
  if (!batch) throw new ApiError(404, message(ctx.lang, 'batch_not_found'))
  const { results, total } = await batchRows(db, id, ctx.lang, query)
  const names = await batchStaffNames(db, [batch])
  return { batch: batchSummary(batch, ctx.lang, ctx.now(), names), rows: results, total }
}

/** A page of the recent batches, newest first, as the API answers them. */
export async function batchList(db: Db, ctx: { lang: Lang; now: () => Date }, page: number, size: number) {
  await tendBatches(db, ctx.now)
  const { rows, total } = await recentBatches(db, page, size)
  const names = await batchStaffNames(db, rows)
  return { results: rows.map((b) => batchSummary(b, ctx.lang, ctx.now(), names)), total }
}
