import type { Database } from '#api/db/client.ts'
import { logger } from '#api/log.ts'
import { describeError, type MediaStore } from '#api/media/store.ts'
import { dependencyUp } from '#api/metrics.ts'

export type DependencyState = 'up' | 'down' | 'unknown'
type Name = 'database' | 'media'

export type DependencyWatch = {
  /** What the last checks found (`unknown` before the first has finished). */
  state(): Record<Name, DependencyState>
  /** Checks both now (what the timer runs); resolves when done. */
  runOnce(): Promise<void>
  /** Stops the timer and waits for checks in progress. */
  stop(): Promise<void>
}

/** How often the shared dependencies are checked. */
export const DEPENDENCY_CHECK_MS = 10_000

/**
 * Watches what every shop process shares, without writing anything: the
 * database (`select 1`) and the picture store (a listing, or the folder's
 * permissions). What it finds goes to /metrics (`atir_dependency_up`), to the
 * log when it changes (an error line when one goes down, an info line when it
 * is back) and to /readyz's body, never to /readyz's status (observability.ts
 * `probes`). The timer is unref'd and checks never overlap.
 */
export function watchDependencies(
  deps: { database: Pick<Database, 'ping'>; media: Pick<MediaStore, 'checkReadable' | 'name'> },
  options: {
    intervalMs?: number
    /** Told what each check found. */
    onCheck?: (name: Name, state: Exclude<DependencyState, 'unknown'>) => void
  } = {},
): DependencyWatch {
  const state: Record<Name, DependencyState> = { database: 'unknown', media: 'unknown' }
  const checks: Record<Name, () => Promise<void>> = {
    database: () => deps.database.ping(),
    media: () => deps.media.checkReadable(),
  }
  const what: Record<Name, string> = { database: 'the database', media: `the picture store ${deps.media.name}` }

  async function check(name: Name) {
    let problem: string | null = null
    try {
      await checks[name]()
    } catch (error) {
      problem = describeError(error)
    }
    const before = state[name]
    state[name] = problem === null ? 'up' : 'down'
    options.onCheck?.(name, state[name])
    dependencyUp.set({ dependency: name }, problem === null ? 1 : 0)
    if (problem !== null && before !== 'down')
      logger().error(`${what[name]} cannot be reached: ${problem} (requests that need it answer 503)`)
    else if (problem === null && before === 'down') logger().info(`${what[name]} can be reached again`)
  }

  let running: Promise<void> | null = null
  const runOnce = () => {
    running ??= Promise.all([check('database'), check('media')])
      .then(() => {})
      .finally(() => {
        running = null
      })
    return running
  }
  void runOnce()
  const timer = setInterval(runOnce, options.intervalMs ?? DEPENDENCY_CHECK_MS)
  timer.unref()
  return {
    state: () => ({ ...state }),
    runOnce,
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
