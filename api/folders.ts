import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'

/**
 * `folder` and its missing parents, as `mkdir -p`, but an error where one
 * cannot be made: Node's own recursive mkdir spins for ever under a parent
 * that answers ENOENT to a new folder (`/proc/x`).
 */
export function makeFolder(folder: string) {
  try {
    mkdirSync(folder)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return
    if (code !== 'ENOENT' || dirname(folder) === folder) throw error
    makeFolder(dirname(folder))
    mkdirSync(folder)
  }
}
