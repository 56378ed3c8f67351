import type { Config } from '../config.ts'
import { forgetVersion, originalVersion } from './links.ts'
import { imageSizeNames, isUploadPath } from './paths.ts'
import { contentTypes, socialSize } from './resize.ts'
import { mediaStoreOf, originalKey, variantKey } from './store.ts'

/**
 * Removes uploaded originals and every resized copy made of them. A customer's
 * photo is personal data: once its row is gone, no copy of it may stay in the
 * media store either. Copies are named by the original's content, so one
 * shared by an identical original is made again on demand.
 */
export async function eraseUploads(config: Pick<Config, 'dataDir' | 'media'>, paths: Iterable<string>) {
  const store = mediaStoreOf(config)
  const keys: string[] = []
  for (const path of new Set(paths)) {
    if (!isUploadPath(path)) continue
    const version = await originalVersion(store, path)
    keys.push(originalKey(path))
    if (version)
      for (const size of [...imageSizeNames, socialSize])
        for (const format of Object.keys(contentTypes)) keys.push(variantKey(size, version, format))
    forgetVersion(store, path)
  }
  await store.delete(keys)
}
