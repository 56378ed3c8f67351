import { useTranslation } from 'react-i18next'
import type { Order } from '#api/types.ts'

/** A point on Yandex Maps (longitude first in `pt`). */
const mapUrl = (latitude: number, longitude: number) => `https://yandex.uz/maps/?pt=${longitude},${latitude}&z=17&l=map`

function MapLink({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const { t } = useTranslation('orders')
  if (latitude === null || longitude === null) return null
  return (
    <>
      {' · '}
      <a href={mapUrl(latitude, longitude)} target="_blank" rel="noopener noreferrer">
        {t('order.on_map')}
      </a>
    </>
  )
}

/** The order page's "where" rows: the courier's address, or the pickup point and its hours. */
export function OrderPlace({ order }: { order: Pick<Order, 'address' | 'pickup_point'> }) {
  const { t } = useTranslation('orders')
  const { address, pickup_point: point } = order
  if (point)
    return (
      <div>
        <dt>{t('order.pickup_point')}</dt>
        <dd>
          {point.name}: {point.address}, {point.hours}
          <MapLink latitude={point.latitude} longitude={point.longitude} />
        </dd>
      </div>
    )
  if (!address) return null
  const street = [address.street, address.house && t('order.house', { house: address.house })]
    .filter(Boolean)
    .join(', ')
  return (
    <>
      <div>
        <dt>{t('order.region')}</dt>
        <dd>{address.region.name}</dd>
      </div>
      {address.district ? (
        <div>
          <dt>{t('order.district')}</dt>
          <dd>{address.district.name}</dd>
        </div>
      ) : null}
      <div>
        <dt>{t('order.address')}</dt>
        <dd>
          {street}
          {address.flat ? `, ${t('order.flat', { flat: address.flat })}` : ''}
          {address.landmark ? ` (${address.landmark})` : ''}
          <MapLink latitude={address.latitude} longitude={address.longitude} />
        </dd>
      </div>
    </>
  )
}
