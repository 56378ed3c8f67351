import type { FieldName } from '#app/utils/form-fields.ts'
import { QUANTITY_MAX } from '#contract/basket.ts'
import { languages } from '#contract/languages.ts'
import { Delivery, PaymentMethod } from '#contract/orders.ts'
import { z } from '#contract/zod.ts'

// The forms of an order's draft: its lines, place and receiver, as the edit and
// phone-order screens post them (conform's names: `items[0].quantity`,
// `address.region`, the API's own paths, so its errors name the fields). Every
// post carries the whole draft; what is typed is kept as typed, and the API
// checks it. The pages take only the types: no zod reaches them.

/** A typed text; an empty one (conform sends none) is ''. */
const text = z.string().trim().default('')

/** A line: the product, how many (0 takes it out; empty: 1), its title and price as last shown. */
const draftLine = z.object({
  product_id: z.number().int().min(1).max(999_999_999),
  quantity: z
    .number()
    .int()
    .min(0)
    .catch(1)
    .transform((quantity) => Math.min(quantity, QUANTITY_MAX)),
  title: text,
  unit_price: z.number().int().min(0),
})

/** The draft both screens share, and `q`: the products being looked for. */
export const draftForm = z.object({
  items: z
    .array(draftLine)
    .default([])
    .transform((lines) =>
      lines.filter((line, n) => line.quantity > 0 && lines.findIndex((l) => l.product_id === line.product_id) === n),
    ),
  delivery: z.enum(Delivery).catch('pickup'),
  address: z.object({
    region: text,
    district: text,
    district_text: text,
    street: text,
    house: text,
    flat: text,
    landmark: text,
  }),
  pickup_point: text,
  receiver: z.object({ name: text, phone: text, extra_phone: text }),
  q: text,
})

/** An order's edit: the `updated_at` the page was opened with (a change made meanwhile is refused), and why. */
export const orderEditForm = draftForm.extend({ expected_updated_at: text, reason: text })

/** A phone order: who calls, in which language, how they pay; one order per form (`idempotency_key`). */
export const phoneOrderForm = draftForm.extend({
  customer: z.object({ phone: text, name: text }),
  lang: z.enum(languages),
  payment_method: z.enum(PaymentMethod),
  promo_code: text,
  use_cashback: z.boolean().default(false),
  send_payment_link: z.boolean().default(false),
  idempotency_key: text,
})

export type Draft = z.output<typeof draftForm>
export type DraftLine = Draft['items'][number]
export type OrderEditDraft = z.output<typeof orderEditForm>
export type PhoneOrderDraft = z.output<typeof phoneOrderForm>

/** The name of a draft's field on either screen. */
export type DraftFieldName = FieldName<typeof orderEditForm> | FieldName<typeof phoneOrderForm>
