import { and, count, desc, eq, sql } from 'drizzle-orm'
import { BASKET_TOTAL_MAX, QUANTITY_MAX } from '#contract/basket.ts'
import { activeSalePrice, cardColumns, pricePaid, shownProduct, toCards, unitPrice } from '../catalogue/products.ts'
import type { Db, Tx } from '../db/client.ts'
import { cartItems, favourites, products } from '../db/schema/index.ts'
import { ApiError, notFound } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { groupedNumber, message } from '../http/messages.ts'
import type { MediaLinks } from '../media/links.ts'
import { CART_LINES_MAX, type Cart, type CartLine } from './schemas.ts'

// The basket: lines of (owner, product) with a quantity and the unit price the
// owner last saw. It never reserves stock (orders do), but every write checks
// the quantity against the stock in the same transaction, with the product row
// locked FOR SHARE so the stock cannot change between the check and the write.

/**
 * 409 `{detail, available_quantity, in_cart}`: the request would pass the
 * stock, the 999 units of a line or the 100 lines of a basket; nothing changed.
 */
export class CartLimitError extends ApiError {
  constructor(
    detail: string,
    readonly available: number,
    readonly inCart: number,
  ) {
    super(409, detail)
  }

  override toJSON() {
    return { detail: this.detail, available_quantity: this.available, in_cart: this.inCart }
  }
}

/** More than the stock: the message says how many there are (and are already in the basket). */
function stockError(lang: Lang, available: number, inCart: number) {
  const detail =
    available <= 0
      ? message(lang, 'cart_out_of_stock')
      : inCart > 0
        ? message(lang, 'cart_stock_limit_in_cart', { available, in_cart: inCart })
        : message(lang, 'cart_stock_limit', { available })
  return new CartLimitError(detail, Math.max(available, 0), inCart)
}

/** Reads the whole basket of `owner` with current prices, stock marks and totals. */
export async function readCart(db: Db, owner: string, lang: Lang, media: MediaLinks): Promise<Cart> {
  const rows = await db
    .select({
      ...cardColumns,
      quantity: cartItems.quantity,
      priceSeen: cartItems.priceSeen,
      addedAt: cartItems.addedAt,
      likedAt: favourites.addedAt,
      isHidden: products.isHidden,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(favourites, and(eq(favourites.owner, cartItems.owner), eq(favourites.productId, cartItems.productId)))
    .where(eq(cartItems.owner, owner))
    .orderBy(desc(cartItems.addedAt), desc(cartItems.productId))
  const cards = await toCards(db, rows, lang, media)

  const lines: CartLine[] = rows.map(({ isHidden, ...row }, i) => {
    const price = unitPrice(row)
    const priceChanged = price !== row.priceSeen
    return {
      product: { ...cards[i]!, stock: row.stock, is_liked: row.likedAt !== null },
      quantity: row.quantity,
      price,
      line_total: price * row.quantity,
      regular_total: row.price * row.quantity,
      price_changed: priceChanged,
      previous_price: priceChanged ? row.priceSeen : null,
      // A product staff hid is no longer sold: its line stays, unavailable, until removed.
      available_quantity: isHidden ? 0 : Math.max(row.stock, 0),
      unavailable: isHidden || row.stock <= 0,
      exceeds_stock: row.quantity > row.stock,
      added_at: new Date(row.addedAt).toISOString(),
    }
  })

  const payable = lines.filter((line) => !line.unavailable)
  const totalPrice = payable.reduce((sum, line) => sum + line.regular_total, 0)
  const total = payable.reduce((sum, line) => sum + line.line_total, 0)
  return {
    products: lines,
    total_items: lines.reduce((sum, line) => sum + line.quantity, 0),
    total_price: totalPrice,
    discount: totalPrice - total,
    total,
    price_changed: lines.some((line) => line.price_changed),
    ready_for_checkout:
      lines.length > 0 && lines.every((line) => !line.unavailable && !line.exceeds_stock && !line.price_changed),
  }
}

/**
 * The product's stock and price, its row locked against stock changes until
 * the transaction ends. A hidden product is not sold: 404 saying so.
 */
async function lockProduct(tx: Tx, productId: number, lang: Lang) {
  const [product] = await tx
    .select({ stock: products.stock, price: products.price, salePrice: activeSalePrice, isHidden: products.isHidden })
    .from(products)
    .where(eq(products.id, productId))
    .for('share')
  if (!product) throw notFound(lang, 'product_not_found')
  if (product.isHidden) throw notFound(lang, 'product_unavailable')
  return product
}

async function lineQuantity(tx: Tx, owner: string, productId: number) {
  const [line] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.owner, owner), eq(cartItems.productId, productId)))
  return line?.quantity ?? 0
}

/**
 * After a change, in its transaction: the basket's goods may cost at most
 * BASKET_TOTAL_MAX, else 409 and the change is undone.
 */
async function checkBasketTotal(tx: Tx, owner: string, lang: Lang, stock: number, inCart: number) {
  if ((await basketGoodsTotal(tx, owner)) > BASKET_TOTAL_MAX)
    throw new CartLimitError(message(lang, 'cart_total_max', { max: groupedNumber(BASKET_TOTAL_MAX) }), stock, inCart)
}

/** A new line must fit in the basket (a limit against abuse; concurrent adds may pass it by a line or two). */
async function checkRoomForLine(tx: Tx, owner: string, stock: number, lang: Lang) {
  const [lines] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.owner, owner))
  if ((lines?.n ?? 0) >= CART_LINES_MAX)
    throw new CartLimitError(message(lang, 'cart_full', { max: CART_LINES_MAX }), stock, 0)
}

/**
 * Adds `quantity` units to the line (creating it at the current price). The
 * new total may not pass the stock (nor 999): else 409 and nothing changes.
 * The check is part of the upsert itself, so concurrent adds to one basket
 * cannot together pass it. `ifAbsent`: only when there is no line yet (an
 * "add to basket" button pressed twice adds once).
 */
export async function addToCart(
  db: Db,
  owner: string,
  productId: number,
  quantity: number,
  lang: Lang,
  { ifAbsent = false }: { ifAbsent?: boolean } = {},
) {
  await db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId, lang)
    const limit = Math.min(product.stock, QUANTITY_MAX)
    const inCart = await lineQuantity(tx, owner, productId)
    if (ifAbsent && inCart > 0) return
    if (inCart + quantity > product.stock) throw stockError(lang, product.stock, inCart)
    if (inCart + quantity > QUANTITY_MAX)
      throw new CartLimitError(message(lang, 'cart_quantity_max', { max: QUANTITY_MAX }), product.stock, inCart)
    if (inCart === 0) await checkRoomForLine(tx, owner, product.stock, lang)
    const insert = tx.insert(cartItems).values({ owner, productId, quantity, priceSeen: unitPrice(product) })
    // The lock is shared: two adds at once may both find no line. The second one's insert then meets the
    // first's line, which it leaves as it is (`ifAbsent`) or adds to.
    if (ifAbsent) await insert.onConflictDoNothing()
    else {
      const written = await insert
        .onConflictDoUpdate({
          target: [cartItems.owner, cartItems.productId],
          set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
          setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
        })
        .returning({ quantity: cartItems.quantity })
      // A concurrent add to the same line got there first and left no room.
      if (!written.length) throw stockError(lang, product.stock, await lineQuantity(tx, owner, productId))
    }
    await checkBasketTotal(tx, owner, lang, product.stock, inCart)
  })
}

/** Sets the line's quantity (creating the line at the current price); at most the stock, else 409. */
export async function setCartQuantity(db: Db, owner: string, productId: number, quantity: number, lang: Lang) {
  await db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId, lang)
    const inCart = await lineQuantity(tx, owner, productId)
    if (quantity > product.stock) throw stockError(lang, product.stock, inCart)
    if (inCart === 0) await checkRoomForLine(tx, owner, product.stock, lang)
    await tx
      .insert(cartItems)
      .values({ owner, productId, quantity, priceSeen: unitPrice(product) })
      .onConflictDoUpdate({ target: [cartItems.owner, cartItems.productId], set: { quantity } })
    await checkBasketTotal(tx, owner, lang, product.stock, inCart)
  })
}

/** Removes one line; removing a line that is not there is not an error. */
export async function removeFromCart(db: Db, owner: string, productId: number) {
  await db.delete(cartItems).where(and(eq(cartItems.owner, owner), eq(cartItems.productId, productId)))
}

export async function clearCart(db: Db, owner: string) {
  await db.delete(cartItems).where(eq(cartItems.owner, owner))
}

/** The owner has seen the current prices: `price_changed` clears on every line. */
export async function acceptCartPrices(db: Db, owner: string) {
  await db
    .update(cartItems)
    .set({
      priceSeen: sql`(select ${pricePaid} from ${products} where ${products.id} = ${cartItems.productId})`,
    })
    .where(eq(cartItems.owner, owner))
}

/** Units in the basket: the header badge. */
export async function cartUnits(db: Db, owner: string): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${cartItems.quantity}), 0)`.mapWith(Number) })
    .from(cartItems)
    .where(eq(cartItems.owner, owner))
  return row?.units ?? 0
}

/** The basket's lines as product id and units: what the shop's buttons show as "in the basket". */
export function cartQuantities(db: Db, owner: string): Promise<{ product_id: number; quantity: number }[]> {
  return db
    .select({ product_id: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.owner, owner))
}

/** The basket's goods total at current prices (lines within stock, of products still sold). */
export async function basketGoodsTotal(db: Db, owner: string): Promise<number> {
  const [row] = await db
    .select({
      // bigint: a basket past BASKET_TOTAL_MAX (prices rose since) must still add up, to be refused.
      total: sql<number>`coalesce(sum(${pricePaid}::bigint * ${cartItems.quantity}), 0)`.mapWith(Number),
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.owner, owner), sql`${products.stock} > 0`, shownProduct))
  return row?.total ?? 0
}
