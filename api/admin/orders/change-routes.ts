import { type ApiDeps, createRouter } from '../../http/context.ts'
import type { Lang } from '../../http/locale.ts'
import { requiredJson } from '../../http/openapi.ts'
import { jsonContent } from '../../http/schemas.ts'
import { orderIdParams } from '../../orders/schemas.ts'
import type { OrderItemRow, OrderRow } from '../../orders/service.ts'
import { type OrderViewContext, orderView } from '../../orders/views.ts'
import { requireAnyPermission, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { orderRequests } from './answer.ts'
import { type EditOutcome, editOrder, type OrderEdit } from './edit.ts'
import { addOrderNote } from './notes.ts'
import { type PhoneOrder, takePhoneOrder } from './phone-order.ts'
import { refundOwed } from './refund.ts'
import { returnGoods } from './returns.ts'
import {
  editBody,
  editPreviewSchema,
  noteBody,
  phoneOrderBody,
  phoneOrderPreviewSchema,
  phoneOrderSchema,
  refundBody,
  returnBody,
  staffOrderSchema,
} from './schemas.ts'

const tags = ['admin: orders']
const orderAnswer = jsonContent(staffOrderSchema, 'The order as it now is')
const write = staffRoutes(requirePermission('orders.write'), tags)

const phoneOrderRoute = write.post('/admin/orders/', {
  summary: 'Take an order by phone for a customer found or created by the phone number (orders.write)',
  description:
    'The checkout’s own rules (stock, today’s prices, promo code, cashback, delivery price; 409 `{detail, items}` ' +
    'for short stock or hidden products, 400 on the fields). The customer is the account of `customer.phone`, ' +
    'or a new one with `customer.name` (no password: the customer sets one by the "forgot password" SMS); ' +
    'a blocked customer: 403. Cash orders are accepted at once (the customer gets the usual SMS); online ' +
    'ones await payment, and `send_payment_link` texts the customer the link. The same `idempotency_key` ' +
    'again answers the same order (200). Audited `order.create` (and `customer.create`); the timeline names ' +
    'the staff member.',
  request: { body: requiredJson(phoneOrderBody) },
  responses: {
    201: jsonContent(phoneOrderSchema, 'The order placed'),
    200: jsonContent(phoneOrderSchema, 'The order placed before with this idempotency key'),
    ...adminErrorsOf(400, 404, 409),
  },
})

const phoneOrderPreviewRoute = write.post('/admin/orders/preview/', {
  summary: 'What taking this phone order would give, nothing written (orders.write)',
  description: 'The same code as POST admin/orders/, rolled back: lines, money and refusals exactly as placing would.',
  request: { body: requiredJson(phoneOrderBody) },
  responses: { 200: jsonContent(phoneOrderPreviewSchema, 'The order it would be'), ...adminErrorsOf(400, 404, 409) },
})

const editRoute = write.post('/admin/orders/{id{[0-9]+}}/edit/', {
  summary: 'Change an order before it ships: lines, delivery, address, receiver (orders.write)',
  description:
    'Awaiting payment, accepted or ready only (409 after). `items` is every line the order should have. In one ' +
    'transaction: stock moves by the difference (409 `{detail, items}` when short), kept lines keep their price ' +
    'and new ones take today’s, the promo code is recomputed (dropped below its minimum), cashback spent never ' +
    'grows (what the goods no longer cover goes back), delivery price and VAT recomputed. A paid order whose ' +
    'total fell gets the difference back through the provider where it can take that part (the sandbox; a whole ' +
    'Click or saved-card payment), else it is owed back (`owed_back`, give it with refunds/); one whose total ' +
    'rose owes the extra (`amount_due`: a payment link, or collected on delivery). The customer gets an SMS; ' +
    'the timeline an `edit` and the audit log `order.edit` with before → after. `expected_updated_at` not the ' +
    'order’s `updated_at` any more: 409. An awaiting order being paid right now: 409.',
  request: { params: orderIdParams, body: requiredJson(editBody) },
  responses: { 200: orderAnswer, ...adminErrorsOf(400, 404, 409) },
})

const editPreviewRoute = write.post('/admin/orders/{id{[0-9]+}}/edit/preview/', {
  summary: 'What an edit would make of the order, nothing written (orders.write)',
  description: 'The same code as edit/, rolled back: the new lines and money, or the same refusals.',
  request: { params: orderIdParams, body: requiredJson(editBody) },
  responses: { 200: jsonContent(editPreviewSchema, 'The order it would be'), ...adminErrorsOf(400, 404, 409) },
})

const readOwn = staffRoutes(requireAnyPermission('orders.read', 'orders.deliver'), tags)

const noteRoute = readOwn.post('/admin/orders/{id{[0-9]+}}/notes/', {
  summary: 'A staff note on the order, shown on its timeline, never to the customer (orders.read; a courier: its own)',
  description: 'Audited `order.note`.',
  request: { params: orderIdParams, body: requiredJson(noteBody) },
  responses: { 200: orderAnswer, ...adminErrorsOf(400, 404) },
})

const refundRoute = write.post('/admin/orders/{id{[0-9]+}}/refunds/', {
  summary: 'Give back what the shop owes on an order that stands (orders.write)',
  description:
    'At most `owed_back` (an edit lowered a paid total that the provider could not give back in part): cash ' +
    'handed over now, or through a payment that can give back exactly this (409 says what it can). A `refund` ' +
    'on the timeline, audited `order.refund`, an SMS to the customer.',
  request: { params: orderIdParams, body: requiredJson(refundBody) },
  responses: { 200: orderAnswer, ...adminErrorsOf(400, 404, 409) },
})

const returnRoute = write.post('/admin/orders/{id{[0-9]+}}/returns/', {
  summary: 'Goods brought back after delivery: back on the shelf or written off, and their money back (orders.write)',
  description:
    'Delivered orders only (409 before: edit them instead). Each line at most its units not yet returned. The ' +
    'money the returned goods were paid (their price less their share of promo and cashback; or `refund_amount`) ' +
    'goes back through the provider where it can take that part (the sandbox; a whole Click or saved-card ' +
    'payment; Payme checkout payments cannot: 409) or in cash; the cashback they were paid with returns to the ' +
    'balance and the cashback they earned is taken back; statistics count the sale without them ' +
    '(`returned_total`). A `return` on the timeline, audited `order.return`, an SMS to the customer.',
  request: { params: orderIdParams, body: requiredJson(returnBody) },
  responses: { 200: orderAnswer, ...adminErrorsOf(400, 404, 409) },
})

/** An edit or phone order as its preview answers it: the lines and money it would have. */
function moneyOf(order: OrderRow, items: OrderItemRow[], context: Omit<OrderViewContext, 'pictures'>) {
  const view = orderView(order, items, { ...context, pictures: new Map() })
  return {
    items: view.items,
    subtotal: order.subtotal,
    promo_code: order.promoCode,
    discount: order.discount,
    cashback_used: order.cashbackUsed,
    delivery_price: order.deliveryPrice,
    total: order.total,
    vat: order.vat,
  }
}

/**
 * The orders desk's changes beyond a status move: phone orders, edits before
 * shipping, notes, refunds of what is owed, returns after delivery.
 */
export function adminOrderChangeRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { ctx, actor, detail, noStore } = orderRequests(deps)
  const edit = (id: number, body: typeof editBody._output, a: OrderEdit['actor']): OrderEdit => ({
    orderId: id,
    expectedUpdatedAt: body.expected_updated_at,
    items: body.items.map((i) => ({ productId: i.product_id, quantity: i.quantity })),
    delivery: body.delivery,
    address: body.delivery === 'courier' ? body.address : null,
    pickupPoint: body.delivery === 'pickup' ? body.pickup_point : null,
    receiver: body.receiver,
    reason: body.reason,
    actor: a,
  })
  const phoneOrder = (body: typeof phoneOrderBody._output, a: PhoneOrder['actor']): PhoneOrder => ({
    customer: body.customer,
    lang: body.lang,
    items: body.items.map((i) => ({ productId: i.product_id, quantity: i.quantity })),
    order: {
      ...(body.delivery === 'courier'
        ? { delivery: 'courier' as const, address: body.address, pickup_point: null }
        : { delivery: 'pickup' as const, address: null, pickup_point: body.pickup_point }),
      receiver: body.receiver,
      payment_method: body.payment_method,
      promo_code: body.promo_code,
      use_cashback: body.use_cashback,
      idempotency_key: body.idempotency_key,
    },
    sendPaymentLink: body.send_payment_link,
    actor: a,
  })
  const previewOf = (outcome: EditOutcome, lang: Lang) => ({
    ...moneyOf(outcome.order, outcome.items, { lang, config: deps.config }),
    promo_dropped: outcome.promoDropped,
    cashback_back: outcome.cashbackBack,
    refund_now: outcome.refunded,
    owed_back: outcome.owedBack,
    amount_due: outcome.amountDue,
    changed: outcome.changed,
  })

  return createRouter()
    .openapi(phoneOrderRoute, async (c) => {
      const placed = await takePhoneOrder(db, phoneOrder(c.req.valid('json'), actor(c)), ctx(c))
      noStore(c)
      const answer = {
        ...(await detail(c, placed.order)),
        customer_created: placed.customer.created,
        payment_link_sent: placed.paymentLink,
      }
      return placed.created ? c.json(answer, 201) : c.json(answer, 200)
    })
    .openapi(phoneOrderPreviewRoute, async (c) => {
      const placed = await takePhoneOrder(db, phoneOrder(c.req.valid('json'), actor(c)), ctx(c), { preview: true })
      noStore(c)
      return c.json(
        {
          ...moneyOf(placed.order, placed.items, { lang: c.get('lang'), config: deps.config }),
          customer: { id: placed.customer.created ? null : placed.customer.id, created: placed.customer.created },
          status: placed.order.status,
        },
        200,
      )
    })
    .openapi(editRoute, async (c) => {
      const outcome = await editOrder(db, edit(c.req.valid('param').id, c.req.valid('json'), actor(c)), ctx(c))
      return c.json(await detail(c, outcome.order), 200)
    })
    .openapi(editPreviewRoute, async (c) => {
      const change = edit(c.req.valid('param').id, c.req.valid('json'), actor(c))
      const outcome = await editOrder(db, change, ctx(c), { preview: true })
      noStore(c)
      return c.json(previewOf(outcome, c.get('lang')), 200)
    })
    .openapi(noteRoute, async (c) => {
      const { id } = c.req.valid('param')
      const order = await addOrderNote(db, { orderId: id, text: c.req.valid('json').text, actor: actor(c) }, ctx(c))
      return c.json(await detail(c, order), 200)
    })
    .openapi(refundRoute, async (c) => {
      const { amount, method, reason } = c.req.valid('json')
      const input = { orderId: c.req.valid('param').id, amount, method, reason, actor: actor(c) }
      return c.json(await detail(c, await refundOwed(db, input, ctx(c))), 200)
    })
    .openapi(returnRoute, async (c) => {
      const body = c.req.valid('json')
      const order = await returnGoods(
        db,
        {
          orderId: c.req.valid('param').id,
          items: body.items.map((i) => ({ itemId: i.item_id, quantity: i.quantity, restock: i.restock })),
          reason: body.reason,
          refund: { method: body.refund_method, amount: body.refund_amount },
          actor: actor(c),
        },
        ctx(c),
      )
      return c.json(await detail(c, order), 200)
    })
}
