// The whole vitest run's teardown: fails the run when a process the tests
// started is still running (tests/support/leftover-processes.ts).
import { endOfRunCheck, type RunProcess } from '../support/leftover-processes.ts'

// vitest's own children: its watchdog and its pool's workers (not what they started).
const vitestOwn = (entry: RunProcess) =>
  entry.ppid === process.pid && (entry.command === 'vitest-watchdog' || entry.command.includes('/vitest/'))

export default function setup() {
  return () => endOfRunCheck('vitest', vitestOwn)
}
