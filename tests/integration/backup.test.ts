import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { secretFingerprint } from '#api/auth/secret-fingerprint.ts'
import { keepSessionSecret } from '#api/auth/session-secret.ts'
import type { Config } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { BackupError, type BackupManifest, backupShop, copyShop, restoreShop } from '#api/db/transfer/backup.ts'
import { lastBackup } from '#api/db/transfer/last-backup.ts'
import { LocalStore } from '#api/media/local-store.ts'
import { type MediaStore, mediaStoreOf } from '#api/media/store.ts'
import { metrics } from '#api/metrics.ts'
import { sampleBacklog } from '#api/orders/backlog.ts'
import { projectRoot } from '#api/project-root.ts'
import { adminQuery, migratedDatabase, setupTestApi } from './support/api.ts'
import { databaseChecksums, tableChecksums } from './support/openapi.ts'
import { orderMaker } from './support/orders.ts'

// Backup, restore and the move from PGlite to PostgreSQL: a shop
// with customers, orders and pictures comes back the same. On the PostgreSQL
// run the shop under test is on the server, so the backup crosses databases
// (server → PGlite → server).

const t = setupTestApi({ products: 30 })
const orders = orderMaker(t)
const scratch = mkdtempSync(join(tmpdir(), 'atir-backup-'))
const server = process.env.DATABASE_URL
const opened: Database[] = []
const dropped: string[] = []

/** An empty database migrated to this code: in memory, or a new one on the server. */
async function emptyDatabase(kind: 'pglite' | 'same' = 'same') {
  const { database, url } = await migratedDatabase({ server: kind === 'same' ? server : undefined })
  if (url) dropped.push(url)
  opened.push(database)
  return database
}

/** A media store in a folder of its own (a restored shop's). */
const folderStore = (name: string) => new LocalStore(join(scratch, name))
/** The originals a store holds, with their bytes' hash. */
async function originals(store: MediaStore) {
  const found: string[] = []
  for await (const { key } of store.list('uploads/')) {
    const object = await store.get(key)
    found.push(
      `${key} ${createHash('sha256')
        .update(object?.bytes ?? '')
        .digest('hex')}`,
    )
  }
  return found.sort()
}

let backupDir: string
let manifest: BackupManifest
/** The shop as it was backed up (the backup then records itself in it). */
let backedUp: Record<string, string>
const paths = () => ({ media: mediaStoreOf(t.config), secretFile: join(scratch, 'secret') })

beforeAll(async () => {
  await orders.place({ method: 'cash' })
  await orders.place({ method: 'payme', more: [{ price: 90_000, quantity: 2 }] })
  writeFileSync(join(scratch, 'secret'), 'the-shop-secret\n')
  backupDir = join(scratch, 'backup')
  backedUp = await tableChecksums(t)
  manifest = await backupShop(t.database, paths(), backupDir)
})

afterAll(async () => {
  for (const database of opened) await database.close()
  if (server)
    for (const url of dropped) await adminQuery(server, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)}`)
  rmSync(scratch, { recursive: true, force: true })
})

describe('a backup', () => {
  let restored: Database

  it('restores into an empty database as the same shop: every row, every picture, the secret', async () => {
    restored = await emptyDatabase()
    const media = folderStore('restored-media')
    const secret = join(scratch, 'restored-secret')
    await restoreShop(restored, { media, secretFile: secret }, backupDir)
    expect(await databaseChecksums(restored.db)).toEqual(backedUp)
    const pictures = await originals(media)
    expect(pictures).toEqual(await originals(paths().media))
    expect(pictures.length).toBeGreaterThan(10)
    expect(readFileSync(secret, 'utf8')).toBe('the-shop-secret\n')
  })

  it('is recorded in the database once finished, when and what, for every process to report', async () => {
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0)
    expect(await lastBackup(t.database.db)).toEqual({ at: manifest.createdAt, rows, mediaFiles: manifest.mediaFiles })
    await sampleBacklog(t.database.db, new Date())
    const served = await metrics.getSingleMetricAsString('atir_backup_last_success_timestamp_seconds')
    expect(served).toContain(`atir_backup_last_success_timestamp_seconds ${Date.parse(manifest.createdAt) / 1000}`)
  })

  it('gives new rows fresh ids after a restore', async () => {
    const { rows } = (await restored.db.execute(
      sql`insert into brands (slug, name, country) values ('after-restore', 'After', 'UZ') returning id`,
    )) as unknown as { rows: { id: number }[] }
    const { rows: before } = (await t.database.db.execute(sql`select max(id) as max from brands`)) as unknown as {
      rows: { max: number }[]
    }
    expect(rows[0]?.id).toBe(Number(before[0]?.max) + 1)
  })

  it('refuses a database that already has data, and writes nothing', async () => {
    const before = await tableChecksums(t)
    await expect(restoreShop(t.database, paths(), backupDir)).rejects.toThrow(/already has data/)
    expect(await tableChecksums(t)).toEqual(before)
  })

  it('refuses a backup of another database version', async () => {
    const other = join(scratch, 'other-version')
    mkdirSync(other)
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'))
    writeFileSync(join(other, 'manifest.json'), JSON.stringify({ ...manifest, migration: manifest.migration - 1 }))
    await expect(restoreShop(t.database, paths(), other)).rejects.toThrow(/different database version/)
  })

  it('refuses a folder that is not a finished backup, and a non-empty folder to back up into', async () => {
    await expect(restoreShop(t.database, paths(), scratch)).rejects.toBeInstanceOf(BackupError)
    await expect(backupShop(t.database, paths(), backupDir)).rejects.toThrow(/not empty/)
  })
})

describe('moving an embedded shop to PostgreSQL', () => {
  it('copies every row, orders and customers included', async () => {
    // The embedded shop: this backup restored into PGlite (on the PostgreSQL run, it crossed databases).
    const embedded = await emptyDatabase('pglite')
    await restoreShop(embedded, { media: folderStore('m3'), secretFile: null }, backupDir)
    const target = await emptyDatabase()
    const tables = await copyShop(embedded, target)
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'))
    expect(tables).toEqual(manifest.tables)
    expect(tables.orders).toBeGreaterThan(2)
    expect(await databaseChecksums(target.db)).toEqual(await databaseChecksums(embedded.db))
    await expect(copyShop(embedded, target)).rejects.toThrow(/already has data/)
  })
})

describe('the commands', () => {
  const run = promisify(execFile)
  const node = process.execPath
  const cli = join(projectRoot, 'api/db/transfer/cli.ts')
  const env = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' })

  /** A shop folder that has run: the test's backup restored into PGlite, with its kept secret recorded. */
  async function shopFolder(name: string, secret: { setting: string } | { file: string }) {
    const shop = join(scratch, name)
    const { database } = await migratedDatabase({ dataDir: shop })
    await restoreShop(database, { media: new LocalStore(shop), secretFile: null }, backupDir)
    if ('file' in secret) writeFileSync(join(shop, 'session-secret'), `${secret.file}\n`)
    const sessionSecret = 'file' in secret ? secret.file : secret.setting
    await keepSessionSecret(database, {
      sessionSecret,
      sessionSecretSource: 'file' in secret ? 'file' : 'setting',
      dataDir: shop,
    } as Config)
    const checksums = await databaseChecksums(database.db)
    await database.close()
    return { shop, checksums, fingerprint: secretFingerprint(sessionSecret) }
  }

  it('back up one embedded shop folder and restore it into another, its kept secret with it', async () => {
    const { shop, checksums: expected } = await shopFolder('shop', { file: 'f'.repeat(43) })

    const folder = join(scratch, 'cli-backup')
    const backup = await run(node, [cli, 'backup', folder], { env: env(shop) })
    // First the shop it acts on: which database, which pictures.
    expect(backup.stdout.split('\n')[0]).toBe(
      `npm run backup of the embedded database in ${shop} (DATA_DIR, as DATABASE_URL is not set) and the media store ${shop}, into ${folder}`,
    )
    expect(backup.stdout).toMatch(/^Backup of \d+ rows and \d+ media files in /m)
    const copy = join(scratch, 'copy')
    const restore = await run(node, [cli, 'restore', folder], { env: env(copy) })
    expect(restore.stdout.split('\n')[0]).toBe(
      `npm run restore into the embedded database in ${copy} (DATA_DIR, as DATABASE_URL is not set; none there yet) and the media store ${copy}, from ${folder}`,
    )
    expect(restore.stdout).toMatch(/^Restored \d+ rows/m)
    expect(restore.stdout).toContain(
      `The backup's session secret is now in ${join(copy, 'session-secret')}: the restored shop signs with it.`,
    )

    const restored = await openDatabase({ dataDir: copy })
    opened.push(restored)
    expect(await databaseChecksums(restored.db)).toEqual(expected)
    expect(await originals(new LocalStore(copy))).toEqual(await originals(new LocalStore(shop)))
    expect(readFileSync(join(copy, 'session-secret'), 'utf8')).toBe(readFileSync(join(shop, 'session-secret'), 'utf8'))
  })

  it('a restore says which secret the shop needs, and makes none up', async () => {
    const setting = 's'.repeat(40)
    const { shop, fingerprint } = await shopFolder('shop-with-setting', { setting })
    const folder = join(scratch, 'cli-backup-setting')
    await run(node, [cli, 'backup', folder], { env: { ...env(shop), SESSION_SECRET: setting } })

    const bare = join(scratch, 'copy-without-setting')
    const unset = await run(node, [cli, 'restore', folder], { env: env(bare) })
    expect(unset.stdout).toContain(
      `Set SESSION_SECRET to the restored shop's session secret (fingerprint ${fingerprint}) before starting it (a backup does not hold it); none was made up.`,
    )
    expect(existsSync(join(bare, 'session-secret'))).toBe(false)

    const other = 'o'.repeat(40)
    const wrong = await run(node, [cli, 'restore', folder], {
      env: { ...env(join(scratch, 'copy-other-setting')), SESSION_SECRET: other },
    })
    expect(wrong.stdout).toContain(
      `SESSION_SECRET here (fingerprint ${secretFingerprint(other)}) is not the restored shop's session secret (fingerprint ${fingerprint}): set it to that one`,
    )
  })

  it('backs up into a folder of backups, keeping the newest ones', async () => {
    const { shop } = await shopFolder('shop-kept', { file: 'k'.repeat(43) })
    const into = join(scratch, 'nightly')
    // Two finished backups from before, and one that failed half way.
    for (const [name, finished] of [
      ['atir-20260101-030000', true],
      ['atir-20260102-030000', true],
      ['atir-20260102-040000', false],
    ] as const) {
      mkdirSync(join(into, name), { recursive: true })
      if (finished) writeFileSync(join(into, name, 'manifest.json'), '{}')
    }
    writeFileSync(join(into, 'notes.txt'), 'not a backup')
    const backup = await run(node, [cli, 'backup', '--into', into, '--keep', '2'], { env: env(shop) })
    const made = /in (\S+)\n/.exec(backup.stdout)?.[1] ?? ''
    expect(made.startsWith(join(into, 'atir-'))).toBe(true)
    expect(backup.stdout).toContain(
      `Kept the 2 newest backups in ${into}; removed atir-20260101-030000, atir-20260102-040000.`,
    )
    expect(readdirSync(into).sort()).toEqual(['atir-20260102-030000', basename(made), 'notes.txt'].sort())
  })

  it('say what is wrong in one line', async () => {
    const failed = await run(node, [cli, 'restore', join(scratch, 'nowhere')], { env: env(join(scratch, 'x')) }).catch(
      (error) => error,
    )
    expect(failed.code).toBe(1)
    expect(failed.stderr.trim()).toMatch(/^restore: .*nowhere has no manifest\.json/)
    // Refused before the target was opened: no empty database made for it.
    expect(existsSync(join(scratch, 'x'))).toBe(false)
  })
})
