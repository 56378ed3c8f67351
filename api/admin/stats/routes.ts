import { z } from '@hono/zod-openapi'
import { type ApiDeps, createRouter } from '../../http/context.ts'
import { jsonContent } from '../../http/schemas.ts'
import { requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { exportFileName, exportFormats, exportOrders, exportTypes } from './export.ts'
import { statistics, totalsOf } from './figures.ts'
import { PERIOD_MAX_DAYS, periodOf, periodQuery } from './period.ts'

const int = z.number().int()
const totals = { orders: int, orders_total: int, revenue: int, average: int }
const sumRow = z.object({ orders: int, total: int })

export const statsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    ...totals,
    today: z.object(totals).openapi({ description: "Today's (Tashkent) figures, whatever the period" }),
    by_status: z.array(z.object({ status: int, name: z.string(), label: z.string(), count: int })),
    payment: z.object({ online: sumRow, cash: sumRow }),
    per_day: z.array(
      z.object({ day: z.string(), orders: int, orders_total: int, revenue: int, online: int, cash: int }),
    ),
    top_products: z.array(
      z.object({ product_id: int.nullable(), slug: z.string(), title: z.string(), quantity: int, total: int }),
    ),
    top_brands: z.array(z.object({ brand_id: int, name: z.string(), quantity: int, total: int })),
    low_stock: z.object({ count: int, default_threshold: int }),
    new_customers: int,
    search_misses: z.array(z.object({ term: z.string(), count: int })),
  })
  .openapi('ShopStatistics')

const read = staffRoutes(requirePermission('stats.read'), ['admin: statistics'])

const statsRoute = read.get('/admin/stats/', {
  summary: "The statistics page: a period's orders, revenue and what sold (stats.read)",
  description:
    `Days are Tashkent days, both included; at most ${PERIOD_MAX_DAYS}. \`orders\`: placed in the period and ` +
    'accepted (statuses 3–6: paid online, or cash), `orders_total` their totals and `average` per order; ' +
    '`revenue`: the totals of those paid (online, or cash handed over) or delivered. `by_status` counts every ' +
    'order placed. Low stock: visible products at or below their threshold (or the shop default, ' +
    'TELEGRAM_LOW_STOCK_THRESHOLD). `search_misses`: the catalogue searches that found nothing, most frequent first.',
  request: { query: z.object(periodQuery) },
  responses: { 200: jsonContent(statsSchema, 'The figures'), ...adminErrorsOf(400) },
})

const binary = z.string().openapi({ format: 'binary' })

const ordersRead = staffRoutes(requirePermission('orders.read'), ['admin: orders'])

const exportRoute = ordersRead.get('/admin/orders/export/', {
  summary: 'The orders placed in a period as XLSX or CSV, for the accountant (orders.read)',
  description:
    'One row per order: number, date and time (Tashkent), customer, status, payment method and status, items ' +
    'total, delivery, discount, cashback used, VAT, total (sum). XLSX has a second sheet with the lines. ' +
    `Days as in admin/stats/, at most ${PERIOD_MAX_DAYS}.`,
  request: { query: z.object({ ...periodQuery, format: z.enum(exportFormats).default('xlsx') }) },
  responses: {
    200: {
      description: 'The file (Content-Disposition: attachment)',
      content: { [exportTypes.xlsx]: { schema: binary }, 'text/csv': { schema: binary } },
    },
    ...adminErrorsOf(400),
  },
})

/** The statistics page and the orders export. */
export function adminStatsRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = () => deps.now?.() ?? new Date()

  return createRouter()
    .openapi(statsRoute, async (c) => {
      const lang = c.get('lang')
      const at = now()
      const period = periodOf(c.req.valid('query'), at, lang)
      const [figures, today] = await Promise.all([
        statistics(db, period, { lang, lowStockDefault: deps.config.TELEGRAM_LOW_STOCK_THRESHOLD }),
        totalsOf(db, periodOf({}, at, lang)),
      ])
      c.header('Cache-Control', 'private, no-store')
      return c.json({ ...figures, today }, 200)
    })
    .openapi(exportRoute, async (c) => {
      const lang = c.get('lang')
      const { format, ...query } = c.req.valid('query')
      const period = periodOf(query, now(), lang)
      const body = await exportOrders(db, period, format, lang)
      return c.body(body as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': exportTypes[format],
        'Content-Disposition': `attachment; filename="${exportFileName(period, format)}"`,
        'Cache-Control': 'private, no-store',
      }) as never
    })
}
