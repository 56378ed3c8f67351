import { eq } from 'drizzle-orm'
import type { Db } from '../client.ts'
import { settings } from '../schema/index.ts'

const key = 'last_backup'

/**
 * The newest backup that finished, as `npm run backup` records it in the
 * database it backed up: every shop process reads it from there for /metrics
 * (`atir_backup_last_success_timestamp_seconds`), whichever machine took it.
 */
export type BackupRecord = { at: string; rows: number; mediaFiles: number }

export async function recordBackup(db: Db, record: BackupRecord): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: record })
    .onConflictDoUpdate({ target: settings.key, set: { value: record } })
}

export async function lastBackup(db: Db): Promise<BackupRecord | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key))
  return (row?.value as BackupRecord | undefined) ?? null
}
