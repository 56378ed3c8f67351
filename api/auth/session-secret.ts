import { writeFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { type Config, sessionSecretFile } from '../config.ts'
import type { Db } from '../db/client.ts'
import { settings } from '../db/schema/index.ts'
import { makeFolder } from '../folders.ts'
import { logger } from '../log.ts'
import { fingerprintSettingKey, secretFingerprint, secretMismatch } from './secret-fingerprint.ts'

// The session secret signs tokens and seals staff second factors. Processes on one
// database with different secrets sign shoppers out at random (round robin sends
// their next request to the other) and cannot open each other's sealed secrets,
// and nothing in a request says why: the database keeps a fingerprint of the
// secret its shop signs with, and a start with another one is refused.

type Recorded = { fingerprint: string; at: string }

/** The fingerprint this database's shop signs with; null before its first accepted start. */
export async function recordedFingerprint(db: Db): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, fingerprintSettingKey))
  return (row?.value as Recorded | undefined)?.fingerprint ?? null
}

/**
 * Before a shop process (or a command that seals with the secret) starts work
 * on `db`: PostgreSQL, where other processes may be serving, refuses a secret
 * other than the recorded one. The embedded database has one process, so a
 * different secret there was changed on purpose: a loud warning, and the new
 * one is recorded by `keepSessionSecret`.
 */
export async function checkSessionSecret(
  database: { db: Db; kind: 'pglite' | 'postgres' },
  config: Pick<Config, 'sessionSecret' | 'sessionSecretSource' | 'dataDir'>,
): Promise<void> {
  const recorded = await recordedFingerprint(database.db)
  if (!recorded || recorded === secretFingerprint(config.sessionSecret)) return
  if (database.kind === 'postgres') throw secretMismatch(config, recorded)
  logger().warn(
    `The session secret changed (fingerprint ${recorded} → ${secretFingerprint(config.sessionSecret)}): every session ends, ` +
      'and staff second factors set up before no longer open (npm run staff -- reset-second-factor).',
  )
}

/**
 * Once the start (or command) is accepted: a new secret is written to
 * DATA_DIR/session-secret (readable by this user only), and the fingerprint is
 * recorded for the next starts and the other processes. Two processes with
 * different secrets that start together on an empty database: the second to
 * record is refused here.
 */
export async function keepSessionSecret(database: { db: Db; kind: 'pglite' | 'postgres' }, config: Config) {
  if (config.sessionSecretSource === 'new') {
    makeFolder(config.dataDir)
    writeFileSync(sessionSecretFile(config.dataDir), `${config.sessionSecret}\n`, { mode: 0o600, flag: 'wx' })
    config.sessionSecretSource = 'file'
  }
  const fingerprint = secretFingerprint(config.sessionSecret)
  if ((await recordedFingerprint(database.db)) === fingerprint) return
  const value: Recorded = { fingerprint, at: new Date().toISOString() }
  const insert = database.db.insert(settings).values({ key: fingerprintSettingKey, value })
  // The embedded database's one process changed it on purpose (checkSessionSecret warned).
  if (database.kind === 'pglite') await insert.onConflictDoUpdate({ target: settings.key, set: { value } })
  else {
    await insert.onConflictDoNothing()
    const recorded = await recordedFingerprint(database.db)
    if (recorded !== fingerprint) throw secretMismatch(config, recorded ?? '?')
  }
}

/**
 * What `npm run restore` says about the secret the restored shop signs with:
 * the backup's, copied into DATA_DIR; SESSION_SECRET, when it is the one the
 * restored database recorded; otherwise which one to set (by fingerprint).
 * Nothing is made up: a shop without its secret is told so, not given a new one.
 */
export function restoredSecretAdvice(options: {
  /** The fingerprint the restored database recorded (null: a backup from before fingerprints). */
  recorded: string | null
  /** The backup's session secret, when it had one and this shop keeps its own in DATA_DIR (it was copied there). */
  copied: { file: string; secret: string } | null
  backupHoldsSecret: boolean
  /** SESSION_SECRET here. */
  setting: string | undefined
}): string {
  const { recorded, copied, setting } = options
  const theShops = recorded
    ? `the restored shop's session secret (fingerprint ${recorded})`
    : "the restored shop's session secret"
  if (copied) {
    const fingerprint = secretFingerprint(copied.secret)
    if (!recorded || recorded === fingerprint)
      return `The backup's session secret is now in ${copied.file}: the restored shop signs with it.`
    return `The backup's session secret (fingerprint ${fingerprint}) was copied to ${copied.file}, but the restored database signs with another (${recorded}): set SESSION_SECRET to ${theShops}.`
  }
  const where = options.backupHoldsSecret ? "the backup's session-secret file holds it" : 'a backup does not hold it'
  if (setting) {
    const fingerprint = secretFingerprint(setting)
    if (recorded === fingerprint) return `SESSION_SECRET is ${theShops}.`
    if (!recorded) return `Start the restored shop with the SESSION_SECRET it ran with (${where}).`
    return `SESSION_SECRET here (fingerprint ${fingerprint}) is not ${theShops}: set it to that one (${where}); with another, every session ends and staff second factors no longer open.`
  }
  return `Set SESSION_SECRET to ${theShops} before starting it (${where}); none was made up.`
}
