// npm run backup | restore | db:export-to-postgres (package.json passes the command first): the usages
// below. On the configured database (DATABASE_URL, or PGlite in DATA_DIR) and media store (MEDIA_URL);
// see docs/backups.md.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ParseArgsOptionsConfig } from 'node:util'
import { recordedFingerprint, restoredSecretAdvice } from '../../auth/session-secret.ts'
import { type Arguments, type CommandLine, readArguments, runCommand, UsageError } from '../../command-line.ts'
import { getConfig, sessionSecretFile } from '../../config.ts'
import { mediaStoreOf } from '../../media/store.ts'
import { fromRoot } from '../../project-root.ts'
import { openDatabase } from '../client.ts'
import { openCommandDatabase } from '../command.ts'
import { databaseTarget, describeUrl } from '../connection.ts'
import { backupShop, copyShop, readManifest, restoreShop } from './backup.ts'
import { pruneBackups } from './retention.ts'

const where = 'PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR; pictures: MEDIA_URL'

const commandLines = {
  backup: {
    usage: `Usage: npm run backup -- [folder]
       npm run backup -- --into <folder> [--keep N]
  A backup of the shop (${where}) into folder (default: backups/atir-<time>), or into folder/atir-<time>;
  with --keep, only the N newest finished backups there are kept.`,
    options: { into: { type: 'string' }, keep: { type: 'string' } },
    positionals: 1,
  },
  restore: {
    usage: `Usage: npm run restore -- <folder>
  The backup in folder into this shop's empty database and media store (${where}).`,
    options: {},
    positionals: 1,
  },
  'export-to-postgres': {
    usage: `Usage: npm run db:export-to-postgres -- <postgres://user:password@host:5432/database>
  This shop's embedded database (DATA_DIR) into an empty PostgreSQL database; pictures stay where they are.`,
    options: {},
    positionals: 1,
  },
} as const

type Command = keyof typeof commandLines

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
const rows = (tables: Record<string, number>) => Object.values(tables).reduce((a, b) => a + b, 0)

async function main(command: Command, { values, positionals }: Arguments<ParseArgsOptionsConfig>) {
  const [argument] = positionals
  const refuse = (problem: string) => new UsageError(problem, commandLines[command].usage)
  const into = values.into as string | undefined
  const keep = values.keep === undefined ? undefined : Number(values.keep)
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 1)) throw refuse('--keep: a whole number, 1 or more')
  if (keep !== undefined && !into) throw refuse('--keep needs --into <folder>: the folder it keeps backups in')
  if (command !== 'backup' && !argument)
    throw refuse(`${command} needs its ${command === 'restore' ? 'folder' : 'URL'}`)
  const config = getConfig()
  // The secret is the shop's only when it lives in DATA_DIR (no SESSION_SECRET setting).
  const paths = {
    media: mediaStoreOf(config),
    secretFile: config.SESSION_SECRET ? null : sessionSecretFile(config.dataDir),
  }
  const shop = `${databaseTarget(config)} and the media store ${paths.media.name}`
  if (command === 'backup') {
    const to = into ? join(into, `atir-${stamp()}`) : (argument ?? fromRoot('backups', `atir-${stamp()}`))
    console.log(`npm run backup of ${shop}, into ${to}`)
    const database = await openCommandDatabase(config, { existing: true })
    try {
      const manifest = await backupShop(database, paths, to)
      console.log(`Backup of ${rows(manifest.tables)} rows and ${manifest.mediaFiles} media files in ${to}`)
      if (manifest.sessionSecret) console.log('It holds the session secret: keep it as private as the database.')
    } finally {
      await database.close()
    }
    if (into && keep !== undefined) {
      const removed = await pruneBackups(into, keep)
      console.log(
        `Kept the ${keep} newest backups in ${into}${removed.length ? `; removed ${removed.join(', ')}` : ''}.`,
      )
    }
    return
  }
  const from = argument as string
  if (command === 'restore') {
    console.log(`npm run restore into ${shop}, from ${from}`)
    // Before anything is opened: a folder that holds no backup makes no database.
    await readManifest(from)
    const database = await openCommandDatabase(config)
    try {
      const manifest = await restoreShop(database, paths, from)
      console.log(`Restored ${rows(manifest.tables)} rows and ${manifest.mediaFiles} media files from ${from}`)
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
    return
  }
  if (!/^postgres(ql)?:\/\//.test(from)) throw refuse(`not a PostgreSQL URL: ${from}`)
  console.log(`npm run db:export-to-postgres from ${databaseTarget(config)} into PostgreSQL ${describeUrl(from)}`)
  if (config.DATABASE_URL) throw new Error('DATABASE_URL is set: this shop already runs on PostgreSQL')
  const source = await openCommandDatabase(config, { existing: true })
  try {
    const target = await openDatabase({ url: from, dataDir: null })
    try {
      const tables = await copyShop(source, target)
      console.log(`Copied ${rows(tables)} rows into ${new URL(from).pathname.slice(1)}.`)
      console.log('Start the shop with DATABASE_URL set to it; the media folder stays where it is.')
    } finally {
      await target.close()
    }
  } finally {
    await source.close()
  }
}

const [command, ...args] = process.argv.slice(2)
if (!(command && command in commandLines)) throw new Error(`transfer: unknown command ${command} (package.json)`)
const commandLine: CommandLine<ParseArgsOptionsConfig> = commandLines[command as Command]
runCommand(command, readArguments(commandLine, args), (parsed) => main(command as Command, parsed))
