import { constants } from 'node:fs'
import { access, mkdtemp, rmdir } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'
import { fingerprintSettingKey, secretFingerprint, secretMismatch } from './auth/secret-fingerprint.ts'
import type { Config } from './config.ts'
import { clientSettings, connectionError, databaseSettings } from './db/connection.ts'
import { checkDataDirFree } from './db/pglite-lock.ts'
import { nearestFolder } from './media/local-store.ts'

/**
 * What can be checked in a second, before anything is loaded, opened or
 * written (scripts/start.mjs runs these before the server bundle loads; the
 * server again before it opens the database): the data folder can be written
 * where the shop writes to it, no other process has its embedded database
 * open, the port is free, a PostgreSQL server answers and its shop signs with
 * this process's session secret. Each throws an Error whose message is the
 * one line the start stops with. Nothing is left behind: a refused start
 * leaves DATA_DIR as it was.
 */
export async function checkBeforeStart(config: Config) {
  await checkDataDir(config)
  if (!config.DATABASE_URL) checkDataDirFree(config.dataDir)
  await checkPort(config.PORT, config.HOST)
  if (config.DATABASE_URL) await checkDatabase(config)
}

/** What this configuration keeps in DATA_DIR; nothing, when every part of it lives elsewhere. */
export function dataDirUses(config: Config): string[] {
  return [
    !config.DATABASE_URL && 'the embedded database',
    config.media.kind === 'local' && config.media.root === config.dataDir && 'the pictures',
    config.sessionSecretSource === 'new' && 'the generated session secret',
    config.SMS_PROVIDER === 'log' && 'the SMS log',
    !config.TELEGRAM_BOT_TOKEN && 'the Telegram message log',
  ].filter((use): use is string => Boolean(use))
}

export async function checkDataDir(config: Config) {
  const uses = dataDirUses(config)
  if (!uses.length) return
  let folder: string
  try {
    folder = await nearestFolder(config.dataDir)
  } catch (error) {
    throw new Error(`DATA_DIR ${config.dataDir} cannot be a folder: ${(error as Error).message}`)
  }
  try {
    await access(folder, constants.W_OK | constants.X_OK)
  } catch {
    const user = process.getuid ? ` (user ${process.getuid()})` : ''
    const where =
      folder === config.dataDir
        ? `DATA_DIR ${folder} is read-only`
        : `DATA_DIR ${config.dataDir} cannot be made: ${folder} is read-only`
    throw new Error(
      `${where} for this process${user}, and ${uses.join(', ')} live there. Give the user write access to it, or set DATA_DIR to a folder it may write.`,
    )
  }
  // Permissions are not all: root may write to /proc, which takes no folder (and Node's mkdir spun on it).
  try {
    await rmdir(await mkdtemp(join(folder, '.atir-probe-')))
  } catch (error) {
    throw new Error(
      `DATA_DIR ${config.dataDir} cannot be used: ${folder} takes no new folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}), and ${uses.join(', ')} live there. Set DATA_DIR to a folder on a writable disk.`,
    )
  }
}

/** The port is free (a taken one is said at once, not after the database has been opened and seeded). */
export async function checkPort(port: number, host: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is already in use (another shop running?). Stop it or set PORT.`
            : error.code === 'EACCES'
              ? `port ${port} on ${host} may not be opened by this user (ports below 1024 need privileges): set PORT, e.g. 3000, behind a proxy.`
              : `cannot listen on ${host}:${port}: ${error.message}`,
        ),
      ),
    )
    probe.listen(port, host, () => probe.close(() => resolve()))
  })
}

/**
 * One connection: an unreachable database is named as such, with why; one
 * whose shop signs with another session secret is refused (what
 * api/auth/session-secret.ts `checkSessionSecret` would say once it is open).
 */
export async function checkDatabase(config: Config) {
  const settings = databaseSettings(config)
  const url = settings.url ?? ''
  const client = new pg.Client({ ...clientSettings(settings), query_timeout: settings.timeoutMs })
  client.on('error', () => {})
  let recorded: string | null
  try {
    await client.connect()
    recorded = await recordedFingerprint(client)
  } catch (error) {
    throw connectionError(error, url, settings.timeoutMs)
  } finally {
    await client.end().catch(() => {})
  }
  if (recorded && recorded !== secretFingerprint(config.sessionSecret)) throw secretMismatch(config, recorded)
}

/** The recorded fingerprint, read without the schema's code; null on a new database. */
async function recordedFingerprint(client: pg.Client): Promise<string | null> {
  const { rows } = await client.query(`select to_regclass('settings') is not null as present`)
  if (!rows[0]?.present) return null
  const recorded = await client.query(`select value->>'fingerprint' as fingerprint from settings where key = $1`, [
    fingerprintSettingKey,
  ])
  return recorded.rows[0]?.fingerprint ?? null
}
