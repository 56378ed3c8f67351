import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'

type PriceProps = { price: number; salePrice: number | null; lang: Lang; size?: 'normal' | 'large' }

/** The price to pay, and the regular price struck through when on sale. */
export function Price(props: PriceProps) {
  const { t } = useTranslation('catalogue')
  return <PriceText {...props} t={t} />
}

/** `Price` with the texts passed in: lists of cards look them up once, not once per card. */
export function PriceText({ price, salePrice, lang, size = 'normal', t }: PriceProps & { t: TFunction<'catalogue'> }) {
  const onSale = salePrice !== null && salePrice < price
  return (
    <p className={`price price--${size}`}>
      {onSale ? (
        <>
          <span className="visually-hidden">{t('price.sale')}: </span>
          <strong className="price__now price__now--sale">{formatMoney(salePrice, lang)}</strong>{' '}
          <s className="price__old">
            <span className="visually-hidden">{t('price.old')}: </span>
            {formatMoney(price, lang)}
          </s>
        </>
      ) : (
        <strong className="price__now">{formatMoney(price, lang)}</strong>
      )}
    </p>
  )
}
