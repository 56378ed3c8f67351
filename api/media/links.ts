import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../config.ts'
import { type ImageSize, imageSizeNames, resolveUpload } from './paths.ts'

/** Bump when the resizing changes (quality, format), so every URL and cached copy changes with it. */
export const RESIZE_VERSION = '1'
// The API's base path (api/app.ts) plus the media route; written out to avoid an import cycle.
const mediaPath = '/api/v1/media'
// How long a known version is trusted before the original's mtime is checked again.
const RECHECK_MS = 60_000

/** URLs of one picture in every served width. */
export type ImageLinks = Record<ImageSize, string>

type Known = { version: string; mtimeMs: number; size: number; checkedAt: number }

const known = new Map<string, Known>()
const pending = new Map<string, Promise<string>>()

export const uploadsDirOf = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'uploads')
export const cacheDirOf = (config: Pick<Config, 'dataDir'>) => join(config.dataDir, 'cache', 'media')

/**
 * A short hash of the original's bytes. It is part of every image URL, so a
 * replaced original gets new URLs and the old ones may be cached forever.
 * `null` when the file is missing or the path is not a safe upload path.
 */
export async function originalVersion(uploadsDir: string, path: string): Promise<string | null> {
  const file = resolveUpload(uploadsDir, path)
  if (!file) return null
  const memo = known.get(file)
  if (memo && Date.now() - memo.checkedAt < RECHECK_MS) return memo.version
  let running = pending.get(file)
  if (!running) {
    running = computeVersion(file, memo).finally(() => pending.delete(file))
    pending.set(file, running)
  }
  try {
    return await running
  } catch {
    known.delete(file)
    return null
  }
}

/** Drops the remembered version of a removed original, so its URLs stop resolving at once. */
export function forgetVersion(file: string) {
  known.delete(file)
}

async function computeVersion(file: string, memo: Known | undefined): Promise<string> {
  const info = await stat(file)
  const checkedAt = Date.now()
  if (memo && memo.mtimeMs === info.mtimeMs && memo.size === info.size) {
    memo.checkedAt = checkedAt
    return memo.version
  }
  const bytes = await readFile(file)
  const version = createHash('sha256').update(RESIZE_VERSION).update(bytes).digest('base64url').slice(0, 12)
  known.set(file, { version, mtimeMs: info.mtimeMs, size: info.size, checkedAt })
  return version
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
  private readonly uploadsDir: string
  private readonly base: string
  private readonly versions = new Map<string, string>()

  constructor(config: Pick<Config, 'dataDir' | 'PUBLIC_URL'>) {
    this.uploadsDir = uploadsDirOf(config)
    this.base = mediaBase(config)
  }

  /** Looks up the versions of these originals; call before `links` for a batch of rows. */
  async load(paths: Iterable<string | null | undefined>): Promise<this> {
    const wanted = [...new Set([...paths].filter((p): p is string => !!p))]
    const found = await Promise.all(wanted.map((p) => originalVersion(this.uploadsDir, p)))
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
