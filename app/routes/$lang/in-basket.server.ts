import type { Badges } from '#api/types.ts'
import type { ApiClient } from '#app/utils/api-client.server.ts'

/**
 * The visitor's basket as product id → units, for the "in the basket" state of
 * the product page and the cards. Asked once per page view, and only when the
 * badge says the basket holds anything (a first-time visitor's page, which is
 * shared-cached, never does).
 */
export async function loadBasketQuantities(api: ApiClient, badges: Badges): Promise<[number, number][]> {
  if (badges.cart_total <= 0) return []
  try {
    const cart = await api.get('orders/cart/products/')
    return cart.products.map((line) => [line.product.id, line.quantity])
  } catch {
    // The add buttons then show; pressing one leaves a line that is already there as it is.
    return []
  }
}
