// npm run preflight -- [--processes N]: the usage below; the checks are api/preflight/checks.ts.
import { readArguments, runCommand, UsageError } from '../command-line.ts'
import { runPreflight } from './run.ts'

const commandLine = {
  usage: `Usage: npm run preflight -- [--processes N]
  Before starting the shop with SHOP_MODE=live: checks the configuration in the environment (the same
  settings the shop gets) and every dependency it names with a harmless call, one line each: the settings,
  the data folder, the database (version, migrations, connections), the session secret, demo leftovers,
  the picture store, Eskiz, Telegram, the payment provider, PUBLIC_URL and the Yandex Maps key.
  Exit code 0 when a live start would work, 1 when a check failed. Changes nothing.
  --processes N   the shop processes that will share the database (default 1): their connections
                  against max_connections, and one picture store for all`,
  options: { processes: { type: 'string', default: '1' } },
} as const

runCommand('preflight', readArguments(commandLine, process.argv.slice(2)), async ({ values }) => {
  const processes = Number(values.processes)
  if (!Number.isInteger(processes) || processes < 1)
    throw new UsageError(`--processes: a whole number, 1 or more (got ${values.processes})`, commandLine.usage)
  return runPreflight({ env: process.env, processes, print: (line) => console.log(line) })
})
