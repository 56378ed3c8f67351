// npm run backup -- [folder] | npm run backup -- --into <folder> [--keep N] | npm run restore -- <folder>
// | npm run db:export-to-postgres -- <postgres-url>
// On the configured database (DATABASE_URL, or PGlite in DATA_DIR) and media store (MEDIA_URL); see docs/backups.md.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { recordedFingerprint, restoredSecretAdvice } from '../../auth/session-secret.ts'
import { getConfig, sessionSecretFile } from '../../config.ts'
import { mediaStoreOf } from '../../media/store.ts'
import { fromRoot } from '../../project-root.ts'
import { openDatabase } from '../client.ts'
import { databaseSettings } from '../connection.ts'
import { backupShop, copyShop, restoreShop } from './backup.ts'
import { pruneBackups } from './retention.ts'

const usage = `usage:
  npm run backup -- [folder]                 a backup into folder (default: backups/atir-<time>)
  npm run backup -- --into <folder> [--keep N]
                                             a backup into folder/atir-<time>; with --keep, only the N
                                             newest finished backups there are kept
  npm run restore -- <folder>                a backup into this shop's empty database and media folder
  npm run db:export-to-postgres -- <url>     this embedded shop into an empty PostgreSQL database`

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
const rows = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0)

async function main(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { into: { type: 'string' }, keep: { type: 'string' } },
  })
  const [command, argument] = positionals
  const keep = values.keep === undefined ? undefined : Number(values.keep)
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) throw new Error('--keep: a whole number, 1 or more')
  if (keep !== undefined && !values.into)
    throw new Error('--keep needs --into <folder>: the folder it keeps backups in')
  const config = getConfig()
  // The secret is the shop's only when it lives in DATA_DIR (no SESSION_SECRET setting).
  const paths = {
    media: mediaStoreOf(config),
    secretFile: config.SESSION_SECRET ? null : sessionSecretFile(config.dataDir),
  }
  const open = () => openDatabase(databaseSettings(config, { command: true }))
  if (command === 'backup') {
    const to = values.into ? join(values.into, `atir-${stamp()}`) : (argument ?? fromRoot('backups', `atir-${stamp()}`))
    const database = await open()
    try {
      const manifest = await backupShop(database, paths, to)
      console.log(`Backup of ${rows(manifest.tables)} rows and ${manifest.mediaFiles} media files in ${to}`)
      if (manifest.sessionSecret) console.log('It holds the session secret: keep it as private as the database.')
    } finally {
      await database.close()
    }
    if (values.into && keep !== undefined) {
      const removed = await pruneBackups(values.into, keep)
      console.log(
        `Kept the ${keep} newest backups in ${values.into}${removed.length ? `; removed ${removed.join(', ')}` : ''}.`,
      )
    }
    return 0
  }
  if (command === 'restore' && argument) {
    const database = await open()
    try {
      const manifest = await restoreShop(database, paths, argument)
      console.log(`Restored ${rows(manifest.tables)} rows and ${manifest.mediaFiles} media files from ${argument}`)
      const copied =
        manifest.sessionSecret && paths.secretFile
          ? { file: paths.secretFile, secret: readFileSync(paths.secretFile, 'utf8').trim() }
          : null
      console.log(
        restoredSecretAdvice({
          recorded: await recordedFingerprint(database.db),
          copied,
          backupHoldsSecret: manifest.sessionSecret,
          setting: config.SESSION_SECRET,
        }),
      )
    } finally {
      await database.close()
    }
    return 0
  }
  if (command === 'export-to-postgres' && argument) {
    if (config.DATABASE_URL) throw new Error('DATABASE_URL is set: this shop already runs on PostgreSQL')
    if (!/^postgres(ql)?:\/\//.test(argument)) throw new Error(`not a PostgreSQL URL: ${argument}`)
    const source = await open()
    try {
      const target = await openDatabase({ url: argument, dataDir: null })
      try {
        const tables = await copyShop(source, target)
        console.log(`Copied ${rows(tables)} rows into ${new URL(argument).pathname.slice(1)}.`)
        console.log('Start the shop with DATABASE_URL set to it; the media folder stays where it is.')
      } finally {
        await target.close()
      }
    } finally {
      await source.close()
    }
    return 0
  }
  console.error(usage)
  return 2
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error) => {
    console.error(`${process.argv[2] ?? 'transfer'}: ${error instanceof Error ? error.message : error}`)
    process.exitCode = 1
  },
)
