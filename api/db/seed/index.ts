import { sql } from 'drizzle-orm'
import type { Config } from '../../config.ts'
import type { MediaStore } from '../../media/store.ts'
import type { Db } from '../client.ts'
import { products as productsTable, settings } from '../schema/index.ts'
import { seedCatalogue } from './catalogue.ts'
import { categories } from './categories.ts'
import { seedDemoContent, seedShopSkeleton } from './content.ts'
import { writeSeedFiles } from './files.ts'
import { bannerFiles, categoryFiles, postFiles, productFiles, storyFiles } from './images.ts'
import { posts } from './posts.ts'
import { generateProducts } from './products.ts'
import { seededKey, seedRecord } from './record.ts'
import { seedReviews } from './reviews.ts'
import { banners, stories } from './showcase.ts'
import { seedDemoOwner } from './staff.ts'

export type SeedOptions = {
  /** `live` writes only what a shop runs on; `demo` also the demo catalogue, customers, reviews and promo codes. */
  mode: Config['SHOP_MODE']
  products: number
  /** Where the demo pictures go (`mediaStoreOf(config)`). */
  media: MediaStore
}
export type SeedResult = { seeded: boolean; products: number }

/**
 * The lock a first start's data work is done under (`Database.exclusive`): the
 * seed (the server's, or `npm run db:seed`'s) and what a start fills in once.
 * Processes starting together on an empty database wait for the one seeding,
 * then find it seeded.
 */
export const seedLockKey = 'atir:seed'

/**
 * Fills an empty database: the contact settings, pages and footer every shop
 * runs on, and in demo mode the demo shop on top (catalogue, content, pictures,
 * promo codes, the demo customers' reviews with the delivered orders behind
 * them, and the demo owner of the back office). A live shop starts with an
 * empty catalogue and no staff (`npm run staff -- create`).
 * Does nothing once the `seeded` setting exists. Rows are written in one
 * transaction, so a failure leaves no half catalogue; pictures already in the store are kept.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  if (await seedRecord(db)) return { seeded: false, products: 0 }
  const demo = options.mode === 'demo'
  const products = demo ? generateProducts(options.products) : []
  if (demo)
    await writeSeedFiles(options.media, [
      ...productFiles(products),
      ...bannerFiles(banners),
      ...storyFiles(stories([])),
      ...categoryFiles(categories),
      ...postFiles(posts.length),
    ])
  return db.transaction(async (tx) => {
    // Written first: a seeder that holds no seed lock (an older version) waits on this key and then finds it taken.
    const claimed = await tx
      .insert(settings)
      .values({
        key: seededKey,
        value: { at: new Date().toISOString(), mode: options.mode, products: products.length },
      })
      .onConflictDoNothing()
      .returning({ key: settings.key })
    if (claimed.length === 0) return { seeded: false, products: 0 }
    await seedShopSkeleton(tx)
    if (demo) {
      await seedDemoContent(tx)
      const productIds = await seedCatalogue(tx, products)
      await seedReviews(tx, products, productIds)
      await seedDemoOwner(tx)
      // The demo products are as old as they claim, whatever the seed's own updates did (and seeds repeat exactly).
      await tx.update(productsTable).set({ updatedAt: sql`${productsTable.createdAt}` })
    }
    return { seeded: true, products: products.length }
  })
}
