import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, max, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { orderItems, orders, staff, users } from '../../db/schema/index.ts'
import { findRegion } from '../../geo/regions.ts'
import type { Lang } from '../../http/locale.ts'
import { amountDue } from '../../orders/balance.ts'
import { type OrderRow, statusLabel } from '../../orders/service.ts'
import { OrderStatus, orderNumber, statusNames } from '../../orders/states.ts'
import { placeLine } from '../../orders/views.ts'
import { yandexMapsUrl } from './map-link.ts'
import { digitsOf } from './phones.ts'

export type OrderFilters = {
  statuses?: number[] | null
  payment_status?: string | null
  payment_method?: string | null
  delivery?: string | null
  region?: string | null
  assigned_staff_id?: number | null
  /** Days in Tashkent time (UTC+5), both included: `2026-11-01`. */
  created_from?: string | null
  created_to?: string | null
  /** Order number, a phone in any format (only for `searchPhones`), or the receiver's (or customer's) name. */
  q?: string | null
  /** Whether `q` also finds phone digits: only for those who see phones (customers.phone). */
  searchPhones?: boolean
  /** Only the orders given to this staff member (a courier sees no others); `null`: none at all (a courier's key). */
  onlyAssignedTo?: number | null
}

/** Tashkent has no daylight saving: a day there starts at 19:00 UTC the day before. */
const tashkentDay = (day: string) => new Date(`${day}T00:00:00+05:00`)
const nextDay = (day: string) => new Date(tashkentDay(day).getTime() + 86_400_000)

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
const phoneDigits = (column: unknown) => sql`regexp_replace(coalesce(${column}, ''), '\\D', '', 'g')`

/**
 * The search: an order number (`42`, `000042`, `№42`), phone digits in any
 * format (4 or more: `90 123-45-67`, `+998901234567`) in the receiver's
 * phones or the customer's, or words of the receiver's or customer's name.
 * Phone digits only for `phones` (roles that see phones): a masked phone must
 * not be uncovered by searching its digits one guess at a time.
 */
function searchCondition(q: string, phones: boolean): SQL | undefined {
  const text = q.trim()
  if (!text) return undefined
  const digits = digitsOf(text)
  const conditions: (SQL | undefined)[] = [
    ilike(orders.receiverName, `%${escapeLike(text)}%`),
    ilike(users.fullName, `%${escapeLike(text)}%`),
  ]
  if (/^[\s№#]*\d{1,10}$/.test(text) && Number(digits) <= 2_147_483_647 && Number(digits) > 0)
    conditions.push(eq(orders.id, Number(digits)))
  if (phones && digits.length >= 4) {
    const like = `%${digits}%`
    conditions.push(
      sql`${phoneDigits(orders.receiverPhone)} like ${like}`,
      sql`${phoneDigits(orders.receiverExtraPhone)} like ${like}`,
      sql`${phoneDigits(users.phone)} like ${like}`,
    )
  }
  return or(...conditions)
}

function whereOf(filters: OrderFilters, withStatus: boolean) {
  return and(
    withStatus && filters.statuses?.length ? inArray(orders.status, filters.statuses) : undefined,
    filters.payment_status ? eq(orders.paymentStatus, filters.payment_status) : undefined,
    filters.payment_method ? eq(orders.paymentMethod, filters.payment_method) : undefined,
    filters.delivery ? eq(orders.delivery, filters.delivery) : undefined,
    filters.region ? eq(orders.region, filters.region) : undefined,
    filters.assigned_staff_id ? eq(orders.assignedStaffId, filters.assigned_staff_id) : undefined,
    filters.created_from ? gte(orders.createdAt, tashkentDay(filters.created_from)) : undefined,
    filters.created_to ? lt(orders.createdAt, nextDay(filters.created_to)) : undefined,
    filters.q ? searchCondition(filters.q, filters.searchPhones ?? false) : undefined,
    filters.onlyAssignedTo === undefined
      ? undefined
      : filters.onlyAssignedTo === null
        ? sql`false`
        : eq(orders.assignedStaffId, filters.onlyAssignedTo),
  )
}

/** The desk's list: filtered, newest first, one page; each row with its customer, assignee and item count. */
export async function listStaffOrders(db: Db, filters: OrderFilters, page: number, size: number) {
  const where = whereOf(filters, true)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        customerName: users.fullName,
        customerPhone: users.phone,
        assigneeName: staff.name,
        itemsCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(staff, eq(staff.id, orders.assignedStaffId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

/**
 * Orders per status under the other filters (the desk's tabs), their total,
 * and how many are new: accepted (paid online, or cash) and not yet opened
 * or moved by any staff member (`staff_seen_at`), i.e. the ones waiting for
 * someone to pick them up. Awaiting-payment orders are not new: nobody acts on them yet.
 * `latestFresh`, the newest new order's id, tells a new arrival even when a
 * colleague opened another order meanwhile and the count stayed the same.
 */
export async function countStaffOrders(db: Db, filters: OrderFilters) {
  const where = whereOf(filters, false)
  const [byStatus, [fresh]] = await Promise.all([
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .groupBy(orders.status),
    db
      .select({ n: count(), latest: max(orders.id) })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(where, eq(orders.status, OrderStatus.accepted), isNull(orders.staffSeenAt))),
  ])
  return {
    byStatus: new Map(byStatus.map((r) => [r.status, r.n])),
    fresh: fresh?.n ?? 0,
    latestFresh: fresh?.latest ?? null,
  }
}

type ListRow = Awaited<ReturnType<typeof listStaffOrders>>['rows'][number]

/** An order's number and status as the desk's answers give them (a pickup order's 4 and 6 in its own words). */
export const deskStatus = (order: Pick<OrderRow, 'id' | 'status' | 'delivery'>, lang: Lang) => ({
  id: order.id,
  number: orderNumber(order.id),
  status: order.status,
  status_name: statusNames[order.status as OrderStatus],
  status_label: statusLabel(lang, order.status, order.delivery),
})

/** One line of the desk's list; `phone` masks phones for roles without customers.phone. */
export function staffOrderRow(
  { order, customerName, customerPhone, assigneeName, itemsCount }: ListRow,
  lang: Lang,
  phone: (value: string | null) => string | null,
) {
  const region = order.region === null ? undefined : findRegion(order.region)
  return {
    ...deskStatus(order, lang),
    payment_method: order.paymentMethod,
    payment_status: order.paymentStatus,
    delivery: order.delivery,
    region: order.region === null ? null : { code: order.region, name: region ? region.name[lang] : order.region },
    receiver: { name: order.receiverName, phone: phone(order.receiverPhone) ?? '' },
    place: placeLine(order, lang),
    map_url: yandexMapsUrl(order.latitude, order.longitude),
    customer: { name: customerName, phone: phone(customerPhone) },
    assigned_staff: order.assignedStaffId == null ? null : { id: order.assignedStaffId, name: assigneeName ?? '' },
    items_count: itemsCount,
    total: order.total,
    amount_due: amountDue(order),
    is_new: order.status === OrderStatus.accepted && !order.staffSeenAt,
    created_at: order.createdAt.toISOString(),
  }
}
