import { eq } from 'drizzle-orm'
import { addCashbackEntry } from '../../cashback/service.ts'
import type { Tx } from '../../db/client.ts'
import { promoCodes } from '../../db/schema/index.ts'
import { checkGoodsWithin, orderMoney } from '../../orders/money.ts'
import type { OrderItemRow, OrderRow } from '../../orders/service.ts'
import { promoDiscount, releasePromo } from '../../promo/service.ts'
import type { OrderEdit } from './edit.ts'
import { type NewLine, takeStockFor } from './order-lines.ts'
import type { StaffOrderCtx } from './status.ts'

/** What an edit makes of the order's goods and money, as checkout would price them. */
export type PricedEdit = {
  lines: NewLine[]
  subtotal: number
  promo: { id: number | null; code: string | null; discount: number; dropped: boolean }
  money: ReturnType<typeof orderMoney>
  /** Cashback spent on the order that goes back to the balance (the goods now cost less than it). */
  cashbackBack: number
}

/**
 * The price step of an edit: the stock moved by the difference of each line
 * (409 when short), kept lines at their quoted price and new ones at today's,
 * the promo recomputed or dropped, delivery and VAT; cashback spent never
 * grows, and what the goods no longer cover goes back to the balance now.
 */
export async function priceEdit(
  tx: Tx,
  order: OrderRow,
  before: OrderItemRow[],
  edit: OrderEdit,
  ctx: StaffOrderCtx,
): Promise<PricedEdit> {
  const { lang } = ctx
  const lines = await takeStockFor(tx, { order, current: before, wanted: edit.items, actor: edit.actor, lang })
  const subtotal = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)
  checkGoodsWithin(lang, subtotal)
  const promo = await keptPromo(tx, order, subtotal)
  const spentBefore = order.cashbackUsed
  const money = orderMoney(ctx.config, {
    subtotal,
    discount: promo.discount,
    balance: spentBefore,
    // Never more cashback than the customer chose to spend; what the goods no longer cover goes back.
    useCashback: spentBefore,
    delivery: edit.delivery,
    region: edit.address?.region ?? null,
  })
  const cashbackBack = spentBefore - money.cashbackUsed
  if (cashbackBack > 0)
    await addCashbackEntry(tx, { userId: order.userId, orderId: order.id, amount: cashbackBack, reason: 'edit' })
  return { lines, subtotal, promo, money, cashbackBack }
}

/**
 * The order's promo code on the new goods: its discount recomputed, or
 * dropped (its use given back) when the goods fell below its minimum. The
 * code was valid when the order was placed; its dates and limits are not
 * asked again.
 */
async function keptPromo(tx: Tx, order: OrderRow, subtotal: number) {
  const none = { id: null, code: null, discount: 0, dropped: false }
  if (order.promoCodeId == null) return none
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, order.promoCodeId)).for('update')
  if (!promo) return { ...none, id: order.promoCodeId, code: order.promoCode, discount: order.discount }
  if (subtotal < promo.minTotal) {
    await releasePromo(tx, promo.id)
    return { ...none, dropped: true }
  }
  return { id: promo.id, code: order.promoCode, discount: promoDiscount(promo, subtotal), dropped: false }
}
