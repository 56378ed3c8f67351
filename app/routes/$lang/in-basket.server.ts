import type { ApiClient } from '#app/utils/api-client.server.ts'
import { hasPersonalCookie } from '#app/utils/http-cache.ts'

/**
 * How many units of a product the visitor has in the basket, for the product
 * page's "in the basket" state. Only asked when the request is personal: a
 * basket change leaves a cookie of its own (basket/actions.server.ts), and a
 * page without one is shared-cached and has an empty basket.
 */
export async function basketQuantity(request: Request, api: ApiClient, productId: number): Promise<number> {
  if (!hasPersonalCookie(request)) return 0
  try {
    const cart = await api.get('orders/cart/products/')
    return cart.products.find((line) => line.product.id === productId)?.quantity ?? 0
  } catch {
    // The add button then shows; adding again only adds one more.
    return 0
  }
}
