import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Order } from '#api/types.ts'
import { ResponsiveImage } from '#app/components/catalogue/image.tsx'
import { PAY_FRAGMENT } from '#app/components/orders/pay.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatDate, formatMomentAfter, formatMoney, isoDate } from '#app/utils/money.ts'

/** Pictures an order's card shows: its first products'. */
const PICTURES = 3

/**
 * One order in the my-orders list: its first products' pictures, number, date, status, count and total,
 * linking to the order page; one still to be paid says until when and links to that page's payment form.
 */
export function OrderCard({ lang, order }: { lang: Lang; order: Order }) {
  const { t } = useTranslation('orders')
  const title = t('card.title', { number: order.number })
  const pictured = order.items.filter((item) => item.image)
  return (
    <article className="order-card" aria-labelledby={`order-${order.id}`}>
      <h2 className="order-card__title" id={`order-${order.id}`}>
        <Link to={`/${lang}/order/${order.id}`}>{title}</Link>
      </h2>
      {pictured.length ? (
        <ul className="order-card__pictures">
          {pictured.slice(0, PICTURES).map((item) => (
            <li key={item.slug}>
              <ResponsiveImage
                links={item.image!}
                alt={item.title}
                width={56}
                height={56}
                sizes="56px"
                candidates={['extra_small', 'small']}
              />
            </li>
          ))}
          {pictured.length > PICTURES ? <li className="order-card__more">+{pictured.length - PICTURES}</li> : null}
        </ul>
      ) : null}
      <dl className="order-card__facts">
        <div>
          <dt>{t('card.date')}</dt>
          <dd>
            <time dateTime={isoDate(order.created_at)}>{formatDate(order.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('card.status')}</dt>
          <dd className={`order-status order-status--${order.status_name}`}>{order.status_label}</dd>
        </div>
        <div>
          <dt>{t('card.products')}</dt>
          <dd>{t('card.count', { count: order.products_count })}</dd>
        </div>
        <div>
          <dt>{t('card.total')}</dt>
          <dd>{formatMoney(order.total, lang)}</dd>
        </div>
      </dl>
      {order.can_pay ? (
        <p className="order-card__pay">
          <span>
            {t('card.pay_by', { time: order.pay_by ? formatMomentAfter(order.pay_by, order.created_at) : '' })}
          </span>
          <Link
            to={`/${lang}/order/${order.id}#${PAY_FRAGMENT}`}
            className="button button--small"
            aria-label={t('card.pay_label', { number: order.number })}
          >
            {t('card.pay')}
          </Link>
        </p>
      ) : null}
    </article>
  )
}
