import { z } from '@hono/zod-openapi'
import { CANCEL_REASON_MAX } from '#contract/orders.ts'
import { imageLinksSchema } from '../../catalogue/schemas.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { idSchema } from '../../http/schemas.ts'
import { orderSchema, statusListQuery } from '../../orders/schemas.ts'
import { Delivery, orderStatuses, PaymentMethod, PaymentStatus } from '../../orders/states.ts'

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'invalid')
  .optional()

/** The filters of the list and of the counts (the counts ignore `status`). */
export const orderFilterQuery = {
  status: statusListQuery,
  payment_status: z.enum(PaymentStatus).optional(),
  payment_method: z.enum(PaymentMethod).optional(),
  delivery: z.enum(Delivery).optional(),
  region: z.string().max(20).optional().openapi({ description: 'Region code (geo/regions/), e.g. 1726 Tashkent city' }),
  assigned_staff_id: z.coerce
    .number()
    .pipe(idSchema)
    .optional()
    .openapi({ description: 'Orders given to this staff member' }),
  created_from: day.openapi({ description: 'Placed on or after this day (Tashkent time), YYYY-MM-DD' }),
  created_to: day.openapi({ description: 'Placed on or before this day (Tashkent time), YYYY-MM-DD' }),
  q: z.string().max(100).optional().openapi({
    description:
      'Order number (`42`, `000042`), a phone in any format (`90 123-45-67`, `+998901234567`; 4 digits or more) or a name',
  }),
}

export const listQuery = z.object({ ...pagingQuery, ...orderFilterQuery })
export const countsQuery = z.object(orderFilterQuery)

const statusSchema = z
  .object({ status: z.number().int(), name: z.string(), label: z.string() })
  .openapi('OrderStatusRef')
const staffRef = z.object({ id: z.number().int(), name: z.string() })
const maskedPhone = z.string().openapi({
  description: 'Masked (`+998 90 *** ** 67`) for roles without the customers.phone right',
  example: '+998901234567',
})

export const staffOrderRow = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.number().int(),
    status_name: z.string(),
    status_label: z.string(),
    payment_method: z.string(),
    payment_status: z.string(),
    delivery: z.string(),
    region: z
      .object({ code: z.string(), name: z.string() })
      .nullable()
      .openapi({ description: "The courier's region; null for a pickup order" }),
    receiver: z.object({ name: z.string(), phone: maskedPhone }),
    place: z.string().openapi({
      description: "Where it goes in one line: the courier's address, or the pickup point's name and address",
    }),
    map_url: z.string().nullable().openapi({ description: 'The address point on Yandex Maps; null without one' }),
    customer: z.object({ name: z.string(), phone: maskedPhone.nullable() }),
    assigned_staff: staffRef.nullable(),
    items_count: z.number().int(),
    total: z.number().int(),
    is_new: z.boolean().openapi({ description: 'Accepted and not yet opened or moved by staff' }),
    created_at: z.string(),
  })
  .openapi('StaffOrderRow')

export const staffOrderPage = pagedSchema(staffOrderRow).openapi('StaffOrderPage')

export const countsSchema = z
  .object({
    statuses: z.array(statusSchema.extend({ count: z.number().int() })),
    total: z.number().int(),
    new: z.number().int().openapi({ description: 'Accepted orders no staff member has opened or moved yet' }),
  })
  .openapi('StaffOrderCounts')

export const staffOrderSchema = orderSchema
  .extend({
    items: z.array(orderSchema.shape.items.element.extend({ image: imageLinksSchema.nullable() })),
    receiver: z.object({ name: z.string(), phone: maskedPhone, extra_phone: maskedPhone.nullable() }),
    customer: z.object({ id: z.number().int(), name: z.string(), phone: maskedPhone.nullable() }).nullable(),
    phones_masked: z.boolean(),
    map_url: z.string().nullable().openapi({ description: 'The map point on Yandex Maps; null without one' }),
    lang: z.string().openapi({ description: "The order's language: the customer's SMS use it" }),
    assigned_staff: staffRef.nullable(),
    is_new: z.boolean(),
    payments: z.array(
      z.object({
        id: z.number().int(),
        provider: z.string().openapi({ description: 'sandbox | payme | click | card:… | cash' }),
        amount: z.number().int(),
        status: z.string(),
        created_at: z.string(),
        refund_attempts: z.number().int(),
        refund_error: z.string().nullable(),
        refunded_at: z.string().nullable(),
      }),
    ),
    timeline: z.array(
      z.object({
        from: statusSchema.nullable().openapi({ description: 'null: the order was placed' }),
        to: statusSchema,
        at: z.string(),
        actor: z.string().openapi({ description: '`staff:3`, `key:1`, `customer:7`, `system`' }),
        via: z.string().openapi({ description: 'web, api, telegram, system' }),
        staff: staffRef.nullable(),
        reason: z.string().nullable(),
      }),
    ),
    next_statuses: z.array(statusSchema).openapi({
      description: "Where the viewer's role may move the order now (state machine and rights)",
    }),
    updated_at: z.string(),
  })
  .openapi('StaffOrder')

export const statusBody = z.object({
  status: z
    .number()
    .int()
    .refine((s) => orderStatuses.includes(s as never), 'invalid')
    .openapi({ description: '3 accepted, 4 ready for delivery, 5 on the way, 6 delivered, 2 cancelled' }),
  expected_status: z
    .number()
    .int()
    .refine((s) => orderStatuses.includes(s as never), 'invalid')
    .openapi({ description: 'The status the caller saw; if the order has moved since, 409 says what it is now' }),
  reason: z.string().max(CANCEL_REASON_MAX).nullish().openapi({ description: 'Why; required to cancel (status 2)' }),
})

export const assignBody = z.object({
  staff_id: idSchema.nullable().openapi({ description: 'The staff member (courier) to give it to; null: nobody' }),
})

export const paymentLinkBody = z.object({
  send_sms: z.boolean().default(false).openapi({ description: "Also send the link to the customer's phone by SMS" }),
})

export const paymentLinkSchema = z
  .object({
    provider: z.string().openapi({ description: 'sandbox | payme | click' }),
    url: z.string(),
    amount: z.number().int(),
    sms_sent_to: z
      .string()
      .nullable()
      .openapi({ description: 'The phone the SMS was queued for; null without send_sms' }),
  })
  .openapi('OrderPaymentLink')
