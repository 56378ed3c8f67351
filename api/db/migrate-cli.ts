// npm run migrate: brings the configured database (DATABASE_URL, or PGlite in DATA_DIR) up to this
// code's migrations, as a deploy step of its own; servers started with MIGRATIONS=verify then only check.
import { getConfig } from '../config.ts'
import { openDatabase } from './client.ts'
import { databaseSettings } from './connection.ts'

const config = getConfig()
const started = performance.now()
try {
  const database = await openDatabase({ ...databaseSettings(config, { command: true }), migrations: 'apply' })
  await database.close()
  console.log(`Migrations applied (${database.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
} catch (error) {
  console.error(`migrate: ${(error as Error).message}`)
  process.exit(1)
}
