import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { queueLowStockAlerts } from './low-stock.ts'
import { queueDailySummary } from './summary.ts'

/**
 * The bot's periodic reports, run by the order jobs before the outbox is
 * sent (orders/jobs.ts): the owner's daily summary once its hour has come,
 * and the warehouse's low-stock alerts. Both are safe with several processes.
 */
export async function queueTelegramReports(db: Db, config: Config, now: Date) {
  const summaryDay = await queueDailySummary(db, config, now)
  const lowStock = await queueLowStockAlerts(db, config, now)
  return { summaryDay, lowStock }
}
