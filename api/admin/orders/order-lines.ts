import { asc, eq } from 'drizzle-orm'
import { unitPrice } from '../../catalogue/products.ts'
import type { Tx } from '../../db/client.ts'
import { orderItems } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import { type Lang, pick } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { lockForSale } from '../../orders/checkout-lines.ts'
import { OrderConflictError, type OrderItemRow, type OrderRow, type StatusActor } from '../../orders/service.ts'
import { moveStock, StockError } from '../../stock/movements.ts'

/** A line of an edited order: a kept one (`id`) with its quoted price, or a new one at today's price. */
export type NewLine = Pick<OrderItemRow, 'productId' | 'slug' | 'title' | 'unitPrice' | 'regularPrice' | 'quantity'> & {
  id: number | null
}

export const orderLinesOf = (tx: Tx, orderId: number) =>
  tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id))

/**
 * The order's new lines and the stock they take: each product's stock moves
 * by what the order held minus what it now wants (`order_edit`, the order's
 * own movement, so what goes back returns to the batches it came from). The
 * products are locked in id order, as checkout locks them. A kept line keeps
 * the price the customer was quoted; a new product is sold at today's price
 * and must be on sale (hidden: 409). Short stock: 409 listing the lines
 * (`available` counts what the order already holds). A line whose product
 * was deleted stays as it was.
 */
export async function takeStockFor(
  tx: Tx,
  edit: {
    order: OrderRow
    current: OrderItemRow[]
    wanted: { productId: number; quantity: number }[]
    actor: StatusActor
    lang: Lang
  },
): Promise<NewLine[]> {
  const { lang } = edit
  const held = new Map(edit.current.filter((i) => i.productId != null).map((i) => [i.productId as number, i]))
  const ids = [...new Set([...held.keys(), ...edit.wanted.map((w) => w.productId)])].sort((a, b) => a - b)
  const rows = ids.length ? await lockForSale(tx, ids) : []
  const product = new Map(rows.map((r) => [r.productId, r]))
  const unknown = edit.wanted.filter((w) => !held.has(w.productId) && !product.has(w.productId))
  if (unknown.length) {
    const detail = message(lang, 'product_not_found')
    throw new ApiError(400, detail, [{ field: 'items', message: detail }])
  }
  const hidden = edit.wanted.filter((w) => !held.has(w.productId) && product.get(w.productId)?.isHidden)
  if (hidden.length)
    throw new OrderConflictError(
      message(lang, 'admin_order_products_hidden'),
      hidden.map((w) => {
        const p = product.get(w.productId)!
        return { product_id: p.productId, title: pick(p.title, lang), available: 0 }
      }),
    )

  const lines: NewLine[] = edit.current.filter((i) => i.productId == null).map((i) => ({ ...i, id: i.id }))
  for (const w of edit.wanted) {
    const kept = held.get(w.productId)
    if (kept) lines.push({ ...kept, id: kept.id, quantity: w.quantity })
    else {
      const p = product.get(w.productId)!
      lines.push({
        id: null,
        productId: p.productId,
        slug: p.slug,
        title: p.title,
        unitPrice: unitPrice(p),
        regularPrice: p.price,
        quantity: w.quantity,
      })
    }
  }

  const wantedOf = new Map(edit.wanted.map((w) => [w.productId, w.quantity]))
  const short: Record<string, unknown>[] = []
  for (const id of ids) {
    const before = held.get(id)?.quantity ?? 0
    const after = wantedOf.get(id) ?? 0
    if (before === after) continue
    try {
      await moveStock(tx, {
        productId: id,
        delta: before - after,
        reason: 'order_edit',
        orderId: edit.order.id,
        actor: edit.actor,
      })
    } catch (error) {
      if (!(error instanceof StockError)) throw error
      const p = product.get(id)
      short.push({
        product_id: id,
        title: p ? pick(p.title, lang) : String(id),
        requested: after,
        available: error.available + before,
      })
    }
  }
  if (short.length) throw new OrderConflictError(message(lang, 'order_stock_changed'), short)
  return lines
}
