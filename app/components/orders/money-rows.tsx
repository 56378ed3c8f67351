import type { Order } from '#api/types.ts'
import { Fact } from './fact.tsx'

type MoneyOrder = Pick<
  Order,
  | 'products_count'
  | 'subtotal'
  | 'promo_code'
  | 'discount'
  | 'cashback_used'
  | 'delivery_price'
  | 'total'
  | 'vat_percent'
  | 'vat'
  | 'paid_total'
  | 'refunded_total'
  | 'cashback_earned'
>

/** The texts the rows use: the shopper's `orders` and the desk's `admin-orders` namespaces both have them. */
type MoneyKey =
  | 'order.subtotal'
  | 'order.promo_code'
  | 'order.none'
  | 'order.cashback_used'
  | 'order.delivery_price'
  | 'order.free'
  | 'order.total'
  | 'order.vat'
  | 'order.paid_total'
  | 'order.refunded_total'
  | 'order.cashback_earned'

/**
 * An order's sums as rows of a `<dl>`, the same for the shopper's order page
 * and the staff desk; each passes its own texts (both namespaces have the
 * `order.*` keys) and the class of the total's row.
 */
export function OrderMoneyRows({
  order,
  t,
  money,
  totalClassName,
}: {
  order: MoneyOrder
  t: (key: MoneyKey, options?: { count?: number; percent?: number }) => string
  money: (amount: number) => string
  totalClassName: string
}) {
  return (
    <>
      <Fact name={t('order.subtotal', { count: order.products_count })}>{money(order.subtotal)}</Fact>
      <Fact name={t('order.promo_code')}>
        {order.promo_code ? `${order.promo_code} (−${money(order.discount)})` : t('order.none')}
      </Fact>
      <Fact name={t('order.cashback_used')}>{money(order.cashback_used)}</Fact>
      <Fact name={t('order.delivery_price')}>
        {order.delivery_price ? money(order.delivery_price) : t('order.free')}
      </Fact>
      <Fact name={t('order.total')} className={totalClassName}>
        {money(order.total)}
      </Fact>
      <Fact name={t('order.vat', { percent: order.vat_percent })}>{money(order.vat)}</Fact>
      <Fact name={t('order.paid_total')}>{money(order.paid_total)}</Fact>
      {order.refunded_total ? <Fact name={t('order.refunded_total')}>{money(order.refunded_total)}</Fact> : null}
      {order.cashback_earned ? <Fact name={t('order.cashback_earned')}>{money(order.cashback_earned)}</Fact> : null}
    </>
  )
}
