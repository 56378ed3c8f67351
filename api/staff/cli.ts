// npm run staff -- create --phone +998… --role owner [--name …] | list | reset-password --phone … | reset-second-factor --phone …
// Works on the configured database (DATABASE_URL, or PGlite in DATA_DIR), like npm run db:seed.
import { checkSessionSecret, keepSessionSecret } from '../auth/session-secret.ts'
import { getConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { databaseSettings } from '../db/connection.ts'
import { runStaffCommand } from './commands.ts'

async function main() {
  const config = getConfig()
  const database = await openDatabase(databaseSettings(config, { command: true }))
  try {
    // Second factors and recovery codes are sealed with the session secret: only with the shop's own.
    await checkSessionSecret(database, config)
    if (process.argv[2] === 'create') await keepSessionSecret(database, config)
    process.exitCode = await runStaffCommand(process.argv.slice(2), {
      db: database.db,
      config,
      now: () => new Date(),
      print: (line) => console.log(line),
    })
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
