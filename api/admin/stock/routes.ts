import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { notFound } from '../../http/errors.ts'
import { requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { auditActor, requireAnyPermission, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { recordArrival, recordCorrection, saleForExpiring } from './actions.ts'
import { expiringPage, lowStockPage, movementsPage, stockProduct } from './read.ts'
import {
  arrivalBody,
  correctionBody,
  expiringPage as expiringPageSchema,
  expiringQuery,
  movementPage,
  productIdParams,
  saleBody,
  stockListQuery,
  stockPage,
  stockProductSchema,
} from './schemas.ts'

const tags = ['admin: stock']
const productAnswer = jsonContent(stockProductSchema, "The product's stock as it now is")

const read = staffRoutes(requireAnyPermission('stock.write', 'catalogue.write'), tags)

const lowRoute = read.get('/admin/stock/low/', {
  summary: 'Products at or below their low-stock threshold, emptiest first (stock.write or catalogue.write)',
  description:
    "A product's threshold is its `low_stock_threshold`, or TELEGRAM_LOW_STOCK_THRESHOLD when it has none " +
    '(the same rule as the Telegram alerts). `q` matches the title in any language, the SKU or the barcode.',
  request: { query: stockListQuery },
  responses: { 200: jsonContent(stockPage, 'One page of products'), ...adminErrorsOf(400) },
})

const expiringRoute = read.get('/admin/stock/expiring/', {
  summary:
    'Batches with stock left expiring within `days` (default 60), soonest first (stock.write or catalogue.write)',
  description: 'Already expired batches come first (negative `days_left`). Days are Tashkent days.',
  request: { query: expiringQuery },
  responses: { 200: jsonContent(expiringPageSchema, 'One page of batches'), ...adminErrorsOf(400) },
})

const productRoute = read.get('/admin/stock/products/{id}/', {
  summary: "A product's stock, threshold, sale and batches (stock.write or catalogue.write)",
  request: { params: productIdParams },
  responses: { 200: productAnswer, ...adminErrorsOf(400, 404) },
})

const movementsRoute = read.get('/admin/stock/products/{id}/movements/', {
  summary: "A product's stock movements, newest first (stock.write or catalogue.write)",
  description:
    'Every change of the stock is a movement: `order` (taken by an order), `order_cancelled` (given back), ' +
    '`correction` (a staff count, `note` is the reason), `arrival`, `import`, `undo`. A change touching several ' +
    'batches is one row per batch; `stock_after` is the stock once the row was applied.',
  request: { params: productIdParams, query: stockListQuery.pick({ page: true, size: true }) },
  responses: {
    200: jsonContent(movementPage, 'One page of movements'),
    ...adminErrorsOf(400, 404),
  },
})

const write = staffRoutes(requirePermission('stock.write'), tags)

const arrivalRoute = write.post('/admin/stock/products/{id}/arrivals/', {
  summary: 'Stock arrived: a new batch with its expiry date (stock.write)',
  description: 'One `arrival` movement into a new batch; audited `stock.arrival`. An expiry date already past: 400.',
  request: { params: productIdParams, body: requiredJson(arrivalBody) },
  responses: { 201: productAnswer, ...adminErrorsOf(400, 404) },
})

const correctionRoute = write.post('/admin/stock/products/{id}/corrections/', {
  summary: 'A staff count: the stock they saw and what they counted, with a reason (stock.write)',
  description:
    'Moves the stock by `counted − seen` from the number it has now, so orders placed while the staff member ' +
    'counted are not wiped out. Taken from the nearest expiry first; a count up goes to a batch expiring on ' +
    '`expires_on`, or to the undated batch. 409 when the stock has meanwhile fallen below what the count takes ' +
    '(count again). Audited `stock.correction`; a count equal to `seen` changes nothing.',
  request: { params: productIdParams, body: requiredJson(correctionBody) },
  responses: { 200: productAnswer, ...adminErrorsOf(400, 404, 409) },
})

const saleRoute = write.post('/admin/stock/products/{id}/sale/', {
  summary: 'Put a product with a batch expiring within `days` on sale, −`percent` % (stock.write)',
  description:
    'The sale price is the price less `percent` % (whole sum, below the price), from now until the end of the ' +
    'nearest expiry day (Tashkent). Audited `product.sale`. 409 when no batch with stock expires in the window; ' +
    '400 on `percent` when the price would not go down.',
  request: { params: productIdParams, body: requiredJson(saleBody) },
  responses: { 200: productAnswer, ...adminErrorsOf(400, 404, 409) },
})

export function adminStockRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { config } = deps
  const now = () => deps.now?.() ?? new Date()
  const ctx = (c: Context<ApiEnv>) => ({ lang: c.get('lang'), now: now(), actor: auditActor(c) })
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')
  async function product(c: Context<ApiEnv>, id: number) {
    const found = await stockProduct(db, config, id, c.get('lang'))
    if (!found) throw notFound(c.get('lang'), 'product_not_found')
    noStore(c)
    return found
  }

  return createRouter()
    .openapi(lowRoute, async (c) => {
      const query = c.req.valid('query')
      const { rows, total } = await lowStockPage(db, config, query, c.get('lang'))
      noStore(c)
      return c.json(paged(rows, total, query.page, query.size, c.req.url), 200)
    })
    .openapi(expiringRoute, async (c) => {
      const query = c.req.valid('query')
      const { rows, total } = await expiringPage(db, config, query, { lang: c.get('lang'), now: now() })
      noStore(c)
      return c.json(paged(rows, total, query.page, query.size, c.req.url), 200)
    })
    .openapi(productRoute, async (c) => c.json(await product(c, c.req.valid('param').id), 200))
    .openapi(movementsRoute, async (c) => {
      const { id } = c.req.valid('param')
      const query = c.req.valid('query')
      await product(c, id)
      const { rows, total } = await movementsPage(db, id, query)
      return c.json(paged(rows, total, query.page, query.size, c.req.url), 200)
    })
    .openapi(arrivalRoute, async (c) => {
      const { id } = c.req.valid('param')
      await recordArrival(db, id, c.req.valid('json'), ctx(c))
      return c.json(await product(c, id), 201)
    })
    .openapi(correctionRoute, async (c) => {
      const { id } = c.req.valid('param')
      await recordCorrection(db, id, c.req.valid('json'), ctx(c))
      return c.json(await product(c, id), 200)
    })
    .openapi(saleRoute, async (c) => {
      const { id } = c.req.valid('param')
      await saleForExpiring(db, id, c.req.valid('json'), ctx(c))
      return c.json(await product(c, id), 200)
    })
}
