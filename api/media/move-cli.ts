// npm run media:move -- [--to s3://bucket/prefix] [--from folder]: the usage below.
import { readArguments, runCommand, UsageError } from '../command-line.ts'
import { getConfig, parseMediaUrl } from '../config.ts'
import { uploadsDirOf } from './links.ts'
import { moveMedia } from './move.ts'
import { openMediaStore } from './store.ts'

const commandLine = {
  usage: `Usage: npm run media:move -- [--to s3://bucket/prefix] [--from folder]
  Copies the local pictures (--from, default DATA_DIR/uploads) into the S3-compatible bucket of --to, or of
  MEDIA_URL (with the S3_ settings either way). Run it again after an interruption: what is there is
  skipped. No database is opened.`,
  options: { to: { type: 'string' }, from: { type: 'string' } },
} as const

runCommand('media:move', readArguments(commandLine, process.argv.slice(2)), async ({ values }) => {
  const config = getConfig()
  const url = values.to ?? config.MEDIA_URL
  const media = parseMediaUrl(url, config, config.dataDir)
  if (typeof media === 'string') throw new UsageError(`--to ${url}: ${media}`, commandLine.usage)
  if (media.kind !== 's3')
    throw new UsageError('Name the bucket: --to s3://bucket/prefix (or set MEDIA_URL=s3://…)', commandLine.usage)
  const from = values.from ?? uploadsDirOf(config)
  console.log(`npm run media:move from the folder ${from} into ${url} (no database)`)
  const to = await openMediaStore({ dataDir: config.dataDir, media })
  const result = await moveMedia({ from, to, print: (line) => console.log(line) })
  const settings = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']
  for (const line of [
    `Done: ${result.copied} copied, ${result.skipped} already there.`,
    'Set on every shop process, then restart them:',
    `  MEDIA_URL=${to.name}`,
    `  and ${settings.join(', ')} as for this command`,
    `Resized copies are made again in the bucket on first request; ${from} can go once the shop serves from it.`,
  ])
    console.log(line)
})
