import { and, getTableName, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../client.ts'
import {
  banners,
  brands,
  categories,
  categoryGroups,
  footerLinks,
  manufacturers,
  orders,
  pages,
  posts,
  productCategories,
  productImages,
  productLines,
  products,
  settings,
  stories,
  storyItems,
  users,
} from '../schema/index.ts'
import { settingsSeed } from './content.ts'

const seededTables = [
  productImages,
  productCategories,
  products,
  productLines,
  categories,
  categoryGroups,
  brands,
  manufacturers,
  orders,
  storyItems,
  stories,
  banners,
  pages,
  posts,
  footerLinks,
]

/**
 * Empties everything the seed writes and restarts the catalogue's ids. CASCADE
 * also empties the rows that point at products (baskets, favourites, order
 * lines, reviews): a reset is for demo and benchmark databases only. The demo
 * customers go with their orders; real accounts stay (a live account always
 * has a phone, a demo one never: customers.ts).
 */
export async function resetSeed(db: Db) {
  const names = sql.join(
    seededTables.map((table) => sql.identifier(getTableName(table))),
    sql`, `,
  )
  await db.transaction(async (tx) => {
    await tx.execute(sql`truncate table ${names} restart identity cascade`)
    const demo = and(isNull(users.phone), isNull(users.deletedAt))
    await tx.delete(orders).where(inArray(orders.userId, tx.select({ id: users.id }).from(users).where(demo)))
    await tx.delete(users).where(demo)
    await tx.delete(settings).where(inArray(settings.key, ['seeded', ...Object.keys(settingsSeed)]))
  })
}
