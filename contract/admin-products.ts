/** The back office's product list and pictures: shared by the API and its screens. */

/** Most pictures one product may have. */
export const PRODUCT_PICTURES_MAX = 10

/** Stock states the list filters on: above the low-stock threshold, at or below it (not 0), none. */
export const stockStates = ['in', 'low', 'out'] as const
export type StockState = (typeof stockStates)[number]

export const productSorts = [
  '-updated_at',
  'title',
  '-title',
  'price',
  '-price',
  'stock',
  '-stock',
  '-created_at',
  'created_at',
] as const
export type ProductSort = (typeof productSorts)[number]
