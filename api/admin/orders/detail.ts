import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderStatusHistory, payments, staff, users } from '../../db/schema/index.ts'
import type { Lang } from '../../http/locale.ts'
import type { MediaLinks } from '../../media/links.ts'
import { linePictures } from '../../orders/pictures.ts'
import { type OrderRow, orderItemsOf, statusLabel } from '../../orders/service.ts'
import { type OrderStatus, statusNames } from '../../orders/states.ts'
import { type OrderViewContext, orderView } from '../../orders/views.ts'
import { changesIn, type EventChanges, orderEventsOf } from './events.ts'
import { deskStatus } from './list.ts'
import { yandexMapsUrl } from './map-link.ts'
import { paidPayments, refundOptions, refundsOf } from './money-back.ts'
import { maskPhone } from './phones.ts'
import { nextStatusesFor } from './status.ts'
import { type OrderViewer, seesPhones } from './viewer.ts'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** A status of an order of `delivery` as the desk shows it (pickup has its own words). */
export const statusOf = (lang: Lang, status: number, delivery: string) => ({
  status,
  name: statusNames[status as OrderStatus],
  label: statusLabel(lang, status, delivery),
})

/**
 * What a status move answers: where the order now stands (a cancelled paid
 * order's refund shows in `payment_status`) and where the viewer may move it
 * next. The page that moved it builds the whole order again anyway.
 */
export function staffStatusMove(order: OrderRow, viewer: OrderViewer & { lang: Lang }) {
  const { lang } = viewer
  return {
    ...deskStatus(order, lang),
    payment_status: order.paymentStatus,
    next_statuses: nextStatusesFor(viewer, order).map((s) => statusOf(lang, s, order.delivery)),
    updated_at: order.updatedAt.toISOString(),
  }
}

/**
 * The order page of the desk: the customer's view of the order (orders/views.ts,
 * item pictures included) and what staff need besides: the customer, the map link,
 * the assignee, every payment, the timeline of status changes with who made
 * them, and the moves the viewer may make now. Phones are masked for roles
 * without `customers.phone`, but for a courier on an order given to them.
 */
export async function staffOrderDetail(
  db: Db,
  order: OrderRow,
  viewer: OrderViewer & { lang: Lang },
  media: MediaLinks,
  config: OrderViewContext['config'],
) {
  const { lang } = viewer
  const items = (await orderItemsOf(db, [order.id])).get(order.id) ?? []
  const [pictures, [customer], paymentRows, history, [assignee], events, refunds, paid] = await Promise.all([
    linePictures(db, items, media),
    db.select({ id: users.id, name: users.fullName, phone: users.phone }).from(users).where(eq(users.id, order.userId)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    db
      .select({ row: orderStatusHistory, staffName: staff.name })
      .from(orderStatusHistory)
      .leftJoin(staff, eq(staff.id, orderStatusHistory.staffId))
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id)),
    order.assignedStaffId == null
      ? Promise.resolve([])
      : db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, order.assignedStaffId)),
    orderEventsOf(db, order.id),
    refundsOf(db, order.id),
    paidPayments(db, order.id),
  ])
  const phones = seesPhones(viewer, order)
  const phone = (value: string | null) => (phones ? value : maskPhone(value))
  return {
    ...orderView(order, items, { lang, pictures, config }),
    receiver: {
      name: order.receiverName,
      phone: phone(order.receiverPhone) ?? '',
      extra_phone: phone(order.receiverExtraPhone),
    },
    customer: customer ? { id: customer.id, name: customer.name, phone: phone(customer.phone) } : null,
    phones_masked: !phones,
    map_url: yandexMapsUrl(order),
    lang: order.lang,
    assigned_staff: assignee ?? null,
    is_new: order.status === 3 && !order.staffSeenAt,
    refunds,
    refund_options: refundOptions(paid),
    payments: paymentRows.map((p) => ({
      id: p.id,
      provider: p.provider,
      amount: p.amount,
      status: p.status,
      created_at: p.createdAt.toISOString(),
      refund_attempts: p.refundAttempts,
      refund_error: p.refundError,
      refunded_at: iso(p.refundedAt),
    })),
    // Status changes and what staff did besides (notes, edits, returns, refunds), oldest first.
    timeline: [
      ...history.map(({ row, staffName }) => ({
        id: row.id,
        kind: 'status' as const,
        from: row.fromStatus == null ? null : statusOf(lang, row.fromStatus, order.delivery),
        to: statusOf(lang, row.toStatus, order.delivery),
        at: row.at,
        actor: row.actor,
        via: row.via,
        staff: row.staffId == null ? null : { id: row.staffId, name: staffName ?? '' },
        reason: row.reason,
        text: null,
        changes: null,
      })),
      ...events.map(({ row, staffName }) => ({
        id: row.id,
        // An exchange is stored as a return that carries the goods taken instead.
        kind: isExchange(row.changes as EventChanges | null) ? ('exchange' as const) : row.kind,
        from: null,
        to: null,
        at: row.at,
        actor: row.actor,
        via: row.via,
        staff: row.staffId == null ? null : { id: row.staffId, name: staffName ?? '' },
        reason: null,
        text: row.text,
        changes: changesIn(row.changes as EventChanges | null, lang),
      })),
    ]
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((step) => ({ ...step, at: step.at.toISOString() })),
    next_statuses: nextStatusesFor(viewer, order).map((s) => statusOf(lang, s, order.delivery)),
    updated_at: order.updatedAt.toISOString(),
  }
}

const isExchange = (changes: EventChanges | null) => changes != null && 'replacement' in changes.after
