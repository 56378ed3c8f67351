// npm run backup -- [folder] | npm run restore -- <folder> | npm run db:export-to-postgres -- <postgres-url>
// On the configured database (DATABASE_URL, or PGlite in DATA_DIR) and media store (MEDIA_URL); see docs/backups.md.
import { join } from 'node:path'
import { getConfig } from '../../config.ts'
import { mediaStoreOf } from '../../media/store.ts'
import { fromRoot } from '../../project-root.ts'
import { openDatabase } from '../client.ts'
import { backupShop, copyShop, restoreShop } from './backup.ts'

const usage = `usage:
  npm run backup -- [folder]                 a backup into folder (default: backups/atir-<time>)
  npm run restore -- <folder>                a backup into this shop's empty database and media folder
  npm run db:export-to-postgres -- <url>     this embedded shop into an empty PostgreSQL database`

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
const rows = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0)

async function main([command, argument]: string[]) {
  const config = getConfig()
  // The secret is the shop's only when it lives in DATA_DIR (no SESSION_SECRET setting).
  const paths = {
    media: mediaStoreOf(config),
    secretFile: config.SESSION_SECRET ? null : join(config.dataDir, 'session-secret'),
  }
  const open = () => openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir })
  if (command === 'backup') {
    const to = argument ?? fromRoot('backups', `atir-${stamp()}`)
    const database = await open()
    try {
      const manifest = await backupShop(database, paths, to)
      console.log(`Backup of ${rows(manifest.tables)} rows and ${manifest.mediaFiles} media files in ${to}`)
      if (manifest.sessionSecret) console.log('It holds the session secret: keep it as private as the database.')
    } finally {
      await database.close()
    }
    return 0
  }
  if (command === 'restore' && argument) {
    const database = await open()
    try {
      const manifest = await restoreShop(database, paths, argument)
      console.log(`Restored ${rows(manifest.tables)} rows and ${manifest.mediaFiles} media files from ${argument}`)
      if (manifest.sessionSecret && !paths.secretFile)
        console.log('The backup holds a session secret; this shop uses SESSION_SECRET: set it to the old one.')
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
