import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { Context } from 'hono'
import sharp from 'sharp'
import { FORM_OVERHEAD_BYTES, IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'
import { limitBody } from '../http/body-limit.ts'
import type { ApiEnv } from '../http/context.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { forgetVersion, saveOriginal } from '../media/links.ts'
import { writeFileAtomically } from '../media/local-store.ts'
import { type MediaStore, originalKey, storedUpload } from '../media/store.ts'

export { IMAGE_MAX_BYTES } from '#contract/upload-limits.ts'

// Decoding a small file can still expand to a huge bitmap ("decompression bomb").
const MAX_PIXELS = 40_000_000

export type UploadFormat = 'jpeg' | 'png' | 'webp'
export type CheckedImage = { bytes: Buffer; format: UploadFormat; width: number; height: number }

/** What customers' uploads take (avatars, review photos, screenshots); staff's product pictures add WebP. */
const customerFormats: readonly UploadFormat[] = ['jpeg', 'png']
export const pictureFormats: readonly UploadFormat[] = ['jpeg', 'png', 'webp']

const extensions: Record<UploadFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' }
export const extensionOf = (format: UploadFormat) => extensions[format]

export const tooLarge = (lang: Lang, field: string) => {
  const detail = message(lang, 'file_too_large', { max: IMAGE_MAX_BYTES / 1024 / 1024 })
  return new ApiError(413, detail, [{ field, message: detail }])
}

const wrongFormat = (lang: Lang, field: string, formats: readonly UploadFormat[]) => {
  const detail = message(lang, formats.includes('webp') ? 'upload_format_webp' : 'upload_format')
  return new ApiError(400, detail, [{ field, message: detail }])
}

/**
 * Refuses a request body larger than `pictures` pictures plus their form (413,
 * the field named): by its length unread, or, chunked, once that much was read.
 */
export const uploadBodyLimit = (field: string, pictures = 1) =>
  limitBody(pictures * IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES, (c) => tooLarge(c.get('lang'), field))

/** The multipart (or urlencoded) form of a request; a body that is neither gives no fields. */
export async function readForm(c: Context<ApiEnv>): Promise<Record<string, string | File>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(type)) return {}
  try {
    return (await c.req.parseBody()) as Record<string, string | File>
  } catch {
    throw new ApiError(400, message(c.get('lang'), 'invalid_input'))
  }
}

function magicFormat(bytes: Buffer): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png'
  // RIFF <size> WEBP
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp'
  return null
}

/**
 * A JPEG or PNG picture (or one of `formats`), judged by its content: the
 * file's name and declared type are ignored. The first bytes must say one of
 * the formats and sharp must read it as the same format with sane dimensions;
 * anything else gets the "upload in the correct format" error on `field`, a
 * file over the limit 413.
 */
export async function checkImage(
  value: unknown,
  lang: Lang,
  field: string,
  formats: readonly UploadFormat[] = customerFormats,
): Promise<CheckedImage> {
  if (!(value instanceof Blob)) {
    const detail = message(lang, value === undefined || value === '' ? 'required' : 'upload_format')
    throw new ApiError(400, detail, [{ field, message: detail }])
  }
  if (value.size > IMAGE_MAX_BYTES) throw tooLarge(lang, field)
  const bytes = Buffer.from(await value.arrayBuffer())
  const format = magicFormat(bytes)
  if (!format || !formats.includes(format)) throw wrongFormat(lang, field, formats)
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata()
    if (meta.format !== format || !meta.width || !meta.height) throw wrongFormat(lang, field, formats)
    // Reading the header is not decoding: make sure the pixels are there too.
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).stats()
    return { bytes, format, width: meta.width, height: meta.height }
  } catch (error) {
    if (error instanceof ApiError) throw error
    throw wrongFormat(lang, field, formats)
  }
}

/** A re-encoded copy without the original's metadata (EXIF location…), turned upright, at most `box` px. */
export async function normalizedImage(
  image: CheckedImage,
  box: { width: number; height: number; fit: 'inside' | 'cover' },
): Promise<Buffer> {
  let pipeline = sharp(image.bytes, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize({ ...box, withoutEnlargement: box.fit === 'inside' })
  pipeline =
    image.format === 'png'
      ? pipeline.png({ compressionLevel: 9 })
      : image.format === 'webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.jpeg({ quality: 85, progressive: true, mozjpeg: true })
  return pipeline.toBuffer()
}

/**
 * Writes a file whole or not at all. A file under a shop's uploads folder
 * (`join(uploadsDirOf(config), path)`) goes into that shop's media store
 * (api/media/store.ts: the folder, or the S3 bucket every process shares).
 */
export async function writeWhole(file: string, bytes: Buffer) {
  const upload = storedUpload(file)
  if (upload) await saveOriginal(upload.store, upload.path, bytes)
  else await writeFileAtomically(file, bytes)
}

/** Removes files (from the media store, for uploads: see `writeWhole`), ignoring ones already gone. */
export async function removeFiles(files: Array<string | null | undefined>) {
  const byStore = new Map<MediaStore, string[]>()
  const others: string[] = []
  for (const file of files) {
    if (!file) continue
    const upload = storedUpload(file)
    if (!upload) {
      others.push(file)
      continue
    }
    forgetVersion(upload.store, upload.path)
    byStore.set(upload.store, [...(byStore.get(upload.store) ?? []), originalKey(upload.path)])
  }
  await Promise.all([
    ...[...byStore].map(([store, keys]) => store.delete(keys)),
    ...others.map((file) => rm(file, { force: true })),
  ])
}

/** An unguessable file name stem. */
export const randomName = () => randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')
