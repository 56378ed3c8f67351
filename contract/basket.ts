// Limits of the basket both the API and the storefront hold (whole sum). Browser-safe, no imports.

/** Most units of one product a basket line may hold (and a request may ask for). */
export const QUANTITY_MAX = 999

/**
 * The most the goods of one basket, and so of one order, may cost: 1 000 000 000
 * sum (about 80 000 USD), far past a shop's largest real order and well within
 * what every sum stored and added up can hold. Also the largest staff cashback
 * adjustment, either way.
 */
export const BASKET_TOTAL_MAX = 1_000_000_000
