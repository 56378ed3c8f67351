import { existsSync } from 'node:fs'
import { type Config, parseConfig } from '../config.ts'
import { type Database, openDatabase } from '../db/client.ts'
import { connectionError, databaseSettings, databaseTarget, describeUrl, pgliteFolder } from '../db/connection.ts'
import { checkDataDirFree } from '../db/pglite-lock.ts'
import { describeError } from '../media/store.ts'
import { checks, type Finding, type Outcome, show } from './checks.ts'

const labels: Record<Outcome, string> = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' }
const width = Math.max(...checks.map((check) => check.name.length)) + 2

/**
 * `npm run preflight`: every check (checks.ts) on the configuration in `env`
 * as SHOP_MODE=live would start with it, one line each; 0 when a live start
 * would work (warnings allowed), 1 when a check failed. Changes nothing: the
 * database is only looked at (no migrations, no folder made), the bucket gets
 * a probe object it loses again, the providers a harmless call.
 */
export async function runPreflight(options: {
  env: Record<string, string | undefined>
  /** The shop processes that will share the database (their connections, one media store). */
  processes: number
  print: (line: string) => void
}): Promise<number> {
  const { env, processes, print } = options
  let config: Config
  try {
    // The live-mode rules are a check of their own (`settings`): every other check runs too.
    config = { ...parseConfig({ ...env, SHOP_MODE: 'demo' }), SHOP_MODE: 'live' }
  } catch (error) {
    print(`preflight: ${(error as Error).message}`)
    return 1
  }
  const what = `${processes} process${processes === 1 ? '' : 'es'}`
  print(`npm run preflight of ${databaseTarget(config)}, for ${what} started with SHOP_MODE=live`)
  const { database, opened } = await openToLook(config)
  const found: Finding[] = []
  try {
    for (const check of checks) {
      const finding = await check
        .run({ config, env, processes, database, opened })
        .catch((error: unknown): Finding => ({ outcome: 'fail', text: describeError(error) }))
      found.push(finding)
      print(`${labels[finding.outcome]} ${check.name.padEnd(width)}${finding.text}`)
    }
  } finally {
    await database?.close()
  }
  const failed = found.filter((f) => f.outcome === 'fail').length
  const warned = found.filter((f) => f.outcome === 'warn').length
  if (failed) {
    print(`Not ready for SHOP_MODE=live: ${failed} check${failed === 1 ? '' : 's'} failed (FAIL above).`)
    return 1
  }
  print(`Ready for SHOP_MODE=live${warned ? `; read the ${warned} warning${warned === 1 ? '' : 's'} above` : ''}.`)
  return 0
}

/** The configured database, opened to be looked at: no migrations applied, no embedded database made. */
async function openToLook(config: Config): Promise<{ database: Database | null; opened: Finding }> {
  if (config.DATABASE_URL) {
    let database: Database | null = null
    try {
      database = await openDatabase({
        ...databaseSettings(config, { command: true }),
        poolMax: 2,
        migrations: 'none',
      })
      const version = String(await show(database, 'server_version'))
      return {
        database,
        opened: { outcome: 'ok', text: `PostgreSQL ${version} at ${describeUrl(config.DATABASE_URL)}` },
      }
    } catch (error) {
      await database?.close()
      const problem = connectionError(error, config.DATABASE_URL, config.DATABASE_TIMEOUT_MS)
      return { database: null, opened: { outcome: 'fail', text: problem.message } }
    }
  }
  const folder = config.dataDir
  try {
    checkDataDirFree(folder)
  } catch (error) {
    return { database: null, opened: { outcome: 'fail', text: (error as Error).message } }
  }
  if (!existsSync(pgliteFolder(folder)))
    return { database: null, opened: { outcome: 'ok', text: `none in ${folder} yet: the first start makes it` } }
  return {
    database: await openDatabase({ dataDir: folder, migrations: 'none' }),
    opened: { outcome: 'ok', text: `the embedded database (PGlite) in ${folder}` },
  }
}
