import type { FullResult, Reporter } from '@playwright/test/reporter'
import { endOfRunCheck } from '../../support/leftover-processes.ts'

/**
 * Fails the run when a process the specs started is still running
 * (tests/support/leftover-processes.ts). A reporter's `onEnd` runs after the
 * global teardown and after Playwright has stopped its web servers and
 * workers: whatever is left then, the specs left.
 */
export default class NoLeftoverProcesses implements Reporter {
  async onEnd(_result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    try {
      await endOfRunCheck('playwright')
      return undefined
    } catch (error) {
      console.error(`\n${(error as Error).message}\n`)
      return { status: 'failed' }
    }
  }

  printsToStdio() {
    return false
  }
}
