import { and, count, desc, eq, gt, ilike, isNotNull, lte, not, or, type SQL, sql } from 'drizzle-orm'
import { type AuditActor, changedFields, recordAudit } from '../../audit/record.ts'
import type { Db } from '../../db/client.ts'
import { orders, promoCodes, users } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { isUniqueViolation } from '../../orders/db-errors.ts'
import { statusLabel } from '../../orders/service.ts'
import { orderNumber } from '../../orders/states.ts'
import type { PromoRow } from '../../promo/service.ts'
import type { PromoState } from './schemas.ts'

/** A code's fields as the API names them (what create takes and the audit rows hold). */
export type PromoFields = {
  code: string
  percent: number | null
  amount: number | null
  min_total: number
  valid_from: string | null
  valid_to: string | null
  usage_limit: number | null
  per_customer_limit: number | null
  active: boolean
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const date = (s: string | null) => (s ? new Date(s) : null)

function fieldsOf(row: PromoRow): PromoFields {
  return {
    code: row.code,
    percent: row.percent,
    amount: row.amount,
    min_total: row.minTotal,
    valid_from: iso(row.validFrom),
    valid_to: iso(row.validTo),
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    active: row.active,
  }
}

const columnsOf = (f: Partial<PromoFields>) => ({
  ...(f.code !== undefined && { code: f.code }),
  ...(f.percent !== undefined && { percent: f.percent }),
  ...(f.amount !== undefined && { amount: f.amount }),
  ...(f.min_total !== undefined && { minTotal: f.min_total }),
  ...(f.valid_from !== undefined && { validFrom: date(f.valid_from) }),
  ...(f.valid_to !== undefined && { validTo: date(f.valid_to) }),
  ...(f.usage_limit !== undefined && { usageLimit: f.usage_limit }),
  ...(f.per_customer_limit !== undefined && { perCustomerLimit: f.per_customer_limit }),
  ...(f.active !== undefined && { active: f.active }),
})

/** The state a code is in at `now`, in the order the list's filter uses. */
export function promoState(row: PromoRow, now: Date): PromoState {
  if (!row.active) return 'paused'
  if (row.validTo && row.validTo <= now) return 'expired'
  if (row.usageLimit != null && row.usedCount >= row.usageLimit) return 'used_up'
  if (row.validFrom && row.validFrom > now) return 'scheduled'
  return 'active'
}

function stateCondition(state: PromoState, now: Date): SQL {
  const paused = not(promoCodes.active)
  const expired = and(promoCodes.active, isNotNull(promoCodes.validTo), lte(promoCodes.validTo, now))!
  const usedUp = sql`${promoCodes.usageLimit} IS NOT NULL AND ${promoCodes.usedCount} >= ${promoCodes.usageLimit}`
  const scheduled = and(isNotNull(promoCodes.validFrom), gt(promoCodes.validFrom, now))!
  const live = and(promoCodes.active, not(or(expired, usedUp)!))!
  switch (state) {
    case 'paused':
      return paused
    case 'expired':
      return expired
    case 'used_up':
      return and(promoCodes.active, not(expired), usedUp)!
    case 'scheduled':
      return and(live, scheduled)!
    case 'active':
      return and(live, not(scheduled))!
  }
}

export function promoView(row: PromoRow, now: Date) {
  return {
    id: row.id,
    ...fieldsOf(row),
    used_count: row.usedCount,
    state: promoState(row, now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Codes newest first, by state and part of the code. */
export async function listPromos(
  db: Db,
  filter: { state?: PromoState; q?: string },
  page: number,
  size: number,
  now: Date,
) {
  const where = and(
    filter.state ? stateCondition(filter.state, now) : undefined,
    filter.q ? ilike(promoCodes.code, `%${escapeLike(filter.q)}%`) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(desc(promoCodes.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(promoCodes).where(where),
  ])
  return { rows, total: total?.n ?? 0 }
}

export async function promoById(db: Db, id: number): Promise<PromoRow | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id))
  return row ?? null
}

function codeTaken(lang: Lang, code: string) {
  const detail = message(lang, 'admin_promo_code_taken', { code })
  return new ApiError(400, detail, [{ field: 'code', message: detail }])
}

/** Runs a write; a code another one already has (the unique index, whatever the race) is 400 on `code`. */
async function uniqueCode<T>(lang: Lang, code: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (code && isUniqueViolation(error)) throw codeTaken(lang, code)
    throw error
  }
}

type Ctx = { lang: Lang; now: Date; actor: AuditActor }

/** A new code, audited `promo.create`. */
export async function createPromo(db: Db, fields: PromoFields, ctx: Ctx): Promise<PromoRow> {
  return uniqueCode(ctx.lang, fields.code, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({ ...columnsOf(fields), code: fields.code, createdAt: ctx.now, updatedAt: ctx.now })
        .returning()
      if (!row) throw new Error('promo insert returned nothing')
      await recordAudit(tx, {
        ...ctx.actor,
        action: 'promo.create',
        entity: 'promo_code',
        entityId: row.id,
        after: fieldsOf(row),
        at: ctx.now,
      })
      return row
    }),
  )
}

/**
 * Changes a code (the row locked: checkouts using it wait or go first),
 * audited `promo.update` with the changed fields, or `promo.pause` /
 * `promo.resume` when only `active` changes. The result must still be one
 * kind of discount with an end after its start, and a usage limit not below
 * the uses so far.
 */
export async function updatePromo(db: Db, id: number, change: Partial<PromoFields>, ctx: Ctx): Promise<PromoRow> {
  const { lang } = ctx
  return uniqueCode(lang, change.code, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update')
      if (!row) throw new ApiError(404, message(lang, 'admin_promo_not_found'))
      const before = fieldsOf(row)
      const after = { ...before, ...change }
      const invalid = (field: string, key: Parameters<typeof message>[1], vars?: Record<string, number>) => {
        const detail = message(lang, key, vars)
        return new ApiError(400, detail, [{ field, message: detail }])
      }
      if ((after.percent == null) === (after.amount == null)) throw invalid('percent', 'admin_promo_discount_kind')
      if (after.valid_from && after.valid_to && Date.parse(after.valid_to) <= Date.parse(after.valid_from))
        throw invalid('valid_to', 'admin_promo_dates')
      if (after.usage_limit != null && after.usage_limit < row.usedCount)
        throw invalid('usage_limit', 'admin_promo_limit_below_used', { used: row.usedCount })
      const diff = changedFields(before, after)
      if (!diff) return row
      const [updated] = await tx
        .update(promoCodes)
        .set({ ...columnsOf(change), updatedAt: ctx.now })
        .where(eq(promoCodes.id, id))
        .returning()
      const onlyActive = Object.keys(diff.after).length === 1 && 'active' in diff.after
      await recordAudit(tx, {
        ...ctx.actor,
        action: onlyActive ? (after.active ? 'promo.resume' : 'promo.pause') : 'promo.update',
        entity: 'promo_code',
        entityId: id,
        before: diff.before,
        after: diff.after,
        at: ctx.now,
      })
      return updated!
    }),
  )
}

/** The orders that used a code, newest first, with their customers (`phone` masks for roles without the right). */
export async function promoUsage(
  db: Db,
  id: number,
  page: number,
  size: number,
  view: { lang: Lang; phone: (p: string | null) => string | null },
) {
  const where = eq(orders.promoCodeId, id)
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, name: users.fullName, phone: users.phone })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return {
    total: total?.n ?? 0,
    results: rows.map(({ order, name, phone }) => ({
      order_id: order.id,
      number: orderNumber(order.id),
      status: order.status,
      status_label: statusLabel(view.lang, order.status, order.delivery),
      discount: order.discount,
      total: order.total,
      created_at: order.createdAt.toISOString(),
      customer: { id: order.userId, name, phone: view.phone(phone) },
    })),
  }
}
