import { saveOriginal } from '../../media/links.ts'
import { type MediaStore, originalKey } from '../../media/store.ts'

/** A file to place in the media store; `path` is its upload path, as stored in the rows. */
export type SeedFile = { path: string; content: () => string }

// Puts at once: a bucket answers each in a round trip.
const PARALLEL = 16

/** Writes the files that are not there yet; an existing file (maybe edited by staff) is kept. */
export async function writeSeedFiles(store: MediaStore, files: Iterable<SeedFile>): Promise<number> {
  const existing = new Set<string>()
  for await (const { key } of store.list(originalKey('seed/'))) existing.add(key)
  const missing = [...files].filter((file) => !existing.has(originalKey(file.path)))
  for (let i = 0; i < missing.length; i += PARALLEL)
    await Promise.all(
      missing.slice(i, i + PARALLEL).map((file) => saveOriginal(store, file.path, Buffer.from(file.content()))),
    )
  return missing.length
}
