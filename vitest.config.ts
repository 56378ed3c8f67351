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
          // Migrates and seeds each database template once per run; every file copies one.
          globalSetup: ['tests/setup/database-templates.ts'],
          setupFiles: ['tests/setup/zod-openapi.ts', 'tests/setup/fail-on-console-error.ts'],
          // Each file loads its own copy of a database; a worker per core.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
