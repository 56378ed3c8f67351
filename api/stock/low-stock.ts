import { type SQL, sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import { products } from '../db/schema/index.ts'

/**
 * The shop's one low-stock rule, for the back office's list and the Telegram
 * alerts alike: stock at or below the product's own threshold, or
 * TELEGRAM_LOW_STOCK_THRESHOLD when it has none.
 */
export const lowStockThreshold = (config: Pick<Config, 'TELEGRAM_LOW_STOCK_THRESHOLD'>): SQL<number> =>
  sql<number>`coalesce(${products.lowStockThreshold}, ${config.TELEGRAM_LOW_STOCK_THRESHOLD})`

export const isLowStock = (config: Pick<Config, 'TELEGRAM_LOW_STOCK_THRESHOLD'>): SQL =>
  sql`${products.stock} <= ${lowStockThreshold(config)}`
