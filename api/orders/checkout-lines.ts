import { asc, eq, inArray } from 'drizzle-orm'
import { activeSalePrice, unitPrice } from '../catalogue/products.ts'
import type { Tx } from '../db/client.ts'
import { cartItems, products } from '../db/schema/index.ts'
import { ApiError } from '../http/errors.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { OrderConflictError } from './service.ts'

/** What an order line is made of: the product as the shop sells it now. */
const saleColumns = {
  slug: products.slug,
  title: products.title,
  price: products.price,
  salePrice: activeSalePrice,
  isHidden: products.isHidden,
  stock: products.stock,
}

/**
 * These products as the shop sells them now, locked in id order: every
 * change of an order's lines (checkout, a phone order, an edit) locks them in
 * the same order, so two of them never wait on each other.
 */
export function lockForSale(tx: Tx, ids: number[]) {
  return tx
    .select({ productId: products.id, ...saleColumns })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update')
}

/** The customer's basket lines with their products, locked in id order. */
export function basketLines(tx: Tx, userId: number) {
  return tx
    .select({ productId: products.id, ...saleColumns, quantity: cartItems.quantity, priceSeen: cartItems.priceSeen })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.owner, `u:${userId}`))
    .orderBy(asc(products.id))
    .for('update', { of: products })
}

/** A line an order is placed with: its product, locked, how many and at what price the customer saw it. */
export type CheckoutLine = Awaited<ReturnType<typeof basketLines>>[number]

/**
 * The lines staff take by phone, in the basket's shape: the products locked
 * in id order, each at today's price (what staff saw is today's price: no
 * "prices changed" step). An unknown product is 400 on `items`.
 */
export async function takenLines(
  tx: Tx,
  wanted: { productId: number; quantity: number }[],
  lang: Lang,
): Promise<CheckoutLine[]> {
  const ids = wanted.map((w) => w.productId)
  const rows = ids.length ? await lockForSale(tx, ids) : []
  if (rows.length !== new Set(ids).size) {
    const detail = message(lang, 'product_not_found')
    throw new ApiError(400, detail, [{ field: 'items', message: detail }])
  }
  const quantity = new Map(wanted.map((w) => [w.productId, w.quantity]))
  return rows.map((r) => ({ ...r, quantity: quantity.get(r.productId)!, priceSeen: unitPrice(r) }))
}

/**
 * The lines can be ordered as they stand, else 409 listing those that stop
 * the order: hidden since they were put in the basket (staff: hidden now),
 * short of stock, or priced differently from what the customer saw.
 */
export function checkLines(lines: CheckoutLine[], lang: Lang, byStaff: boolean) {
  const hidden = lines.filter((l) => l.isHidden)
  if (hidden.length)
    throw new OrderConflictError(
      message(lang, byStaff ? 'admin_order_products_hidden' : 'order_products_unavailable'),
      hidden.map((l) => ({ product_id: l.productId, title: pick(l.title, lang), available: 0 })),
    )
  const short = lines.filter((l) => l.quantity > l.stock)
  if (short.length)
    throw new OrderConflictError(
      message(lang, 'order_stock_changed'),
      short.map((l) => ({
        product_id: l.productId,
        title: pick(l.title, lang),
        requested: l.quantity,
        available: Math.max(l.stock, 0),
      })),
    )
  const repriced = lines.filter((l) => unitPrice(l) !== l.priceSeen)
  if (repriced.length)
    throw new OrderConflictError(
      message(lang, 'order_prices_changed'),
      repriced.map((l) => ({
        product_id: l.productId,
        title: pick(l.title, lang),
        previous_price: l.priceSeen,
        price: unitPrice(l),
      })),
    )
}
