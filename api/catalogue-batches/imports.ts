import { and, eq, sql } from 'drizzle-orm'
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { ImportMode } from '#contract/catalogue-batches.ts'
import type { AuditActor } from '../audit/record.ts'
import type { Db } from '../db/client.ts'
import { oneRow } from '../db/rows.ts'
import { changeBatches } from '../db/schema/index.ts'
import { logger } from '../log.ts'
import { dropRows, saveRows } from './batches.ts'
import { startJob } from './jobs.ts'
import { IMPORT_MAX_ROWS, planImport } from './plan.ts'
import { countRows, readSheet, SheetUnreadable, sheetFormat, TooManyRows } from './sheet-read.ts'
import { Stopped } from './slices.ts'

/**
 * Starts checking an uploaded file: saves an import batch in state
 * `checking` and answers it at once; the file is read in the background
 * (progress: rows read of `total`, in the batch row, for the screens to
 * poll), then the batch becomes `previewed` (its rows: what would be
 * created, changed, rejected), `failed` with the reason, or `interrupted`
 * (the server stopped meanwhile).
 */
export async function startImport(
  db: Db,
  file: { bytes: Buffer; name: string; mode: ImportMode },
  actor: AuditActor,
): Promise<typeof changeBatches.$inferSelect> {
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
  void startJob(db, batch.id, (signal) => checkFile(db, batch.id, file, signal))
  return batch
}

/** The batch was failed as stalled meanwhile (its heartbeat missed): this check is not its own any more. */
class Superseded extends Error {}

/**
 * Counts the rows (a file past the limit is refused before any is planned),
 * then plans them slice by slice, each slice's rows saved as it goes, and
 * shows the preview. Every write is conditioned on the batch still
 * checking, so a check taken for dead elsewhere stops here too.
 */
async function checkFile(db: Db, id: number, file: { bytes: Buffer; mode: ImportMode }, signal: AbortSignal) {
  const where = and(eq(changeBatches.id, id), eq(changeBatches.state, 'checking'))
  const moved = async (set: PgUpdateSetSource<typeof changeBatches>) => {
    const [still] = await db.update(changeBatches).set(set).where(where).returning({ id: changeBatches.id })
    if (!still) throw new Superseded()
  }
  try {
    await moved({ total: await countRows(file.bytes, IMPORT_MAX_ROWS, signal) })
    const counts = await planImport(db, readSheet(file.bytes, signal), file.mode, async (drafts, read) => {
      await saveRows(db, id, drafts)
      await moved({ progress: read, progressAt: sql`now()` })
    })
    await moved({
      state: 'previewed',
      progress: counts.rows,
      total: counts.rows,
      summary: sql`${changeBatches.summary} || ${JSON.stringify({ counts })}::jsonb`,
    })
  } catch (error) {
    if (error instanceof Superseded) return dropRows(db, id)
    const stopped = error instanceof Stopped
    const known =
      error instanceof SheetUnreadable ? error.key : error instanceof TooManyRows ? 'sheet_too_many_rows' : null
    if (!stopped && !known) logger().error(`import ${id} failed: ${error instanceof Error ? error.stack : error}`)
    await db
      .update(changeBatches)
      .set(
        stopped
          ? { state: 'interrupted', error: 'sheet_stopped' }
          : { state: 'failed', error: known ?? 'sheet_failed' },
      )
      .where(where)
      .catch(() => undefined)
    // A stopping process leaves the rows read so far to the next one (service.ts `tendBatches`).
    if (!stopped) await dropRows(db, id).catch(() => undefined)
  }
}
