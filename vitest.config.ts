import { configDefaults, defineConfig } from 'vitest/config'
import { markTestRun } from './tests/support/leftover-processes.ts'

// Every process the run starts carries the mark: the teardown fails the run if one outlives it.
markTestRun()

// Files share a worker and the modules it loaded (a process and imports of its own per file took a
// third of the run's time); each still reads its own settings (tests/setup/file-isolation.ts).
const sharedWorkers = { isolate: false }

// Timeouts catch a test that hangs; they are not speed checks (those are
// `npm run bench`). Sized so a machine at load average 20 (2 cores shared with
// other work: ten times slower than alone) still passes; a hang is reported
// only later.
const patience = {
  testTimeout: 300_000,
  // The first file to need a database template waits for its build.
  hookTimeout: 600_000,
  // How long `expect.poll` waits for a state (tests/support/until-state.ts for `vi.waitFor`).
  expect: { poll: { timeout: 60_000 } },
}

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/no-leftover-processes.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'api/**/*.test.ts'],
          setupFiles: ['tests/setup/file-isolation.ts', 'tests/setup/fail-on-console-error.ts'],
          // As many as the integration files: both projects then share one pool of two
          // workers (with vitest's default of one fewer than the cores, the unit files
          // ran one at a time, on their own, before or after the integration files).
          maxWorkers: 2,
          ...sharedWorkers,
          ...patience,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // *.postgres.test.ts start several shop processes on one PostgreSQL server,
          // which PGlite (one process by design) cannot be: only the pass with
          // DATABASE_URL runs them (.ci/run's second pass).
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.DATABASE_URL ? [] : ['tests/integration/**/*.postgres.test.ts']),
          ],
          // Migrates and seeds each database template once per run; every file copies one.
          globalSetup: ['tests/setup/database-templates.ts'],
          setupFiles: [
            'tests/setup/file-isolation.ts',
            'tests/setup/zod-openapi.ts',
            'tests/setup/fail-on-console-error.ts',
          ],
          // Each file loads its own copy of a database; a worker per core.
          maxWorkers: 2,
          ...sharedWorkers,
          ...patience,
        },
      },
    ],
  },
})
