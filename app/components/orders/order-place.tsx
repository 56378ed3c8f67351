import { useTranslation } from 'react-i18next'
import type { Order } from '#api/types.ts'
import { Fact } from './fact.tsx'

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
      <Fact name={t('order.pickup_point')}>
        {point.name}: {point.address}, {point.hours}
        <MapLink latitude={point.latitude} longitude={point.longitude} />
      </Fact>
    )
  if (!address) return null
  const street = [address.street, address.house && t('order.house', { house: address.house })]
    .filter(Boolean)
    .join(', ')
  return (
    <>
      <Fact name={t('order.region')}>{address.region.name}</Fact>
      {address.district ? <Fact name={t('order.district')}>{address.district.name}</Fact> : null}
      <Fact name={t('order.address')}>
        {street}
        {address.flat ? `, ${t('order.flat', { flat: address.flat })}` : ''}
        {address.landmark ? ` (${address.landmark})` : ''}
        <MapLink latitude={address.latitude} longitude={address.longitude} />
      </Fact>
    </>
  )
}
