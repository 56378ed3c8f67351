import { z } from '@hono/zod-openapi'
import { basketGoodsTotal } from '../cart/service.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { limitAddress, ownerKey } from '../http/identity.ts'
import { requiredJson, routeGroup } from '../http/openapi.ts'
import { errorSchema, INT_MAX, jsonContent } from '../http/schemas.ts'
import { checkTypedPromo, promoDiscount } from './service.ts'

const checkBody = z
  .object({
    code: z.string().trim().min(1, 'required').max(50, 'max_length'),
    total: z.number().int().min(0).max(INT_MAX).optional().openapi({
      description: 'Goods total to preview on; default: the basket of the customer (Bearer) or visitor (Fingerprint)',
    }),
  })
  .openapi('PromoCheck')

export const previewSchema = z
  .object({
    code: z.string(),
    percent: z.number().int().nullable(),
    amount: z.number().int().nullable().openapi({ description: 'Fixed discount in sum, when not a percent' }),
    min_total: z.number().int(),
    valid_to: z.string().nullable(),
    subtotal: z.number().int().openapi({ description: 'The goods total the preview was computed on' }),
    discount: z.number().int(),
    total: z.number().int().openapi({ description: 'subtotal − discount (delivery and cashback not included)' }),
  })
  .openapi('PromoPreview')

const route = routeGroup({ tags: ['promo'] })

const checkRoute = route.post('/promo/check/', {
  summary: 'Check a promo code and preview its discount',
  description:
    "Unknown, inactive or expired → 400 'promo code does not exist' (field `promo_code`); used up → 400; below " +
    'the minimum total → 400 with the minimum. The code is applied for real (and counted) only by POST orders/. ' +
    'Codes can be guessed: 20 failed checks (PROMO_FAILURES_PER_ADDRESS) per client address (IPv6: per /64) ' +
    'in 15 minutes, then 429 with `Retry-After` until the oldest ages out.',
  request: { body: requiredJson(checkBody) },
  responses: {
    200: jsonContent(previewSchema, 'The discount'),
    400: jsonContent(errorSchema, 'Invalid or unusable code'),
    429: jsonContent(errorSchema, 'Too many failed checks from this address'),
  },
})

export function promoRoutes(deps: ApiDeps) {
  const { db } = deps.database
  return createRouter().openapi(checkRoute, async (c) => {
    const { code, total } = c.req.valid('json')
    const lang = c.get('lang')
    const now = deps.now?.() ?? new Date()
    const owner = ownerKey(c)
    const subtotal = total ?? (owner ? await basketGoodsTotal(db, owner) : 0)
    const promo = await checkTypedPromo(
      db,
      { code, subtotal, address: limitAddress(c) },
      { limit: deps.config.PROMO_FAILURES_PER_ADDRESS, now, lang },
    )
    const discount = promoDiscount(promo, subtotal)
    c.header('Cache-Control', 'private, no-store')
    return c.json(
      {
        code: promo.code,
        percent: promo.percent,
        amount: promo.amount,
        min_total: promo.minTotal,
        valid_to: promo.validTo?.toISOString() ?? null,
        subtotal,
        discount,
        total: subtotal - discount,
      },
      200,
    )
  })
}
