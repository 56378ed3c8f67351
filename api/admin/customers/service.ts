import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '../../audit/record.ts'
import { addCashbackEntry } from '../../cashback/service.ts'
import type { Db } from '../../db/client.ts'
import { authSessions, cashbackEntries, orders, products, reviews, savedCards, users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import { type Lang, pick } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { statusLabel } from '../../orders/service.ts'
import { orderNumber } from '../../orders/states.ts'
import { digitsOf } from '../orders/phones.ts'

type UserRow = typeof users.$inferSelect
type Phone = (value: string | null) => string | null

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
const live = isNull(users.deletedAt)
// Spelled out: in a query of `users` alone drizzle leaves `users.id` unqualified, which the subquery would read as `orders.id`.
const ordersCount = sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = "users"."id")`

/** The search: phone digits in any format (4 or more), or part of the name (name and surname, one text). */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim()
  if (!text) return undefined
  const like = `%${escapeLike(text)}%`
  const conditions: SQL[] = [ilike(users.fullName, like)]
  const digits = digitsOf(text)
  if (digits.length >= 4) conditions.push(sql`${users.phone} like ${`%${digits}%`}`)
  return or(...conditions)
}

const blockedView = (row: Pick<UserRow, 'blockedAt' | 'blockedReason'>) =>
  row.blockedAt ? { at: row.blockedAt.toISOString(), reason: row.blockedReason ?? '' } : null

const rowView = (row: UserRow & { ordersCount: number }, phone: Phone) => ({
  id: row.id,
  name: row.fullName,
  phone: phone(row.phone),
  registered_at: row.createdAt.toISOString(),
  orders_count: row.ordersCount,
  cashback_balance: row.cashbackBalance,
  blocked: blockedView(row),
})

/** Customers newest first (deleted accounts left out), searched and optionally only the blocked ones. */
export async function listCustomers(
  db: Db,
  filter: { q?: string; blocked?: boolean },
  paging: { page: number; size: number },
  phone: Phone,
) {
  const where = and(
    live,
    filter.q ? searchCondition(filter.q) : undefined,
    filter.blocked === undefined ? undefined : filter.blocked ? isNotNull(users.blockedAt) : isNull(users.blockedAt),
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, ordersCount })
      .from(users)
      .where(where)
      .orderBy(desc(users.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { total: total?.n ?? 0, results: rows.map((r) => rowView({ ...r.user, ordersCount: r.ordersCount }, phone)) }
}

const newest = 20

/** The customer page: the account, its newest orders, balance history and reviews, and the saved-card count. */
export async function customerDetail(db: Db, id: number, view: { lang: Lang; phone: Phone; masked: boolean }) {
  const [row] = await db
    .select({ user: users, ordersCount })
    .from(users)
    .where(and(eq(users.id, id), live))
  if (!row) return null
  const { lang } = view
  const [orderRows, entries, [entryCount], reviewRows, [reviewCount], [cards]] = await Promise.all([
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.id)).limit(newest),
    db
      .select()
      .from(cashbackEntries)
      .where(eq(cashbackEntries.userId, id))
      .orderBy(desc(cashbackEntries.id))
      .limit(newest),
    db.select({ n: count() }).from(cashbackEntries).where(eq(cashbackEntries.userId, id)),
    db
      .select({ review: reviews, title: products.title, slug: products.slug })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(eq(reviews.userId, id))
      .orderBy(desc(reviews.id))
      .limit(newest),
    db.select({ n: count() }).from(reviews).where(eq(reviews.userId, id)),
    db
      .select({ n: count() })
      .from(savedCards)
      .where(and(eq(savedCards.userId, id), isNotNull(savedCards.verifiedAt))),
  ])
  return {
    ...rowView({ ...row.user, ordersCount: row.ordersCount }, view.phone),
    phones_masked: view.masked,
    saved_cards: cards?.n ?? 0,
    orders: {
      total: row.ordersCount,
      results: orderRows.map((o) => ({
        id: o.id,
        number: orderNumber(o.id),
        status: o.status,
        status_label: statusLabel(lang, o.status, o.delivery),
        total: o.total,
        discount: o.discount,
        promo_code: o.promoCode,
        created_at: o.createdAt.toISOString(),
      })),
    },
    cashback: {
      total: entryCount?.n ?? 0,
      results: entries.map((e) => ({
        id: e.id,
        order_id: e.orderId,
        amount: e.amount,
        reason: e.reason as 'spent' | 'refund' | 'earned' | 'adjustment',
        note: e.note,
        created_at: e.createdAt.toISOString(),
      })),
    },
    reviews: {
      total: reviewCount?.n ?? 0,
      results: reviewRows.map(({ review, title, slug }) => ({
        id: review.id,
        product_id: review.productId,
        product_title: pick(title, lang),
        product_slug: slug,
        rating: review.rating,
        comment: review.comment,
        created_at: review.createdAt.toISOString(),
      })),
    },
  }
}

type Ctx = { lang: Lang; now: Date; actor: AuditActor }

/** The customer's row locked for a change; 404 for an unknown or deleted account. */
async function lockedCustomer(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: number, lang: Lang) {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), live))
    .for('update')
  if (!row) throw new ApiError(404, message(lang, 'admin_customer_not_found'))
  return row
}

/**
 * Blocks (or unblocks) a customer, audited `customer.block` / `customer.unblock`
 * with the reason. Blocking ends every session at once (their next call is
 * refused, saying why); an order being placed meanwhile waits for the row
 * and is refused too. 409 when the account already is in that state.
 */
export async function setBlocked(db: Db, id: number, block: boolean, reason: string, ctx: Ctx) {
  const { lang, now } = ctx
  await db.transaction(async (tx) => {
    const row = await lockedCustomer(tx, id, lang)
    if (block === (row.blockedAt != null))
      throw new ApiError(409, message(lang, block ? 'admin_customer_already_blocked' : 'admin_customer_not_blocked'))
    await tx
      .update(users)
      .set(block ? { blockedAt: now, blockedReason: reason } : { blockedAt: null, blockedReason: null })
      .where(eq(users.id, id))
    if (block)
      await tx
        .update(authSessions)
        .set({ revokedAt: now })
        .where(and(eq(authSessions.userId, id), isNull(authSessions.revokedAt)))
    await recordAudit(tx, {
      ...ctx.actor,
      action: block ? 'customer.block' : 'customer.unblock',
      entity: 'customer',
      entityId: id,
      before: { blocked: !block, ...(row.blockedReason ? { blocked_reason: row.blockedReason } : {}) },
      after: { blocked: block, reason },
      at: now,
    })
  })
}

/**
 * A manual cashback adjustment: a ledger entry `adjustment` whose `note`
 * (the reason) the customer reads in their balance history, audited
 * `cashback.adjust`. A debit below a zero balance is 400 on `amount` naming the balance.
 */
export async function adjustCashback(db: Db, id: number, input: { amount: number; reason: string }, ctx: Ctx) {
  const { lang, now } = ctx
  return db.transaction(async (tx) => {
    const row = await lockedCustomer(tx, id, lang)
    const added = await addCashbackEntry(tx, {
      userId: id,
      orderId: null,
      amount: input.amount,
      reason: 'adjustment',
      note: input.reason,
      createdAt: now,
    })
    if (!added) {
      const detail = message(lang, 'admin_cashback_below_zero', { balance: row.cashbackBalance })
      throw new ApiError(400, detail, [{ field: 'amount', message: detail }])
    }
    const balance = row.cashbackBalance + input.amount
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'cashback.adjust',
      entity: 'customer',
      entityId: id,
      before: { cashback_balance: row.cashbackBalance },
      after: { cashback_balance: balance, amount: input.amount, reason: input.reason },
      at: now,
    })
    return balance
  })
}
