import { asc, eq } from 'drizzle-orm'
import type { Config } from '../../../config.ts'
import type { Db } from '../../../db/client.ts'
import { orderItems, products } from '../../../db/schema/index.ts'
import { message } from '../../../http/messages.ts'
import { VAT_PERCENT } from '../../../orders/money.ts'
import type { OrderRow } from '../../../orders/service.ts'
import { tiyin } from '../provider.ts'

export type ReceiptItem = {
  title: string
  /** Unit price, tiyin. */
  price: number
  count: number
  /** IKPU (MXIK) code. */
  code: string
  package_code: string
  vat_percent: number
  /** The line's share of the promo discount and cashback, tiyin, for all `count` units. */
  discount: number
}

/** Fiscal receipt of CheckPerformTransaction (`detail`): 0 is a sale. */
export type ReceiptDetail = {
  receipt_type: 0
  items: ReceiptItem[]
  shipping?: { title: string; price: number }
}

/**
 * Splits `total` (tiyin) over `weights` in proportion, in whole tiyin; what
 * rounding leaves goes to the largest weights first, so the parts add up exactly.
 */
export function splitProportionally(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (total <= 0 || sum <= 0) return weights.map(() => 0)
  const parts = weights.map((w) => Math.floor((total * w) / sum))
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = weights.map((w, i) => [w, i] as const).sort((a, b) => b[0] - a[0])
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]! += 1
  return parts
}

/**
 * The receipt Payme fiscalises for the order: one item per line at the price
 * paid, with the product's IKPU and package code (PAYME_DEFAULT_IKPU /
 * PAYME_DEFAULT_PACKAGE_CODE when it has none, or no longer exists), VAT 12 %;
 * the promo discount and the cashback spent as per-line `discount`; courier
 * delivery, when charged, as `shipping`. Items − discounts + shipping = the
 * amount Payme charges.
 */
export async function paymeReceipt(db: Db, order: OrderRow, config: Config): Promise<ReceiptDetail> {
  const lines = await db
    .select({
      title: orderItems.title,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      ikpu: products.ikpu,
      packageCode: products.packageCode,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))
  const discounts = splitProportionally(
    tiyin(order.discount + order.cashbackUsed),
    lines.map((l) => l.unitPrice * l.quantity),
  )
  const detail: ReceiptDetail = {
    receipt_type: 0,
    items: lines.map((l, i) => ({
      title: (l.title.ru || l.title.uz).slice(0, 255),
      price: tiyin(l.unitPrice),
      count: l.quantity,
      code: l.ikpu ?? config.PAYME_DEFAULT_IKPU,
      package_code: l.packageCode ?? config.PAYME_DEFAULT_PACKAGE_CODE,
      vat_percent: VAT_PERCENT,
      discount: discounts[i]!,
    })),
  }
  if (order.deliveryPrice > 0)
    detail.shipping = { title: message('ru', 'receipt_shipping'), price: tiyin(order.deliveryPrice) }
  return detail
}
