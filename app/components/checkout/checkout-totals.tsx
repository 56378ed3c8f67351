import { useTranslation } from 'react-i18next'
import type { OrderPreview } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'

type Option = OrderPreview['options'][number]

/** The money of step 3 as the API's preview gives it for the chosen delivery and cashback. */
export function CheckoutTotals({
  lang,
  subtotal,
  discount,
  option,
  vatPercent,
  live = true,
}: {
  lang: Lang
  subtotal: number
  discount: number
  option: Pick<Option, 'delivery' | 'delivery_price' | 'cashback_used' | 'total' | 'vat' | 'cashback_earned'>
  vatPercent: number
  /** Whether a screen reader hears the new sums (once per page: the summary's). */
  live?: boolean
}) {
  const { t } = useTranslation('checkout')
  return (
    <dl className="checkout-totals" aria-live={live ? 'polite' : undefined}>
      <div>
        <dt>{t('summary.goods')}</dt>
        <dd>{formatMoney(subtotal, lang)}</dd>
      </div>
      {discount ? (
        <div>
          <dt>{t('summary.discount')}</dt>
          <dd>−{formatMoney(discount, lang)}</dd>
        </div>
      ) : null}
      {option.cashback_used ? (
        <div>
          <dt>{t('summary.cashback')}</dt>
          <dd>−{formatMoney(option.cashback_used, lang)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('summary.delivery', { way: t(`payment.deliveries.${option.delivery}`) })}</dt>
        <dd>{option.delivery_price ? formatMoney(option.delivery_price, lang) : t('payment.delivery_free')}</dd>
      </div>
      <div className="checkout-totals__total">
        <dt>{t('summary.total')}</dt>
        <dd>{formatMoney(option.total, lang)}</dd>
      </div>
      <div className="checkout-totals__vat">
        <dt>{t('summary.vat', { percent: vatPercent })}</dt>
        <dd>{formatMoney(option.vat, lang)}</dd>
      </div>
      {option.cashback_earned ? (
        <div className="checkout-totals__vat">
          <dt>{t('summary.cashback_earned')}</dt>
          <dd>+{formatMoney(option.cashback_earned, lang)}</dd>
        </div>
      ) : null}
    </dl>
  )
}
