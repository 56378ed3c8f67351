import { createReadStream, existsSync } from 'node:fs'
import { appendFile, copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { createInterface } from 'node:readline'
import { logger } from '../../log.ts'
import { saveOriginal } from '../../media/links.ts'
import { describeError, type MediaStore, originalKey } from '../../media/store.ts'
import type { Database, Db } from '../client.ts'
import { BATCH_ROWS, readTables, resetSequences, tablesWithRows, writeRows } from './copy.ts'
import { recordBackup } from './last-backup.ts'
import { appliedMigration } from './tables.ts'

/**
 * A backup folder: `manifest.json` (written last: a folder without it is an
 * unfinished backup), `tables/<table>.jsonl` (one row per line, as the
 * database's own JSON), `media/` (the uploaded originals, from the media
 * store: a folder or a bucket; resized copies are made again on demand) and
 * `session-secret` when the
 * shop keeps its secret in DATA_DIR (sessions, recovery codes and signed
 * links need the same one after a restore). One format for PGlite and
 * PostgreSQL, so a backup of either restores into either.
 */
export type BackupManifest = {
  format: 'atir-backup'
  version: 1
  createdAt: string
  database: Database['kind']
  /** The newest migration applied when it was taken (the journal's `when`). */
  migration: number
  tables: Record<string, number>
  mediaFiles: number
  sessionSecret: boolean
}

export class BackupError extends Error {
  override readonly name = 'BackupError'
}

type Paths = { media: MediaStore; secretFile: string | null }

/** One consistent picture of the database, taken while the shop may keep running (PostgreSQL). */
export async function backupShop(database: Database, paths: Paths, to: string): Promise<BackupManifest> {
  if (existsSync(to) && (await readdir(to)).length) throw new BackupError(`${to} is not empty: give a new folder`)
  await mkdir(join(to, 'tables'), { recursive: true })
  const tables: Record<string, number> = {}
  const migration = await database.db.transaction(
    async (tx) => {
      for await (const batch of readTables(tx)) {
        tables[batch.table] = (tables[batch.table] ?? 0) + batch.rows.length
        const lines = batch.rows.length ? `${batch.rows.join('\n')}\n` : ''
        await appendFile(join(to, 'tables', `${batch.table}.jsonl`), lines)
      }
      return appliedMigration(tx)
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  if (migration === null) throw new BackupError('the database has no migrations applied: nothing to back up')
  const mediaFiles = await saveMedia(paths.media, join(to, 'media'))
  const sessionSecret = Boolean(paths.secretFile && existsSync(paths.secretFile))
  if (sessionSecret && paths.secretFile) await copyFile(paths.secretFile, join(to, 'session-secret'))
  const manifest: BackupManifest = {
    format: 'atir-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: database.kind,
    migration,
    tables,
    mediaFiles,
    sessionSecret,
  }
  await writeFile(join(to, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
  await noteFinished(database.db, manifest, to)
  return manifest
}

/**
 * Records the finished backup in its database, for every process's /metrics. The backup is whole
 * without it (a read-only replica cannot take the write): then only the metric stays old, and says so.
 */
async function noteFinished(db: Db, manifest: BackupManifest, to: string) {
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0)
  await recordBackup(db, { at: manifest.createdAt, rows, mediaFiles: manifest.mediaFiles }).catch((error: unknown) =>
    logger().warn(
      { err: error },
      `backup: ${to} is complete, but it could not be recorded in the database: the backup metric stays at the one before`,
    ),
  )
}

/**
 * Loads a backup into an empty database migrated to the backup's level (a
 * fresh DATA_DIR or an empty PostgreSQL database) in one transaction, then
 * copies the media and the session secret. Refuses a database with data in it.
 */
export async function restoreShop(database: Database, paths: Paths, from: string): Promise<BackupManifest> {
  const manifest = await readManifest(from)
  await assertReceivable(database.db, manifest.migration)
  await database.db.transaction(async (tx) => {
    for (const table of Object.keys(manifest.tables)) await loadTable(tx, table, join(from, 'tables', `${table}.jsonl`))
    await resetSequences(tx)
  })
  if (existsSync(join(from, 'media'))) await loadMedia(join(from, 'media'), paths.media)
  if (manifest.sessionSecret && paths.secretFile) {
    await mkdir(dirname(paths.secretFile), { recursive: true })
    await copyFile(join(from, 'session-secret'), paths.secretFile)
  }
  return manifest
}

/** Copies an embedded shop's database into an empty PostgreSQL one, in one transaction on each side. */
export async function copyShop(source: Database, target: Database): Promise<Record<string, number>> {
  const migration = await appliedMigration(source.db)
  if (migration === null) throw new BackupError('the embedded database has no migrations applied: nothing to copy')
  await assertReceivable(target.db, migration)
  const tables: Record<string, number> = {}
  await source.db.transaction(
    (read) =>
      target.db.transaction(async (write) => {
        for await (const batch of readTables(read)) {
          tables[batch.table] = (tables[batch.table] ?? 0) + batch.rows.length
          await writeRows(write, batch.table, batch.rows)
        }
        await resetSequences(write)
      }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
  return tables
}

/** The manifest of the backup in `from`; a folder that holds no finished backup is refused. */
export async function readManifest(from: string): Promise<BackupManifest> {
  const file = join(from, 'manifest.json')
  if (!existsSync(file)) throw new BackupError(`${from} has no manifest.json: not a backup, or one that did not finish`)
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest
  if (manifest.format !== 'atir-backup' || manifest.version !== 1)
    throw new BackupError(`${from} is not a backup this version of the shop can read`)
  return manifest
}

/** The target is on the same migrations as the rows coming in, and empty. */
async function assertReceivable(db: Db, migration: number) {
  const applied = await appliedMigration(db)
  if (applied !== migration)
    throw new BackupError(
      `the data was taken on a different database version (${migrationDate(migration)}) than this code's (${migrationDate(applied)}): restore it with the shop version that made it, then upgrade`,
    )
  const filled = await tablesWithRows(db)
  if (filled.length)
    throw new BackupError(
      `the target database already has data (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? ', …' : ''}): use an empty DATA_DIR or a new, empty PostgreSQL database`,
    )
}

const migrationDate = (when: number | null) => (when === null ? 'none' : new Date(when).toISOString())

async function loadTable(tx: Db, table: string, file: string) {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY })
  let batch: string[] = []
  for await (const line of lines) {
    if (!line) continue
    batch.push(line)
    if (batch.length === BATCH_ROWS) {
      await writeRows(tx, table, batch)
      batch = []
    }
  }
  await writeRows(tx, table, batch)
}

const uploadsPrefix = originalKey('')

/**
 * One call to the media store, its failure saying what was asked of which
 * store (`the pictures in s3://atir-media: listing uploads/ failed: …`):
 * the SDK's own message ("We encountered an internal error") names neither.
 */
function inStore<T>(store: MediaStore, operation: string, call: () => Promise<T>): Promise<T> {
  return call().catch((error: unknown) => {
    throw new BackupError(`the pictures in ${store.name}: ${operation} failed: ${describeError(error)}`, {
      cause: error,
    })
  })
}

/** Every original in the store into `folder` (by its upload path); returns how many. */
async function saveMedia(store: MediaStore, folder: string): Promise<number> {
  let count = 0
  const listing = store.list(uploadsPrefix)[Symbol.asyncIterator]()
  for (;;) {
    const next = await inStore(store, `listing ${uploadsPrefix}`, () => listing.next())
    if (next.done) return count
    const { key } = next.value
    const object = await inStore(store, `reading ${key}`, () => store.get(key))
    if (!object) continue // removed since it was listed
    const file = join(folder, ...key.slice(uploadsPrefix.length).split('/'))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, object.bytes)
    count += 1
  }
}

/** A backup's originals into the store, under the same upload paths. */
async function loadMedia(folder: string, store: MediaStore) {
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/')
    const bytes = await readFile(join(entry.parentPath, entry.name))
    await inStore(store, `writing ${originalKey(path)}`, () => saveOriginal(store, path, bytes))
  }
}
