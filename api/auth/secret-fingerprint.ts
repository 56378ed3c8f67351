import { type Config, sessionSecretFile } from '../config.ts'
import { deriveKey } from './crypto.ts'

// Light on purpose (no database code): the start checks a PostgreSQL shop's
// recorded fingerprint before anything heavy loads (api/start-checks.ts).

/** The settings row holding the fingerprint of the secret the shop signs with. */
export const fingerprintSettingKey = 'session_secret'

/** Sixteen hex digits derived from the secret: tells two secrets apart, gives nothing of either away. */
export const secretFingerprint = (secret: string) =>
  deriveKey(secret, 'atir/secret-fingerprint/v1').toString('hex').slice(0, 16)

/** Where this process's secret came from, as the operator set it up. */
export function secretSource(config: Pick<Config, 'sessionSecretSource' | 'dataDir'>) {
  if (config.sessionSecretSource === 'setting') return 'SESSION_SECRET'
  if (config.sessionSecretSource === 'file') return `the secret in ${sessionSecretFile(config.dataDir)}`
  return `a new secret (SESSION_SECRET is not set and ${config.dataDir} holds no session-secret file)`
}

/** The refusal of a process whose secret is not the one the database's shop signs with. */
export function secretMismatch(
  config: Pick<Config, 'sessionSecret' | 'sessionSecretSource' | 'dataDir'>,
  recorded: string,
): Error {
  return new Error(
    [
      `${secretSource(config)} is not the session secret this database's shop signs with`,
      `(fingerprint ${secretFingerprint(config.sessionSecret)}; the shop's: ${recorded}).`,
      'Processes with different secrets sign shoppers out at random and cannot open staff second factors.',
      "Give every process the shop's SESSION_SECRET. If it was changed on purpose (every session ends;",
      'staff set up their second factor again: npm run staff -- reset-second-factor), forget the old one:',
      `DELETE FROM settings WHERE key = '${fingerprintSettingKey}';`,
    ].join('\n'),
  )
}
