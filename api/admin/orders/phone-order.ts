import { and, eq, isNull } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Db, Tx } from '../../db/client.ts'
import { users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { isUniqueViolation } from '../../orders/db-errors.ts'
import { createOrder, type NewOrder, previewPlacedOrder } from '../../orders/placing.ts'
import { orRolledBack } from '../../orders/rolled-back.ts'
import { type OrderItemRow, type OrderRow, orderItemsOf } from '../../orders/service.ts'
import { orderPaymentLink } from './payment-link.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

/** The checkout's order fields without the receiver (which defaults to the customer) or a saved card. */
type PlaceFields = NewOrder extends infer T
  ? T extends unknown
    ? Omit<T, 'receiver' | 'card_id'> & { receiver: NewOrder['receiver'] | null }
    : never
  : never

export type PhoneOrder = {
  /** The customer as the caller gives them: found by the phone, or a new account with this name (then required). */
  customer: { phone: string; name: string | null }
  /** The language the customer is told in. */
  lang: Lang
  items: { productId: number; quantity: number }[]
  /** The checkout's order fields; the receiver defaults to the customer. */
  order: PlaceFields
  /** For an online method: text the customer the payment link. */
  sendPaymentLink: boolean
  actor: StaffOrderActor
}

export type PhoneOrderResult = {
  order: OrderRow
  items: OrderItemRow[]
  customer: { id: number; created: boolean }
  /** The payment link sent by SMS, when one was. */
  paymentLink: string | null
  created: boolean
}

/**
 * An order a staff member takes by phone, for a customer found by the phone
 * number or created with it (an account without a password: the customer
 * sets one with the "forgot password" SMS). The order is placed by the
 * checkout's own code (orders/placing.ts `createOrder`, source `staff`): the
 * same stock, price, promo, cashback and delivery rules, one order per
 * `idempotency_key`. The customer and the order are one transaction (no
 * customer is left without the order that made them), audited
 * `customer.create` and `order.create`; the timeline says which staff member
 * placed it. An online order's payment link is texted to the customer when
 * asked (audited `order.payment_link_sms`). `preview` computes it all and
 * writes nothing.
 */
export async function takePhoneOrder(
  db: Db,
  input: PhoneOrder,
  ctx: StaffOrderCtx,
  options: { preview?: boolean } = {},
): Promise<PhoneOrderResult> {
  // A preview is rolled back with what it would have placed, the customer it would have created too.
  const place = () =>
    orRolledBack<PhoneOrderResult>((rollBack) => placeOnce(db, input, ctx, options.preview ? rollBack : null))
  let result: PhoneOrderResult
  try {
    result = await place()
  } catch (error) {
    // Two staff members took the same new customer's first order at once: the other one created the account.
    if (!isUniqueViolation(error)) throw error
    result = await place()
  }
  if (options.preview) return result
  if (result.created) await invalidateCatalogue(db)
  if (result.created && input.sendPaymentLink && result.order.status === 1) {
    const link = await orderPaymentLink(db, { orderId: result.order.id, sendSms: true, actor: input.actor }, ctx)
    result.paymentLink = link.url
  }
  return result
}

function placeOnce(
  db: Db,
  input: PhoneOrder,
  ctx: StaffOrderCtx,
  preview: ((result: PhoneOrderResult) => never) | null,
): Promise<PhoneOrderResult> {
  const { lang, now, config } = ctx
  return db.transaction(async (tx) => {
    const customer = await customerFor(tx, input, now, lang)
    const order: NewOrder = {
      ...input.order,
      card_id: null,
      receiver: input.order.receiver ?? { name: customer.name, phone: input.customer.phone, extra_phone: null },
    }
    const source = {
      kind: 'staff' as const,
      lines: input.items,
      actor: input.actor,
      orderLang: input.lang,
      placed: (placedTx: Tx, placed: OrderRow) =>
        recordAudit(placedTx, {
          ...input.actor,
          action: 'order.create',
          entity: 'order',
          entityId: placed.id,
          after: {
            customer_id: customer.id,
            total: placed.total,
            payment_method: placed.paymentMethod,
            delivery: placed.delivery,
            items: input.items.map((i) => ({ product_id: i.productId, quantity: i.quantity })),
          },
          at: now,
        }),
    }
    // The transaction is passed on as the database: the order's own transaction becomes a savepoint of this one.
    if (preview) {
      const placed = await previewPlacedOrder(tx, customer.id, order, { lang, config, now, source })
      preview({
        ...placed,
        customer: { id: customer.id, created: customer.created },
        paymentLink: null,
        created: false,
      })
    }
    const placed = await createOrder(tx, customer.id, order, { lang, config, now, source })
    const items = (await orderItemsOf(tx, [placed.order.id])).get(placed.order.id) ?? []
    const who = { id: customer.id, created: customer.created }
    return { order: placed.order, items, customer: who, paymentLink: null, created: placed.created }
  })
}

/** The customer with this phone, or a new one created with it and the caller's name (audited). */
async function customerFor(tx: Tx, input: PhoneOrder, now: Date, lang: Lang) {
  const { phone, name } = input.customer
  const [found] = await tx
    .select({ id: users.id, name: users.fullName })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
  if (found) return { id: found.id, created: false, name: found.name || phone }
  if (!name) {
    const detail = message(lang, 'admin_phone_order_name_required')
    throw new ApiError(400, detail, [{ field: 'customer.name', message: detail }])
  }
  const [created] = await tx.insert(users).values({ phone, fullName: name, createdAt: now }).returning({ id: users.id })
  await recordAudit(tx, {
    ...input.actor,
    action: 'customer.create',
    entity: 'customer',
    entityId: created!.id,
    after: { phone, full_name: name, via: 'phone_order' },
    at: now,
  })
  return { id: created!.id, created: true, name }
}
