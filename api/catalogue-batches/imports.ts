import { and, eq, lt, sql } from 'drizzle-orm'
import type { ImportMode } from '#contract/catalogue-batches.ts'
import type { AuditActor } from '../audit/record.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { changeBatches } from '../db/schema/index.ts'
import { logger } from '../log.ts'
import { saveRows } from './batches.ts'
import { planImport, TooManyRows } from './plan.ts'
import { readSheet, SheetUnreadable, sheetFormat } from './sheet-read.ts'

/**
 * Starts checking an uploaded file: saves an import batch in state
 * `checking` and answers its id at once; the file is read in the background
 * (progress: rows read, in the batch row, for the screens to poll), then the
 * batch becomes `previewed` (its rows: what would be created, changed,
 * rejected) or `failed` with the reason. `batch` is the row as saved
 * (checking); `checked` resolves when the check is done.
 */
export async function startImport(
  db: Db,
  file: { bytes: Buffer; name: string; mode: ImportMode },
  actor: AuditActor,
): Promise<{ batch: typeof changeBatches.$inferSelect; checked: Promise<void> }> {
  const batch = oneRow(
    await db
      .insert(changeBatches)
      .values({
        kind: 'import',
        state: 'checking',
        staffId: actor.staffId,
        actor: actor.actor,
        summary: { file: file.name.slice(0, 200), mode: file.mode, format: sheetFormat(file.bytes) },
      })
      .returning(),
  )
  const checked = checkFile(db, batch.id, file.bytes, file.mode)
  running.add(checked)
  void checked.finally(() => running.delete(checked))
  return { batch, checked }
}

/** Checks in progress in this process: a test (or a shutdown) can wait for them. */
const running = new Set<Promise<void>>()
export const importsSettled = () => Promise.all(running)

/**
 * A check that has not moved for this long is taken for dead (its process
 * was stopped mid-file): a slice of 2,000 rows takes seconds, and saving a
 * 100,000-row preview well under a minute, even on a busy machine.
 */
export const CHECK_STALLED_MINUTES = 5

/**
 * Fails the checks whose process died (no progress for CHECK_STALLED_MINUTES),
 * so they do not stay "checking" forever; run before batches are read.
 * Several processes may share the database, so a start-up cannot tell its own
 * dead checks from another process's live ones: the age can.
 */
export async function failStalledChecks(db: Db, now: Date) {
  await db
    .update(changeBatches)
    .set({ state: 'failed', error: 'sheet_interrupted' })
    .where(
      and(
        eq(changeBatches.state, 'checking'),
        lt(changeBatches.progressAt, new Date(now.getTime() - CHECK_STALLED_MINUTES * 60_000)),
      ),
    )
}

async function checkFile(db: Db, id: number, bytes: Buffer, mode: ImportMode) {
  // A check failed as stalled meanwhile stays failed: the state condition.
  const where = and(eq(changeBatches.id, id), eq(changeBatches.state, 'checking'))
  try {
    const { drafts, counts } = await planImport(db, readSheet(bytes), mode, async (read) => {
      await db.update(changeBatches).set({ progress: read, progressAt: sql`now()` }).where(where)
    })
    await db.transaction(async (tx) => {
      const [still] = await tx.select({ id: changeBatches.id }).from(changeBatches).where(where).for('update')
      if (!still) return
      await saveRows(tx, id, drafts)
      await tx
        .update(changeBatches)
        .set({
          state: 'previewed',
          progress: counts.rows,
          total: counts.rows,
          summary: sql`${changeBatches.summary} || ${JSON.stringify({ counts })}::jsonb`,
        })
        .where(where)
    })
  } catch (error) {
    const known =
      error instanceof SheetUnreadable ? error.key : error instanceof TooManyRows ? 'sheet_too_many_rows' : null
    if (!known) logger().error(`import ${id} failed: ${error instanceof Error ? error.stack : error}`)
    await db
      .update(changeBatches)
      .set({ state: 'failed', error: known ?? 'sheet_failed' })
      .where(where)
      .catch(() => {})
  }
}
