import { useTranslation } from 'react-i18next'
import type { Lang } from '#app/utils/i18n.ts'
import { formatDate, formatMoney } from '#app/utils/money.ts'
import { formatPhone } from '#contract/phone-format.ts'
import { TableHead } from '../../+shared/table-head.tsx'
import { DeliveryPlace } from './delivery-place.tsx'
import type { DeskOrder } from './types.ts'

/**
 * The packing slip / delivery note: what goes in the bag, to whom, where, and
 * what the courier collects. Printed on A4 or a receipt printer
 * (orders.css `@media print` leaves only this).
 */
export function Slip({ lang, order, qr }: { lang: Lang; order: DeskOrder; qr: string }) {
  const { t } = useTranslation('admin-orders')
  const money = (amount: number) => formatMoney(amount, lang)
  const { receiver } = order
  const collect = order.payment_method === 'cash' && order.payment_status !== 'paid'
  return (
    <article className="desk-slip" aria-labelledby="desk-slip-title">
      <header className="desk-slip__head">
        <div>
          <h1 id="desk-slip-title">{t('slip.title', { number: order.number })}</h1>
          <p>{t('slip.date', { date: formatDate(order.created_at) })}</p>
        </div>
        <div
          className="desk-slip__qr"
          role="img"
          aria-label={t('slip.qr', { number: order.number })}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG that uqr made from the order number on the server.
          dangerouslySetInnerHTML={{ __html: qr }}
        />
      </header>
      <dl className="desk-facts">
        <div>
          <dt>{t('order.receiver')}</dt>
          <dd>{receiver.name}</dd>
        </div>
        <div>
          <dt>{t('order.phone')}</dt>
          <dd>
            {formatPhone(receiver.phone)}
            {receiver.extra_phone ? `, ${formatPhone(receiver.extra_phone)}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('order.delivery')}</dt>
          <dd>{t(`deliveries.${order.delivery}`, { defaultValue: order.delivery })}</dd>
        </div>
        <div>
          <dt>{order.pickup_point ? t('order.pickup_point') : t('order.address')}</dt>
          <dd>
            <DeliveryPlace order={order} landmark />
          </dd>
        </div>
      </dl>
      <table className="desk-slip__items">
        <TableHead columns={[t('order.item'), t('order.quantity'), t('order.line_total')]} />
        <tbody>
          {order.items.map((item) => (
            <tr key={`${item.slug}-${item.unit_price}`}>
              <td>{item.title}</td>
              <td>{item.quantity}</td>
              <td>{money(item.line_total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('order.total')}
            </th>
            <td>{money(order.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="desk-slip__collect">
        <strong>
          {collect
            ? t('slip.collect', { amount: money(order.total) })
            : order.payment_status === 'paid'
              ? t('slip.prepaid')
              : t('slip.unpaid_online')}
        </strong>
      </p>
      <p className="desk-slip__signatures">
        <span>{t('slip.checked')}: ____________</span>
        <span>{t('slip.received')}: ____________</span>
      </p>
    </article>
  )
}
