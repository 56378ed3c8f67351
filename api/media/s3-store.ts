import { randomBytes } from 'node:crypto'
import type { S3Client } from '@aws-sdk/client-s3'
import type { MediaSetting } from '../config.ts'
import type { MediaStore, ObjectInfo, StoredObject } from './store.ts'

type S3Setting = Extract<MediaSetting, { kind: 's3' }>
type Sdk = typeof import('@aws-sdk/client-s3')

// A store that does not answer must not hang a request or the start.
const CONNECT_TIMEOUT_MS = 5_000
const REQUEST_TIMEOUT_MS = 20_000

const isNotFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/**
 * The media store in an S3-compatible bucket (AWS S3, Yandex Object Storage,
 * MinIO, Cloudflare R2), under an optional key prefix. The SDK is loaded on
 * first use, so a shop on the local folder never loads it.
 */
export class S3Store implements MediaStore {
  readonly name: string
  private readonly setting: S3Setting
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | undefined

  constructor(setting: S3Setting) {
    this.setting = setting
    this.name = `s3://${setting.bucket}${setting.prefix ? `/${setting.prefix}` : ''}`
  }

  private connect() {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { endpoint, region, forcePathStyle, accessKeyId, secretAccessKey } = this.setting
      const client = new sdk.S3Client({
        endpoint,
        region,
        forcePathStyle,
        // Unset: the SDK's own chain (AWS_* variables, an instance or container role).
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Checksums only where S3 requires them: R2, Yandex and MinIO differ on the newer ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
        maxAttempts: 3,
      })
      return { sdk, client }
    })
    return this.connection
  }

  private key(key: string) {
    return this.setting.prefix ? `${this.setting.prefix}/${key}` : key
  }

  async put(key: string, bytes: Buffer, options: { contentType?: string; meta?: Record<string, string> } = {}) {
    const { sdk, client } = await this.connect()
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.setting.bucket,
        Key: this.key(key),
        Body: bytes,
        ContentType: options.contentType,
        Metadata: options.meta,
      }),
    )
  }

  async get(key: string): Promise<StoredObject | null> {
    const { sdk, client } = await this.connect()
    try {
      const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.setting.bucket, Key: this.key(key) }))
      const bytes = Buffer.from((await object.Body?.transformToByteArray()) ?? [])
      return {
        bytes,
        contentType: object.ContentType ?? 'application/octet-stream',
        etag: object.ETag ?? '',
        lastModified: object.LastModified ?? new Date(0),
      }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const { sdk, client } = await this.connect()
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.setting.bucket, Key: this.key(key) }))
      return {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? '',
        lastModified: head.LastModified ?? new Date(0),
        meta: head.Metadata ?? {},
      }
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async delete(keys: string[]) {
    if (!keys.length) return
    const { sdk, client } = await this.connect()
    // DeleteObjects takes at most 1000 keys.
    for (let i = 0; i < keys.length; i += 1000) {
      const result = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.setting.bucket,
          Delete: { Objects: keys.slice(i, i + 1000).map((key) => ({ Key: this.key(key) })), Quiet: true },
        }),
      )
      const failed = result.Errors?.[0]
      if (failed) throw new Error(`cannot delete ${failed.Key}: ${failed.Code} ${failed.Message}`)
    }
  }

  async *list(prefix: string) {
    const { sdk, client } = await this.connect()
    const skip = this.setting.prefix ? this.setting.prefix.length + 1 : 0
    let token: string | undefined
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.setting.bucket,
          Prefix: this.key(prefix),
          ContinuationToken: token,
        }),
      )
      for (const object of page.Contents ?? [])
        if (object.Key) yield { key: object.Key.slice(skip), size: object.Size ?? 0 }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
  }

  async checkWritable() {
    const key = `uploads/.probe-${process.pid}-${randomBytes(4).toString('hex')}`
    await this.put(key, Buffer.alloc(0))
    await this.delete([key])
  }

  async checkReadable() {
    const { sdk, client } = await this.connect()
    // HEAD on the bucket: the same right as listing it (s3:ListBucket), nothing read or written.
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.setting.bucket }))
  }
}
