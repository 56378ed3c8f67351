import { configDefaults, defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'api/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
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
          setupFiles: ['tests/setup/zod-openapi.ts', 'tests/setup/fail-on-console-error.ts'],
          // Each file opens its own database; PGlite start-up dominates, so keep
          // the pool small on a 2-core machine.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
