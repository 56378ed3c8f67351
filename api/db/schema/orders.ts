import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from './accounts.ts'
import { products } from './catalogue.ts'
import { createdAt, localized, moment } from './columns.ts'
import type { StoredPickupPoint } from './content.ts'
import { staff } from './staff.ts'

/**
 * Promo codes: `percent` (1–100) or `amount` (whole sum) off the goods, from
 * `min_total`, between `valid_from` and `valid_to`, at most `usage_limit`
 * orders (`used_count` counts orders that are not cancelled) and at most
 * `per_customer_limit` per customer. Codes are kept upper-case. `active`
 * false: paused by staff.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial().primaryKey(),
    code: text().notNull().unique(),
    percent: smallint(),
    amount: integer(),
    minTotal: integer('min_total').notNull().default(0),
    validFrom: moment('valid_from'),
    validTo: moment('valid_to'),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    perCustomerLimit: integer('per_customer_limit'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('promo_per_customer_positive', sql`${t.perCustomerLimit} IS NULL OR ${t.perCustomerLimit} > 0`),
    check(
      'promo_percent_or_amount',
      sql`(${t.percent} IS NOT NULL AND ${t.percent} BETWEEN 1 AND 100 AND ${t.amount} IS NULL) OR (${t.percent} IS NULL AND ${t.amount} > 0)`,
    ),
    check(
      'promo_used_within_limit',
      sql`${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
)

/**
 * The last order number given: one row (made by the first order), taken
 * (`last + 1`) in the transaction that places an order, so a checkout that
 * rolls back (stock gone, a phone order only previewed) gives its number back
 * and the books have no gaps. A sequence could not: `nextval` is never rolled
 * back. The order's number is its id (api/orders/numbers.ts).
 */
export const orderNumbers = pgTable(
  'order_numbers',
  {
    id: smallint().primaryKey().default(1),
    last: integer().notNull(),
  },
  (t) => [check('order_numbers_one_row', sql`${t.id} = 1`)],
)

/**
 * Orders. `status` is the order state (api/orders/states.ts: 1 awaiting payment,
 * 2 cancelled, 3 accepted, 4 ready for delivery, 5 on the way, 6 delivered);
 * `payment_status` is separate (pending, paid, failed, refund_pending, refunded). Money in whole sum.
 * `total` is what the customer pays: goods − discount − cashback + delivery (VAT included).
 * `lang` is the interface language the order was placed in (the customer's SMS use it);
 * `assigned_staff_id` the courier or staff member it is given to; `staff_seen_at`
 * when a staff member first opened it in the back office (the desk's "new" badge).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: uuid('idempotency_key').notNull(),
    status: smallint().notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentStatus: text('payment_status').notNull().default('pending'),
    cardId: integer('card_id'),
    delivery: text().notNull(),
    // The address is for courier orders; a pickup order has none and names its point instead.
    region: text(),
    district: text(),
    street: text(),
    house: text(),
    flat: text(),
    landmark: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    /** The pickup point as it was when the order was placed (a later contacts edit keeps it). */
    pickupPoint: jsonb('pickup_point').$type<StoredPickupPoint>(),
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    receiverExtraPhone: text('receiver_extra_phone'),
    // Money that adds up (an order's sums, payments, the cashback ledger) is bigint: past 2^31 it must not overflow.
    subtotal: bigint({ mode: 'number' }).notNull(),
    promoCode: text('promo_code'),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id),
    discount: bigint({ mode: 'number' }).notNull().default(0),
    cashbackUsed: bigint('cashback_used', { mode: 'number' }).notNull().default(0),
    deliveryPrice: bigint('delivery_price', { mode: 'number' }).notNull().default(0),
    total: bigint({ mode: 'number' }).notNull(),
    vat: bigint({ mode: 'number' }).notNull(),
    paidTotal: bigint('paid_total', { mode: 'number' }).notNull().default(0),
    // Money given back while the order stands (an edit that lowered a paid total, returns): refunds owed or made.
    refundedTotal: bigint('refunded_total', { mode: 'number' }).notNull().default(0),
    // What returns took off the sale (the goods' money refunded): the revenue is total − returned_total.
    returnedTotal: bigint('returned_total', { mode: 'number' }).notNull().default(0),
    cashbackEarned: bigint('cashback_earned', { mode: 'number' }).notNull().default(0),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
    paidAt: moment('paid_at'),
    cancelledAt: moment('cancelled_at'),
    deliveredAt: moment('delivered_at'),
    lang: text().notNull().default('ru').$type<'uz' | 'sr' | 'ru'>(),
    assignedStaffId: integer('assigned_staff_id').references(() => staff.id, { onDelete: 'set null' }),
    staffSeenAt: moment('staff_seen_at'),
  },
  (t) => [
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    // The back office's list: newest first, by status tab.
    index('orders_status_idx').on(t.status, t.id),
    index('orders_user_status_idx').on(t.userId, t.status, t.id),
    // A code's usage list and its per-customer limit.
    index('orders_promo_code_idx').on(t.promoCodeId, t.userId).where(sql`${t.promoCodeId} IS NOT NULL`),
    // The expiry job's scan: orders awaiting payment, oldest first.
    index('orders_awaiting_payment_idx').on(t.createdAt).where(sql`${t.status} = 1`),
    // A courier needs somewhere to go (pickup orders placed before points existed kept an address).
    check(
      'orders_courier_address',
      sql`${t.delivery} <> 'courier' OR (${t.region} IS NOT NULL AND ${t.street} IS NOT NULL AND ${t.house} IS NOT NULL)`,
    ),
    check('orders_amounts_non_negative', sql`${t.total} >= 0 AND ${t.discount} >= 0 AND ${t.cashbackUsed} >= 0`),
    check('orders_refunds_within_paid', sql`${t.refundedTotal} >= 0 AND ${t.refundedTotal} <= ${t.paidTotal}`),
  ],
)

/** The order's lines as they were bought: title in every language and the unit price then. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial().primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    slug: text().notNull(),
    title: localized('title').notNull(),
    unitPrice: integer('unit_price').notNull(),
    regularPrice: integer('regular_price').notNull(),
    quantity: integer().notNull(),
    // Units the customer brought back after delivery (returns); the line still says what was sold.
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_returned_within', sql`${t.returnedQuantity} >= 0 AND ${t.returnedQuantity} <= ${t.quantity}`),
  ],
)

/**
 * Cash a staff member (a courier, or whoever took a pickup order's money)
 * handed over to the shop: `amount` is the sum of the cash payments it
 * covers (`payments.handover_id`), `received_by` the manager who counted it.
 */
export const cashHandovers = pgTable(
  'cash_handovers',
  {
    id: serial().primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    receivedBy: integer('received_by').references(() => staff.id, { onDelete: 'set null' }),
    amount: bigint({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cash_handovers_staff_idx').on(t.staffId, t.id),
    check('cash_handovers_amount_positive', sql`${t.amount} > 0`),
  ],
)

/**
 * One attempt to pay an order through a provider (sandbox, payme, click).
 * `external_id` is the provider's transaction id; Payme's own state
 * (1, 2, −1, −2), times in ms and cancel reason are kept as Payme wants them back.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial().primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text().notNull(),
    externalId: text('external_id'),
    amount: bigint({ mode: 'number' }).notNull(),
    status: text().notNull().default('pending'),
    providerState: smallint('provider_state'),
    // The provider's own time of the transaction (Payme `time`, ms).
    providerTime: bigint('provider_time', { mode: 'number' }),
    createTime: bigint('create_time', { mode: 'number' }),
    performTime: bigint('perform_time', { mode: 'number' }),
    cancelTime: bigint('cancel_time', { mode: 'number' }),
    reason: smallint(),
    // Click's payment number (click_paydoc_id): what its reversal API names the payment by.
    providerPaymentId: text('provider_payment_id'),
    // Money back (payments/refunds.ts): tries so far, when last tried, the last failure, when refunded.
    refundAttempts: smallint('refund_attempts').notNull().default(0),
    refundTriedAt: moment('refund_tried_at'),
    refundError: text('refund_error'),
    refundedAt: moment('refunded_at'),
    createdAt: createdAt(),
    // Cash: the staff member who took it from the customer, and the handover that brought it to the shop.
    collectedBy: integer('collected_by').references(() => staff.id, { onDelete: 'set null' }),
    handoverId: integer('handover_id').references(() => cashHandovers.id),
  },
  (t) => [
    // The cash each staff member still holds: their cash payments not yet handed over.
    index('payments_cash_held_idx').on(t.collectedBy).where(sql`${t.provider} = 'cash' AND ${t.handoverId} IS NULL`),
    uniqueIndex('payments_external_idx').on(t.provider, t.externalId),
    index('payments_order_idx').on(t.orderId),
    index('payments_create_time_idx').on(t.provider, t.createTime),
    index('payments_refund_pending_idx').on(t.id).where(sql`${t.status} = 'refund_pending'`),
  ],
)

/**
 * The cashback ledger behind users.cashback_balance: every change of the
 * balance is a row (spent at checkout −, refunded on cancel +, earned on
 * delivery +, a staff adjustment ± with its `note`, staff editing the order ±,
 * a return ± giving back what the returned goods were paid with and taking back
 * what they earned). Spent, refunded and earned happen at most once per order.
 */
export const cashbackEntries = pgTable(
  'cashback_entries',
  {
    id: serial().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id),
    amount: bigint({ mode: 'number' }).notNull(),
    reason: text().notNull(),
    createdAt: createdAt(),
    // What the customer reads for a staff `adjustment` (the back office's reason).
    note: text(),
  },
  (t) => [
    index('cashback_entries_user_idx').on(t.userId, t.id),
    uniqueIndex('cashback_entries_order_reason_idx')
      .on(t.orderId, t.reason)
      .where(sql`${t.reason} in ('spent', 'refund', 'earned')`),
  ],
)

/**
 * Saved bank cards: the provider's token, the masked number, expiry and
 * payment system. The full number is never stored. `verified_at` is set once
 * the SMS code was confirmed; unverified cards are not listed.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: serial().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    token: text().notNull(),
    masked: text().notNull(),
    expiry: text().notNull(),
    system: text().notNull(),
    phone: text(),
    // Keyed HMAC of the card number (never the number): the same card is saved once per customer.
    fingerprint: text().notNull(),
    // HMAC of the sandbox verification code, with its expiry and attempts.
    codeHash: text('code_hash'),
    codeExpiresAt: moment('code_expires_at'),
    attempts: smallint().notNull().default(0),
    verifiedAt: moment('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_cards_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_cards_user_fingerprint_idx').on(t.userId, t.fingerprint).where(sql`${t.verifiedAt} IS NOT NULL`),
  ],
)

/**
 * The order's status changes, for the desk's timeline: from → to, when, who
 * (`staff_id` and `actor` as in the audit log: `staff:3`, `key:1`, `customer`,
 * `system`), through what (`via`) and why (`reason`, e.g. a cancel reason).
 */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial().primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text().notNull(),
    via: text().notNull(),
    reason: text(),
    at: moment('at').notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
)

/**
 * Messages to send (api/notifications/): a customer SMS or a Telegram
 * message, written in the same transaction as the order change that causes
 * it and sent by the periodic dispatcher (any number of processes: rows are
 * claimed with FOR UPDATE SKIP LOCKED). `recipient` is a phone (`sms`) or a
 * chat id (`telegram`; `staff` is TELEGRAM_CHAT_ID). `text` is the message, or
 * `payload` says what to build at sending time (`{kind: 'new_order', order_id}`).
 * A failed try sets `last_error` and `next_attempt_at` further away; `sent_at` once sent.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    channel: text().notNull().$type<'sms' | 'telegram'>(),
    recipient: text().notNull(),
    text: text(),
    payload: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull().defaultNow(),
    sentAt: moment('sent_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('notification_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} IS NULL`),
    check('notification_outbox_channel_known', sql`${t.channel} in ('sms', 'telegram')`),
  ],
)

/**
 * What staff did to an order besides moving it, for the desk's timeline: an
 * internal `note` (never shown to the customer), an `edit` (its lines,
 * delivery or address changed before it shipped), a `return` (goods brought
 * back after delivery) or a `refund` recorded on its own. `text` is the note
 * or the reason; `changes` the before → after of an edit or what a return
 * took back (`{before, after}` or `{items, refund, ...}`). Who as in the audit log.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial().primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text().notNull().$type<'note' | 'edit' | 'return' | 'refund'>(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text().notNull(),
    via: text().notNull(),
    text: text(),
    changes: jsonb().$type<Record<string, unknown>>(),
    at: moment('at').notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    check('order_events_kind_known', sql`${t.kind} in ('note', 'edit', 'return', 'refund')`),
  ],
)

/**
 * Money given back for part of an order that stands (an edit that lowered a
 * paid total, a return): `provider` through the payment it was paid with
 * (`payment_id`; the sandbox at once, a whole Click or saved-card payment by
 * its reversal, `pending` until the provider has answered) or `cash` handed
 * back by staff (recorded when done). The event is the edit or return it is for.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial().primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').references(() => orderEvents.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id),
    amount: bigint({ mode: 'number' }).notNull(),
    method: text().notNull().$type<'provider' | 'cash'>(),
    status: text().notNull().$type<'pending' | 'refunded'>(),
    createdAt: createdAt(),
    refundedAt: moment('refunded_at'),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    index('order_refunds_payment_idx').on(t.paymentId).where(sql`${t.paymentId} IS NOT NULL`),
    check('order_refunds_amount_positive', sql`${t.amount} > 0`),
    check('order_refunds_method_known', sql`${t.method} in ('provider', 'cash')`),
    check('order_refunds_status_known', sql`${t.status} in ('pending', 'refunded')`),
  ],
)
