import { useTranslation } from 'react-i18next'
import type { ProductDetail } from '#api/types.ts'
import { ShopLink } from '#app/components/shop-link.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import { PriceText } from './price.tsx'

type Line = NonNullable<ProductDetail['line']>

/**
 * The line's sizes and forms as links, each with its price, sale, price per
 * 10 ml and stock: choosing one opens its own page (its address, canonical,
 * price and basket button), the same with or without JavaScript.
 */
export function LineChoices({ line, current, lang }: { line: Line; current: number; lang: Lang }) {
  const { t } = useTranslation('catalogue')
  if (line.members.length < 2) return null
  return (
    <nav className="line-choices" aria-labelledby="line-choices-title">
      <h2 id="line-choices-title" className="line-choices__title">
        {t('line.title')}
      </h2>
      <ul className="line-choices__list">
        {line.members.map((choice) => (
          <li key={choice.id}>
            <ShopLink
              to={`/${lang}/products/${choice.slug}`}
              className="line-choices__choice"
              aria-current={choice.id === current ? 'page' : undefined}
              // The page stays where the shopper chose; only what the choice changes changes.
              preventScrollReset
            >
              <span className="line-choices__label">{choice.label}</span>
              <PriceText price={choice.price} salePrice={choice.sale_price} lang={lang} t={t} />
              {choice.price_per_10 !== null ? (
                <span className="line-choices__per">
                  {t('line.per_10', { price: formatMoney(choice.price_per_10, lang), unit: t(`unit.${choice.unit}`) })}
                </span>
              ) : null}
              <span
                className={choice.in_stock ? 'line-choices__stock' : 'line-choices__stock line-choices__stock--out'}
              >
                {choice.in_stock ? t('stock.in') : t('stock.out')}
              </span>
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
