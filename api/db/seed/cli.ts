// npm run db:seed -- [--products N] [--reset]
// Seeds the configured database (DATABASE_URL, or PGlite in DATA_DIR): the demo shop, or with
// SHOP_MODE=live only the pages and settings a shop runs on.
import { parseArgs } from 'node:util'
import { compactCatalogue } from '../../catalogue/statistics.ts'
import { getConfig } from '../../config.ts'
import { openMediaStore } from '../../media/store.ts'
import { openDatabase } from '../client.ts'
import { databaseSettings } from '../connection.ts'
import {
  banners,
  brands,
  categories,
  orders,
  pages,
  productImages,
  products,
  reviews,
  stories,
  users,
} from '../schema/index.ts'
import { seedDatabase } from './index.ts'
import { resetSeed } from './reset.ts'

function parseCount(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback
  const count = Number(text)
  if (!Number.isInteger(count) || count < 0) throw new Error(`--products must be a whole number ≥ 0, got "${text}"`)
  return count
}

async function main() {
  const { values } = parseArgs({
    options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } },
  })
  const config = getConfig()
  const count = parseCount(values.products, config.SEED_PRODUCTS)
  const started = performance.now()
  const media = await openMediaStore(config)
  const database = await openDatabase(databaseSettings(config, { command: true }))
  try {
    const { db } = database
    if (values.reset) await resetSeed(db)
    const result = await seedDatabase(db, {
      mode: config.SHOP_MODE,
      products: count,
      media,
    })
    if (result.seeded) await compactCatalogue(database)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    if (!result.seeded) {
      console.log(`Already seeded; nothing changed (use --reset to seed again). ${seconds} s`)
      return
    }
    const tables = { brands, categories, products, productImages, pages, banners, stories, users, orders, reviews }
    const counts = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => `${name} ${await db.$count(table)}`),
    )
    console.log(`Seeded ${database.kind}: ${counts.join(', ')} in ${seconds} s`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
