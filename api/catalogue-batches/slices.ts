import { setImmediate as breathe } from 'node:timers/promises'

/**
 * Long work on batches (reading a file, applying or undoing thousands of rows)
 * runs in slices with a turn of the event loop between them, so the shop keeps
 * answering: awaiting PGlite never lets the event loop run (its queries run in
 * this thread and resolve as microtasks), and it runs one transaction at a
 * time, so a slice is also as long as other requests may wait for the
 * database. docs/decisions/016-imports-in-slices.md.
 */
export { breathe }

/** About how long one slice of database work may take: pages wait for it on PGlite. */
const SLICE_MS = 150

/**
 * Sizes slices of rows so that each takes about SLICE_MS: it starts at
 * `first` rows and follows how long the last slice took (within `min`..`max`,
 * at most doubling at a time), so a busy machine or a slow database gets
 * smaller slices and PostgreSQL on a quiet one larger.
 */
export function pacer(first: number, min: number, max: number) {
  let size = first
  return {
    get size() {
      return size
    },
    /** Runs one slice, learns from its time, then lets the event loop run. */
    async slice<T>(work: (size: number) => Promise<T>): Promise<T> {
      const started = performance.now()
      const result = await work(size)
      const took = Math.max(1, performance.now() - started)
      size = Math.round(Math.min(max, Math.max(min, size * Math.min(2, SLICE_MS / took))))
      await breathe()
      return result
    },
  }
}

/** The work was stopped (the process is shutting down): not a failure of the file or the batch. */
export class Stopped extends Error {
  constructor() {
    super('stopped')
  }
}

/** Throws Stopped once `signal` is aborted: called between slices. */
export function stopIfAsked(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new Stopped()
}
