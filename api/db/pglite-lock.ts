import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError'
}

function alive(pid: number) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Folders this process holds: its own pid in a lock file is then no stale lock (as after a container restart). */
const held = new Set<string>()

/**
 * PGlite is one process's database: a second process opening the same folder
 * corrupts it. The first takes `pglite.lock` (its pid); a later one refuses
 * while that process lives and takes over a lock left by one that died.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pglite.lock')
  const inUse = (pid: number) =>
    new DataDirInUseError(
      `${dataDir} is in use by another shop process (pid ${pid}). The embedded database can only be opened by one process: stop it, or use PostgreSQL (DATABASE_URL) to run several.`,
    )
  if (held.has(file)) throw inUse(process.pid)
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10)
      if (holder && holder !== process.pid && alive(holder)) throw inUse(holder)
      rmSync(file, { force: true })
    }
  }
  held.add(file)
  return () => {
    held.delete(file)
    rmSync(file, { force: true })
  }
}
