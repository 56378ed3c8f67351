import { and, asc, eq, gt, gte, lte, sql } from 'drizzle-orm'
import { type AuditActor, changedFields, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import type { Db } from '../../db/client.ts'
import { products, stockBatches } from '../../db/schema/index.ts'
import { ApiError, notFound } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { correctStock, receiveStock } from '../../stock/movements.ts'
import { shopToday } from './read.ts'

type Ctx = { lang: Lang; now: Date; actor: AuditActor }

const fieldError = (lang: Lang, field: string, key: Parameters<typeof message>[1]) => {
  const detail = message(lang, key)
  return new ApiError(400, detail, [{ field, message: detail }])
}

/** Units already past their date are not received as stock. */
function refusePast(ctx: Ctx, expiresOn: string | null | undefined) {
  if (expiresOn && expiresOn < shopToday(ctx.now)) throw fieldError(ctx.lang, 'expires_on', 'stock_expiry_past')
}

/** An arrival: a new batch, one movement, audited `stock.arrival`. */
export async function recordArrival(
  db: Db,
  productId: number,
  input: { quantity: number; expires_on?: string | null; note?: string | null },
  ctx: Ctx,
) {
  refusePast(ctx, input.expires_on)
  await db.transaction(async (tx) => {
    const { stock } = await receiveStock(tx, {
      productId,
      delta: input.quantity,
      reason: 'arrival',
      actor: ctx.actor,
      note: input.note || null,
      expiresOn: input.expires_on ?? null,
      receivedAt: ctx.now,
    })
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'stock.arrival',
      entity: 'product',
      entityId: productId,
      before: { stock: stock - input.quantity },
      after: { stock, expires_on: input.expires_on ?? null, note: input.note || null },
      at: ctx.now,
    })
    await invalidateCatalogue(db, tx)
  })
}

/**
 * A staff count: counted − seen applied to the current stock (sales made
 * while they counted stay taken), audited `stock.correction` with the reason.
 */
export async function recordCorrection(
  db: Db,
  productId: number,
  input: { seen: number; counted: number; reason: string; expires_on?: string | null },
  ctx: Ctx,
) {
  if (input.counted > input.seen) refusePast(ctx, input.expires_on)
  await db.transaction(async (tx) => {
    const delta = input.counted - input.seen
    const { stock } = await correctStock(tx, {
      productId,
      seen: input.seen,
      counted: input.counted,
      reason: 'correction',
      actor: ctx.actor,
      note: input.reason,
      expiresOn: input.expires_on ?? null,
    })
    if (delta === 0) return
    await recordAudit(tx, {
      ...ctx.actor,
      action: 'stock.correction',
      entity: 'product',
      entityId: productId,
      before: { stock: stock - delta },
      after: { stock, seen: input.seen, counted: input.counted, reason: input.reason },
      at: ctx.now,
    })
    await invalidateCatalogue(db, tx)
  })
}

/**
 * "Put on sale −percent %" for a product with a batch expiring within `days`:
 * the sale price (below the price, whole sum) runs from now until the end of
 * the nearest expiry day (Tashkent). Audited `product.sale` like any price edit.
 */
export async function saleForExpiring(db: Db, productId: number, input: { percent: number; days: number }, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update')
    if (!product) throw notFound(ctx.lang, 'product_not_found')
    const today = shopToday(ctx.now)
    const [nearest] = await tx
      .select({ expiresOn: stockBatches.expiresOn })
      .from(stockBatches)
      .where(
        and(
          eq(stockBatches.productId, productId),
          gt(stockBatches.quantity, 0),
          gte(stockBatches.expiresOn, today),
          lte(stockBatches.expiresOn, sql`${today}::date + ${input.days}::int`),
        ),
      )
      .orderBy(asc(stockBatches.expiresOn))
      .limit(1)
    if (!nearest?.expiresOn) throw new ApiError(409, message(ctx.lang, 'stock_nothing_expiring'))
    const salePrice = Math.floor((product.price * (100 - input.percent)) / 100)
    if (salePrice <= 0 || salePrice >= product.price)
      throw fieldError(ctx.lang, 'percent', 'stock_sale_not_below_price')
    const endsAt = new Date(`${nearest.expiresOn}T00:00:00+05:00`)
    endsAt.setUTCDate(endsAt.getUTCDate() + 1)
    const after = { salePrice, saleStartsAt: ctx.now, saleEndsAt: endsAt }
    await tx.update(products).set(after).where(eq(products.id, productId))
    const diff = changedFields(
      { salePrice: product.salePrice, saleStartsAt: product.saleStartsAt, saleEndsAt: product.saleEndsAt },
      after,
    )
    if (diff)
      await recordAudit(tx, {
        ...ctx.actor,
        action: 'product.sale',
        entity: 'product',
        entityId: productId,
        ...diff,
        at: ctx.now,
      })
    await invalidateCatalogue(db, tx)
  })
}
