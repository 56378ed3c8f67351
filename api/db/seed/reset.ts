import { getTableName, inArray, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import {
  banners,
  brands,
  categories,
  categoryGroups,
  footerLinks,
  manufacturers,
  pages,
  posts,
  productCategories,
  productImages,
  products,
  settings,
  stories,
  storyItems,
} from '../schema/index.ts'
import { settingsSeed } from './content.ts'

const seededTables = [
  productImages,
  productCategories,
  products,
  categories,
  categoryGroups,
  brands,
  manufacturers,
  storyItems,
  stories,
  banners,
  pages,
  posts,
  footerLinks,
]

/**
 * Empties everything the seed writes and restarts the ids. CASCADE also empties
 * the rows that point at products (baskets, favourites, orders): a reset is for
 * demo and benchmark databases only.
 */
export async function resetSeed(db: Db) {
  const names = sql.join(
    seededTables.map((table) => sql.identifier(getTableName(table))),
    sql`, `,
  )
  await db.transaction(async (tx) => {
    await tx.execute(sql`truncate table ${names} restart identity cascade`)
    await tx.delete(settings).where(inArray(settings.key, ['seeded', ...Object.keys(settingsSeed)]))
  })
}
