import { z } from '@hono/zod-openapi'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { INT_MAX, idParam } from '../../http/schemas.ts'

export const promoStates = ['active', 'scheduled', 'paused', 'expired', 'used_up'] as const
export type PromoState = (typeof promoStates)[number]

/** What shoppers type: Latin letters, digits and hyphens; kept upper-case (they may type it in any case). */
const code = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .transform((c) => c.toUpperCase())
  .refine((c) => /^[A-Z0-9-]+$/.test(c), 'admin_promo_code_format')
  .openapi({ description: 'A–Z, 0–9 and -, 3–32 characters; stored upper-case, unique whatever the case' })

const moment = z.iso
  .datetime({ offset: true })
  .nullable()
  .openapi({ description: 'ISO 8601 with an offset (the back office sends Tashkent time, +05:00); null: open' })

const limit = (description: string) => z.number().int().min(1).max(INT_MAX).nullable().openapi({ description })

/** The fields of a code as staff set them; a new one needs `code` and exactly one of `percent` and `amount`. */
const fields = {
  code,
  percent: z.number().int().min(1).max(100).nullable().openapi({ description: 'Percent off the goods, 1–100' }),
  amount: z.number().int().min(1).max(INT_MAX).nullable().openapi({ description: 'Fixed sum off the goods' }),
  min_total: z.number().int().min(0).max(INT_MAX).openapi({ description: 'Smallest goods total it applies to' }),
  valid_from: moment,
  valid_to: moment,
  usage_limit: limit('Orders in all that may use it; null: no limit'),
  per_customer_limit: limit('Orders of one customer that may use it; null: no limit'),
  active: z.boolean().openapi({ description: 'false: paused' }),
}

type Fields = { percent?: number | null; amount?: number | null; valid_from?: string | null; valid_to?: string | null }

/** Exactly one kind of discount, and an end after the start: flagged on the field to fix. */
function coherent(value: Fields, ctx: z.RefinementCtx) {
  if ('percent' in value || 'amount' in value)
    if ((value.percent == null) === (value.amount == null))
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'admin_promo_discount_kind' })
  if (value.valid_from && value.valid_to && Date.parse(value.valid_to) <= Date.parse(value.valid_from))
    ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'admin_promo_dates' })
}

export const createBody = z
  .object({
    ...fields,
    percent: fields.percent.default(null),
    amount: fields.amount.default(null),
    min_total: fields.min_total.default(0),
    valid_from: moment.default(null),
    valid_to: moment.default(null),
    usage_limit: fields.usage_limit.default(null),
    per_customer_limit: fields.per_customer_limit.default(null),
    active: fields.active.default(true),
  })
  .strict()
  .superRefine(coherent)
  .openapi('PromoCodeCreate')

/**
 * A change: only the fields sent. Switching between percent and amount sends
 * both (the new one and null). Dates are checked against the stored ones too.
 */
export const updateBody = z
  .object({
    code: fields.code.optional(),
    percent: fields.percent.optional(),
    amount: fields.amount.optional(),
    min_total: fields.min_total.optional(),
    valid_from: moment.optional(),
    valid_to: moment.optional(),
    usage_limit: fields.usage_limit.optional(),
    per_customer_limit: fields.per_customer_limit.optional(),
    active: fields.active.optional(),
  })
  .strict()
  .openapi('PromoCodeUpdate')

export const promoSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    percent: z.number().int().nullable(),
    amount: z.number().int().nullable(),
    min_total: z.number().int(),
    valid_from: z.string().nullable(),
    valid_to: z.string().nullable(),
    usage_limit: z.number().int().nullable(),
    per_customer_limit: z.number().int().nullable(),
    used_count: z.number().int().openapi({ description: 'Orders using it that are not cancelled' }),
    active: z.boolean(),
    state: z.enum(promoStates).openapi({
      description:
        'paused (active false), expired (past valid_to), used_up (used_count reached usage_limit), ' +
        'scheduled (before valid_from), else active: in that order',
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PromoCode')

export const listQuery = z.object({
  ...pagingQuery,
  state: z.enum(promoStates).optional().openapi({ description: 'Only codes in this state' }),
  q: z.string().trim().max(50).optional().openapi({ description: 'Part of the code, any case' }),
})

export const promoPage = pagedSchema(promoSchema).openapi('PromoCodePage')

export const promoIdParams = z.object({ id: idParam('id', 3) })

export const usageSchema = z
  .object({
    order_id: z.number().int(),
    number: z.string(),
    status: z.number().int(),
    status_label: z.string(),
    discount: z.number().int(),
    total: z.number().int(),
    created_at: z.string(),
    customer: z.object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string().nullable().openapi({ description: 'Masked for roles without customers.phone' }),
    }),
  })
  .openapi('PromoUse')

export const usagePage = pagedSchema(usageSchema).openapi('PromoUsePage')
