import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** A file to place under the uploads folder; `path` is relative to it and stored in the rows. */
export type SeedFile = { path: string; content: () => string }

/** Writes the files that are not there yet; an existing file (maybe edited by staff) is kept. */
export async function writeSeedFiles(uploadsDir: string, files: Iterable<SeedFile>): Promise<number> {
  const folders = new Set<string>()
  let written = 0
  for (const file of files) {
    const target = join(uploadsDir, file.path)
    const folder = dirname(target)
    if (!folders.has(folder)) {
      await mkdir(folder, { recursive: true })
      folders.add(folder)
    }
    try {
      await writeFile(target, file.content(), { flag: 'wx' })
      written++
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  return written
}
