import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { S3Client } from '@aws-sdk/client-s3'

type S3rverOptions = {
  address: string
  port: number
  silent: boolean
  directory: string
  configureBuckets: { name: string }[]
}
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> }
// s3rver ships no types.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance

export type S3Server = {
  endpoint: string
  bucket: string
  /** The shop's settings for `s3://<bucket>/<prefix>` on this server. */
  env(prefix: string, overrides?: Record<string, string>): Record<string, string>
  /** A client of the test's own, to look at (and tamper with) the bucket directly. */
  client: S3Client
  close(): Promise<void>
}

/** A real S3-protocol server (s3rver) on a free port, its objects in a temporary folder, with one bucket. */
export async function startS3(bucket = 'media'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'atir-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
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
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
