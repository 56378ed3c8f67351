import { type ApiDeps, createRouter } from '../../http/context.ts'
import { requiredJson } from '../../http/openapi.ts'
import { jsonContent } from '../../http/schemas.ts'
import { orderIdParams } from '../../orders/schemas.ts'
import { requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { orderRequests } from './answer.ts'
import { type ExchangeOutcome, exchangeGoods, type OrderExchange } from './exchange.ts'
import { exchangeAnswerSchema, exchangeBody, staffOrderSchema } from './schemas.ts'

const write = staffRoutes(requirePermission('orders.write'), ['admin: orders'])

const exchangeRoute = write.post('/admin/orders/{id{[0-9]+}}/exchanges/', {
  summary: 'A return and a replacement in one step after delivery, the difference settled once (orders.write)',
  description:
    'Delivered orders only (409 before). The units in `items` come back as a return takes them (back on the ' +
    'shelf or written off; their cashback settled); the `replacement` becomes new lines at today’s prices and ' +
    'leaves stock (409 `{detail, items}` when short: nothing is changed). The difference (`exchange.difference`) ' +
    'is settled once by `settle`: a cheaper replacement’s back through the provider or in cash, a dearer one’s ' +
    'by a payment link (`exchange.payment_link`, absolute) or in cash now; equal: nothing. `expected_updated_at` ' +
    'not the order’s `updated_at` any more (a double submit, two staff at once): 409. The timeline shows an ' +
    '`exchange`, the audit log `order.exchange`; the customer gets one message (Telegram if linked, else SMS).',
  request: { params: orderIdParams, body: requiredJson(exchangeBody) },
  responses: {
    200: jsonContent(staffOrderSchema.extend({ exchange: exchangeAnswerSchema }), 'The order as it now is'),
    ...adminErrorsOf(400, 404, 409),
  },
})

const previewRoute = write.post('/admin/orders/{id{[0-9]+}}/exchanges/preview/', {
  summary: 'What an exchange would settle, nothing written (orders.write)',
  description: 'The same code as exchanges/, rolled back: the money it would move, or the same refusals.',
  request: { params: orderIdParams, body: requiredJson(exchangeBody) },
  responses: { 200: jsonContent(exchangeAnswerSchema, 'The money it would move'), ...adminErrorsOf(400, 404, 409) },
})

const moneyOf = (outcome: ExchangeOutcome) => ({
  returned: outcome.returned,
  replacement: outcome.replacement,
  difference: outcome.difference,
  payment_link: outcome.paymentLink,
})

/** Exchanges on a delivered order: the exchange itself and its live preview. */
export function adminOrderExchangeRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { ctx, actor, detail, noStore } = orderRequests(deps)
  const exchange = (id: number, body: typeof exchangeBody._output, a: OrderExchange['actor']): OrderExchange => ({
    orderId: id,
    expectedUpdatedAt: body.expected_updated_at,
    items: body.items.map((i) => ({ itemId: i.item_id, quantity: i.quantity, restock: i.restock })),
    replacement: body.replacement.map((r) => ({ productId: r.product_id, quantity: r.quantity })),
    reason: body.reason,
    settle: body.settle,
    actor: a,
  })
  return createRouter()
    .openapi(exchangeRoute, async (c) => {
      const input = exchange(c.req.valid('param').id, c.req.valid('json'), actor(c))
      const outcome = await exchangeGoods(db, input, ctx(c))
      return c.json({ ...(await detail(c, outcome.order)), exchange: moneyOf(outcome) }, 200)
    })
    .openapi(previewRoute, async (c) => {
      const input = exchange(c.req.valid('param').id, c.req.valid('json'), actor(c))
      const outcome = await exchangeGoods(db, input, ctx(c), { preview: true })
      noStore(c)
      return c.json(moneyOf(outcome), 200)
    })
}
