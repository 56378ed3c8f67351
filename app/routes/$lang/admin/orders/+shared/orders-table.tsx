import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Lang } from '#app/utils/i18n.ts'
import { formatDate, formatMoney, isoDate } from '#app/utils/money.ts'
import { formatPhone } from '#contract/phone-format.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import { DISPATCH_FORM } from './dispatch-form.tsx'
import type { DeskOrderRow } from './types.ts'

/**
 * The orders, newest first. One table: on a desktop a table, on a phone each
 * row a compact card (orders.css; the cells carry their column's name
 * in data-label for it).
 */
/** Open courier orders a dispatcher can tick for the dispatch form; closed and pickup ones have no box. */
const dispatchable = (order: DeskOrderRow) => order.delivery === 'courier' && [3, 4, 5].includes(order.status)

export function OrdersTable({
  lang,
  orders,
  dispatch = false,
}: {
  lang: Lang
  orders: DeskOrderRow[]
  /** Whether rows get a box for the dispatch form (orders.write). */
  dispatch?: boolean
}) {
  const { t } = useTranslation('admin-orders')
  return (
    <table className="desk-table">
      <TableHead
        caption={t('list.caption')}
        columns={[
          t('list.number'),
          t('list.date'),
          t('list.status'),
          t('list.receiver'),
          t('list.payment_status'),
          t('list.delivery'),
          { label: t('list.total'), className: 'desk-table__money' },
        ]}
      />
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className={order.is_new ? 'desk-table__row desk-table__row--new' : 'desk-table__row'}>
            <th scope="row" className="desk-table__number">
              {dispatch && dispatchable(order) ? (
                <input
                  type="checkbox"
                  name="order_id"
                  value={order.id}
                  form={DISPATCH_FORM}
                  className="desk-table__pick"
                  aria-label={t('dispatch.tick', { number: order.number })}
                />
              ) : null}{' '}
              <Link to={`/${lang}/admin/orders/${order.id}`}>{t('list.open', { number: order.number })}</Link>
              {order.is_new ? <span className="desk-badge desk-badge--new">{t('list.new')}</span> : null}
            </th>
            <td data-label={t('list.date')}>
              <time dateTime={isoDate(order.created_at)}>{formatDate(order.created_at)}</time>
            </td>
            <td data-label={t('list.status')}>
              <span className={`desk-status desk-status--${order.status_name}`}>{order.status_label}</span>
              {order.assigned_staff ? (
                <span className="desk-muted desk-nowrap"> → {order.assigned_staff.name}</span>
              ) : null}
            </td>
            <td data-label={t('list.receiver')}>
              {order.receiver.name} <span className="desk-muted desk-nowrap">{formatPhone(order.receiver.phone)}</span>
            </td>
            <td data-label={t('list.payment_status')}>
              {t(`methods.${order.payment_method}`, { defaultValue: order.payment_method })} ·{' '}
              <span className={`desk-pay desk-pay--${order.payment_status}`}>
                {t(`payment_statuses.${order.payment_status}`, { defaultValue: order.payment_status })}
              </span>
            </td>
            <td data-label={t('list.delivery')}>
              {t(`deliveries.${order.delivery}`, { defaultValue: order.delivery })}
              {order.region ? ` · ${order.region.name}` : ''}
            </td>
            <td data-label={t('list.total')} className="desk-table__money">
              {formatMoney(order.total, lang)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
