import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { type ImageSize, imageSizes } from './paths.ts'

export type OutputFormat = 'webp' | 'jpeg'
export const contentTypes: Record<OutputFormat, string> = { webp: 'image/webp', jpeg: 'image/jpeg' }

/** WebP when the client names it in Accept (every current browser does), else JPEG. */
export function preferredFormat(accept: string | undefined): OutputFormat {
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((p) => p.trim())
    if (type !== 'image/webp') continue
    const q = params.find((p) => p.startsWith('q='))
    return q && !(Number(q.slice(2)) > 0) ? 'jpeg' : 'webp'
  }
  return 'jpeg'
}

/** The link-preview picture (og:image): 1200×630, the whole picture on white, JPEG for every crawler. */
export const socialSize = 'social'
const socialBox = { width: 1200, height: 630 }

type Box = { width: number; height?: number }

const inFlight = new Map<string, Promise<Buffer>>()

/**
 * The copy of an original in one width and format, made once and kept under
 * `cacheDir`. The name is the original's content version, so identical
 * originals share a copy and a replaced original never meets a stale one.
 */
export async function sizedCopy(options: {
  original: string
  cacheDir: string
  version: string
  size: ImageSize | typeof socialSize
  format: OutputFormat
}): Promise<Buffer> {
  const file = join(options.cacheDir, options.size, `${options.version}.${options.format}`)
  try {
    return await readFile(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  // Concurrent first requests for the same copy share one resize.
  let running = inFlight.get(file)
  if (!running) {
    const box = options.size === socialSize ? socialBox : { width: imageSizes[options.size] }
    running = makeCopy(options.original, file, box, options.format).finally(() => inFlight.delete(file))
    inFlight.set(file, running)
  }
  return running
}

async function makeCopy(original: string, file: string, box: Box, format: OutputFormat): Promise<Buffer> {
  const { width, height } = box
  const input = await readFile(original)
  const isSvg = original.toLowerCase().endsWith('.svg')
  let density: number | undefined
  if (isSvg) {
    // Rasterise vector art at the target width instead of scaling a 72 dpi bitmap up.
    const { width: intrinsic = width } = await sharp(input).metadata()
    density = Math.min(2400, Math.max(1, (72 * width) / Math.max(intrinsic, 1)))
  }
  let image = sharp(input, { density, failOn: 'error' })
    .rotate()
    .resize(height ? { width, height, fit: 'contain', background: '#ffffff' } : { width, withoutEnlargement: !isSvg })
  image =
    format === 'webp'
      ? image.webp({ quality: 80, effort: 4 })
      : image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true, mozjpeg: true })
  const output = await image.toBuffer()
  // Write then rename, so another process never reads half a file.
  await mkdir(dirname(file), { recursive: true })
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  try {
    await writeFile(temporary, output)
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  return output
}
