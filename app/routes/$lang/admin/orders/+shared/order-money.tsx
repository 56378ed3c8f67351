import { useTranslation } from 'react-i18next'
import { OrderMoneyRows } from '#app/components/orders/money-rows.tsx'
import type { Lang } from '#app/utils/i18n.ts'
import { formatDate, formatMoney, isoDate } from '#app/utils/money.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import type { DeskOrder } from './types.ts'

/** How the order is paid: method and state, the sums (promo, cashback, VAT) and each payment attempt. */
export function OrderMoney({ lang, order }: { lang: Lang; order: DeskOrder }) {
  const { t } = useTranslation('admin-orders')
  const money = (amount: number) => formatMoney(amount, lang)
  return (
    <section aria-labelledby="desk-money" className="desk-card">
      <h2 id="desk-money">{t('order.money_title')}</h2>
      <dl className="desk-facts">
        <div>
          <dt>{t('order.payment_method')}</dt>
          <dd>{t(`methods.${order.payment_method}`, { defaultValue: order.payment_method })}</dd>
        </div>
        <div>
          <dt>{t('order.payment_status')}</dt>
          <dd>
            <span className={`desk-pay desk-pay--${order.payment_status}`}>
              {t(`payment_statuses.${order.payment_status}`, { defaultValue: order.payment_status })}
            </span>
          </dd>
        </div>
        {order.refund ? (
          <div>
            <dt>{t('order.refund')}</dt>
            <dd>{order.refund.label}</dd>
          </div>
        ) : null}
        <OrderMoneyRows order={order} t={t} money={money} totalClassName="desk-facts__total" />
        {order.amount_due && order.status !== 2 ? (
          <div>
            <dt>{t('order.amount_due')}</dt>
            <dd>
              <strong>{money(order.amount_due)}</strong>
            </dd>
          </div>
        ) : null}
        {order.owed_back ? (
          <div>
            <dt>{t('order.owed_back')}</dt>
            <dd>
              <strong>{money(order.owed_back)}</strong>
            </dd>
          </div>
        ) : null}
      </dl>
      {order.refunds.length ? (
        <>
          <h3>{t('order.refunds')}</h3>
          <table className="desk-table desk-table--plain">
            <TableHead
              columns={[
                t('order.payment_date'),
                t('order.payment_provider'),
                t('order.payment_state'),
                { label: t('order.payment_amount'), className: 'desk-table__money' },
              ]}
            />
            <tbody>
              {order.refunds.map((r) => (
                <tr key={r.id}>
                  <td data-label={t('order.payment_date')}>
                    <time dateTime={isoDate(r.created_at)}>{formatDate(r.created_at)}</time>
                  </td>
                  <td data-label={t('order.payment_provider')}>
                    {r.provider
                      ? t(`methods.${r.provider}`, { defaultValue: r.provider })
                      : t(`refunds.methods.${r.method}`)}
                  </td>
                  <td data-label={t('order.payment_state')}>
                    {t(r.status === 'refunded' ? 'payment_statuses.refunded' : 'payment_statuses.refund_pending')}
                  </td>
                  <td data-label={t('order.payment_amount')} className="desk-table__money">
                    {money(r.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
      <h3>{t('order.payments')}</h3>
      {order.payments.length ? (
        <table className="desk-table desk-table--plain">
          <TableHead
            columns={[
              t('order.payment_date'),
              t('order.payment_provider'),
              t('order.payment_state'),
              { label: t('order.payment_amount'), className: 'desk-table__money' },
            ]}
          />
          <tbody>
            {order.payments.map((p) => (
              <tr key={p.id}>
                <td data-label={t('order.payment_date')}>
                  <time dateTime={isoDate(p.created_at)}>{formatDate(p.created_at)}</time>
                </td>
                <td data-label={t('order.payment_provider')}>
                  {t(`methods.${p.provider}`, { defaultValue: p.provider })}
                </td>
                <td data-label={t('order.payment_state')}>
                  {t(`payment_statuses.${p.status}`, { defaultValue: p.status })}
                  {p.refund_error ? <span className="desk-error"> · {p.refund_error}</span> : null}
                </td>
                <td data-label={t('order.payment_amount')} className="desk-table__money">
                  {money(p.amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="desk-muted">{t('order.no_payments')}</p>
      )}
    </section>
  )
}
