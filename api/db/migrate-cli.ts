// npm run migrate: brings the configured database (DATABASE_URL, or PGlite in DATA_DIR) up to this
// code's migrations, as a deploy step of its own; servers started with MIGRATIONS=verify then only check.
import { readArguments, runCommand } from '../command-line.ts'
import { getConfig } from '../config.ts'
import { openCommandDatabase } from './command.ts'
import { databaseTarget } from './connection.ts'

const commandLine = {
  usage: `Usage: npm run migrate
  Brings the configured database up to this version's migrations: PostgreSQL when DATABASE_URL is set,
  else the embedded one in DATA_DIR. Start the shop with MIGRATIONS=verify afterwards to have it only check.`,
  options: {},
}

runCommand('migrate', readArguments(commandLine, process.argv.slice(2)), async () => {
  const started = performance.now()
  const config = getConfig()
  console.log(`npm run migrate on ${databaseTarget(config)}`)
  const database = await openCommandDatabase(config)
  await database.close()
  console.log(`Migrations applied (${database.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s`)
})
