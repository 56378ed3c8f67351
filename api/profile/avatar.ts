import { contentVersion, mediaUrl } from '../media/links.ts'
import { type CheckedImage, extensionOf, normalizedImage } from '../uploads/images.ts'

/** Longest side of the kept original and the side of the square small avatar made on upload. */
export const AVATAR_ORIGINAL_MAX = 1024
export const AVATAR_SMALL_SIZE = 256

export type AvatarSrc = { small: string; original: string }

/**
 * An avatar is two files under `avatars/` in the media store: the upright,
 * metadata-free original (at most 1024 px) and a 256 px square crop. The
 * name carries the owner and both content versions, the same hashes the
 * media route checks (api/media/links.ts), so `avatar_src` needs no disk
 * read: `avatars/<user>.<original version>.<small version>.<ext>` and the
 * same with `.small` before the extension.
 */
const namePattern = /^avatars\/(\d+)\.([A-Za-z0-9_-]{12})\.([A-Za-z0-9_-]{12})\.(jpg|png)$/

export const smallPathOf = (path: string) => path.replace(/\.(jpg|png)$/, '.small.$1')

/** The files of a stored avatar (relative to the uploads folder); `[]` for none or a foreign value. */
export function avatarFiles(path: string | null | undefined): string[] {
  return path && namePattern.test(path) ? [path, smallPathOf(path)] : []
}

/** `avatar_src` of the API's User: URLs of the small square and the original, from `base` (see `mediaBase`). */
export function avatarSrc(path: string | null | undefined, base: string): AvatarSrc | null {
  const [, , originalToken, smallToken] = (path && namePattern.exec(path)) || []
  if (!path || !originalToken || !smallToken) return null
  return {
    small: mediaUrl(base, 'small', smallToken, smallPathOf(path)),
    original: mediaUrl(base, 'large', originalToken, path),
  }
}

/** Both files of a new avatar, ready to write: `path` goes into users.avatar. */
export async function prepareAvatar(userId: number, image: CheckedImage) {
  const original = await normalizedImage(image, {
    width: AVATAR_ORIGINAL_MAX,
    height: AVATAR_ORIGINAL_MAX,
    fit: 'inside',
  })
  const small = await normalizedImage(image, { width: AVATAR_SMALL_SIZE, height: AVATAR_SMALL_SIZE, fit: 'cover' })
  const path = `avatars/${userId}.${contentVersion(original)}.${contentVersion(small)}.${extensionOf(image.format)}`
  return {
    path,
    files: [
      { path, bytes: original },
      { path: smallPathOf(path), bytes: small },
    ],
  }
}
