import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { auditActor, requirePermission, staffCan } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { maskPhone } from '../orders/phones.ts'
import { adjustmentBody, blockBody, customerIdParams, customerPage, customerSchema, listQuery } from './schemas.ts'
import { adjustCashback, customerDetail, listCustomers, setBlocked } from './service.ts'

const tags = ['admin: customers']
const customerAnswer = jsonContent(customerSchema, 'The customer as they now are')

const read = staffRoutes(requirePermission('customers.read'), tags)

const listRoute = read.get('/admin/customers/', {
  summary: 'Customers newest first, searched by phone or name (customers.read)',
  description: 'Deleted accounts are left out. Phones are masked for roles without customers.phone.',
  request: { query: listQuery },
  responses: { 200: jsonContent(customerPage, 'One page of customers'), ...adminErrorsOf(400) },
})

const detailRoute = read.get('/admin/customers/{id}/', {
  summary: 'A customer: orders, balance history, reviews, saved-card count, blocked state (customers.read)',
  request: { params: customerIdParams },
  responses: { 200: customerAnswer, ...adminErrorsOf(404) },
})

const blockRoute = (verb: 'block' | 'unblock') =>
  read.post(`/admin/customers/{id}/${verb}/`, {
    summary: `${verb === 'block' ? 'Block' : 'Unblock'} a customer, with a reason (customers.read)`,
    description:
      verb === 'block'
        ? 'The customer can no longer sign in (password, refresh, reset code) or order, and is told so in their ' +
          "language with the shop's phone; their sessions end at once. 409 when already blocked. Audited `customer.block`."
        : 'They may sign in and order again (their old sessions stay ended). 409 when not blocked. Audited `customer.unblock`.',
    request: { params: customerIdParams, body: requiredJson(blockBody) },
    responses: { 200: customerAnswer, ...adminErrorsOf(400, 404, 409) },
  })

const write = staffRoutes(requirePermission('promo.write'), tags)

const cashbackRoute = write.post('/admin/customers/{id}/cashback/', {
  summary: "Adjust a customer's cashback balance by ± an amount, with a reason (promo.write)",
  description:
    'Written as a cashback entry `adjustment` whose `note` (the reason) the customer sees in their balance ' +
    'history. The balance cannot go below 0 (400 on `amount`). Audited `cashback.adjust`.',
  request: { params: customerIdParams, body: requiredJson(adjustmentBody) },
  responses: { 200: customerAnswer, ...adminErrorsOf(400, 404) },
})

export function adminCustomerRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = () => deps.now?.() ?? new Date()
  const ctx = (c: Context<ApiEnv>) => ({ lang: c.get('lang'), now: now(), actor: auditActor(c) })
  const view = (c: Context<ApiEnv>) => {
    const masked = !staffCan(c, 'customers.phone')
    return { lang: c.get('lang'), masked, phone: masked ? maskPhone : (p: string | null) => p }
  }
  const detail = async (c: Context<ApiEnv>, id: number) => {
    const customer = await customerDetail(db, id, view(c))
    if (!customer) throw new ApiError(404, message(c.get('lang'), 'admin_customer_not_found'))
    c.header('Cache-Control', 'private, no-store')
    return customer
  }

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { page, size, ...filter } = c.req.valid('query')
      const { results, total } = await listCustomers(db, filter, { page, size }, view(c).phone)
      c.header('Cache-Control', 'private, no-store')
      return c.json(paged(results, total, page, size, c.req.url), 200)
    })
    .openapi(detailRoute, async (c) => c.json(await detail(c, c.req.valid('param').id), 200))
    .openapi(blockRoute('block'), async (c) => {
      const { id } = c.req.valid('param')
      await setBlocked(db, id, true, c.req.valid('json').reason, ctx(c))
      return c.json(await detail(c, id), 200)
    })
    .openapi(blockRoute('unblock'), async (c) => {
      const { id } = c.req.valid('param')
      await setBlocked(db, id, false, c.req.valid('json').reason, ctx(c))
      return c.json(await detail(c, id), 200)
    })
    .openapi(cashbackRoute, async (c) => {
      const { id } = c.req.valid('param')
      await adjustCashback(db, id, c.req.valid('json'), ctx(c))
      return c.json(await detail(c, id), 200)
    })
}
