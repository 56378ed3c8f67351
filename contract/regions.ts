// Regions by their SOATO code (REFERENCE-UZ.md), as both sides name them; their names and
// districts are the API's (GET geo/regions/). Browser-safe, no imports.

/** Tashkent city: its districts are chosen from a list (elsewhere typed), and a courier costs less there. */
export const TASHKENT_CITY = '1726'

/** A courier's price zone: Tashkent city or the regions (DELIVERY_PRICE_TASHKENT, DELIVERY_PRICE_REGIONS). */
export type DeliveryZone = 'tashkent' | 'regions'

export const deliveryZone = (region: string | null): DeliveryZone => (region === TASHKENT_CITY ? 'tashkent' : 'regions')
