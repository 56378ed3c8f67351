import { join, normalize, sep } from 'node:path'
import type { Config, MediaSetting } from '../config.ts'
import { LocalStore } from './local-store.ts'
import { S3Store } from './s3-store.ts'

/** One stored object: its bytes and what HTTP caching needs. */
export type StoredObject = { bytes: Buffer; contentType: string; etag: string; lastModified: Date }
/** What a store knows of an object without reading it; `meta` holds what `put` was given (S3 only). */
export type ObjectInfo = { size: number; etag: string; lastModified: Date; meta: Record<string, string> }

/**
 * Where the pictures live: originals under `uploads/<path>` (the path kept in
 * the rows) and resized copies under `cache/media/<size>/<version>.<format>`.
 * A folder (DATA_DIR by default, one machine) or an S3-compatible bucket
 * (shared by every process). Keys are relative, `/`-separated and made by
 * the shop itself (`originalKey`, `variantKey`), never taken from a request.
 */
export interface MediaStore {
  /** For messages: the folder or `s3://bucket/prefix`. */
  readonly name: string
  /** Writes the whole object or nothing; `meta` is kept with it where the store can (S3 metadata). */
  put(key: string, bytes: Buffer, options?: { contentType?: string; meta?: Record<string, string> }): Promise<void>
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>
  stat(key: string): Promise<ObjectInfo | null>
  /** Removes these objects; ones already gone are no error. */
  delete(keys: string[]): Promise<void>
  /** Every object whose key starts with `prefix`, with its size. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>
  /**
   * At start-up: throws when the store cannot take a file (a probe object written and removed;
   * a folder that does not exist yet is only checked, not made).
   */
  checkWritable(): Promise<void>
  /** Reads only (the dependency monitor, every few seconds): throws when the store cannot be asked. */
  checkReadable(): Promise<void>
}

/** The store could not be asked (down, refused, timed out): a picture is then unavailable (503), not missing (404). */
export class MediaStoreUnavailable extends Error {
  override readonly name = 'MediaStoreUnavailable'
}

/** For `.catch` on a store call: its failure as MediaStoreUnavailable. */
export const storeFailed =
  (store: Pick<MediaStore, 'name'>) =>
  (error: unknown): never => {
    throw new MediaStoreUnavailable(`${store.name}: ${describeError(error)}`, { cause: error })
  }

export const originalKey = (path: string) => `uploads/${path}`
export const variantKey = (size: string, version: string, format: string) => `cache/media/${size}/${version}.${format}`

/** The store a media setting names (a new one each call; `mediaStoreOf` shares them). */
export function createMediaStore(setting: MediaSetting): MediaStore {
  return setting.kind === 's3' ? new S3Store(setting) : new LocalStore(setting.root)
}

const stores = new Map<string, MediaStore>()
// The uploads folder (DATA_DIR/uploads) each configured store stands for: see `storedUpload`.
const byUploadsDir = new Map<string, MediaStore>()

/** The media store of this configuration, one per setting (and DATA_DIR) in the process. */
export function mediaStoreOf(config: Pick<Config, 'dataDir' | 'media'>): MediaStore {
  const id = JSON.stringify([config.dataDir, config.media])
  let store = stores.get(id)
  if (!store) {
    store = createMediaStore(config.media)
    stores.set(id, store)
  }
  byUploadsDir.set(normalize(join(config.dataDir, 'uploads')), store)
  return store
}

/**
 * The store and upload path of a file named under a configured shop's
 * DATA_DIR/uploads (as `join(uploadsDirOf(config), path)`), so the file
 * helpers of api/uploads/images.ts write there; null for any other file.
 */
export function storedUpload(file: string): { store: MediaStore; path: string } | null {
  const target = normalize(file)
  for (const [dir, store] of byUploadsDir)
    if (target.startsWith(dir + sep))
      return {
        store,
        path: target
          .slice(dir.length + 1)
          .split(sep)
          .join('/'),
      }
  return null
}

/**
 * The configured store, once it has taken and given up a probe file: the
 * start refuses a bucket that is missing, credentials that are refused or a
 * folder that is read-only, with one line saying which and why.
 */
export async function openMediaStore(config: Pick<Config, 'dataDir' | 'media'>): Promise<MediaStore> {
  const store = mediaStoreOf(config)
  try {
    await store.checkWritable()
  } catch (error) {
    const hint =
      config.media.kind === 's3'
        ? 'check MEDIA_URL (the bucket must exist) and the S3_ settings'
        : "check the folder's permissions and free space"
    throw new Error(`the media store ${store.name} cannot be written (${describeError(error)}): ${hint}`)
  }
  return store
}

/** An error in a few words: S3 errors carry their code in `name`. */
export function describeError(error: unknown) {
  if (!(error instanceof Error)) return String(error)
  const code = (error as NodeJS.ErrnoException).code
  const name = code ?? (error.name !== 'Error' ? error.name : '')
  return name && !error.message.startsWith(name) ? `${name}: ${error.message}` : error.message
}
