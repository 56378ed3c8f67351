import { eq } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { Db } from '../client.ts'
import { settings } from '../schema/index.ts'

/** The settings row a seed writes first: a database with it is seeded. */
export const seededKey = 'seeded'

/** How the database was seeded (`npm run preflight` looks for the demo shop); null before its first start. */
export async function seedRecord(db: Db): Promise<{ mode: Config['SHOP_MODE']; products: number } | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, seededKey))
  return (row?.value as { mode: Config['SHOP_MODE']; products: number } | undefined) ?? null
}
