// npm run db:seed -- [--products N] [--reset]: the usage below.
import { compactCatalogue } from '../../catalogue/statistics.ts'
import { readArguments, runCommand, UsageError } from '../../command-line.ts'
import { getConfig } from '../../config.ts'
import { openMediaStore } from '../../media/store.ts'
import { openCommandDatabase } from '../command.ts'
import { databaseTarget } from '../connection.ts'
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
import { seedDatabase, seedLockKey } from './index.ts'
import { resetSeed } from './reset.ts'

const commandLine = {
  usage: `Usage: npm run db:seed -- [--products N] [--reset]
  Seeds the configured database (PostgreSQL when DATABASE_URL is set, else the embedded one in DATA_DIR):
  the demo shop, or with SHOP_MODE=live only the pages and settings a shop runs on. Does nothing on a
  seeded database.
  --products N   demo products to make (default SEED_PRODUCTS, 2000)
  --reset        removes the seeded data first and seeds again`,
  options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } },
} as const

function parseCount(text: string | undefined): number | undefined {
  if (text === undefined) return undefined
  const count = Number(text)
  if (!Number.isInteger(count) || count < 0)
    throw new UsageError(`--products must be a whole number ≥ 0, got "${text}"`, commandLine.usage)
  return count
}

runCommand('db:seed', readArguments(commandLine, process.argv.slice(2)), async ({ values }) => {
  const asked = parseCount(values.products)
  const config = getConfig()
  console.log(`npm run db:seed on ${databaseTarget(config)}`)
  const count = asked ?? config.SEED_PRODUCTS
  const started = performance.now()
  const media = await openMediaStore(config)
  const database = await openCommandDatabase(config)
  try {
    const { db } = database
    // Under the seed lock: a shop starting meanwhile waits for this seed instead of making its own.
    const result = await database.exclusive(seedLockKey, async (locked) => {
      if (values.reset) await resetSeed(locked)
      return seedDatabase(locked, { mode: config.SHOP_MODE, products: count, media })
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
})
