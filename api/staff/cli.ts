// npm run staff -- create --phone +998… --role owner [--name …] | list | reset-password --phone … | reset-second-factor --phone …
// Works on the configured database (DATABASE_URL, or PGlite in DATA_DIR), like npm run db:seed; while the shop
// runs on PGlite (one process's database), through the running shop (control.ts).
import { readArguments, runCommand } from '../command-line.ts'
import { getConfig } from '../config.ts'
import { databaseTarget } from '../db/connection.ts'
import { staffCommandLine } from './commands.ts'
import { runStaffCli } from './control.ts'

const argv = process.argv.slice(2)
runCommand('staff', readArguments(staffCommandLine, argv), async () => {
  const config = getConfig()
  console.log(`npm run staff on ${databaseTarget(config)}`)
  return runStaffCli(argv, { config, print: (line) => console.log(line) })
})
