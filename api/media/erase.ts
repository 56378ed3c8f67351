import { join } from 'node:path'
import type { Config } from '../config.ts'
import { removeFiles } from '../uploads/images.ts'
import { cacheDirOf, forgetVersion, originalVersion, uploadsDirOf } from './links.ts'
import { imageSizeNames, resolveUpload } from './paths.ts'
import { contentTypes } from './resize.ts'

/**
 * Removes uploaded originals and every resized copy made of them. A customer's
 * photo is personal data: once its row is gone, no copy of it may stay on disk
 * either. Copies are named by the original's content, so one shared by an
 * identical original is made again on demand.
 */
export async function eraseUploads(config: Pick<Config, 'dataDir'>, paths: Iterable<string>) {
  const uploadsDir = uploadsDirOf(config)
  const cacheDir = cacheDirOf(config)
  const files: string[] = []
  for (const path of new Set(paths)) {
    const original = resolveUpload(uploadsDir, path)
    if (!original) continue
    const version = await originalVersion(uploadsDir, path)
    files.push(original)
    if (version)
      for (const size of imageSizeNames)
        for (const format of Object.keys(contentTypes)) files.push(join(cacheDir, size, `${version}.${format}`))
    forgetVersion(original)
  }
  await removeFiles(files)
}
