import { z } from '@hono/zod-openapi'
import { phoneSchema, requiredText } from '#contract/account.ts'
import { BASKET_TOTAL_MAX, QUANTITY_MAX } from '#contract/basket.ts'
import { languages } from '#contract/languages.ts'
import { CANCEL_REASON_MAX, ORDER_LINES_MAX, ORDER_NOTE_MAX } from '#contract/orders.ts'
import { pagedSchema, pagingQuery } from '../../http/paging.ts'
import { idSchema } from '../../http/schemas.ts'
import {
  addressSchema,
  cashbackChoice,
  checkDeliveryPlace,
  orderSchema,
  receiverSchema,
  statusListQuery,
} from '../../orders/schemas.ts'
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

export const listQuery = z.object({
  ...pagingQuery,
  ...orderFilterQuery,
  sort: z.enum(['newest', 'route']).optional().openapi({
    description:
      "`newest` first (the default), or `route`: a courier's way, by region and district, then the time promised (when the order was accepted)",
  }),
})
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
    map_url: z
      .string()
      .nullable()
      .openapi({ description: 'Yandex Maps at the address point, or a search for the typed address; null for pickup' }),
    customer: z.object({ name: z.string(), phone: maskedPhone.nullable() }),
    assigned_staff: staffRef.nullable(),
    items_count: z.number().int(),
    total: z.number().int(),
    amount_due: z.number().int().openapi({ description: 'What the customer still owes (a courier collects it)' }),
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
    latest_new_id: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The newest of those orders (none: null): grows when a new order arrives' }),
  })
  .openapi('StaffOrderCounts')

export const staffOrderSchema = orderSchema
  .extend({
    receiver: z.object({ name: z.string(), phone: maskedPhone, extra_phone: maskedPhone.nullable() }),
    customer: z.object({ id: z.number().int(), name: z.string(), phone: maskedPhone.nullable() }).nullable(),
    phones_masked: z.boolean(),
    map_url: z
      .string()
      .nullable()
      .openapi({ description: 'Yandex Maps at the address point, or a search for the typed address; null for pickup' }),
    lang: z.string().openapi({ description: "The order's language: the customer's SMS use it" }),
    assigned_staff: staffRef.nullable(),
    is_new: z.boolean(),
    refunds: z
      .array(
        z.object({
          id: z.number().int(),
          amount: z.number().int(),
          method: z.enum(['provider', 'cash']),
          provider: z
            .string()
            .nullable()
            .openapi({ description: 'The payment it went back through (method provider)' }),
          status: z.enum(['pending', 'refunded']),
          created_at: z.string(),
          refunded_at: z.string().nullable(),
        }),
      )
      .openapi({
        description: 'Money given back while the order stands (edits, returns); a cancellation refunds its payments',
      }),
    refund_options: z
      .object({
        provider: z.number().int().openapi({
          description:
            'The most the payments can give back at the shop’s request now (a part: the sandbox; all of one payment: Click, a saved card)',
        }),
        whole: z.array(z.number().int()).openapi({
          description: 'Amounts given back only whole: one per Click or saved-card payment not yet refunded',
        }),
      })
      .openapi({ description: 'What a refund through the provider can be now; anything else is given back in cash' }),
    payments: z.array(
      z.object({
        id: z.number().int(),
        provider: z.string().openapi({ description: 'sandbox | payme | click | uzum | card:… | cash' }),
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
        id: z.number().int().openapi({ description: 'The entry, unique within its kind' }),
        kind: z.enum(['status', 'note', 'edit', 'return', 'exchange', 'refund']).openapi({
          description:
            'status: a status change (`from` → `to`); note: a staff note (`text`, never shown to the customer); ' +
            'edit: lines, delivery or address changed (`changes`); return: goods brought back; exchange: goods brought ' +
            'back and others taken instead (`replacement`); refund: money given back',
        }),
        from: statusSchema.nullable().openapi({ description: 'null: the order was placed, or not a status change' }),
        to: statusSchema.nullable().openapi({ description: 'null: not a status change' }),
        at: z.string(),
        actor: z.string().openapi({ description: '`staff:3`, `key:1`, `customer:7`, `system`' }),
        via: z.string().openapi({ description: 'web, api, telegram, system' }),
        staff: staffRef.nullable(),
        reason: z.string().nullable().openapi({ description: "A status change's reason (a cancel)" }),
        text: z
          .string()
          .nullable()
          .openapi({ description: "A note's text, or why staff edited, returned or refunded" }),
        changes: z
          .array(
            z.object({
              field: z.string().openapi({
                description:
                  'items, delivery, place, receiver, promo_code, discount, cashback_used, delivery_price, total, refund, amount_due, returned, restocked, replacement, extra, extra_by, method, cashback_back, cashback_taken',
              }),
              before: z.union([z.string(), z.number()]).nullable(),
              after: z.union([z.string(), z.number()]).nullable(),
            }),
          )
          .nullable()
          .openapi({ description: 'What an edit or return changed, before → after, in the reader’s language' }),
      }),
    ),
    next_statuses: z.array(statusSchema).openapi({
      description: "Where the viewer's role may move the order now (state machine and rights)",
    }),
    updated_at: z.string(),
  })
  .openapi('StaffOrder')

export const statusMoveSchema = staffOrderSchema
  .pick({
    id: true,
    number: true,
    status: true,
    status_name: true,
    status_label: true,
    payment_status: true,
    next_statuses: true,
    updated_at: true,
  })
  .openapi('StaffStatusMove')

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
    provider: z.string().openapi({ description: 'sandbox | payme | click | uzum' }),
    url: z.string(),
    amount: z.number().int(),
    sms_sent_to: z
      .string()
      .nullable()
      .openapi({ description: 'The phone the SMS was queued for; null without send_sms or when it went to Telegram' }),
    sent_by: z.enum(['sms', 'telegram']).nullable().openapi({
      description:
        "How the link was sent: `telegram` to a customer who linked the shop's bot (an SMS if Telegram fails), else `sms`; null without send_sms",
    }),
  })
  .openapi('OrderPaymentLink')

const orderLine = z.object({
  product_id: idSchema,
  quantity: z.number().int().min(1).max(QUANTITY_MAX, 'max_length'),
})

/** The lines an order should have: each product once. */
const orderLines = z
  .array(orderLine)
  .min(1, 'order_basket_empty')
  .max(ORDER_LINES_MAX, 'max_length')
  .superRefine((lines, ctx) => {
    if (new Set(lines.map((l) => l.product_id)).size !== lines.length)
      ctx.addIssue({ code: 'custom', message: 'admin_order_line_twice' })
  })
  .openapi({ description: 'The lines, each product once; quantities 1 to the basket’s most' })

const placeFields = {
  delivery: z.enum(Delivery),
  address: addressSchema
    .nullish()
    .transform((v) => v ?? null)
    .openapi({ description: 'Required for courier' }),
  pickup_point: z
    .string()
    .max(40)
    .nullish()
    .transform((v) => v ?? null)
    .openapi({ description: "Required for pickup: one of the contacts' pickup_points" }),
}

const optionalReason = z
  .string()
  .trim()
  .max(CANCEL_REASON_MAX, 'max_length')
  .nullish()
  .transform((v) => v || null)

export const editBody = z
  .object({
    expected_updated_at: z.string().max(40).openapi({
      description: "The order's `updated_at` as the caller saw it: if it changed since, 409 and nothing is changed",
    }),
    items: orderLines,
    ...placeFields,
    receiver: receiverSchema,
    reason: optionalReason.openapi({ description: 'Why (shown on the timeline)' }),
  })
  .superRefine(checkDeliveryPlace)
  .openapi('OrderEdit')

export const editPreviewSchema = z
  .object({
    items: staffOrderSchema.shape.items,
    subtotal: z.number().int(),
    promo_code: z.string().nullable(),
    promo_dropped: z
      .boolean()
      .openapi({ description: "The goods fell below the code's minimum: it no longer applies" }),
    discount: z.number().int(),
    cashback_used: z.number().int(),
    cashback_back: z
      .number()
      .int()
      .openapi({ description: 'Cashback spent on the order that goes back to the balance' }),
    delivery_price: z.number().int(),
    total: z.number().int(),
    vat: z.number().int(),
    refund_now: z.number().int().openapi({ description: 'Given back at once through the provider' }),
    owed_back: z.number().int().openapi({ description: 'Still owed back to the customer (in cash)' }),
    amount_due: z.number().int().openapi({ description: 'Still owed by the customer (the extra, or a cash total)' }),
    changed: z.boolean(),
  })
  .openapi('OrderEditPreview')

export const noteBody = z.object({
  text: z
    .string()
    .max(ORDER_NOTE_MAX, 'max_length')
    .openapi({ description: 'For staff only; never shown to the customer' }),
})

const refundMethod = z.enum(['provider', 'cash']).openapi({
  description:
    'provider: back through the payment (the sandbox: any part; Click, a saved card: only a whole payment); cash: handed back by staff',
})

export const refundBody = z.object({
  amount: z.number().int().min(1).max(BASKET_TOTAL_MAX),
  method: refundMethod,
  reason: optionalReason,
})

export const returnBody = z
  .object({
    items: z
      .array(
        z.object({
          item_id: idSchema.openapi({ description: "A line of the order (its items' `id`)" }),
          quantity: z.number().int().min(1).max(QUANTITY_MAX, 'max_length'),
          restock: z.boolean().openapi({ description: 'Back on the shelf; false: written off (damaged, opened)' }),
        }),
      )
      .min(1, 'required')
      .max(ORDER_LINES_MAX, 'max_length'),
    reason: requiredText(CANCEL_REASON_MAX),
    refund_method: refundMethod,
    refund_amount: z.number().int().min(0).max(BASKET_TOTAL_MAX).optional().openapi({
      description:
        'Default: what the returned goods were paid (their price less their share of promo and cashback); 0: none',
    }),
  })
  .openapi('OrderReturn')

export const exchangeBody = z
  .object({
    expected_updated_at: z.string().openapi({
      description: "The order's `updated_at` as the form showed it: a double submit or someone's change since is 409",
    }),
    items: returnBody.shape.items.openapi({ description: 'The units brought back, as a return takes them' }),
    replacement: z
      .array(
        z.object({
          product_id: idSchema,
          quantity: z.number().int().min(1).max(QUANTITY_MAX, 'max_length'),
        }),
      )
      .min(1, 'required')
      .max(ORDER_LINES_MAX, 'max_length')
      .openapi({ description: "What the customer takes instead, at today's prices" }),
    reason: requiredText(CANCEL_REASON_MAX),
    settle: refundMethod.openapi({
      description:
        'How the difference is settled. provider: a cheaper replacement’s goes back through the payment (as a ' +
        'refund: the sandbox any part, Click or a saved card only a whole payment, else 409), a dearer one’s is ' +
        'asked by a payment link (409 when the order cannot be paid online: Payme, cash). cash: handed back or ' +
        'taken by staff now',
    }),
  })
  .openapi('OrderExchange')

export const exchangeAnswerSchema = z
  .object({
    returned: z.number().int().openapi({ description: 'What the units brought back were paid (money, not cashback)' }),
    replacement: z.number().int().openapi({ description: "What the replacement costs at today's prices" }),
    difference: z
      .number()
      .int()
      .openapi({ description: 'replacement − returned: above 0 the customer pays it, below 0 the shop gives it back' }),
    payment_link: z
      .string()
      .nullable()
      .openapi({ description: 'The absolute link the customer was sent for the difference (settle provider)' }),
  })
  .openapi('OrderExchangeMoney')

export const phoneOrderBody = z
  .object({
    customer: z.object({
      phone: phoneSchema,
      name: z
        .string()
        .trim()
        .max(99, 'max_length')
        .nullish()
        .transform((v) => v || null)
        .openapi({ description: 'Required when the phone has no account yet: one is created with it' }),
    }),
    lang: z.enum(languages).openapi({ description: "The customer's language: their SMS" }),
    items: orderLines,
    ...placeFields,
    receiver: receiverSchema
      .nullish()
      .transform((v) => v ?? null)
      .openapi({ description: 'Default: the customer' }),
    payment_method: z.enum(PaymentMethod).openapi({
      description:
        'cash: accepted at once; card / payme / click / uzum: awaits payment (send_payment_link texts the link)',
    }),
    promo_code: z
      .string()
      .trim()
      .max(50, 'max_length')
      .nullish()
      .transform((v) => v || null),
    use_cashback: cashbackChoice.default(false),
    send_payment_link: z.boolean().default(false),
    idempotency_key: z.uuid().openapi({ description: 'A UUID made when the form is shown: sent twice, one order' }),
  })
  .superRefine(checkDeliveryPlace)
  .openapi('PhoneOrder')

export const phoneOrderPreviewSchema = editPreviewSchema
  .pick({
    items: true,
    subtotal: true,
    promo_code: true,
    discount: true,
    cashback_used: true,
    delivery_price: true,
    total: true,
    vat: true,
  })
  .extend({
    customer: z.object({ id: z.number().int().nullable(), created: z.boolean() }).openapi({
      description: 'The customer found by the phone; `created`: the phone has no account yet (one is made on placing)',
    }),
    status: z.number().int().openapi({ description: '3 (cash: accepted at once) or 1 (awaits online payment)' }),
  })
  .openapi('PhoneOrderPreview')

export const phoneOrderSchema = staffOrderSchema
  .extend({
    customer_created: z.boolean(),
    payment_link_sent: z
      .string()
      .nullable()
      .openapi({ description: 'The payment link texted to the customer, if one was' }),
  })
  .openapi('PhoneOrderPlaced')
