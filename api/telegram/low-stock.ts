import { and, asc, inArray, sql } from 'drizzle-orm'
import type { Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { lowStockAlerts, products, stockMovements } from '../db/schema/index.ts'
import type { Lang, Localized } from '../http/locale.ts'
import { enqueueNotification } from '../notifications/outbox.ts'
import { isLowStock, lowStockThreshold } from '../stock/low-stock.ts'
import { linkedStaffOf, type Recipient, staffChat } from './recipients.ts'
import { botText } from './texts.ts'

/** Products named in one alert; the rest are counted ("…and 12 more"). */
export const LOW_STOCK_LINES = 20

type LowProduct = { title: Localized; stock: number }

export function lowStockText(lang: Lang, items: LowProduct[]): string {
  const lines = [botText(lang, 'low_stock_title')]
  for (const item of items.slice(0, LOW_STOCK_LINES))
    lines.push(botText(lang, 'low_stock_line', { title: item.title[lang] || item.title.ru, n: item.stock }))
  if (items.length > LOW_STOCK_LINES) lines.push(botText(lang, 'low_stock_more', { n: items.length - LOW_STOCK_LINES }))
  return lines.join('\n')
}

/**
 * A product the stock movements took down to its threshold or below since it
 * was last above it: news. One that was low without such a drop (the demo
 * seed's zeros, a new product at 0, an arrival that left it still low) is not.
 */
const droppedToLow = (config: Pick<Config, 'TELEGRAM_LOW_STOCK_THRESHOLD'>) => {
  const threshold = lowStockThreshold(config)
  const m = stockMovements
  return sql`exists (
    select 1 from ${m}
    where ${m.productId} = ${products.id} and ${m.delta} < 0 and ${m.stockAfter} <= ${threshold}
      and ${m.id} > coalesce((
        select max(above.id) from ${m} above
        where above.product_id = ${products.id} and above.stock_after > ${threshold}
      ), 0)
  )`
}

/**
 * Tells the warehouse (every linked warehouse staff member, or the staff
 * chat when none linked Telegram) of products whose stock fell to their
 * low-stock threshold (api/stock/low-stock.ts) or below (`droppedToLow`):
 * all of a pass in one message (`LOW_STOCK_LINES` named), once per product,
 * until it is restocked above it (its `low_stock_alerts` row then goes, so a
 * later drop alerts again). The rows are claimed with ON CONFLICT DO NOTHING
 * in the transaction that queues the message, so two processes never alert
 * one product twice. Returns the ids alerted now.
 */
export async function queueLowStockAlerts(
  db: Db,
  config: Pick<Config, 'TELEGRAM_LOW_STOCK_THRESHOLD' | 'TELEGRAM_CHAT_LANG'>,
  now: Date,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    // Restocked since their alert: the next drop alerts again.
    await tx.execute(
      sql`delete from ${lowStockAlerts} a using ${products} where ${products.id} = a.product_id and not ${isLowStock(config)}`,
    )
    const claimed = await tx
      .insert(lowStockAlerts)
      .select(
        tx
          .select({
            productId: products.id,
            stock: products.stock,
            alertedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('alerted_at'),
          })
          .from(products)
          .where(and(isLowStock(config), droppedToLow(config))),
      )
      .onConflictDoNothing()
      .returning({ productId: lowStockAlerts.productId })
    if (!claimed.length) return []
    const ids = claimed.map((c) => c.productId)
    const items = await tx
      .select({ title: products.title, stock: products.stock })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.stock), asc(products.id))
    const warehouse = await linkedStaffOf(tx, 'warehouse')
    const recipients: Recipient[] = warehouse.length ? warehouse : [staffChat(config)]
    for (const r of recipients)
      await enqueueNotification(tx, {
        channel: 'telegram',
        recipient: r.chatId,
        text: lowStockText(r.lang, items),
        at: now,
      })
    return ids.sort((a, b) => a - b)
  })
}
