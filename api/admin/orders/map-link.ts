import { placeNames } from '../../notifications/new-order-message.ts'
import type { OrderRow } from '../../orders/service.ts'

type Place = Pick<OrderRow, 'delivery' | 'latitude' | 'longitude' | 'region' | 'district' | 'street' | 'house'>

/**
 * Where a courier's map opens, on Yandex Maps: the point the shopper set
 * (REFERENCE-UZ: `pt` is longitude,latitude), or else a search for the typed
 * address (region, district, street, house — in Russian, the geocoder's best
 * language here). Null for a pickup order or one with no address at all.
 */
export function yandexMapsUrl(order: Place): string | null {
  if (order.latitude != null && order.longitude != null)
    return `https://yandex.uz/maps/?pt=${order.longitude},${order.latitude}&z=17&l=map`
  if (order.delivery !== 'courier' || !order.street) return null
  const place = placeNames(order, 'ru')
  const text = [place.region, place.district, order.street, order.house].filter(Boolean).join(', ')
  return `https://yandex.uz/maps/?text=${encodeURIComponent(text)}`
}
