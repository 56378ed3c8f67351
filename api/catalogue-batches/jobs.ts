import { and, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { changeBatches } from '../db/schema/index.ts'
import { logger } from '../log.ts'
import { breathe, Stopped } from './slices.ts'

/** The states of a batch some process is working on; each such batch has a job and a heartbeat. */
export const workingStates = ['checking', 'applying', 'undoing'] as const

/** How often this process marks the batches it works on as alive (`progress_at`). */
const HEARTBEAT_MS = 10_000
/**
 * A batch at work whose heartbeat is older than this has no process behind it
 * any more (a crash, a kill): six beats missed, whatever its own work does.
 */
export const STALLED_SECONDS = 60

type Job = { db: Db; batchId: number; stop: AbortController; done: Promise<void> }

/** The batch work of this process (a file's check, an apply, an undo), one job per batch. */
const jobs = new Set<Job>()
let heartbeat: NodeJS.Timeout | undefined

/**
 * Runs `work` on a batch in the background (after the current request has
 * had its turn), with this process's heartbeat on the batch while it runs.
 * `work` hears the stop signal of a shutdown through `signal`. A batch that
 * already has a job here is left to it.
 */
export function startJob(db: Db, batchId: number, work: (signal: AbortSignal) => Promise<void>): Promise<void> {
  const running = [...jobs].find((job) => job.db === db && job.batchId === batchId)
  if (running) return running.done
  const stop = new AbortController()
  const job: Job = { db, batchId, stop, done: Promise.resolve() }
  job.done = breathe()
    .then(() => work(stop.signal))
    .catch((error) => {
      // An apply or undo stopped between two slices: the next process carries it on.
      if (error instanceof Stopped) logger().info(`batch ${batchId}: paused by the shutdown`)
      else logger().error(`batch ${batchId}: ${error instanceof Error ? error.stack : error}`)
    })
    .finally(() => {
      jobs.delete(job)
      if (!jobs.size) {
        clearInterval(heartbeat)
        heartbeat = undefined
      }
    })
  jobs.add(job)
  heartbeat ??= setInterval(beat, HEARTBEAT_MS).unref()
  return job.done
}

/** The batches this process is working on in `db`: never taken for stalled here. */
export const batchesAtWork = (db: Db) => [...jobs].filter((job) => job.db === db).map((job) => job.batchId)

/** Resolves once no batch work is left in this process (tests wait for a check or an apply so). */
export async function batchJobsSettled() {
  while (jobs.size) await Promise.all([...jobs].map((job) => job.done))
}

/**
 * Asks every job to stop (a shutdown): a check stops after its slice and says
 * it was interrupted; an apply or undo stops between two transactions and is
 * continued by the next process (service.ts `tendBatches`). Resolves when they have.
 */
export function stopBatchJobs(): Promise<void> {
  for (const job of jobs) job.stop.abort()
  return batchJobsSettled()
}

async function beat() {
  const byDb = new Map<Db, number[]>()
  for (const job of jobs) byDb.set(job.db, [...(byDb.get(job.db) ?? []), job.batchId])
  for (const [db, ids] of byDb)
    await db
      .update(changeBatches)
      .set({ progressAt: sql`now()` })
      .where(and(inArray(changeBatches.id, ids), inArray(changeBatches.state, [...workingStates])))
      // A database away for a moment: the next beat tries again.
      .catch(() => undefined)
}
