import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { originalVersion } from '#api/media/links.ts'
import { mediaStoreOf } from '#api/media/store.ts'
import { logLines } from '../setup/log-lines.ts'
import { setupTestApi } from './support/api.ts'

// Resized product pictures: sizes, formats, disk cache, HTTP caching, and no
// way out of the uploads folder.

const t = setupTestApi({ products: 30 })
// A browser that takes WebP but not AVIF (Chromium's Accept without its first entry).
const webp = 'image/webp,image/apng,image/*,*/*;q=0.8'
const avif = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8'

const firstImage = async () => (await t.json('products/?size=1')).body.results[0].images[0] as Record<string, string>
const get = (url: string, accept?: string, headers: Record<string, string> = {}) =>
  t.api.fetch(new Request(`http://shop.test${url}`, { headers: { ...(accept ? { Accept: accept } : {}), ...headers } }))

async function picture(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  return { bytes, meta: await sharp(bytes).metadata() }
}

describe('media/{size}/{version}/{path}', () => {
  it('serves WebP in every width when the client takes it', async () => {
    const image = await firstImage()
    for (const [size, width] of [
      ['extra_small', 64],
      ['small', 240],
      ['medium', 480],
      ['large', 960],
    ] as const) {
      const response = await get(image[size]!, webp)
      expect(response.status, size).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/webp')
      const { meta, bytes } = await picture(response)
      expect(meta.format).toBe('webp')
      expect(meta.width, size).toBe(width)
      expect(Number(response.headers.get('content-length'))).toBe(bytes.length)
    }
  })

  it('serves AVIF first to clients that name it, at the width asked', async () => {
    const image = await firstImage()
    for (const accept of [avif, 'image/webp, image/avif;q=0.9']) {
      const response = await get(image.medium!, accept)
      expect(response.headers.get('content-type'), accept).toBe('image/avif')
      const { meta } = await picture(response)
      expect([meta.format, meta.compression, meta.width]).toEqual(['heif', 'av1', 480])
    }
    expect((await get(image.medium!, 'image/avif;q=0, image/webp')).headers.get('content-type')).toBe('image/webp')
  })

  it('serves JPEG to clients that name neither AVIF nor WebP', async () => {
    const image = await firstImage()
    for (const accept of [undefined, 'image/jpeg', '*/*', 'image/*', 'image/webp;q=0', 'image/avif;q=0']) {
      const response = await get(image.small!, accept)
      expect(response.headers.get('content-type'), accept).toBe('image/jpeg')
      expect((await picture(response)).meta.format).toBe('jpeg')
    }
  })

  it('serves the link preview (og:image) as a 1200×630 JPEG whatever the client takes', async () => {
    const image = await firstImage()
    const social = image.large!.replace('/media/large/', '/media/social/')
    expect(social).toMatch(/\.svg$/)
    for (const accept of [webp, undefined]) {
      const response = await get(`${social}.jpg`, accept)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/jpeg')
      expect(response.headers.get('vary') ?? '').not.toMatch(/(^|, )Accept(,|$)/)
      const { meta } = await picture(response)
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630])
    }
    // Only under a name that says JPEG.
    expect((await get(social, webp)).status).toBe(404)
    const stale = await get(`${social.replace(/\/social\/[^/]+\//, '/social/old-version/')}.jpg`)
    expect(stale.status).toBe(302)
    expect(stale.headers.get('location')).toBe(`${social}.jpg`)
  })

  it('is cacheable forever, varies by Accept and answers If-None-Match with 304', async () => {
    const image = await firstImage()
    const response = await get(image.medium!, webp)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('vary')).toMatch(/(^|, )Accept(,|$)/)
    const etag = response.headers.get('etag')!
    expect(etag).toBeTruthy()
    const again = await get(image.medium!, webp, { 'If-None-Match': etag })
    expect(again.status).toBe(304)
    const jpeg = await get(image.medium!, 'image/jpeg', { 'If-None-Match': etag })
    expect(jpeg.status).toBe(200)
  })

  it('resizes once and keeps the copy on disk', async () => {
    const image = await firstImage()
    await get(image.large!, webp)
    const folder = join(t.dataDir, 'cache', 'media', 'large')
    const [file] = readdirSync(folder).filter((f) => f.endsWith('.webp'))
    const made = statSync(join(folder, file!)).mtimeMs
    await get(image.large!, webp)
    expect(statSync(join(folder, file!)).mtimeMs).toBe(made)
    expect(readdirSync(folder).filter((f) => f.endsWith('.tmp'))).toEqual([])
  })

  it('shares one resize between concurrent first requests', async () => {
    const image = (await t.json('products/?size=1&page=5')).body.results[0].images[1]
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(image.small, webp)))
    const sizes = await Promise.all(responses.map(async (r) => (await r.arrayBuffer()).byteLength))
    expect(new Set(sizes).size).toBe(1)
  })

  it('resizes PNG and JPEG originals, never enlarging them', async () => {
    const uploads = join(t.dataDir, 'uploads', 'staff')
    mkdirSync(uploads, { recursive: true })
    const red = { create: { width: 300, height: 200, channels: 4 as const, background: '#f62559' } }
    writeFileSync(join(uploads, 'photo.png'), await sharp(red).png().toBuffer())
    writeFileSync(join(uploads, 'photo.jpg'), await sharp(red).jpeg().toBuffer())
    for (const name of ['photo.png', 'photo.jpg']) {
      const version = await originalVersion(mediaStoreOf(t.config), `staff/${name}`)
      const small = await picture(await get(`/api/v1/media/small/${version}/staff/${name}`, webp))
      expect(small.meta.width).toBe(240)
      expect(small.meta.height).toBe(160)
      const large = await picture(await get(`/api/v1/media/large/${version}/staff/${name}`))
      expect(large.meta.format).toBe('jpeg')
      expect(large.meta.width).toBe(300)
    }
  })

  it('redirects an outdated version to the current picture', async () => {
    const image = await firstImage()
    const outdated = image.small!.replace(/\/small\/[\w-]+\//, '/small/outdated123/')
    const response = await get(outdated, webp)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(image.small)
    expect(response.headers.get('cache-control')).toBe('no-cache')
  })

  it('answers an unknown size, a missing file or a non-image with 404', async () => {
    const image = await firstImage()
    const path = image.small!.replace(/^.*\/small\/[\w-]+\//, '')
    const version = image.small!.match(/\/small\/([\w-]+)\//)![1]
    for (const url of [
      `/api/v1/media/huge/${version}/${path}`,
      `/api/v1/media/SMALL/${version}/${path}`,
      `/api/v1/media/small/${version}/seed/products/no-such-picture.svg`,
      `/api/v1/media/small/${version}/`,
      `/api/v1/media/small/bad$version/${path}`,
    ]) {
      const response = await get(url)
      expect(response.status, url).toBe(404)
      expect((await response.json()).detail).toBe('Не найдено.')
    }
    writeFileSync(join(t.dataDir, 'uploads', 'notes.txt'), 'not a picture')
    expect((await get(`/api/v1/media/small/${version}/notes.txt`)).status).toBe(404)
  })

  it('cannot be led out of the uploads folder', async () => {
    writeFileSync(join(t.dataDir, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    expect(existsSync(join(t.dataDir, 'secret.svg'))).toBe(true)
    for (const path of [
      '..%2fsecret.svg',
      'seed%2f..%2f..%2fsecret.svg',
      '%2e%2e%2fsecret.svg',
      '%2e%2e/secret.svg',
      '..%5csecret.svg',
      '%2fetc%2fpasswd.svg',
      `${encodeURIComponent(join(t.dataDir, 'secret.svg'))}`,
      'seed/.hidden.svg',
      'seed%00.svg',
      'a%25b.svg',
      '%E0%A4%A.svg',
    ]) {
      const response = await get(`/api/v1/media/small/v1/${path}`)
      expect(response.status, path).toBe(404)
    }
  })

  it('reports a broken original as missing, without a 500', async () => {
    writeFileSync(join(t.dataDir, 'uploads', 'broken.png'), 'this is no png')
    const version = await originalVersion(mediaStoreOf(t.config), 'broken.png')
    const response = await get(`/api/v1/media/small/${version}/broken.png`, webp)
    expect(response.status).toBe(404)
    expect(logLines).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: expect.stringContaining('media: cannot resize') }),
    )
  })
})
