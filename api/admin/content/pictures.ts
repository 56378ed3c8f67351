import type { Config } from '../../config.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { MediaLinks, originalVersion, saveOriginal } from '../../media/links.ts'
import { mediaStoreOf } from '../../media/store.ts'
import { checkImage, extensionOf, normalizedImage, randomName } from '../../uploads/images.ts'

// Banners', stories' and posts' pictures: uploaded first (admin/content/pictures/),
// then named by their `path` in the banner, story or post that shows them.

/** Large enough for a sharp banner on a wide screen at twice the density. */
const PICTURE_BOX = { width: 2400, height: 2400, fit: 'inside' } as const

/** Checks and stores an uploaded JPEG or PNG under uploads/content/; its path. */
export async function savePicture(
  config: Pick<Config, 'dataDir' | 'media'>,
  file: unknown,
  lang: Lang,
): Promise<string> {
  const image = await checkImage(file, lang, 'image')
  const bytes = await normalizedImage(image, PICTURE_BOX)
  const path = `content/${randomName()}.${extensionOf(image.format)}`
  await saveOriginal(mediaStoreOf(config), path, bytes)
  return path
}

/** 400 on `field` unless each named picture was uploaded (a made-up path would show a broken picture). */
export async function requireUploaded(
  config: Pick<Config, 'dataDir' | 'media'>,
  lang: Lang,
  pictures: Record<string, string | null | undefined>,
) {
  for (const [field, path] of Object.entries(pictures)) {
    if (!path) continue
    if (await originalVersion(mediaStoreOf(config), path)) continue
    const detail = message(lang, 'content_picture_invalid')
    throw new ApiError(400, detail, [{ field, message: detail }])
  }
}

/** A picture as the desk shows it: its path and its links. */
export const pictureOut = (media: MediaLinks, path: string) => ({ path, links: media.links(path) })

export const mediaOf = (config: Pick<Config, 'dataDir' | 'media' | 'PUBLIC_URL'>) => new MediaLinks(config)
