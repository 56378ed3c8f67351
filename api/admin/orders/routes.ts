import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { orderIdParams } from '../../orders/schemas.ts'
import { orderById, statusGroupLabel } from '../../orders/service.ts'
import { type OrderStatus, orderStatuses, statusNames } from '../../orders/states.ts'
import { can } from '../../staff/permissions.ts'
import { currentStaff, requireAnyPermission, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { assignOrder, markCashReceived, markSeen } from './actions.ts'
import { orderRequests } from './answer.ts'
import { staffStatusMove } from './detail.ts'
import { countStaffOrders, listStaffOrders, type OrderFilters, staffOrderRow } from './list.ts'
import { orderPaymentLink } from './payment-link.ts'
import { maskPhone } from './phones.ts'
import {
  assignBody,
  countsQuery,
  countsSchema,
  listQuery,
  paymentLinkBody,
  paymentLinkSchema,
  staffOrderPage,
  staffOrderSchema,
  statusBody,
  statusMoveSchema,
} from './schemas.ts'
import { changeStatusAsStaff } from './status.ts'
import { maySee } from './viewer.ts'

const tags = ['admin: orders']
const orderAnswer = jsonContent(staffOrderSchema, 'The order as it now is')
const movedAnswer = jsonContent(statusMoveSchema, 'Where the order now stands and where the caller may move it next')

const read = staffRoutes(requirePermission('orders.read'), tags)
/** Reading orders: every one with orders.read, a courier's own with orders.deliver. */
const readOwn = staffRoutes(requireAnyPermission('orders.read', 'orders.deliver'), tags)

const listRoute = readOwn.get('/admin/orders/', {
  summary: 'The orders desk: orders newest first, filtered and searched (orders.read; a courier: its own)',
  description:
    "`status` takes a comma list. `q` finds an order number, a name, and for roles that see phones (customers.phone) a phone in any format (the receiver's, the extra one " +
    "or the customer's account phone); for others phone digits find nothing, so a masked phone cannot be guessed. Days are Tashkent days. " +
    'Phones are masked for roles without customers.phone. A courier (orders.deliver without orders.read) gets only the orders given to it, with phones.',
  request: { query: listQuery },
  responses: { 200: jsonContent(staffOrderPage, 'One page of orders'), ...adminErrorsOf(400) },
})

const countsRoute = read.get('/admin/orders/counts/', {
  summary: 'Orders per status (the tabs) and the new-order badge (orders.read)',
  description:
    'The same filters as the list except `status`. `new`: accepted orders (paid online, or cash) that no staff ' +
    'member has opened (GET admin/orders/{id}/ with a staff session) or moved yet.',
  request: { query: countsQuery },
  responses: { 200: jsonContent(countsSchema, 'Counts'), ...adminErrorsOf(400) },
})

const detailRoute = readOwn.get('/admin/orders/{id{[0-9]+}}/', {
  summary: 'One order with its items, customer, payments and timeline (orders.read; a courier: its own)',
  description:
    'Opened by a staff session (not an integration key), the order stops counting as new. A courier gets the orders ' +
    'given to it, with the phones (404 for others).',
  request: { params: orderIdParams },
  responses: { 200: jsonContent(staffOrderSchema, 'The order'), ...adminErrorsOf(404) },
})

const pick = staffRoutes(requireAnyPermission('orders.pick', 'orders.write', 'orders.deliver'), tags)

const statusRoute = pick.post('/admin/orders/{id{[0-9]+}}/status/', {
  summary:
    'Move the order to another status (orders.write; orders.pick: accepted → ready only; orders.deliver: its own orders on the way and delivered)',
  description:
    'The state machine of docs/orders-and-payments.md: 3 → 4 → 5 → 6, and 1, 3, 4, 5 → 2 with a `reason`. ' +
    '`expected_status` is the status the caller saw: if someone moved the order meanwhile, 409 says what it is now. ' +
    'A move the state machine refuses is 409 too. Cancelling a paid order asks the provider for the money back ' +
    '(`payment_status` refund_pending, then refunded). The customer gets an SMS for 3, 5, 6 and 2. Audited `order.status`. ' +
    'Answers where the order now stands and the next moves, not the whole order (GET admin/orders/{id}/ has that).',
  request: { params: orderIdParams, body: requiredJson(statusBody) },
  responses: { 200: movedAnswer, ...adminErrorsOf(400, 404, 409) },
})

const write = staffRoutes(requirePermission('orders.write'), tags)

const assignRoute = write.post('/admin/orders/{id{[0-9]+}}/assign/', {
  summary: 'Give the order to a courier or staff member, or to nobody (orders.write)',
  description: 'Audited `order.assign`. 400 on `staff_id` for an unknown or disabled account.',
  request: { params: orderIdParams, body: requiredJson(assignBody) },
  responses: { 200: orderAnswer, ...adminErrorsOf(400, 404) },
})

const deliver = staffRoutes(requireAnyPermission('orders.write', 'orders.deliver'), tags)

const cashRoute = deliver.post('/admin/orders/{id{[0-9]+}}/cash-received/', {
  summary: "The cash order's money was received (orders.write; a courier: its own orders)",
  description:
    'The order becomes paid for its total, with a `cash` payment in its history; audited `order.cash_received`. ' +
    '409 for an online order, a cancelled one, or one already paid.',
  request: { params: orderIdParams },
  responses: { 200: orderAnswer, ...adminErrorsOf(404, 409) },
})

const paymentLinkRoute = write.post('/admin/orders/{id{[0-9]+}}/payment-link/', {
  summary: 'The payment link of an unpaid online order, optionally sent to the customer by SMS (orders.write)',
  description:
    "Payme's, Click's or Uzum Bank's page for the order (the sandbox: the storefront's pay page), in the order's " +
    "language. `send_sms: true` queues it as an SMS to the customer's phone, or to their Telegram when they " +
    'linked it (`sent_by`; audited `order.payment_link_sms`). ' +
    '409 unless the order awaits payment.',
  request: { params: orderIdParams, body: requiredJson(paymentLinkBody) },
  responses: {
    200: jsonContent(paymentLinkSchema, 'The link'),
    ...adminErrorsOf(400, 404, 409),
  },
})

export function adminOrderRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { now, ctx, actor, viewer, detail, noStore } = orderRequests(deps)
  /** A courier's list holds only its own orders, whose phones it sees; anyone else's by customers.phone. */
  const phones = (c: Context<ApiEnv>) =>
    seesAllPhones(c) || !can(currentStaff(c).role, 'orders.read') ? (p: string | null) => p : maskPhone
  const seesAllPhones = (c: Context<ApiEnv>) => can(currentStaff(c).role, 'customers.phone')
  function filtersOf(c: Context<ApiEnv>, query: Omit<OrderFilters, 'statuses'> & { status?: number[] | null }) {
    const { status, ...rest } = query
    if (rest.created_from && rest.created_to && rest.created_to < rest.created_from) {
      const detail = message(c.get('lang'), 'admin_date_range')
      throw new ApiError(400, detail, [{ field: 'created_to', message: detail }])
    }
    const staff = currentStaff(c)
    const own = can(staff.role, 'orders.read') ? {} : { onlyAssignedTo: staff.id }
    return { ...rest, ...own, statuses: status ?? null, searchPhones: seesAllPhones(c) }
  }

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { page, size, ...query } = c.req.valid('query')
      const lang = c.get('lang')
      const phone = phones(c)
      const { rows, total } = await listStaffOrders(db, filtersOf(c, query), page, size)
      noStore(c)
      const results = rows.map((row) => staffOrderRow(row, lang, phone))
      return c.json(paged(results, total, page, size, c.req.url), 200)
    })
    .openapi(countsRoute, async (c) => {
      const lang = c.get('lang')
      const { byStatus, fresh, latestFresh } = await countStaffOrders(db, filtersOf(c, c.req.valid('query')))
      noStore(c)
      const statuses = [1, 3, 4, 5, 6, 2].filter((s) => orderStatuses.includes(s as OrderStatus))
      return c.json(
        {
          statuses: statuses.map((s) => ({
            status: s,
            name: statusNames[s as OrderStatus],
            label: statusGroupLabel(lang, s),
            count: byStatus.get(s) ?? 0,
          })),
          total: [...byStatus.values()].reduce((a, b) => a + b, 0),
          new: fresh,
          latest_new_id: latestFresh,
        },
        200,
      )
    })
    .openapi(detailRoute, async (c) => {
      const lang = c.get('lang')
      let order = await orderById(db, c.req.valid('param').id)
      if (!order || !maySee(viewer(c), order)) throw new ApiError(404, message(lang, 'order_not_found'))
      if (currentStaff(c).id !== null) order = await markSeen(db, order, now())
      noStore(c)
      return c.json(await detail(c, order), 200)
    })
    .openapi(statusRoute, async (c) => {
      const { status, expected_status, reason } = c.req.valid('json')
      const order = await changeStatusAsStaff(
        db,
        { orderId: c.req.valid('param').id, to: status, expected: expected_status, reason, actor: actor(c) },
        ctx(c),
      )
      return c.json(staffStatusMove(order, { ...viewer(c), lang: c.get('lang') }), 200)
    })
    .openapi(assignRoute, async (c) => {
      const order = await assignOrder(
        db,
        { orderId: c.req.valid('param').id, staffId: c.req.valid('json').staff_id, actor: actor(c) },
        ctx(c),
      )
      return c.json(await detail(c, order), 200)
    })
    .openapi(cashRoute, async (c) => {
      const order = await markCashReceived(db, { orderId: c.req.valid('param').id, actor: actor(c) }, ctx(c))
      return c.json(await detail(c, order), 200)
    })
    .openapi(paymentLinkRoute, async (c) => {
      const link = await orderPaymentLink(
        db,
        { orderId: c.req.valid('param').id, sendSms: c.req.valid('json').send_sms, actor: actor(c) },
        ctx(c),
      )
      noStore(c)
      return c.json(link, 200)
    })
}
