import type { TFunction } from 'i18next'
import type { Order } from '#api/types.ts'

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
  | 'cashback_earned'
>

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
  t: TFunction
  money: (amount: number) => string
  totalClassName: string
}) {
  return (
    <>
      <div>
        <dt>{t('order.subtotal', { count: order.products_count })}</dt>
        <dd>{money(order.subtotal)}</dd>
      </div>
      <div>
        <dt>{t('order.promo_code')}</dt>
        <dd>{order.promo_code ? `${order.promo_code} (−${money(order.discount)})` : t('order.none')}</dd>
      </div>
      <div>
        <dt>{t('order.cashback_used')}</dt>
        <dd>{money(order.cashback_used)}</dd>
      </div>
      <div>
        <dt>{t('order.delivery_price')}</dt>
        <dd>{order.delivery_price ? money(order.delivery_price) : t('order.free')}</dd>
      </div>
      <div className={totalClassName}>
        <dt>{t('order.total')}</dt>
        <dd>{money(order.total)}</dd>
      </div>
      <div>
        <dt>{t('order.vat', { percent: order.vat_percent })}</dt>
        <dd>{money(order.vat)}</dd>
      </div>
      <div>
        <dt>{t('order.paid_total')}</dt>
        <dd>{money(order.paid_total)}</dd>
      </div>
      {order.cashback_earned ? (
        <div>
          <dt>{t('order.cashback_earned')}</dt>
          <dd>{money(order.cashback_earned)}</dd>
        </div>
      ) : null}
    </>
  )
}
