import { optionalPhoneSchema, phoneSchema, requiredText } from '#contract/account.ts'
import { Delivery, PaymentMethod } from '#contract/orders.ts'
import { TASHKENT_CITY } from '#contract/regions.ts'
import { z } from '#contract/zod.ts'

// The checkout step forms (browser-safe). The API checks the same again when
// the order is placed (api/orders/schemas.ts); these give the customer the
// errors at the step where the field is.

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'max_length')
    .optional()
    .transform((v) => v || undefined)

const coordinate = (limit: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? undefined : Number(v)),
    z.number().min(-limit).max(limit).optional(),
  )

/** Step 1 for a courier. `map` is set by the map picker once it has loaded: then the point is required. */
export const addressForm = z
  .object({
    region: requiredText(10),
    district: optionalText(99),
    district_text: optionalText(99),
    street: requiredText(255),
    house: requiredText(20),
    flat: optionalText(20),
    landmark: optionalText(255),
    latitude: coordinate(90),
    longitude: coordinate(180),
    map: z.string().optional(),
  })
  .superRefine((a, ctx) => {
    if (a.region === TASHKENT_CITY && !a.district)
      ctx.addIssue({ code: 'custom', path: ['district'], message: 'required' })
    if (a.map === '1' && (a.latitude === undefined || a.longitude === undefined))
      ctx.addIssue({ code: 'custom', path: ['map'], message: 'choose_on_map' })
  })

/** Step 1 for pickup: one of the shop's points (the server checks that it is one of them). */
export const pickupForm = z.object({
  delivery: z.enum(Delivery, { error: 'required' }),
  pickup_point: requiredText(40),
})

/** Step 2. */
export const contactForm = z.object({
  name: requiredText(99),
  phone: phoneSchema,
  extra_phone: optionalPhoneSchema.optional(),
})

/** Step 3. */
export const paymentForm = z.object({
  payment_method: z.enum(PaymentMethod, { error: 'required' }),
  /** A saved card's id, or `new` for the provider's page (payment by card). */
  card_id: z
    .string()
    .regex(/^(new|\d{1,9})$/, 'card_invalid')
    .optional(),
  promo_code: optionalText(50),
  use_cashback: z.string().optional(),
  idempotency_key: z.uuid(),
})

/** The intents of the step forms. */
export const CheckoutIntent = {
  next: 'next',
  back: 'back',
  applyPromo: 'apply-promo',
  removePromo: 'remove-promo',
  place: 'place',
} as const
