import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredJson } from '../../http/openapi.ts'
import { paged, pagingQuery } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { auditActor, requirePermission, staffCan } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { maskPhone } from '../orders/phones.ts'
import { createBody, listQuery, promoIdParams, promoPage, promoSchema, updateBody, usagePage } from './schemas.ts'
import { createPromo, listPromos, promoById, promoUsage, promoView, updatePromo } from './service.ts'

const promoAnswer = jsonContent(promoSchema, 'The code as it now is')
export const promoListSchema = promoPage.extend({ cashback_rate: z.number() }).openapi('PromoCodeList')

const write = staffRoutes(requirePermission('promo.write'), ['admin: promo'])

const listRoute = write.get('/admin/promo/', {
  summary: 'Promo codes, newest first, by state and code (promo.write)',
  description: '`cashback_rate` is CASHBACK_RATE, the share of the goods paid credited on delivery (configuration).',
  request: { query: listQuery },
  responses: {
    200: jsonContent(promoListSchema, 'One page of codes'),
    ...adminErrorsOf(400),
  },
})

const createPromoRoute = write.post('/admin/promo/', {
  summary: 'Create a promo code (promo.write)',
  description:
    'Exactly one of `percent` and `amount`. A code another one has (any case) is 400 on `code`. Audited `promo.create`.',
  request: { body: requiredJson(createBody) },
  responses: { 201: jsonContent(promoSchema, 'The new code'), ...adminErrorsOf(400) },
})

const detailRoute = write.get('/admin/promo/{id}/', {
  summary: 'One promo code (promo.write)',
  request: { params: promoIdParams },
  responses: { 200: promoAnswer, ...adminErrorsOf(404) },
})

const updateRoute = write.patch('/admin/promo/{id}/', {
  summary: 'Change a promo code: only the fields sent (promo.write)',
  description:
    'Orders already placed keep their discount. `usage_limit` may not go below `used_count`. Audited ' +
    '`promo.update` with the changed fields (`promo.pause` / `promo.resume` when only `active` changes).',
  request: { params: promoIdParams, body: requiredJson(updateBody) },
  responses: { 200: promoAnswer, ...adminErrorsOf(400, 404) },
})

const toggleRoute = (verb: 'pause' | 'resume') =>
  write.post(`/admin/promo/{id}/${verb}/`, {
    summary: `${verb === 'pause' ? 'Pause' : 'Resume'} a promo code (promo.write)`,
    description: `Audited \`promo.${verb}\`; nothing happens (and nothing is audited) when it already is.`,
    request: { params: promoIdParams },
    responses: { 200: promoAnswer, ...adminErrorsOf(404) },
  })

const usageRoute = write.get('/admin/promo/{id}/orders/', {
  summary: 'The orders that used a promo code, newest first (promo.write)',
  description: "Cancelled ones too (their use was given back). Customers' phones are masked without customers.phone.",
  request: { params: promoIdParams, query: z.object(pagingQuery) },
  responses: { 200: jsonContent(usagePage, 'One page of orders'), ...adminErrorsOf(404) },
})

export function adminPromoRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const now = () => deps.now?.() ?? new Date()
  const ctx = (c: Context<ApiEnv>) => ({ lang: c.get('lang'), now: now(), actor: auditActor(c) })
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')
  const found = async (c: Context<ApiEnv>, id: number) => {
    const row = await promoById(db, id)
    if (!row) throw new ApiError(404, message(c.get('lang'), 'admin_promo_not_found'))
    return row
  }

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { page, size, ...filter } = c.req.valid('query')
      const at = now()
      const { rows, total } = await listPromos(db, filter, page, size, at)
      noStore(c)
      const list = paged(
        rows.map((r) => promoView(r, at)),
        total,
        page,
        size,
        c.req.url,
      )
      return c.json({ ...list, cashback_rate: deps.config.CASHBACK_RATE }, 200)
    })
    .openapi(createPromoRoute, async (c) => {
      const row = await createPromo(db, c.req.valid('json'), ctx(c))
      return c.json(promoView(row, now()), 201)
    })
    .openapi(detailRoute, async (c) => {
      const row = await found(c, c.req.valid('param').id)
      noStore(c)
      return c.json(promoView(row, now()), 200)
    })
    .openapi(updateRoute, async (c) => {
      const row = await updatePromo(db, c.req.valid('param').id, c.req.valid('json'), ctx(c))
      return c.json(promoView(row, now()), 200)
    })
    .openapi(toggleRoute('pause'), async (c) => {
      const row = await updatePromo(db, c.req.valid('param').id, { active: false }, ctx(c))
      return c.json(promoView(row, now()), 200)
    })
    .openapi(toggleRoute('resume'), async (c) => {
      const row = await updatePromo(db, c.req.valid('param').id, { active: true }, ctx(c))
      return c.json(promoView(row, now()), 200)
    })
    .openapi(usageRoute, async (c) => {
      const { id } = c.req.valid('param')
      const { page, size } = c.req.valid('query')
      await found(c, id)
      const phone = staffCan(c, 'customers.phone') ? (p: string | null) => p : maskPhone
      const usage = await promoUsage(db, id, page, size, { lang: c.get('lang'), phone })
      noStore(c)
      return c.json(paged(usage.results, usage.total, page, size, c.req.url), 200)
    })
}
