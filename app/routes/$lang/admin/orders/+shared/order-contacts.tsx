import { useTranslation } from 'react-i18next'
import { PhoneLink } from '../../+shared/phone-link.tsx'
import { DeliveryPlace } from './delivery-place.tsx'
import type { DeskOrder } from './types.ts'

/** Who ordered, who receives, where and how it goes. */
export function OrderContacts({ order }: { order: DeskOrder }) {
  const { t } = useTranslation('admin-orders')
  const { address, receiver, customer } = order
  return (
    <section aria-labelledby="desk-people" className="desk-card">
      <h2 id="desk-people">{t('order.people')}</h2>
      <dl className="desk-facts">
        {customer ? (
          <div>
            <dt>{t('order.customer')}</dt>
            <dd>
              {customer.name}
              {customer.phone ? (
                <>
                  {' · '}
                  <PhoneLink phone={customer.phone} />
                </>
              ) : null}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('order.receiver')}</dt>
          <dd>
            {receiver.name} · <PhoneLink phone={receiver.phone} />
          </dd>
        </div>
        {receiver.extra_phone ? (
          <div>
            <dt>{t('order.extra_phone')}</dt>
            <dd>
              <PhoneLink phone={receiver.extra_phone} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('order.delivery')}</dt>
          <dd>{t(`deliveries.${order.delivery}`, { defaultValue: order.delivery })}</dd>
        </div>
        <div>
          <dt>{order.pickup_point ? t('order.pickup_point') : t('order.address')}</dt>
          <dd>
            <DeliveryPlace order={order} />
          </dd>
        </div>
        {address?.landmark ? (
          <div>
            <dt>{t('order.landmark')}</dt>
            <dd>{address.landmark}</dd>
          </div>
        ) : null}
        <div>
          <dt className="visually-hidden">{t('order.on_map')}</dt>
          <dd>
            {order.map_url ? (
              <a href={order.map_url} target="_blank" rel="noopener noreferrer">
                {t('order.on_map')}
              </a>
            ) : (
              <span className="desk-muted">{t('order.no_point')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('order.assignee')}</dt>
          <dd>{order.assigned_staff ? order.assigned_staff.name : t('order.nobody')}</dd>
        </div>
      </dl>
    </section>
  )
}
