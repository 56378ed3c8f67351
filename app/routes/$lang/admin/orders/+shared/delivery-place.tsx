import { useTranslation } from 'react-i18next'
import type { DeskOrder } from './types.ts'

/**
 * Where the order goes, as one line: the courier's address, or the pickup
 * point the customer collects it at (name, address, hours).
 */
export function DeliveryPlace({ order, landmark = false }: { order: DeskOrder; landmark?: boolean }) {
  const { t } = useTranslation('admin-orders')
  const { address, pickup_point: point } = order
  if (point) return <>{`${point.name}: ${point.address} (${point.hours})`}</>
  if (!address) return null
  const street = [address.street, address.house && t('order.house', { house: address.house })]
    .filter(Boolean)
    .join(', ')
  return (
    <>
      {address.region.name}
      {address.district ? `, ${address.district.name}` : ''}, {street}
      {address.flat ? `, ${t('order.flat', { flat: address.flat })}` : ''}
      {landmark && address.landmark ? ` (${address.landmark})` : ''}
    </>
  )
}
