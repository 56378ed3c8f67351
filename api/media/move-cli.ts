// npm run media:move -- [--to s3://bucket/prefix] [--from folder]
// Copies the local pictures (DATA_DIR/uploads) into the S3-compatible bucket of --to, or of MEDIA_URL
// (with the S3_ settings either way); run it again after an interruption: what is there is skipped.
import { parseArgs } from 'node:util'
import { getConfig, parseMediaUrl } from '../config.ts'
import { uploadsDirOf } from './links.ts'
import { moveMedia } from './move.ts'
import { openMediaStore } from './store.ts'

async function main() {
  const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } })
  const config = getConfig()
  const url = values.to ?? config.MEDIA_URL
  const media = parseMediaUrl(url, config, config.dataDir)
  if (typeof media === 'string') throw new Error(`--to ${url}: ${media}`)
  if (media.kind !== 's3') throw new Error('Name the bucket: --to s3://bucket/prefix (or set MEDIA_URL=s3://…)')
  const to = await openMediaStore({ dataDir: config.dataDir, media })
  const from = values.from ?? uploadsDirOf(config)
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
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
