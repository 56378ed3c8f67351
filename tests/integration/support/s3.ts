import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { S3Client } from '@aws-sdk/client-s3'

export type S3Server = {
  endpoint: string
  bucket: string
  /** The shop's settings for `s3://<bucket>/<prefix>` on this server. */
  env(prefix: string, overrides?: Record<string, string>): Record<string, string>
  /** A client of the test's own, to look at (and tamper with) the bucket directly. */
  client: S3Client
  close(): Promise<void>
}

const runner = fileURLToPath(new URL('./s3-server.mjs', import.meta.url))

/**
 * A real S3-protocol server (s3rver, checking signatures like S3) on a free port, in a process of its
 * own with Node's `--openssl-legacy-provider` (see s3-server.mjs: listings past 1,000 keys need it),
 * its objects in a temporary folder, with one bucket.
 */
export async function startS3(bucket = 'media'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'atir-s3-'))
  const child = spawn(process.execPath, ['--openssl-legacy-provider', runner, directory, bucket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(() => {
      throw new Error('the S3 server exited before it listened')
    }),
  ])) as [string]
  const { port } = JSON.parse(line) as { port: number }
  const endpoint = `http://127.0.0.1:${port}`
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials })
  return {
    endpoint,
    bucket,
    client,
    env: (prefix, overrides = {}) => ({
      MEDIA_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      ...overrides,
    }),
    async close() {
      client.destroy()
      child.stdin.end()
      await exited
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
