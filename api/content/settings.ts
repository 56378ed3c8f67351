import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { settings } from '../db/schema/index.ts'

/** A setting's stored value (the shapes are in db/schema/content.ts), or null when none was saved. */
export async function readSetting<T>(db: Db, key: string): Promise<T | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key))
  return (row?.value as T | undefined) ?? null
}
