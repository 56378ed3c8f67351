import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Order } from '#api/types.ts'
import { PAY_FRAGMENT } from '#app/components/orders/pay.ts'
import type { Lang } from '#app/utils/i18n.ts'
import { formatDate, formatMoney, isoDate } from '#app/utils/money.ts'

/**
 * One order in the my-orders list: number, date, status, count and total, linking to the order page; one
 * still to be paid also links to that page's payment form.
 */
export function OrderCard({ lang, order }: { lang: Lang; order: Order }) {
  const { t } = useTranslation('orders')
  const title = t('card.title', { number: order.number })
  return (
    <article className="order-card" aria-labelledby={`order-${order.id}`}>
      <h2 className="order-card__title" id={`order-${order.id}`}>
        <Link to={`/${lang}/order/${order.id}`}>{title}</Link>
      </h2>
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
          <span>{t('card.pay_hint')}</span>
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
