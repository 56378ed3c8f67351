import { and, eq, sql } from 'drizzle-orm'
import { unitPrice } from '../catalogue/products.ts'
import type { Config } from '../config.ts'
import { accountBlocked } from '../customers/blocking.ts'
import type { Tx } from '../db/client.ts'
import { savedCards, users } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { checkCustomerLimit, claimPromo, promoDiscount, promoExhausted, usablePromo } from '../promo/service.ts'
import { basketLines, type CheckoutLine, checkLines, takenLines } from './checkout-lines.ts'
import { checkCashbackWithin, checkGoodsWithin, orderMoney } from './money.ts'
import type { NewOrder, OrderSource } from './placing.ts'

/** What an order costs, worked out under the locks that keep it so until the order is written. */
export type PricedOrder = {
  lines: CheckoutLine[]
  subtotal: number
  promo: { id: number | null; code: string | null; discount: number }
  /** The customer's cashback balance before this order. */
  balance: number
  cashbackUsed: number
  deliveryPrice: number
  total: number
  vat: number
}

/**
 * The price step of placing an order: its lines (the products locked, and
 * refused when hidden, short or repriced), the promo code's discount (the
 * code's row locked and its use claimed), the cashback the customer may spend
 * (their row locked: a block or another spend waits for this order), delivery
 * and VAT, and the saved card it is to be paid with. Refusals are 400 or 409;
 * the only write is the promo's use, undone with the transaction.
 */
export async function priceOrder(
  tx: Tx,
  userId: number,
  input: NewOrder,
  ctx: { lang: Lang; config: Config; now: Date; source: OrderSource },
): Promise<PricedOrder> {
  const { lang, source } = ctx
  const lines = source.kind === 'staff' ? await takenLines(tx, source.lines, lang) : await basketLines(tx, userId)
  if (!lines.length) throw new ApiError(400, message(lang, 'order_basket_empty'))
  checkLines(lines, lang, source.kind === 'staff')
  const subtotal = lines.reduce((sum, l) => sum + unitPrice(l) * l.quantity, 0)
  checkGoodsWithin(lang, subtotal)
  const promo = input.promo_code
    ? await claimedPromo(tx, { code: input.promo_code, subtotal, userId }, ctx)
    : { id: null, code: null, discount: 0 }
  const balance = await cashbackBalance(tx, userId, lang)
  checkCashbackWithin(lang, input.use_cashback, balance)
  const { cashbackUsed, deliveryPrice, total, vat } = orderMoney(ctx.config, {
    subtotal,
    discount: promo.discount,
    balance,
    useCashback: input.use_cashback,
    delivery: input.delivery,
    region: input.address?.region ?? null,
  })
  if (input.payment_method === 'card' && input.card_id != null) await checkSavedCard(tx, userId, input.card_id, lang)
  return { lines, subtotal, promo, balance, cashbackUsed, deliveryPrice, total, vat }
}

/** The code's discount on `subtotal`, its use claimed; its row stays locked to the end: parallel checkouts with it take turns. */
async function claimedPromo(
  tx: Tx,
  wanted: { code: string; subtotal: number; userId: number },
  ctx: { lang: Lang; now: Date },
) {
  const promo = await usablePromo(tx, wanted.code, wanted.subtotal, ctx.now, ctx.lang, true)
  await checkCustomerLimit(tx, promo, wanted.userId, ctx.lang)
  if (!(await claimPromo(tx, promo.id))) throw promoExhausted(ctx.lang)
  return { id: promo.id, code: promo.code, discount: promoDiscount(promo, wanted.subtotal) }
}

/** The customer's cashback balance, their row locked; a customer blocked while this request was on its way: 403. */
async function cashbackBalance(tx: Tx, userId: number, lang: Lang) {
  const [user] = await tx
    .select({ balance: users.cashbackBalance, blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  // Blocking locks the same row.
  if (user?.blockedAt) throw await accountBlocked(tx, lang)
  return user?.balance ?? 0
}

/** The saved card is the customer's and verified, else 400 on `card_id`. */
async function checkSavedCard(tx: Tx, userId: number, cardId: number, lang: Lang) {
  const [card] = await tx
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId), sql`${savedCards.verifiedAt} IS NOT NULL`))
  if (!card)
    throw new ApiError(400, message(lang, 'card_not_found'), [
      { field: 'card_id', message: message(lang, 'card_not_found') },
    ])
}
