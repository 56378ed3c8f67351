import { useTranslation } from 'react-i18next'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'

/** VAT included in a gross amount (the API's `includedVat`, for the preview). */
const includedVat = (gross: number, percent: number) => Math.round((gross * percent) / (100 + percent))

/** The money of step 3: goods, discount, cashback, delivery, the total and the VAT in it. */
export function CheckoutTotals({
  lang,
  goods,
  discount,
  cashback,
  delivery,
  deliveryWay,
  vatPercent,
}: {
  lang: Lang
  goods: number
  discount: number
  cashback: number
  delivery: number
  deliveryWay: 'courier' | 'pickup'
  vatPercent: number
}) {
  const { t } = useTranslation('checkout')
  const afterDiscount = Math.max(0, goods - discount)
  const spent = Math.min(cashback, afterDiscount)
  const total = afterDiscount - spent + delivery
  return (
    <dl className="checkout-totals" aria-live="polite">
      <div>
        <dt>{t('summary.goods')}</dt>
        <dd>{formatMoney(goods, lang)}</dd>
      </div>
      {discount ? (
        <div>
          <dt>{t('summary.discount')}</dt>
          <dd>−{formatMoney(discount, lang)}</dd>
        </div>
      ) : null}
      {spent ? (
        <div>
          <dt>{t('summary.cashback')}</dt>
          <dd>−{formatMoney(spent, lang)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('summary.delivery', { way: t(`payment.deliveries.${deliveryWay}`) })}</dt>
        <dd>{delivery ? formatMoney(delivery, lang) : t('payment.delivery_free')}</dd>
      </div>
      <div className="checkout-totals__total">
        <dt>{t('summary.total')}</dt>
        <dd>{formatMoney(total, lang)}</dd>
      </div>
      <div className="checkout-totals__vat">
        <dt>{t('summary.vat', { percent: vatPercent })}</dt>
        <dd>{formatMoney(includedVat(total, vatPercent), lang)}</dd>
      </div>
    </dl>
  )
}
