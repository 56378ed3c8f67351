import { z } from '@hono/zod-openapi'
import { optionalPhoneSchema, phoneSchema, requiredText } from '#contract/account.ts'
import { TASHKENT_CITY } from '#contract/regions.ts'
import { imageLinksSchema } from '../catalogue/schemas.ts'
import { pickupPointSchema } from '../content/pickup-points.ts'
import { findRegion } from '../geo/regions.ts'
import { pagedSchema } from '../http/paging.ts'
import { INT_MAX, idParam, idSchema } from '../http/schemas.ts'
import { Delivery, orderStatuses, PaymentMethod, PaymentStatus } from './states.ts'

const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max, 'max_length')
    .nullish()
    .transform((v) => (v ? v : null))

export const cashbackChoice = z.union([z.boolean(), z.number().int().min(0).max(INT_MAX)])

export const addressSchema = z
  .object({
    region: z.string().openapi({ description: 'SOATO code of the region (GET geo/regions/)', example: '1726' }),
    district: optionalText(99).openapi({
      description: 'Tashkent city: one of its district codes (required); elsewhere free text (district or city)',
      example: '1726294',
    }),
    street: requiredText(255),
    house: requiredText(20),
    flat: optionalText(20),
    landmark: optionalText(255),
    latitude: z
      .number()
      .min(-90)
      .max(90)
      .nullish()
      .transform((v) => v ?? null),
    longitude: z
      .number()
      .min(-180)
      .max(180)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((a, ctx) => {
    const region = findRegion(a.region)
    if (!region) ctx.addIssue({ code: 'custom', path: ['region'], message: 'order_unknown_region' })
    else if (region.code === TASHKENT_CITY && !region.districts.some((d) => d.code === a.district))
      ctx.addIssue({ code: 'custom', path: ['district'], message: 'order_unknown_district' })
    if ((a.latitude == null) !== (a.longitude == null))
      ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'order_location_required' })
  })
  .openapi('OrderAddress')

/** Who receives the order: a name and a phone to call, and another phone maybe. */
export const receiverSchema = z.object({
  name: requiredText(99),
  phone: phoneSchema.openapi({ example: '+998901234567' }),
  extra_phone: optionalPhoneSchema.nullish().transform((v) => v ?? null),
})

/** `address` for a courier, `pickup_point` for pickup: each needs its own and drops the other. */
export function checkDeliveryPlace(
  o: { delivery: string; address: unknown; pickup_point: string | null },
  ctx: z.RefinementCtx,
) {
  if (o.delivery === 'courier' && !o.address)
    ctx.addIssue({ code: 'custom', path: ['address'], message: 'order_address_required' })
  if (o.delivery === 'pickup' && !o.pickup_point)
    ctx.addIssue({ code: 'custom', path: ['pickup_point'], message: 'order_unknown_pickup_point' })
}

export const createOrderBody = z
  .object({
    address: addressSchema
      .nullish()
      .transform((v) => v ?? null)
      .openapi({ description: 'Where the courier brings the order: required for courier, left out for pickup' }),
    pickup_point: z
      .string()
      .max(40)
      .nullish()
      .transform((v) => v ?? null)
      .openapi({ description: "For pickup: the id of one of the shop's points (GET content/contacts/ pickup_points)" }),
    receiver: receiverSchema,
    delivery: z
      .enum(Delivery)
      .openapi({ description: 'courier (priced by region) to `address`, or pickup (free) at `pickup_point`' }),
    payment_method: z.enum(PaymentMethod).openapi({
      description:
        'cash: on delivery, the order is accepted at once (status 3). card / payme / click / uzum: the order awaits ' +
        'payment (status 1) until POST payments/{order_id}/start/ is completed. A method the shop does not take ' +
        '(uzum without Uzum Bank set up; see `payment_methods` of orders/preview/): 400.',
    }),
    card_id: idSchema
      .nullish()
      .transform((v) => v ?? null)
      .openapi({
        description: 'A verified saved card of the customer (GET cards/) for payment_method card',
      }),
    promo_code: optionalText(50),
    use_cashback: cashbackChoice.default(false).openapi({
      description:
        'true: as much of the cashback balance as the goods allow; a number: that many sum (more than the balance: 400); false/0: none',
    }),
    idempotency_key: z.uuid().openapi({
      description:
        'A UUID generated when the checkout form is shown; resubmitting with it returns the same order (200)',
    }),
  })
  .superRefine(checkDeliveryPlace)
  .transform((o) => (o.delivery === 'pickup' ? { ...o, address: null } : { ...o, pickup_point: null }))
  .openapi('NewOrder')

export const orderPreviewBody = z
  .object({
    region: z
      .string()
      .refine((code) => findRegion(code) !== undefined, 'order_unknown_region')
      .nullish()
      .transform((v) => v ?? null)
      .openapi({
        description: 'SOATO code of the delivery region (GET geo/regions/); without it only pickup is priced',
        example: '1726',
      }),
    promo_code: optionalText(50),
    delivery: z
      .enum(Delivery)
      .optional()
      .openapi({ description: 'Only this delivery way; default: both (pickup only without a region)' }),
    use_cashback: cashbackChoice.optional().openapi({
      description: 'Only this choice (as in POST orders/; a number above the balance: 400); default: false and true',
    }),
  })
  .superRefine((o, ctx) => {
    if (o.delivery === 'courier' && !o.region)
      ctx.addIssue({ code: 'custom', path: ['region'], message: 'order_unknown_region' })
  })
  .openapi('OrderPreviewInput')

export const orderPreviewSchema = z
  .object({
    subtotal: z.number().int().openapi({ description: 'Goods in the basket at current prices' }),
    promo_code: z.string().nullable().openapi({ description: 'The code applied (normalised), or null' }),
    discount: z.number().int().openapi({ description: 'Promo code discount' }),
    cashback_balance: z.number().int(),
    vat_percent: z.number().int(),
    options: z
      .array(
        z.object({
          delivery: z.enum(Delivery),
          use_cashback: cashbackChoice,
          delivery_price: z.number().int(),
          cashback_used: z.number().int(),
          total: z.number().int().openapi({ description: 'subtotal − discount − cashback_used + delivery_price' }),
          vat: z.number().int().openapi({ description: 'VAT included in total' }),
          cashback_earned: z.number().int().openapi({ description: 'Cashback the order earns once delivered' }),
        }),
      )
      .openapi({
        description: 'One per delivery way × cashback choice asked for (courier first, without cashback first)',
      }),
    payment_methods: z.array(z.enum(PaymentMethod)).openapi({
      description: 'The payment methods the order may be placed with (uzum once the shop has Uzum Bank set up)',
    }),
  })
  .openapi('OrderPreview')

const namedPlace = z.object({ code: z.string().nullable(), name: z.string() })

export const orderSchema = z
  .object({
    id: z.number().int(),
    number: z.string().openapi({ description: 'The order number shown to the customer', example: '000042' }),
    status: z.number().int().openapi({
      description:
        'docs/orders-and-payments.md "Order states": 1 awaiting payment, 2 cancelled, 3 accepted, 4 ready for delivery, 5 on the way, 6 delivered',
    }),
    status_name: z.string(),
    status_label: z.string().openapi({ description: 'Localised' }),
    steps: z.array(z.object({ status: z.number().int(), name: z.string(), label: z.string(), done: z.boolean() })),
    can_cancel: z.boolean(),
    can_pay: z.boolean().openapi({
      description:
        'An online order awaiting payment (status 1): POST payments/{order_id}/start/ pays it (again). ' +
        'Left unpaid it is cancelled (docs/orders-and-payments.md "Order states")',
    }),
    pay_by: z
      .string()
      .nullable()
      .openapi({
        format: 'date-time',
        description:
          'When an order that can be paid (`can_pay`) is cancelled if still unpaid: placed + ' +
          'ORDER_PAYMENT_TTL_MINUTES (a payment already under way may hold it a little longer); null otherwise',
      }),
    can_pay_extra: z.boolean().openapi({
      description:
        'Staff raised the total of this paid order: the extra (`amount_due`) can be paid online like the order was ' +
        '(POST payments/{order_id}/start/); otherwise it is collected on delivery',
    }),
    payment_method: z.string().openapi({ description: PaymentMethod.join(' | ') }),
    payment_status: z.string().openapi({ description: PaymentStatus.join(' | ') }),
    refund: z
      .object({
        status: z.enum(['refund_pending', 'refunded']),
        amount: z.number().int().openapi({ description: 'The sum paid that goes back' }),
        label: z.string().openapi({ description: 'Localised' }),
      })
      .nullable()
      .openapi({
        description:
          'A paid order that was cancelled: `refund_pending` while the provider has not given the money back ' +
          '(Payme, Uzum Bank: until they cancel the transaction; a failed card or Click refund is retried), then `refunded`. ' +
          'null otherwise',
      }),
    card_id: z.number().int().nullable(),
    delivery: z.string().openapi({ description: Delivery.join(' | ') }),
    delivery_price: z.number().int(),
    address: z
      .object({
        region: namedPlace,
        district: namedPlace.nullable(),
        street: z.string(),
        house: z.string(),
        flat: z.string().nullable(),
        landmark: z.string().nullable(),
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
      })
      .nullable()
      .openapi({ description: 'Where the courier goes; null for a pickup order' }),
    pickup_point: pickupPointSchema
      .nullable()
      .openapi({ description: 'Where a pickup order is collected, as the point was when it was placed; else null' }),
    receiver: z.object({ name: z.string(), phone: z.string(), extra_phone: z.string().nullable() }),
    items: z.array(
      z.object({
        id: z.number().int().openapi({ description: 'The line (a return names it)' }),
        product_id: z.number().int().nullable(),
        slug: z.string(),
        title: z.string(),
        unit_price: z.number().int(),
        regular_price: z.number().int(),
        quantity: z.number().int(),
        returned_quantity: z.number().int().openapi({ description: 'Units brought back after delivery' }),
        line_total: z.number().int(),
        image: imageLinksSchema
          .nullable()
          .openapi({ description: "The product's first picture; null without one or when it was removed" }),
      }),
    ),
    products_count: z.number().int(),
    subtotal: z.number().int().openapi({ description: 'Goods at the prices paid' }),
    promo_code: z.string().nullable(),
    discount: z.number().int().openapi({ description: 'Promo code discount' }),
    cashback_used: z.number().int(),
    vat_percent: z.number().int(),
    vat: z.number().int().openapi({ description: 'VAT included in total' }),
    total: z.number().int().openapi({ description: 'subtotal − discount − cashback_used + delivery_price' }),
    paid_total: z.number().int(),
    refunded_total: z
      .number()
      .int()
      .openapi({ description: 'Given back while the order stands (an edit lowered a paid total, goods returned)' }),
    returned_total: z.number().int().openapi({ description: 'What returns took off the sale' }),
    amount_due: z.number().int().openapi({
      description:
        'What the customer still owes: a cash order until paid, an online one awaiting payment, the extra after an edit raised a paid total',
    }),
    owed_back: z.number().int().openapi({
      description:
        'What the shop still owes the customer back (an edit lowered a paid total the provider could not return in part)',
    }),
    cashback_earned: z.number().int(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    cancel_reason: z
      .string()
      .nullable()
      .openapi({
        description:
          'Why it was cancelled: `customer`, `payment_timeout` (not paid within ORDER_PAYMENT_TTL_MINUTES), `payme` ' +
          'or `uzum` (the provider cancelled the paid transaction), or the text staff gave',
      }),
    delivered_at: z.string().nullable(),
  })
  .openapi('Order')

export const pagedOrders = pagedSchema(orderSchema).openapi('OrderPage')

export const orderConflictSchema = z
  .object({ detail: z.string(), items: z.array(z.record(z.string(), z.unknown())) })
  .openapi('OrderConflict')

export const statusListQuery = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null
    const list = value.split(',').map((s) => Number(s.trim()))
    if (list.some((n) => !orderStatuses.includes(n as never))) {
      ctx.addIssue({ code: 'custom', message: 'invalid' })
      return z.NEVER
    }
    return list
  })
  .openapi({ description: 'Comma-separated statuses, e.g. 3,4,5 (active) or 6,2 (history)', example: '3,4,5' })

export const orderIdParams = z.object({ id: idParam('id', 42) })
