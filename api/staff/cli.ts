// npm run staff -- create --phone +998… --role owner [--name …] | list | reset-password --phone … | reset-second-factor --phone …
// Works on the configured database (DATABASE_URL, or PGlite in DATA_DIR), like npm run db:seed; while the shop
// runs on PGlite (one process's database), through the running shop (control.ts).
import { getConfig } from '../config.ts'
import { runStaffCli } from './control.ts'

runStaffCli(process.argv.slice(2), { config: getConfig(), print: (line) => console.log(line) })
  .then((code) => {
    process.exitCode = code
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
