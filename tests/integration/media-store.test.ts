import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Api, createApi } from '#api/app.ts'
import { type MediaSetting, parseConfig } from '#api/config.ts'
import { type Database, openDatabase } from '#api/db/client.ts'
import { backupShop } from '#api/db/transfer/backup.ts'
import { lastBackup } from '#api/db/transfer/last-backup.ts'
import { contentVersion, originalVersion, uploadsDirOf } from '#api/media/links.ts'
import { createMediaStore, mediaStoreOf, openMediaStore } from '#api/media/store.ts'
import { projectRoot } from '#api/project-root.ts'
import { removeFiles, writeWhole } from '#api/uploads/images.ts'
import { watchDependencies } from '../../server/dependencies.ts'
import { metricsEndpoint, probes } from '../../server/observability.ts'
import { expectLoggedErrors } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'
import { registerCustomer } from './support/customer.ts'
import { type S3Server, startS3 } from './support/s3.ts'

// The media store in an S3-compatible bucket: a real S3-protocol
// server (s3rver, support/s3.ts) started here, shared by two shop "processes" on one
// database — A (the test API, which seeded) and B (its own DATA_DIR, its own
// store object and memory, as a second server would have). Nothing of the
// pictures may depend on either one's disk.

let s3: S3Server
beforeAll(async () => {
  s3 = await startS3()
})
afterAll(async () => {
  await s3?.close()
})

const t = setupTestApi({ products: 20, env: () => s3.env('shop') })
let b: { api: Api; database: Database; dataDir: string }

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'atir-media-b-'))
  const config = parseConfig({ ...process.env, ...s3.env('shop'), DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) })
  const database = t.databaseUrl ? await openDatabase({ url: t.databaseUrl, dataDir: null }) : t.database
  b = { api: createApi({ database, config }), database, dataDir }
})
afterAll(async () => {
  if (t.databaseUrl) await b?.database.close()
  if (b) rmSync(b.dataDir, { recursive: true, force: true })
})

const avif = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'
const webp = 'image/webp,image/apng,image/*,*/*;q=0.8'

const onA = (url: string, accept?: string) =>
  t.api.fetch(new Request(`http://shop.test${url}`, { headers: accept ? { Accept: accept } : {} }))
const onB = (url: string, accept?: string) =>
  b.api.fetch(new Request(`http://shop.test${url}`, { headers: accept ? { Accept: accept } : {} }))

async function keysUnder(prefix: string) {
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await s3.client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken: token }),
    )
    keys.push(...(page.Contents ?? []).map((o) => o.Key!))
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return keys
}

async function objectBytes(key: string) {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
  return Buffer.from(await object.Body!.transformToByteArray())
}

async function picture(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  return { bytes, meta: await sharp(bytes).metadata() }
}

const png = (width: number, height: number, background = '#2563eb') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

async function uploadAvatar(token: string, bytes: Buffer) {
  const form = new FormData()
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png')
  const response = await t.request('account/avatar/', { method: 'POST', body: form, token })
  expect(response.status).toBe(200)
  return (await response.json()) as { id: number; avatar_src: { small: string; original: string } }
}

/** `…/media/<size>/<version>/<path>` → its parts. */
const partsOf = (url: string) => {
  const [, size, version, path] = /\/media\/([^/]+)\/([^/]+)\/(.+)$/.exec(url)!
  return { size: size!, version: version!, path: path! }
}

describe('the media store in an S3-compatible bucket', () => {
  it('holds the seeded pictures, which a process that never seeded serves', async () => {
    const seeded = await keysUnder('shop/uploads/seed/')
    expect(seeded.length).toBeGreaterThan(20)
    // Nothing went to either process's disk.
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false)
    expect(existsSync(join(b.dataDir, 'uploads'))).toBe(false)

    const image = (await t.json('products/?size=1')).body.results[0].images[0]
    const onOther = await b.api.fetch(new Request('http://shop.test/api/v1/products/?size=1'))
    // B finds the same versions (from the objects' metadata), so the URLs agree.
    expect((await onOther.json()).results[0].images[0]).toEqual(image)
    const response = await onB(image.small, webp)
    expect(response.status).toBe(200)
    expect((await picture(response)).meta).toMatchObject({ format: 'webp', width: 240 })
  })

  it('serves a photo uploaded on one process from the other', async () => {
    const customer = await registerCustomer(t)
    const user = await uploadAvatar(customer.access, await png(500, 300))
    const { path } = partsOf(user.avatar_src.original)
    expect(await keysUnder(`shop/uploads/${path}`)).toEqual([`shop/uploads/${path}`])
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false)

    const small = await onB(user.avatar_src.small, webp)
    expect(small.status).toBe(200)
    expect((await picture(small)).meta).toMatchObject({ width: 240, height: 240 })
    const original = await onB(user.avatar_src.original)
    expect(original.status).toBe(200)
    expect((await picture(original)).meta).toMatchObject({ format: 'jpeg', width: 500, height: 300 })
  })

  it('resizes a copy once, keeps it in the bucket, and the other process reads it from there', async () => {
    const image = (await t.json('products/?size=1&page=3')).body.results[0].images[0]
    const { size, version } = partsOf(image.medium)
    const key = `shop/cache/media/${size}/${version}.webp`
    expect(await keysUnder(key)).toEqual([])

    const made = await onB(image.medium, webp)
    expect(made.status).toBe(200)
    expect(await keysUnder(key)).toEqual([key])
    expect(await objectBytes(key)).toEqual((await picture(made)).bytes)

    // Had A resized again it would serve a 480 px copy; it serves what the bucket holds.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#ff0000' } })
      .webp()
      .toBuffer()
    await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: marker, ContentType: 'image/webp' }))
    const fromStore = await onA(image.medium, webp)
    expect(fromStore.status).toBe(200)
    expect((await picture(fromStore)).bytes).toEqual(marker)
    // No process keeps copies on its own disk.
    for (const dir of [t.dataDir, b.dataDir]) expect(existsSync(join(dir, 'cache'))).toBe(false)
  })

  it('serves AVIF, WebP or JPEG by Accept, each kept in the bucket, cacheable forever and varying by Accept', async () => {
    const image = (await t.json('products/?size=1&page=4')).body.results[0].images[0]
    const { size, version } = partsOf(image.large)
    for (const [accept, type, format, stored] of [
      [avif, 'image/avif', 'heif', 'avif'],
      [webp, 'image/webp', 'webp', 'webp'],
      ['image/jpeg', 'image/jpeg', 'jpeg', 'jpeg'],
      [undefined, 'image/jpeg', 'jpeg', 'jpeg'],
    ] as const) {
      const response = await onB(image.large, accept)
      expect(response.status, accept).toBe(200)
      expect(response.headers.get('content-type'), accept).toBe(type)
      expect(response.headers.get('vary')).toMatch(/(^|, )Accept(,|$)/)
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const { meta } = await picture(response)
      expect([meta.format, meta.width], accept).toEqual([format, 960])
      expect(await keysUnder(`shop/cache/media/${size}/${version}.${stored}`)).toHaveLength(1)
    }
  })

  it('removes the original and every resized copy from the bucket when a photo is deleted', async () => {
    const customer = await registerCustomer(t)
    const user = await uploadAvatar(customer.access, await png(400, 400, '#16a34a'))
    const urls = [user.avatar_src.small, user.avatar_src.original]
    for (const url of urls)
      for (const accept of [avif, webp, 'image/jpeg']) expect((await onB(url, accept)).status).toBe(200)
    const versions = urls.map((url) => partsOf(url).version)
    const copies = async () => (await keysUnder('shop/cache/media/')).filter((k) => versions.some((v) => k.includes(v)))
    expect(await copies()).toHaveLength(6)

    const removed = await t.json('account/avatar/', { method: 'DELETE', token: customer.access })
    expect(removed.status).toBe(200)
    expect(await copies()).toEqual([])
    expect(await keysUnder(`shop/uploads/avatars/${user.id}.`)).toEqual([])
    // B had seen the photo; it answers 404 all the same, and makes no copy again.
    for (const url of urls) expect((await onB(url, webp)).status).toBe(404)
    expect(await copies()).toEqual([])
  })

  it("keeps the file helpers' signatures: a file named in a shop's uploads folder goes to its bucket", async () => {
    const bytes = await png(50, 50, '#f59e0b')
    await writeWhole(join(uploadsDirOf(t.config), 'products/9/x1.png'), bytes)
    expect(await objectBytes('shop/uploads/products/9/x1.png')).toEqual(bytes)
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false)
    const url = `/api/v1/media/small/${contentVersion(bytes)}/products/9/x1.png`
    expect((await onB(url, webp)).status).toBe(200)
    await removeFiles([join(uploadsDirOf(t.config), 'products/9/x1.png')])
    expect(await keysUnder('shop/uploads/products/9/')).toEqual([])
  })

  it('refuses to open a bucket that is missing or credentials that are refused, with one line saying why', async () => {
    const config = (env: Record<string, string>) =>
      parseConfig({ ...process.env, ...env, DATA_DIR: b.dataDir, SESSION_SECRET: 'x'.repeat(40) })
    await expect(openMediaStore(config(s3.env('shop', { MEDIA_URL: 's3://no-such-bucket/shop' })))).rejects.toThrow(
      /^the media store s3:\/\/no-such-bucket\/shop cannot be written \(NoSuchBucket: .+\): check MEDIA_URL/,
    )
    await expect(openMediaStore(config(s3.env('shop', { S3_ACCESS_KEY_ID: 'WRONG' })))).rejects.toThrow(
      /^the media store s3:\/\/media\/shop cannot be written \(InvalidAccessKeyId: /,
    )
    await expect(openMediaStore(config(s3.env('shop')))).resolves.toBeDefined()
  })

  it('a bucket that cannot be reached: pictures are 503 with Retry-After and not cached, /readyz stays 200', async () => {
    expectLoggedErrors()
    // Process C: this shop's bucket, at an address where nothing answers.
    const dead = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const dataDir = mkdtempSync(join(tmpdir(), 'atir-media-c-'))
    try {
      const config = parseConfig({
        ...process.env,
        ...s3.env('shop', { S3_ENDPOINT: `http://127.0.0.1:${dead}` }),
        DATA_DIR: dataDir,
        SESSION_SECRET: 'x'.repeat(40),
      })
      const c = createApi({ database: t.database, config })
      const image = (await t.json('products/?size=1')).body.results[0].images[0]
      const response = await c.fetch(new Request(`http://shop.test${image.medium}`, { headers: { Accept: webp } }))
      expect(response.status).toBe(503)
      expect(response.headers.get('retry-after')).toBe('30')
      expect(response.headers.get('cache-control')).toBe('no-store')

      const watch = watchDependencies({ database: t.database, media: mediaStoreOf(config) }, { intervalMs: 3_600_000 })
      await watch.runOnce()
      const app = express()
      probes(app, { dependencies: watch, stopping: () => false })
      metricsEndpoint(app, { METRICS_TOKEN: 'metrics-token-0123456789' })
      const server = app.listen(0, '127.0.0.1')
      await new Promise((resolve) => server.once('listening', resolve))
      try {
        const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
        const ready = await fetch(`${at}/readyz`)
        expect(ready.status).toBe(200)
        expect(await ready.json()).toEqual({ status: 'ok', dependencies: { database: 'up', media: 'down' } })
        const metrics = await fetch(`${at}/metrics`, { headers: { Authorization: 'Bearer metrics-token-0123456789' } })
        expect(await metrics.text()).toContain('atir_dependency_up{dependency="media"} 0')
      } finally {
        server.close()
        await watch.stop()
      }
      // The same picture from the bucket that answers: there all along.
      expect((await onA(image.medium, webp)).status).toBe(200)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('checks the bucket at start-up with a probe object it removes again; the monitor only reads', async () => {
    await openMediaStore(t.config)
    await createMediaStore(t.config.media).checkReadable()
    expect((await keysUnder('shop/uploads/.probe')).length).toBe(0)
    const missing = { ...t.config.media, bucket: 'no-such-bucket' } as typeof t.config.media
    await expect(createMediaStore(missing).checkReadable()).rejects.toThrow()
  })
})

describe('a bucket of more than 1,000 pictures', () => {
  const folder = mkdtempSync(join(tmpdir(), 'atir-media-backup-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  const setting = (over: Partial<Extract<MediaSetting, { kind: 's3' }>>) =>
    ({ ...t.config.media, ...over }) as MediaSetting

  it('is listed whole (S3 answers a thousand keys a page), and a backup takes every picture', async () => {
    const store = createMediaStore(setting({ prefix: 'many' }))
    const keys = Array.from({ length: 1_005 }, (_, i) => `uploads/bulk/${String(i).padStart(4, '0')}.png`)
    for (let i = 0; i < keys.length; i += 50)
      await Promise.all(keys.slice(i, i + 50).map((key) => store.put(key, Buffer.from(key))))
    const listed: string[] = []
    for await (const { key } of store.list('uploads/')) listed.push(key)
    expect(listed.sort()).toEqual(keys)
    const manifest = await backupShop(t.database, { media: store, secretFile: null }, join(folder, 'whole'))
    expect(manifest.mediaFiles).toBe(1_005)
  })

  it('a backup whose bucket fails says which bucket and what it was doing, and is not recorded', async () => {
    const before = await lastBackup(t.database.db)
    const missing = createMediaStore(setting({ bucket: 'no-such-bucket' }))
    await expect(backupShop(t.database, { media: missing, secretFile: null }, join(folder, 'failed'))).rejects.toThrow(
      /^the pictures in s3:\/\/no-such-bucket\/shop: listing uploads\/ failed: NoSuchBucket: /,
    )
    expect(await lastBackup(t.database.db)).toEqual(before)
  })
})

describe('npm run media:move', () => {
  const run = promisify(execFile)
  const folder = mkdtempSync(join(tmpdir(), 'atir-media-move-'))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))

  const move = async () => {
    // --to names the bucket; the S3_ settings come from the environment, as in the shop.
    const { MEDIA_URL: _, ...s3Settings } = s3.env('elsewhere')
    const env = { ...process.env, MEDIA_URL: '', ...s3Settings, DATA_DIR: folder, SESSION_SECRET: 'x'.repeat(40) }
    const { stdout } = await run(
      process.execPath,
      ['api/media/move-cli.ts', '--to', `s3://${s3.bucket}/moved`, '--from', join(folder, 'uploads')],
      { cwd: projectRoot, env },
    )
    return stdout
  }

  it('copies a local uploads folder into the bucket, and a second run copies only what is missing', async () => {
    const uploads = join(folder, 'uploads')
    mkdirSync(join(uploads, 'seed', 'products'), { recursive: true })
    mkdirSync(join(uploads, 'avatars'), { recursive: true })
    mkdirSync(join(uploads, 'staff'), { recursive: true })
    const files = {
      'seed/products/one.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>'),
      'avatars/7.png': await png(30, 20),
      'staff/photo.jpg': await sharp(await png(40, 40))
        .jpeg()
        .toBuffer(),
    }
    for (const [path, bytes] of Object.entries(files)) writeFileSync(join(uploads, path), bytes)
    // A write cut short and a probe file are not pictures.
    writeFileSync(join(uploads, 'avatars', '7.png.abc123.tmp'), 'half')
    writeFileSync(join(uploads, '.probe-1'), '')

    const first = await move()
    expect(first).toContain('Moving 3 files')
    expect(first).toContain('Done: 3 copied, 0 already there.')
    expect(first).toContain(`MEDIA_URL=s3://${s3.bucket}/moved`)
    expect((await keysUnder('moved/')).sort()).toEqual(
      Object.keys(files)
        .map((p) => `moved/uploads/${p}`)
        .sort(),
    )
    for (const [path, bytes] of Object.entries(files)) expect(await objectBytes(`moved/uploads/${path}`)).toEqual(bytes)

    // Interrupted after two: the run again copies the third only.
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'moved/uploads/avatars/7.png' }))
    expect(await move()).toContain('Done: 1 copied, 2 already there.')
    expect(await move()).toContain('Done: 0 copied, 3 already there.')

    // Each object says its version, so a shop on the bucket need not read a picture to link it.
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'moved/uploads/avatars/7.png' }))
    expect(head.Metadata).toEqual({ 'atir-version': `1:${contentVersion(files['avatars/7.png'])}` })
    expect(head.ContentType).toBe('image/png')
    const moved = mediaStoreOf(
      parseConfig({ ...process.env, ...s3.env('moved'), DATA_DIR: folder, SESSION_SECRET: 'x'.repeat(40) }),
    )
    expect(await originalVersion(moved, 'staff/photo.jpg')).toBe(contentVersion(files['staff/photo.jpg']))
  })
})
