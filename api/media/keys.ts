// What every media store shares about keys and names (no store of its own, so each store may import it).

const contentTypes: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
}
/** The content type of a picture by its file name's extension. */
export const contentTypeOf = (name: string) =>
  contentTypes[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream'

/** A key the shop made: relative, no empty, `.` or `..` segments, no backslashes or NUL. */
export function isSafeKey(key: string) {
  if (!key || key.startsWith('/') || key.includes('\\') || key.includes('\0')) return false
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
}
