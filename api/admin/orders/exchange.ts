import { eq } from 'drizzle-orm'
import { recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import { unitPrice } from '../../catalogue/products.ts'
import type { Db, Tx } from '../../db/client.ts'
import { orderItems, orders, payments } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import { type Lang, pick } from '../../http/locale.ts'
import { groupedNumber, message } from '../../http/messages.ts'
import { newsToCustomer } from '../../notifications/order-notifications.ts'
import { queueOrderMessageUpdate } from '../../notifications/staff-chat.ts'
import { lockForSale } from '../../orders/checkout-lines.ts'
import { includedVat } from '../../orders/money.ts'
import { orRolledBack } from '../../orders/rolled-back.ts'
import { lockOrderAndPayments, OrderConflictError, type OrderRow, orderById } from '../../orders/service.ts'
import { OrderStatus, orderNumber } from '../../orders/states.ts'
import { refundOrder } from '../../payments/refunds.ts'
import { payableNow, paymentLinkOf } from '../../payments/service.ts'
import { moveStock, StockError } from '../../stock/movements.ts'
import { inEveryLanguage, recordOrderEvent } from './events.ts'
import { giveBack, type RefundMethod } from './money-back.ts'
import { orderLinesOf } from './order-lines.ts'
import { keptMoney, linesPaid, putBack, settleCashback, type UnitsBack, unitsBack } from './returns.ts'
import type { StaffOrderActor, StaffOrderCtx } from './status.ts'

export type OrderExchange = {
  orderId: number
  /** The order's `updated_at` as the staff member saw it: a second submit, or someone else's change since, is 409. */
  expectedUpdatedAt: string
  /** The units brought back, as a return takes them (`restock`: back on the shelf, else written off). */
  items: { itemId: number; quantity: number; restock: boolean }[]
  /** What the customer takes instead, at today's prices. */
  replacement: { productId: number; quantity: number }[]
  reason: string
  /**
   * How the difference is settled: `provider` gives a cheaper replacement's difference back through
   * the payment the order was paid with, and asks a dearer one's by a payment link; `cash`: staff hand
   * it back or take it now.
   */
  settle: RefundMethod
  actor: StaffOrderActor
}

export type ExchangeOutcome = {
  order: OrderRow
  /** What the units brought back were paid (in money; the cashback they were paid with goes back to the balance). */
  returned: number
  /** What the replacement costs today. */
  replacement: number
  /** replacement − returned: above 0 the customer pays it, below 0 the shop gives it back. */
  difference: number
  /** The payment link the customer was sent for a dearer replacement (absolute), else null. */
  paymentLink: string | null
}

/**
 * A return and a replacement in one step on a delivered order (a size or a
 * product that did not suit), in one transaction:
 *
 * - the units brought back are counted as a return (back on the shelf or
 *   written off, `returned_total` grows by what they were paid, their cashback
 *   settled as a return settles it: returns.ts);
 * - the replacement becomes new lines of the order at today's prices and
 *   leaves stock (`order`; 409 `{detail, items}` when short, nothing moved);
 *   the order's goods, total and VAT grow by it, so the export's and the
 *   statistics' net is what the customer keeps;
 * - the difference is settled once: a cheaper replacement's goes back through
 *   the provider (money-back.ts; 409 when it cannot take that part) or in cash,
 *   a dearer one's is asked by a payment link (409 when the order cannot be
 *   paid online: Payme, cash) or taken in cash now (a `cash` payment held by the
 *   staff member); equal, nothing moves;
 * - a `return` event on the timeline carrying the replacement (the desk shows
 *   it as an exchange), audited `order.exchange`, one message to the customer
 *   (their Telegram, else an SMS) with what was exchanged and the money.
 *
 * The order row is locked and `expectedUpdatedAt` must still be its
 * `updated_at`: a double submit or two staff members at once exchange once,
 * the other gets 409. `preview` runs the same and rolls back.
 */
export async function exchangeGoods(
  db: Db,
  input: OrderExchange,
  ctx: StaffOrderCtx,
  options: { preview?: boolean } = {},
): Promise<ExchangeOutcome> {
  const { lang } = ctx
  if (!input.items.some((i) => i.quantity > 0)) throw badField(lang, 'items', 'admin_exchange_nothing_back')
  if (!input.replacement.some((r) => r.quantity > 0))
    throw badField(lang, 'replacement', 'admin_exchange_nothing_instead')
  let askProvider = false
  const outcome = await orRolledBack<ExchangeOutcome>((rollBack) =>
    db.transaction(async (tx) => {
      const order = await lockOrderAndPayments(tx, input.orderId)
      if (!order) throw new ApiError(404, message(lang, 'order_not_found'))
      if (order.status !== OrderStatus.delivered) throw new ApiError(409, message(lang, 'admin_exchange_not_delivered'))
      if (order.updatedAt.toISOString() !== input.expectedUpdatedAt)
        throw new ApiError(409, message(lang, 'admin_exchange_changed'))
      const lines = await orderLinesOf(tx, order.id)
      const paid = linesPaid(order, lines)
      const taken = unitsBack(
        lines,
        paid,
        input.items.filter((i) => i.quantity > 0),
        lang,
      )
      const returned = taken.reduce((sum, t) => sum + t.money, 0)
      await putBack(tx, order, taken, input)
      const instead = await takeReplacement(tx, order, input, lang)
      const replacement = instead.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)
      const difference = replacement - returned

      // The cashback earned at delivery is due on what the customer keeps, the replacement with it.
      const cashback = await settleCashback(tx, order, taken, keptMoney(lines, paid, taken) + replacement, ctx)
      const total = order.total + replacement
      const [counted] = await tx
        .update(orders)
        .set({
          subtotal: order.subtotal + replacement,
          total,
          vat: includedVat(total),
          returnedTotal: order.returnedTotal + returned,
          cashbackEarned: cashback.earned,
          updatedAt: ctx.now,
        })
        .where(eq(orders.id, order.id))
        .returning()

      const recorded = await recordExchange(tx, counted!, {
        was: order,
        taken,
        instead,
        difference,
        cashback,
        input,
        ctx,
      })
      askProvider = recorded.askProvider
      const updated = recorded.order
      const result: ExchangeOutcome = {
        order: updated,
        returned,
        replacement,
        difference,
        paymentLink: recorded.link,
      }
      if (options.preview) rollBack(result)
      return result
    }),
  )
  if (options.preview) return outcome
  await invalidateCatalogue(db)
  if (askProvider) {
    await refundOrder(ctx.refunds, outcome.order.id)
    outcome.order = (await orderById(db, outcome.order.id)) ?? outcome.order
  }
  return outcome
}

type Exchanged = {
  was: OrderRow
  taken: UnitsBack[]
  instead: Replacement[]
  difference: number
  cashback: { back: number; taken: number }
  input: OrderExchange
  ctx: StaffOrderCtx
}

/**
 * What the exchange leaves behind, in its transaction: the timeline's event
 * (a `return` carrying the replacement), the difference settled, the
 * `order.exchange` audit row, the customer's one message and the staff chat's card.
 */
async function recordExchange(tx: Tx, counted: OrderRow, x: Exchanged) {
  const { was, taken, instead, difference, cashback, input, ctx } = x
  const eventId = await recordOrderEvent(tx, {
    orderId: was.id,
    kind: 'return',
    actor: input.actor,
    text: input.reason,
    changes: {
      before: {},
      after: {
        returned: unitsText(backUnits(taken)),
        ...(taken.some((t) => t.restock) ? { restocked: unitsText(backUnits(taken.filter((t) => t.restock))) } : {}),
        replacement: unitsText(instead),
        ...(difference < 0 ? { refund: -difference, method: input.settle } : {}),
        ...(difference > 0 ? { extra: difference, extra_by: input.settle === 'cash' ? 'cash' : 'link' } : {}),
        ...(cashback.back ? { cashback_back: cashback.back } : {}),
        ...(cashback.taken ? { cashback_taken: cashback.taken } : {}),
      },
    },
    at: ctx.now,
  })
  const settled = await settle(tx, counted, { difference, eventId, input, ctx })
  const order = settled.order
  await recordAudit(tx, {
    ...input.actor,
    action: 'order.exchange',
    entity: 'order',
    entityId: was.id,
    before: {
      total: was.total,
      returned_total: was.returnedTotal,
      refunded_total: was.refundedTotal,
      paid_total: was.paidTotal,
    },
    after: {
      returned: taken.map((t) => ({ item_id: t.line.id, quantity: t.quantity, restock: t.restock })),
      replacement: instead.map((l) => ({ product_id: l.productId, quantity: l.quantity, unit_price: l.unitPrice })),
      total: order.total,
      returned_total: order.returnedTotal,
      refunded_total: order.refundedTotal,
      paid_total: order.paidTotal,
      difference,
      ...(difference ? { method: input.settle } : {}),
      reason: input.reason,
    },
    at: ctx.now,
  })
  await newsToCustomer(tx, was, (lang) => exchangeNews(lang, { ...x, order }), ctx.now)
  await queueOrderMessageUpdate(tx, order, ctx.now)
  return settled
}

type Replacement = {
  productId: number
  slug: string
  title: Record<Lang, string>
  unitPrice: number
  regularPrice: number
  quantity: number
}

/**
 * The replacement's lines added to the order at today's prices, their stock
 * taken (`order`, so a later return gives it back to the same batches). The
 * products are locked in id order as checkout locks them; unknown: 400; hidden:
 * 409; short stock: 409 listing each short line with what is left.
 */
async function takeReplacement(tx: Tx, order: OrderRow, input: OrderExchange, lang: Lang): Promise<Replacement[]> {
  const wanted = new Map<number, number>()
  for (const r of input.replacement)
    if (r.quantity > 0) wanted.set(r.productId, (wanted.get(r.productId) ?? 0) + r.quantity)
  const rows = await lockForSale(
    tx,
    [...wanted.keys()].sort((a, b) => a - b),
  )
  if (rows.length !== wanted.size) throw badField(lang, 'replacement', 'product_not_found')
  const hidden = rows.filter((p) => p.isHidden)
  if (hidden.length)
    throw new OrderConflictError(
      message(lang, 'admin_order_products_hidden'),
      hidden.map((p) => ({ product_id: p.productId, title: pick(p.title, lang), available: 0 })),
    )
  const short: Record<string, unknown>[] = []
  const lines: Replacement[] = []
  for (const p of rows) {
    const quantity = wanted.get(p.productId)!
    try {
      await moveStock(tx, {
        productId: p.productId,
        delta: -quantity,
        reason: 'order',
        orderId: order.id,
        actor: input.actor,
      })
    } catch (error) {
      if (!(error instanceof StockError)) throw error
      short.push({
        product_id: p.productId,
        title: pick(p.title, lang),
        requested: quantity,
        available: error.available,
      })
      continue
    }
    lines.push({
      productId: p.productId,
      slug: p.slug,
      title: p.title,
      unitPrice: unitPrice(p),
      regularPrice: p.price,
      quantity,
    })
  }
  if (short.length) throw new OrderConflictError(message(lang, 'admin_exchange_short'), short)
  await tx.insert(orderItems).values(lines.map((l) => ({ orderId: order.id, ...l })))
  return lines
}

/**
 * The difference settled once, in the exchange's transaction: a cheaper
 * replacement's given back (through the provider, or cash), a dearer one's
 * taken in cash now or left due for the payment link (which must exist).
 */
async function settle(
  tx: Tx,
  order: OrderRow,
  s: { difference: number; eventId: number; input: OrderExchange; ctx: StaffOrderCtx },
): Promise<{ order: OrderRow; askProvider: boolean; link: string | null }> {
  const { difference, input, ctx } = s
  const { lang, now } = ctx
  if (difference < 0) {
    const back = await giveBack(tx, order, { amount: -difference, method: input.settle, eventId: s.eventId, now, lang })
    return { order: back.order, askProvider: back.askProvider, link: null }
  }
  if (difference === 0) return { order, askProvider: false, link: null }
  if (input.settle === 'provider') {
    if (!payableNow(ctx.config, order)) {
      const detail = message(lang, 'admin_exchange_no_link', { amount: groupedNumber(difference) })
      throw new ApiError(409, detail, [{ field: 'settle', message: detail }])
    }
    return { order, askProvider: false, link: paymentLinkOf(ctx.config, order, order.lang as Lang).url }
  }
  // Taken in cash now: the staff member holds it until it is handed over, as with a courier's cash.
  await tx.insert(payments).values({
    orderId: order.id,
    provider: 'cash',
    amount: difference,
    status: 'paid',
    collectedBy: input.actor.staffId,
    createdAt: now,
  })
  const [paid] = await tx
    .update(orders)
    .set({ paidTotal: order.paidTotal + difference, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning()
  return { order: paid!, askProvider: false, link: null }
}

const backUnits = (taken: UnitsBack[]) => taken.map((t) => ({ title: t.line.title, quantity: t.quantity }))

const unitsText = (units: { title: Record<Lang, string>; quantity: number }[]) =>
  inEveryLanguage((l) => units.map((u) => `${u.title[l] || u.title.ru} × ${u.quantity}`).join(', '))

/** The customer's one message: what came back, what they took instead, and the money. */
function exchangeNews(lang: Lang, x: Exchanged & { order: OrderRow }) {
  const head = message(lang, 'sms_order_exchange', {
    number: orderNumber(x.order.id),
    returned: unitsText(backUnits(x.taken))[lang],
    instead: unitsText(x.instead)[lang],
  })
  const amount = groupedNumber(Math.abs(x.difference))
  const settle = x.input.settle
  const tail =
    x.difference === 0
      ? message(lang, 'sms_order_exchange_even')
      : x.difference < 0
        ? message(lang, settle === 'cash' ? 'sms_order_return_cash' : 'sms_order_return_provider', { amount })
        : settle === 'cash'
          ? message(lang, 'sms_order_exchange_extra_cash', { amount })
          : message(lang, 'sms_order_edited_extra_link', {
              amount,
              url: paymentLinkOf(x.ctx.config, x.order, lang).url,
            })
  return `${head} ${tail}`
}

function badField(
  lang: Lang,
  field: string,
  key: 'admin_exchange_nothing_back' | 'admin_exchange_nothing_instead' | 'product_not_found',
) {
  const detail = message(lang, key)
  return new ApiError(400, detail, [{ field, message: detail }])
}
