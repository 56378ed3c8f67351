import { isAbsolute, join, normalize, sep } from 'node:path'

/** Widths in CSS pixels of the copies the API serves; the keys are the JSON field names. */
export const imageSizes = { extra_small: 64, small: 240, medium: 480, large: 960 } as const
export type ImageSize = keyof typeof imageSizes
export const imageSizeNames = Object.keys(imageSizes) as ImageSize[]

/** The originals staff and the seed put under DATA_DIR/uploads. */
export const originalExtensions = ['svg', 'png', 'jpg', 'jpeg', 'webp'] as const

const safeSegment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/**
 * Whether `path` may name an original (in a request, too): only plain
 * relative segments (no `..`, no absolute or drive paths, no backslashes, no
 * dot-files) ending in a known image extension.
 */
export function isUploadPath(path: string) {
  if (!path || path.length > 300 || isAbsolute(path) || path.includes('\\') || path.includes('\0')) return false
  const segments = path.split('/')
  if (!segments.every((s) => safeSegment.test(s) && s !== '..' && !s.includes('..'))) return false
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase()
  return (originalExtensions as readonly string[]).includes(extension)
}

/**
 * The original's location under a local `uploadsDir`, or null when `path`
 * could leave it (`isUploadPath`).
 */
export function resolveUpload(uploadsDir: string, path: string): string | null {
  if (!isUploadPath(path)) return null
  const root = normalize(uploadsDir)
  const target = normalize(join(root, path))
  return target.startsWith(root.endsWith(sep) ? root : root + sep) ? target : null
}
