import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'

/** The backups `npm run backup -- --into <folder>` makes there: `atir-<yyyymmdd-hhmmss>`, sorting by time. */
const backupName = /^atir-\d{8}-\d{6}$/

/**
 * Keeps the `keep` newest finished backups (those with manifest.json) in
 * `folder` and removes the older ones, and the unfinished ones older than the
 * newest finished one (a run that failed; one still running is newer). Other
 * files and folders are left alone. Returns the names removed.
 */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory() && backupName.test(entry.name))
    .map((entry) => entry.name)
    .sort()
    .reverse()
  const finished = names.filter((name) => existsSync(join(folder, name, 'manifest.json')))
  const newest = finished[0]
  const removed = [
    ...finished.slice(keep),
    ...names.filter((name) => !finished.includes(name) && newest !== undefined && name < newest),
  ].sort()
  for (const name of removed) await rm(join(folder, name), { recursive: true, force: true })
  return removed
}
