import { z } from '@hono/zod-openapi'
import { BASKET_TOTAL_MAX } from '#contract/basket.ts'
import { entrySchema } from '../../cashback/routes.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { idParam } from '../../http/schemas.ts'

const maskedPhone = z.string().nullable().openapi({
  description: 'Masked (`+998 90 *** ** 67`) for roles without the customers.phone right',
  example: '+998901234567',
})

const blockedSchema = z
  .object({ at: z.string(), reason: z.string() })
  .nullable()
  .openapi({ description: 'Set while the shop blocks the account: it can neither sign in nor order' })

export const customerRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: maskedPhone,
    registered_at: z.string(),
    orders_count: z.number().int(),
    cashback_balance: z.number().int(),
    blocked: blockedSchema,
  })
  .openapi('StaffCustomerRow')

export const customerPage = pagedSchema(customerRow).openapi('StaffCustomerPage')

export const listQuery = z.object({
  ...pagingQuery,
  q: z.string().trim().max(100).optional().openapi({
    description: 'A phone in any format (4 digits or more: `90 123-45-67`, `4567`) or part of the name',
  }),
  blocked: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .openapi({ type: 'boolean', description: 'Only blocked (true) or not blocked (false) customers' }),
})

const few = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int().openapi({ description: 'All of them; `results` are the newest 20' }),
    results: z.array(item),
  })

export const customerSchema = customerRow
  .extend({
    phones_masked: z.boolean(),
    saved_cards: z.number().int().openapi({ description: 'How many verified cards are saved (never their numbers)' }),
    orders: few(
      z.object({
        id: z.number().int(),
        number: z.string(),
        status: z.number().int(),
        status_label: z.string(),
        total: z.number().int(),
        discount: z.number().int(),
        promo_code: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
    cashback: few(entrySchema),
    reviews: few(
      z.object({
        id: z.number().int(),
        product_id: z.number().int(),
        product_title: z.string(),
        product_slug: z.string(),
        rating: z.number().int(),
        comment: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  })
  .openapi('StaffCustomer')

export const customerIdParams = z.object({ id: idParam('id', 7) })

export const blockBody = z
  .object({
    reason: z.string().trim().min(1).max(500).openapi({ description: 'Why (kept for staff and the audit log)' }),
  })
  .strict()

export const adjustmentBody = z
  .object({
    amount: z
      .number()
      .int()
      .min(-BASKET_TOTAL_MAX)
      .max(BASKET_TOTAL_MAX)
      .refine((n) => n !== 0, 'invalid')
      .openapi({
        description:
          'Sum to add (positive) or take (negative), at most what one order may cost either way; the balance ' +
          'cannot go below 0',
      }),
    reason: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .openapi({ description: 'Shown to the customer in their balance history, and kept in the audit log' }),
  })
  .strict()
