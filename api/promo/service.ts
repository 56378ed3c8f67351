import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { orders, promoCodes } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { addressKey, guessLimits, takeSlot, tooManyRequests } from '../http/rate-limit.ts'

export type PromoRow = typeof promoCodes.$inferSelect

/** How customers type codes: case and surrounding spaces do not matter. */
export const normalizeCode = (code: string) => code.trim().toUpperCase()

/** The discount of a code on `subtotal` (whole sum, never more than the subtotal). */
export function promoDiscount(promo: Pick<PromoRow, 'percent' | 'amount'>, subtotal: number): number {
  const off = promo.percent != null ? Math.floor((subtotal * promo.percent) / 100) : (promo.amount ?? 0)
  return Math.max(0, Math.min(off, subtotal))
}

/**
 * The code if it can be used now on `subtotal`: unknown, inactive, not yet
 * or no longer valid → 400 'promo code does not exist' (SPEC §8); used up →
 * 400 promo_exhausted; below its minimum → 400 promo_min_total. With `lock`
 * the row stays locked until the transaction ends (order creation).
 */
export async function usablePromo(
  db: Db,
  code: string,
  subtotal: number,
  now: Date,
  lang: Lang,
  lock = false,
): Promise<PromoRow> {
  const query = db
    .select()
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizeCode(code)))
  const [promo] = lock ? await query.for('update') : await query
  const field = (key: Parameters<typeof message>[1], vars?: Record<string, string | number>) =>
    new ApiError(400, message(lang, key, vars), [{ field: 'promo_code', message: message(lang, key, vars) }])
  if (!promo?.active || (promo.validFrom && promo.validFrom > now) || (promo.validTo && promo.validTo <= now))
    throw field('promo_not_found')
  if (promo.usageLimit != null && promo.usedCount >= promo.usageLimit) throw field('promo_exhausted')
  if (subtotal < promo.minTotal) throw field('promo_min_total', { min: promo.minTotal })
  return promo
}

/**
 * `usablePromo` for a code a client typed, within its address's budget of
 * failed guesses (PROMO_FAILURES_PER_ADDRESS per window, then 429): codes can
 * be guessed wherever one is checked, so promo/check/ and orders/preview/
 * share the budget. Only failures count: a usable code gives its slot back.
 */
export async function checkTypedPromo(
  db: Db,
  input: { code: string; subtotal: number; address: string | null },
  ctx: { limit: number; now: Date; lang: Lang },
): Promise<PromoRow> {
  const { now, lang } = ctx
  const rule = { limit: ctx.limit, windowSeconds: guessLimits.promoWindowSeconds }
  const slot = await takeSlot(db, `promo:${addressKey(input.address)}`, rule, now)
  if (!('release' in slot)) throw tooManyRequests(lang, 'promo_rate_limited', slot.wait, { field: 'promo_code' })
  const promo = await usablePromo(db, input.code, input.subtotal, now, lang)
  await slot.release()
  return promo
}

/** How many of the customer's orders that are not cancelled used the code. */
export async function customerPromoUses(db: Db, promoId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.promoCodeId, promoId), eq(orders.userId, userId), ne(orders.status, 2)))
  return row?.n ?? 0
}

/**
 * 400 promo_customer_limit when the customer has used the code
 * `per_customer_limit` times already (cancelled orders do not count). At
 * order creation the caller holds the code's row and the customer's checkout
 * lock, so no other order of theirs can use it meanwhile.
 */
export async function checkCustomerLimit(db: Db, promo: PromoRow, userId: number, lang: Lang) {
  if (promo.perCustomerLimit == null) return
  if ((await customerPromoUses(db, promo.id, userId)) < promo.perCustomerLimit) return
  const detail = message(lang, 'promo_customer_limit')
  throw new ApiError(400, detail, [{ field: 'promo_code', message: detail }])
}

/** The refusal when the code's last use went to another order meanwhile. */
export function promoExhausted(lang: Lang) {
  const detail = message(lang, 'promo_exhausted')
  return new ApiError(400, detail, [{ field: 'promo_code', message: detail }])
}

/** Counts one more order on the code; false when its usage limit was reached meanwhile. */
export async function claimPromo(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(
      and(
        eq(promoCodes.id, id),
        sql`(${promoCodes.usageLimit} IS NULL OR ${promoCodes.usedCount} < ${promoCodes.usageLimit})`,
      ),
    )
    .returning({ id: promoCodes.id })
  return rows.length > 0
}

/** A cancelled order gives its use of the code back. */
export async function releasePromo(tx: Tx, id: number) {
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(eq(promoCodes.id, id))
}
