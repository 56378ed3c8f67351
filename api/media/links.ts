import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { Config } from '../config.ts'
import { logger } from '../log.ts'
import { contentTypeOf } from './keys.ts'
import { type ImageSize, imageSizeNames, isUploadPath } from './paths.ts'
import { describeError, type MediaStore, mediaStoreOf, originalKey, storeFailed } from './store.ts'

/** Bump when the resizing changes (quality, format), so every URL and cached copy changes with it. */
export const RESIZE_VERSION = '1'
// The API's base path (api/app.ts) plus the media route; written out to avoid an import cycle.
const mediaPath = '/api/v1/media'
// How long a known version is trusted before the original is looked at again.
const RECHECK_MS = 60_000
// The S3 metadata an original is stored with: `<RESIZE_VERSION>:<version>`, so a HEAD tells the version.
const versionMeta = 'atir-version'

/** URLs of one picture in every served width. */
export type ImageLinks = Record<ImageSize, string>

type Known = { version: string; etag: string; checkedAt: number }

// Per store: what one process knows, as another process (with its own store) would not.
const memos = new WeakMap<MediaStore, { known: Map<string, Known>; pending: Map<string, Promise<string | null>> }>()
function memoOf(store: MediaStore) {
  let memo = memos.get(store)
  if (!memo) {
    memo = { known: new Map(), pending: new Map() }
    memos.set(store, memo)
  }
  return memo
}

/** The uploads folder of the local store; the file helpers of api/uploads/images.ts map it to the configured store. */
export const uploadsDirOf = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'uploads')

/** A short hash of an original's bytes: part of every image URL, so a replaced original gets new URLs. */
export const contentVersion = (bytes: Buffer) =>
  createHash('sha256').update(RESIZE_VERSION).update(bytes).digest('base64url').slice(0, 12)

/** Stores an original at its upload path, with its version where the store keeps metadata. */
export async function saveOriginal(store: MediaStore, path: string, bytes: Buffer) {
  const version = contentVersion(bytes)
  await store.put(originalKey(path), bytes, {
    contentType: contentTypeOf(path),
    meta: { [versionMeta]: `${RESIZE_VERSION}:${version}` },
  })
  // This process knows the new version at once; the ETag is learnt at the next check.
  memoOf(store).known.set(path, { version, etag: '', checkedAt: Date.now() })
}

/**
 * The version (content hash) of the original at `path`, as in its URLs;
 * `null` when it is missing, the path is not a safe upload path or the store
 * cannot be asked (logged). Known versions are trusted for a minute, then the
 * store's ETag is compared.
 */
export async function originalVersion(store: MediaStore, path: string): Promise<string | null> {
  return currentVersion(store, path).catch((error) => {
    logger().warn(`media: cannot look up ${path} in ${store.name}: ${describeError(error)}`)
    return null
  })
}

/** As `originalVersion`, but a store that cannot be asked throws MediaStoreUnavailable (the media route's 503). */
export async function currentVersion(store: MediaStore, path: string): Promise<string | null> {
  if (!isUploadPath(path)) return null
  const { known, pending } = memoOf(store)
  const memo = known.get(path)
  if (memo && Date.now() - memo.checkedAt < RECHECK_MS) return memo.version
  let running = pending.get(path)
  if (!running) {
    running = computeVersion(store, path, memo)
      .catch(storeFailed(store))
      .finally(() => pending.delete(path))
    pending.set(path, running)
  }
  const version = await running
  if (!version) known.delete(path)
  return version
}

/** Drops the remembered version of a removed original, so its URLs stop resolving at once. */
export function forgetVersion(store: MediaStore, path: string) {
  memoOf(store).known.delete(path)
}

async function computeVersion(store: MediaStore, path: string, memo: Known | undefined): Promise<string | null> {
  const key = originalKey(path)
  const info = await store.stat(key)
  if (!info) return null
  const checkedAt = Date.now()
  const remember = (version: string) => {
    memoOf(store).known.set(path, { version, etag: info.etag, checkedAt })
    return version
  }
  if (memo && memo.etag === info.etag) return remember(memo.version)
  const [resize, version] = (info.meta[versionMeta] ?? '').split(':')
  if (resize === RESIZE_VERSION && version) return remember(version)
  const object = await store.get(key)
  return object ? remember(contentVersion(object.bytes)) : null
}

/** Where media URLs start: PUBLIC_URL (for the mobile apps) or root-relative when unset. */
export const mediaBase = (config: Pick<Config, 'PUBLIC_URL'>) =>
  config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : ''

export function mediaUrl(base: string, size: ImageSize, version: string, path: string) {
  return `${base}${mediaPath}/${size}/${version}/${path}`
}

/** The 1200×630 JPEG link preview of a picture (og:image); app/utils/seo.ts derives it from the `large` URL. */
export function socialUrl(base: string, version: string, path: string) {
  return `${base}${mediaPath}/social/${version}/${path}.jpg`
}

/**
 * Builds image URLs for API responses. Root-relative (`/api/v1/media/…`) so
 * the storefront works on any host; absolute on PUBLIC_URL when it is set,
 * which is what the mobile apps need.
 */
export class MediaLinks {
  private readonly store: MediaStore
  private readonly base: string
  private readonly versions = new Map<string, string>()

  constructor(config: Pick<Config, 'dataDir' | 'media' | 'PUBLIC_URL'>) {
    this.store = mediaStoreOf(config)
    this.base = mediaBase(config)
  }

  /** Looks up the versions of these originals; call before `links` for a batch of rows. */
  async load(paths: Iterable<string | null | undefined>): Promise<this> {
    const wanted = [...new Set([...paths].filter((p): p is string => !!p))]
    const found = await Promise.all(wanted.map((p) => originalVersion(this.store, p)))
    wanted.forEach((p, i) => {
      // A missing original still gets a well-formed URL; the media route answers 404.
      this.versions.set(p, found[i] ?? 'missing')
    })
    return this
  }

  links(path: string): ImageLinks {
    const version = this.versions.get(path) ?? 'missing'
    return Object.fromEntries(
      imageSizeNames.map((size) => [size, mediaUrl(this.base, size, version, path)]),
    ) as ImageLinks
  }

  /** `links` for an optional picture. */
  maybe(path: string | null | undefined): ImageLinks | null {
    return path ? this.links(path) : null
  }
}
