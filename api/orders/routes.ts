import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { BASKET_TOTAL_MAX } from '#contract/basket.ts'
import { customerRoutes } from '../auth/openapi.ts'
import type { Db } from '../db/client.ts'
import { type ApiDeps, type ApiEnv, createRouter } from '../http/context.ts'
import { limitAddress, requireUser } from '../http/identity.ts'
import type { Lang } from '../http/locale.ts'
import { requiredJson } from '../http/openapi.ts'
import { paged, pagingQuery } from '../http/paging.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { refundDepsOf, refundOrder } from '../payments/refunds.ts'
import { linePictures } from './pictures.ts'
import { createOrder } from './placing.ts'
import { previewOrder } from './preview.ts'
import {
  createOrderBody,
  orderConflictSchema,
  orderIdParams,
  orderPreviewBody,
  orderPreviewSchema,
  orderSchema,
  pagedOrders,
  statusListQuery,
} from './schemas.ts'
import { cancelByCustomer, customerOrder, listOrders, type OrderRow, orderById, orderItemsOf } from './service.ts'
import { orderView } from './views.ts'

const error = (description: string) => jsonContent(errorSchema, description)
const unauthorized = error('No or an invalid access token')
const notFound = error("No such order of this customer (another customer's order is a 404 too)")

const customer = customerRoutes(['orders'])

const createRouteDef = customer.post('/orders/', {
  summary: "Place an order from the customer's basket",
  description:
    'One transaction: the basket lines (of the signed-in customer) are re-checked against current prices and ' +
    'stock, stock is reserved, lines are snapshotted, the promo code and cashback applied, and the ordered lines ' +
    'leave the basket. 201 with the order; the same `idempotency_key` again (also at the same moment) answers ' +
    '200 with the same order. Checkouts of one customer run one at a time: a second one sent at once finds the ' +
    'basket emptied (400). ' +
    '400: invalid fields, empty basket, promo code that does not exist / is used up / below its minimum / ' +
    'already used as often as one customer may (field `promo_code`; parallel checkouts take turns on the code, ' +
    'so its last use goes to one order and the others are refused), cashback above the balance (field ' +
    `\`use_cashback\`), goods worth more than ${BASKET_TOTAL_MAX} sum. 403: the account was blocked meanwhile. ` +
    '409 `{detail, items}`: stock ' +
    '(`requested`, `available`) or prices (`previous_price`, `price`; accept them with orders/cart/accept-prices/) ' +
    'changed, or products are no longer sold (hidden by staff: `available` 0). Online methods then call POST payments/{order_id}/start/.',
  request: { body: requiredJson(createOrderBody) },
  responses: {
    201: jsonContent(orderSchema, 'The new order'),
    200: jsonContent(orderSchema, 'The order created before with this idempotency key'),
    400: error('Invalid input, empty basket, promo code or cashback refused'),
    401: unauthorized,
    403: error('The account is blocked'),
    409: jsonContent(orderConflictSchema, 'Stock or prices changed: `items` lists the lines'),
  },
})

const previewRoute = customer.post('/orders/preview/', {
  summary: "What placing an order from the customer's basket would cost",
  description:
    'The money of POST orders/ computed the same way, nothing written: goods, promo discount, and per delivery ' +
    'way and cashback choice the delivery price, cashback spent, total, VAT in it and cashback earned on ' +
    'delivery. The checkout shows these instead of computing them. A promo code is checked as POST orders/ ' +
    'checks it (the same 400 and message, field `promo_code`; not used up here) and, like promo/check/, counts ' +
    'against the address’s failed-guess budget (PROMO_FAILURES_PER_ADDRESS in 15 minutes, then 429). ' +
    `Empty basket, or goods worth more than ${BASKET_TOTAL_MAX} sum: 400. Prices or stock that changed are ` +
    'reported by POST orders/ (409).',
  request: { body: requiredJson(orderPreviewBody) },
  responses: {
    200: jsonContent(orderPreviewSchema, 'The money of the order'),
    400: error('Invalid input, empty basket, promo code or cashback refused'),
    401: unauthorized,
    429: error('Too many failed promo codes from this address'),
  },
})

const listRoute = customer.get('/orders/', {
  summary: "The customer's orders, newest first",
  description:
    'Paged (size 12 by default). `status__in=3,4,5` gives the active orders (accepted, ready for delivery, on ' +
    'the way; SPEC §7), `status__in=1,3,4,5` those and the ones awaiting payment (`can_pay`; the header ' +
    'badge counts these), `status__in=6,2` the history (delivered, cancelled); without it, all orders.',
  request: { query: z.object({ ...pagingQuery, status__in: statusListQuery }) },
  responses: { 200: jsonContent(pagedOrders, 'A page of orders'), 400: error('Invalid query'), 401: unauthorized },
})

const detailRoute = customer.get('/orders/{id}/', {
  summary: 'One order of the customer',
  request: { params: orderIdParams },
  responses: { 200: jsonContent(orderSchema, 'The order'), 401: unauthorized, 404: notFound },
})

const cancelRoute = customer.post('/orders/{id}/cancel/', {
  summary: 'Cancel the order (while awaiting payment or accepted: `can_cancel`)',
  description:
    'Stock goes back, cashback spent on the order is returned to the balance, the promo code use is released; ' +
    'a paid order becomes `refund_pending` and the money is asked back from the provider at once (sandbox, ' +
    'saved card, Click: `refunded` when it answers; Payme, Uzum Bank: when they cancel the transaction); `refund` in the ' +
    'answer says where it stands. Later states: 409.',
  request: { params: orderIdParams },
  responses: {
    200: jsonContent(orderSchema, 'The cancelled order'),
    401: unauthorized,
    404: notFound,
    409: error('The order can no longer be cancelled'),
  },
})

/** Orders as the customer sees them, their lines' pictures and payment hold included. */
export async function orderViews(deps: Pick<ApiDeps, 'config'> & { db: Db }, rows: OrderRow[], lang: Lang) {
  const items = await orderItemsOf(
    deps.db,
    rows.map((row) => row.id),
  )
  const pictures = await linePictures(deps.db, [...items.values()].flat(), new MediaLinks(deps.config))
  return rows.map((row) => orderView(row, items.get(row.id) ?? [], { lang, pictures, config: deps.config }))
}

export async function orderDetail(deps: Pick<ApiDeps, 'config'> & { db: Db }, order: OrderRow, lang: Lang) {
  const [view] = await orderViews(deps, [order], lang)
  return view!
}

export function orderRoutes(deps: ApiDeps) {
  const {
    database: { db },
    config,
  } = deps
  const ctx = (c: Context<ApiEnv>) => ({ lang: c.get('lang'), config, now: deps.now?.() ?? new Date() })
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')
  const refunds = refundDepsOf(deps)
  /** A paid order just cancelled: ask for the money back now (committed first); the answer shows where it stands. */
  async function refundIfPaid(order: OrderRow) {
    if (order.paymentStatus !== 'refund_pending') return order
    await refundOrder(refunds, order.id)
    return (await orderById(db, order.id)) ?? order
  }

  return createRouter()
    .openapi(createRouteDef, async (c) => {
      const user = requireUser(c)
      const { order, created } = await createOrder(db, user.id, c.req.valid('json'), ctx(c))
      noStore(c)
      return c.json(await orderDetail({ db, config }, order, c.get('lang')), created ? 201 : 200)
    })
    .openapi(previewRoute, async (c) => {
      const user = requireUser(c)
      const preview = await previewOrder(db, user.id, c.req.valid('json'), { ...ctx(c), address: limitAddress(c) })
      noStore(c)
      return c.json(preview, 200)
    })
    .openapi(listRoute, async (c) => {
      const user = requireUser(c)
      const { page, size, status__in } = c.req.valid('query')
      const { rows, total } = await listOrders(db, user.id, status__in, page, size)
      noStore(c)
      return c.json(paged(await orderViews({ db, config }, rows, c.get('lang')), total, page, size, c.req.url), 200)
    })
    .openapi(detailRoute, async (c) => {
      const user = requireUser(c)
      const order = await customerOrder(db, user.id, c.req.valid('param').id, c.get('lang'))
      noStore(c)
      return c.json(await orderDetail({ db, config }, order, c.get('lang')), 200)
    })
    .openapi(cancelRoute, async (c) => {
      const user = requireUser(c)
      const order = await refundIfPaid(await cancelByCustomer(db, user.id, c.req.valid('param').id, ctx(c)))
      noStore(c)
      return c.json(await orderDetail({ db, config }, order, c.get('lang')), 200)
    })
}
