import { existsSync } from 'node:fs'
import type { Config } from '../config.ts'
import { checkDataDir } from '../start-checks.ts'
import { type Database, openDatabase } from './client.ts'
import { databaseSettings, pgliteFolder } from './connection.ts'
import type { MigrationMode } from './migrate.ts'

/**
 * The configured database for a command, its queries without a time limit.
 * The embedded database's folder is checked as a start checks it (an unusable
 * DATA_DIR is refused, never waited on); with `existing`, for a command that
 * works on a shop (a backup, its staff), a folder without a database is
 * refused rather than given a new, empty one.
 */
export async function openCommandDatabase(
  config: Config,
  options: { existing?: boolean; migrations?: MigrationMode | 'none' } = {},
): Promise<Database> {
  if (!config.DATABASE_URL) {
    if (options.existing && !existsSync(pgliteFolder(config.dataDir)))
      throw new Error(
        `there is no embedded database in ${config.dataDir}: set DATA_DIR to the shop's data folder, or DATABASE_URL to its PostgreSQL database`,
      )
    await checkDataDir(config)
  }
  return openDatabase({ ...databaseSettings(config, { command: true }), migrations: options.migrations ?? 'apply' })
}
