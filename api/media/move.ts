import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { saveOriginal } from './links.ts'
import { type MediaStore, originalKey } from './store.ts'

// Objects copied at once, and how often progress is printed.
const PARALLEL = 8
const REPORT_EVERY = 100

export type MoveResult = { total: number; copied: number; skipped: number }

/**
 * Copies every picture of a local uploads folder into `to` at the same upload
 * path. Idempotent and resumable: an object already there with the same
 * size is skipped, so a second run (or one after an interruption) copies
 * only what is missing. Resized copies are not moved: the store makes them
 * again on first request.
 */
export async function moveMedia(options: {
  from: string
  to: MediaStore
  print: (line: string) => void
}): Promise<MoveResult> {
  const { from, to, print } = options
  const files = (await readdir(from, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && !entry.name.endsWith('.tmp'))
    .map((entry) => relative(from, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort()
  const there = new Map<string, number>()
  for await (const { key, size } of to.list(originalKey(''))) there.set(key, size)
  print(`Moving ${files.length} files from ${from} to ${to.name} (${there.size} objects already there)`)
  const result: MoveResult = { total: files.length, copied: 0, skipped: 0 }
  let done = 0
  for (let i = 0; i < files.length; i += PARALLEL) {
    await Promise.all(
      files.slice(i, i + PARALLEL).map(async (path) => {
        const bytes = await readFile(join(from, path))
        if (there.get(originalKey(path)) === bytes.length) result.skipped++
        else {
          await saveOriginal(to, path, bytes)
          result.copied++
        }
      }),
    )
    const before = done
    done = Math.min(i + PARALLEL, files.length)
    if (Math.floor(done / REPORT_EVERY) > Math.floor(before / REPORT_EVERY) || done === files.length)
      print(`  ${done}/${files.length}: ${result.copied} copied, ${result.skipped} already there`)
  }
  return result
}
