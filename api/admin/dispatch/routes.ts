import { z } from '@hono/zod-openapi'
import { type ApiDeps, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredJson } from '../../http/openapi.ts'
import { idSchema, jsonContent } from '../../http/schemas.ts'
import { orderNumber } from '../../orders/states.ts'
import { can } from '../../staff/permissions.ts'
import { currentStaff, requireAnyPermission, requirePermission } from '../middleware.ts'
import { roleSchema, staffRoutes } from '../openapi.ts'
import { assignOrder } from '../orders/actions.ts'
import { orderRequests } from '../orders/answer.ts'
import { cashDay, recordHandover } from './cash.ts'
import { listCarriers } from './couriers.ts'

const tags = ['admin: dispatch']
const staffRef = z.object({ id: z.number().int(), name: z.string(), role: roleSchema })

export const carrierSchema = staffRef
  .extend({
    load: z
      .object({
        accepted: z.number().int(),
        ready: z.number().int(),
        on_the_way: z.number().int(),
        total: z.number().int(),
      })
      .openapi({ description: 'The open orders given to them, by status' }),
    cash_held: z.number().int().openapi({ description: 'Cash they took and did not hand over yet' }),
  })
  .openapi('Carrier')

/** Most orders one dispatch gives at once (a desk page's worth). */
export const DISPATCH_MAX = 50

const bulkAssignBody = z.object({
  order_ids: z.array(idSchema).min(1).max(DISPATCH_MAX),
  staff_id: idSchema
    .nullable()
    .openapi({ description: 'Whom to give them to; null: take them back from whoever has them' }),
})
export const bulkAssignSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.number().int(),
        number: z.string(),
        assigned: z.boolean(),
        detail: z
          .string()
          .nullable()
          .openapi({ description: 'Why not, when not (closed, pickup for a courier, unknown)' }),
      }),
    ),
  })
  .openapi('DispatchResult')

export const holderSchema = z
  .object({
    staff: staffRef,
    held: z.number().int().openapi({ description: 'Cash held now: the sum of `payments`' }),
    payments: z.array(
      z.object({ order_id: z.number().int(), number: z.string(), amount: z.number().int(), collected_at: z.string() }),
    ),
    collected_today: z.number().int(),
    handed_today: z.number().int(),
  })
  .openapi('CashHolder')

const handoverBody = z.object({
  staff_id: idSchema,
  amount: z
    .number()
    .int()
    .min(1)
    .openapi({ description: 'The sum counted: what the list showed them to hold (409 if it changed since)' }),
})
export const handoverSchema = z
  .object({
    id: z.number().int(),
    staff_id: z.number().int(),
    amount: z.number().int(),
    orders_count: z.number().int(),
    created_at: z.string(),
  })
  .openapi('CashHandover')

const write = staffRoutes(requirePermission('orders.write'), tags)

const carriersRoute = write.get('/admin/couriers/', {
  summary: 'Whom orders can be given to, with each one’s load and cash held (orders.write)',
  description:
    'Active staff whose role picks or carries orders, couriers first, then by name. `load`: the accepted, ready and ' +
    'on-the-way orders given to each; `cash_held`: the cash payments they took and have not handed over.',
  responses: { 200: jsonContent(z.object({ results: z.array(carrierSchema) }), 'Couriers and other carriers') },
})

const bulkAssignRoute = write.post('/admin/orders/assign/', {
  summary: 'Give several orders to one courier or staff member at once, or take them back (orders.write)',
  description:
    'Each order as POST admin/orders/{id}/assign/ (audited `order.assign` each): a closed order (delivered, ' +
    'cancelled) or a pickup order for a courier is refused alone, with its reason in `detail`; the others are given. ' +
    '400 on `staff_id` for an unknown or disabled account.',
  request: { body: requiredJson(bulkAssignBody) },
  responses: { 200: jsonContent(bulkAssignSchema, 'Each order: given or why not') },
})

const cashRoute = staffRoutes(requireAnyPermission('orders.write', 'orders.deliver'), tags).get('/admin/cash/', {
  summary: "The day's cash per courier: held, taken and handed over today (orders.write; a courier: its own)",
  description:
    'Every active courier, and anyone else who holds or handled cash today. `held` is what they must hand over: ' +
    'the cash payments they took (cash received, or a cash order delivered) not yet in a handover. ' +
    'Days are Tashkent days. A courier (orders.deliver without orders.write) gets only itself.',
  responses: { 200: jsonContent(z.object({ results: z.array(holderSchema) }), 'The cash per staff member') },
})

const handoverRoute = write.post('/admin/cash/handovers/', {
  summary: 'Record the cash a courier handed over (orders.write)',
  description:
    'Every cash payment the staff member holds joins one handover; audited `cash.handover`. `amount` must be ' +
    'what they hold now, else 409 with the current sum (a delivery paid meanwhile); 409 when they hold nothing ' +
    '(or a colleague recorded it first).',
  request: { body: requiredJson(handoverBody) },
  responses: { 201: jsonContent(handoverSchema, 'The handover') },
})

export function adminDispatchRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { now, ctx, actor, noStore } = orderRequests(deps)
  return createRouter()
    .openapi(carriersRoute, async (c) => {
      noStore(c)
      return c.json({ results: await listCarriers(db) }, 200)
    })
    .openapi(bulkAssignRoute, async (c) => {
      const { order_ids, staff_id } = c.req.valid('json')
      const results = []
      for (const id of [...new Set(order_ids)]) {
        try {
          await assignOrder(db, { orderId: id, staffId: staff_id, actor: actor(c) }, ctx(c))
          results.push({ id, number: orderNumber(id), assigned: true, detail: null })
        } catch (error) {
          // The assignee itself is wrong for every order: said once, as for one order.
          if (!(error instanceof ApiError) || error.status === 400) throw error
          results.push({ id, number: orderNumber(id), assigned: false, detail: error.detail })
        }
      }
      return c.json({ results }, 200)
    })
    .openapi(cashRoute, async (c) => {
      const me = currentStaff(c)
      const all = can(me.role, 'orders.write')
      if (!all && me.id === null) throw new ApiError(404, message(c.get('lang'), 'not_found'))
      noStore(c)
      return c.json({ results: await cashDay(db, now(), all ? undefined : (me.id ?? undefined)) }, 200)
    })
    .openapi(handoverRoute, async (c) => {
      const { staff_id, amount } = c.req.valid('json')
      const handover = await recordHandover(db, { staffId: staff_id, amount, actor: actor(c) }, ctx(c))
      return c.json(handover, 201)
    })
}
