import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { secretFingerprint } from '#api/auth/secret-fingerprint.ts'
import { checkSessionSecret, keepSessionSecret, recordedFingerprint } from '#api/auth/session-secret.ts'
import { type Config, parseConfig } from '#api/config.ts'
import { settings } from '#api/db/schema/index.ts'
import { logLines } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'

// The fingerprint of the session secret a shop's database keeps, so processes with
// different secrets cannot serve one shop (on PostgreSQL a second one is refused).

const t = setupTestApi({ products: 0 })
const config = (secret: string) => parseConfig({ DATA_DIR: t.dataDir, SESSION_SECRET: secret })

describe('the session secret fingerprint', () => {
  it('is recorded at the first accepted start, and the same secret passes after it', async () => {
    await t.database.db.delete(settings).where(eq(settings.key, 'session_secret'))
    const first = config('a'.repeat(40))
    await checkSessionSecret(t.database, first)
    expect(await recordedFingerprint(t.database.db)).toBeNull()
    await keepSessionSecret(t.database, first)
    expect(await recordedFingerprint(t.database.db)).toBe(secretFingerprint('a'.repeat(40)))
    await expect(checkSessionSecret(t.database, config('a'.repeat(40)))).resolves.toBeUndefined()
    // Sixteen hex digits, and not the secret's beginning.
    expect(secretFingerprint('a'.repeat(40))).toMatch(/^[0-9a-f]{16}$/)
    expect(secretFingerprint('a'.repeat(40))).not.toBe(secretFingerprint('a'.repeat(41)))
  })

  it('another secret: refused on PostgreSQL (other processes may serve), a loud warning on the embedded database', async () => {
    const other = config('b'.repeat(40))
    const recorded = secretFingerprint('a'.repeat(40))
    if (t.database.kind === 'postgres') {
      await expect(checkSessionSecret(t.database, other)).rejects.toThrow(
        `SESSION_SECRET is not the session secret this database's shop signs with\n(fingerprint ${secretFingerprint('b'.repeat(40))}; the shop's: ${recorded}).`,
      )
      // Two processes that start together on an empty database: the second to record is refused.
      await expect(keepSessionSecret(t.database, other)).rejects.toThrow(/is not the session secret/)
      expect(await recordedFingerprint(t.database.db)).toBe(recorded)
    } else {
      const from = logLines.length
      await checkSessionSecret(t.database, other)
      expect(logLines.slice(from)).toContainEqual(
        expect.objectContaining({
          level: 'warn',
          msg: expect.stringContaining(`The session secret changed (fingerprint ${recorded} →`),
        }),
      )
      await keepSessionSecret(t.database, other)
      expect(await recordedFingerprint(t.database.db)).toBe(secretFingerprint('b'.repeat(40)))
    }
  })

  it('a generated secret is written to DATA_DIR only when the start is accepted, readable by its owner alone', async () => {
    await t.database.db.delete(settings).where(eq(settings.key, 'session_secret'))
    const generated: Config = parseConfig({ DATA_DIR: join(t.dataDir, 'fresh') })
    expect(generated.sessionSecretSource).toBe('new')
    await checkSessionSecret(t.database, generated)
    const file = join(t.dataDir, 'fresh', 'session-secret')
    expect(existsSync(file)).toBe(false)
    await keepSessionSecret(t.database, generated)
    expect(readFileSync(file, 'utf8')).toBe(`${generated.sessionSecret}\n`)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(parseConfig({ DATA_DIR: join(t.dataDir, 'fresh') })).toMatchObject({
      sessionSecret: generated.sessionSecret,
      sessionSecretSource: 'file',
    })
  })
})
