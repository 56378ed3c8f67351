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

const lockFile = (dataDir: string) => join(dataDir, 'pglite.lock')

function inUse(dataDir: string, pid: number) {
  return new DataDirInUseError(
    `${dataDir} is in use by another shop process (pid ${pid}). The embedded database can only be opened by one process: stop it, or use PostgreSQL (DATABASE_URL) to run several.`,
  )
}

/** The pid in `file` when that process lives and is not this one; null for no lock, or a stale one. */
function liveHolder(file: string): number | null {
  let holder: number
  try {
    holder = Number.parseInt(readFileSync(file, 'utf8'), 10)
  } catch {
    return null
  }
  return holder && holder !== process.pid && alive(holder) ? holder : null
}

/**
 * Refuses a folder another live process holds, without taking it: the start
 * says so at once (api/start-checks.ts), before it loads and opens anything.
 */
export function checkDataDirFree(dataDir: string) {
  const file = lockFile(dataDir)
  if (held.has(file)) throw inUse(dataDir, process.pid)
  const holder = liveHolder(file)
  if (holder) throw inUse(dataDir, holder)
}

/**
 * PGlite is one process's database: a second process opening the same folder
 * corrupts it. The first takes `pglite.lock` (its pid); a later one refuses
 * while that process lives and takes over a lock left by one that died.
 * Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFile(dataDir)
  if (held.has(file)) throw inUse(dataDir, process.pid)
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = liveHolder(file)
      if (holder) throw inUse(dataDir, holder)
      rmSync(file, { force: true })
    }
  }
  held.add(file)
  return () => {
    held.delete(file)
    rmSync(file, { force: true })
  }
}
