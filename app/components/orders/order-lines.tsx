import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Order } from '#api/types.ts'
import { ResponsiveImage } from '#app/components/catalogue/image.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { formatMoney } from '#app/utils/money.ts'

/**
 * An order's lines as cards: the picture, the title as sold (it names the size), the price of one by the
 * quantity, and the line's sum. A removed product keeps its title, without a link.
 */
export function OrderLines({ lang, items, labelledBy }: { lang: Lang; items: Order['items']; labelledBy: string }) {
  const { t } = useTranslation('orders')
  const money = (amount: number) => formatMoney(amount, lang)
  return (
    <ul className="order-lines" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <li key={item.id} className="order-line">
          <div className="order-line__media">
            {item.image ? (
              <ResponsiveImage
                links={item.image}
                alt=""
                width={64}
                height={64}
                sizes="64px"
                candidates={['extra_small', 'small']}
              />
            ) : null}
          </div>
          <p className="order-line__title">
            {item.product_id ? <Link to={`/${lang}/products/${item.slug}`}>{item.title}</Link> : item.title}
          </p>
          <p className="order-line__each">
            <span className="visually-hidden">{t('order.price')}: </span>
            <span className="money">{money(item.unit_price)}</span> × {item.quantity}
          </p>
          <p className="order-line__total">
            <span className="visually-hidden">{t('order.line_total')}: </span>
            <span className="money">{money(item.line_total)}</span>
          </p>
        </li>
      ))}
    </ul>
  )
}
