import { useTranslation } from 'react-i18next'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { DeskOrder } from './types.ts'

/** The goods with their pictures, so the picker sees what to take from the shelf. */
export function OrderItems({ lang, items }: { lang: Lang; items: DeskOrder['items'] }) {
  const { t } = useTranslation('admin-orders')
  const money = (amount: number) => formatMoney(amount, lang)
  return (
    <section aria-labelledby="desk-items" className="desk-card">
      <h2 id="desk-items">{t('order.items')}</h2>
      <ul className="desk-items">
        {items.map((item) => (
          <li key={`${item.slug}-${item.unit_price}`} className="desk-items__item">
            {item.image ? (
              <img
                src={item.image.extra_small}
                srcSet={`${item.image.extra_small} 1x, ${item.image.small} 2x`}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="desk-items__image"
              />
            ) : (
              <span className="desk-items__image desk-items__image--none" aria-hidden="true" />
            )}
            <span className="desk-items__title">
              {item.product_id ? (
                <a href={`/${lang}/products/${item.slug}`} target="_blank" rel="noopener">
                  {item.title}
                </a>
              ) : (
                item.title
              )}
            </span>
            <span className="desk-items__quantity">
              <span className="visually-hidden">{t('order.quantity')}: </span>
              {item.quantity} × {money(item.unit_price)}
              {item.returned_quantity ? (
                <span className="desk-muted"> · {t('order.returned', { count: item.returned_quantity })}</span>
              ) : null}
            </span>
            <span className="desk-items__total">
              <span className="visually-hidden">{t('order.line_total')}: </span>
              {money(item.line_total)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
