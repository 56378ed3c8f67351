// The integration project's global set-up: the service that builds each
// database template on the first ask (tests/integration/support/templates.ts),
// and at the end removes them, folder and PostgreSQL databases alike.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { createLogger, setLogger } from '#api/log.ts'
import { serveTemplates, templateBuilder } from '../integration/support/templates.ts'

export default async function setup(project: TestProject) {
  // The seed's progress is no news here; its warnings and errors still show.
  setLogger(createLogger({ level: 'warn' }))
  const dir = mkdtempSync(join(tmpdir(), 'atir-templates-'))
  const builder = templateBuilder(dir, process.env.DATABASE_URL)
  const service = await serveTemplates(builder)
  project.provide('databaseTemplates', service.url)
  return async () => {
    await service.close()
    try {
      await builder.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
