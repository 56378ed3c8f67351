import { z } from '@hono/zod-openapi'
import { customerRoutes } from '../auth/openapi.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { requireUser } from '../http/identity.ts'
import { paged, pagedSchema, pagingQuery } from '../http/paging.ts'
import { errorSchema, jsonContent } from '../http/schemas.ts'
import { cashbackBalance, cashbackHistory } from './service.ts'

export const entrySchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int().nullable(),
    amount: z.number().int().openapi({ description: 'Sum: positive credits, negative debits' }),
    reason: z.enum(['spent', 'refund', 'earned', 'adjustment', 'edit', 'return']).openapi({
      description:
        'spent: used at checkout; refund: returned by a cancelled order; earned: a delivered order; ' +
        'adjustment: by the shop, `note` says why; edit: the shop changed the order and the cashback spent on it ' +
        'came back; return: goods brought back (the cashback they were paid with back, the cashback they earned taken)',
    }),
    note: z.string().nullable().openapi({ description: "The shop's reason for an adjustment; null otherwise" }),
    created_at: z.string(),
  })
  .openapi('CashbackEntry')

export const cashbackSchema = pagedSchema(entrySchema)
  .extend({ balance: z.number().int().openapi({ description: 'users.cashback_balance, whole sum' }), rate: z.number() })
  .openapi('Cashback')

const customer = customerRoutes(['account'])

const cashbackRoute = customer.get('/account/cashback/', {
  summary: 'Cashback balance and its history (newest first, paged)',
  description: 'Earned when an order is delivered (`rate` of the goods paid), spent at checkout, returned on cancel.',
  request: { query: z.object(pagingQuery) },
  responses: {
    200: jsonContent(cashbackSchema, 'Balance and a page of ledger entries'),
    401: jsonContent(errorSchema, 'Not signed in'),
  },
})

export function cashbackRoutes({ database: { db }, config }: ApiDeps) {
  return createRouter().openapi(cashbackRoute, async (c) => {
    const user = requireUser(c)
    const { page, size } = c.req.valid('query')
    const [balance, history] = await Promise.all([
      cashbackBalance(db, user.id),
      cashbackHistory(db, user.id, page, size),
    ])
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      { balance, rate: config.CASHBACK_RATE, ...paged(history.results, history.total, page, size, c.req.url) },
      200,
    )
  })
}
