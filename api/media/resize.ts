import sharp from 'sharp'
import { logger } from '../log.ts'
import { type ImageSize, imageSizes } from './paths.ts'
import { describeError, type MediaStore, originalKey, storeFailed, variantKey } from './store.ts'

export type OutputFormat = 'avif' | 'webp' | 'jpeg'
export const contentTypes: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
}

/**
 * The best format the client names in Accept: AVIF (smallest), then WebP,
 * else JPEG (every client). `image/*` alone is no promise of either.
 */
export function preferredFormat(accept: string | undefined): OutputFormat {
  const named = new Set<string>()
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((p) => p.trim())
    const q = params.find((p) => p.startsWith('q='))
    if (!q || Number(q.slice(2)) > 0) named.add(type)
  }
  return named.has('image/avif') ? 'avif' : named.has('image/webp') ? 'webp' : 'jpeg'
}

/** The link-preview picture (og:image): 1200×630, the whole picture on white, JPEG for every crawler. */
export const socialSize = 'social'
const socialBox = { width: 1200, height: 630 }

type Box = { width: number; height?: number }

/**
 * sharp's (libvips') own cache of decoded images and operations: at its
 * default, 50 MB a process for nothing here, since each copy is made once and
 * then kept in the media store. IMAGE_CACHE_MB sets it; 0 turns it off.
 */
export function limitImageCache(megabytes: number) {
  sharp.cache(megabytes > 0 ? { memory: megabytes, files: 0, items: 100 } : false)
}

const inFlight = new Map<string, Promise<Buffer | null>>()

/**
 * The copy of an original in one width and format, made once and kept in the
 * media store, where every process finds it. The name is the original's
 * content version, so identical originals share a copy and a replaced
 * original never meets a stale one. `null` when the original is gone.
 */
export async function sizedCopy(options: {
  store: MediaStore
  path: string
  version: string
  size: ImageSize | typeof socialSize
  format: OutputFormat
}): Promise<Buffer | null> {
  const { store, size, format } = options
  const key = variantKey(size, options.version, format)
  const kept = await store.get(key).catch(storeFailed(store))
  if (kept) return kept.bytes
  // Concurrent first requests for the same copy in this process share one resize.
  const id = `${store.name}\0${key}`
  let running = inFlight.get(id)
  if (!running) {
    const box = size === socialSize ? socialBox : { width: imageSizes[size] }
    running = makeCopy(store, options.path, key, box, format).finally(() => inFlight.delete(id))
    inFlight.set(id, running)
  }
  return running
}

async function makeCopy(store: MediaStore, path: string, key: string, box: Box, format: OutputFormat) {
  const original = await store.get(originalKey(path)).catch(storeFailed(store))
  if (!original) return null
  const { width, height } = box
  const isSvg = path.toLowerCase().endsWith('.svg')
  let density: number | undefined
  if (isSvg) {
    // Rasterise vector art at the target width instead of scaling a 72 dpi bitmap up.
    const { width: intrinsic = width } = await sharp(original.bytes).metadata()
    density = Math.min(2400, Math.max(1, (72 * width) / Math.max(intrinsic, 1)))
  }
  let image = sharp(original.bytes, { density, failOn: 'error' })
    .rotate()
    .resize(height ? { width, height, fit: 'contain', background: '#ffffff' } : { width, withoutEnlargement: !isSvg })
  image =
    format === 'avif'
      ? // Effort 2 of 9: about a third of the default's time for a few per cent more bytes.
        image.avif({ quality: 50, effort: 2 })
      : format === 'webp'
        ? image.webp({ quality: 80, effort: 4 })
        : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true, mozjpeg: true })
  const output = await image.toBuffer()
  // A copy that cannot be kept is still served; the next request makes it again.
  await store.put(key, output, { contentType: contentTypes[format] }).catch((error) => {
    logger().warn(`media: cannot keep ${key} in ${store.name}: ${describeError(error)}`)
  })
  return output
}
