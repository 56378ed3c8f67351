import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

/**
 * The project's folder, found from this module's own location: from the
 * sources (api/) and from the server build (build/server/) alike, so the shop
 * starts the same from any working directory.
 */
function findRoot(from: string): string {
  let dir = from
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`No package.json above ${from}`)
    dir = parent
  }
  return dir
}

export const projectRoot = findRoot(import.meta.dirname)

/** A path inside the project, whatever the working directory. */
export const fromRoot = (...parts: string[]) => join(projectRoot, ...parts)
