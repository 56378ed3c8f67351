import { z } from '@hono/zod-openapi'
import { cartUnits } from '../cart/service.ts'
import type { Db } from '../db/client.ts'
import { favouritesCount } from '../favourites/service.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { currentUser, ownerKey } from '../http/identity.ts'
import { routeGroup } from '../http/openapi.ts'
import { jsonContent } from '../http/schemas.ts'
import { countOrders } from '../orders/service.ts'
import { openStatuses } from '../orders/states.ts'

export const badges = z
  .object({
    orders_total: z.number().int().openapi({
      description: "The customer's open orders: awaiting payment and active (statuses 1, 3, 4, 5); 0 for a visitor",
    }),
    cart_total: z.number().int().openapi({ description: 'Units in the basket (total_items of orders/cart/products/)' }),
    favourites_total: z.number().int().openapi({ description: 'Products in the favourites' }),
  })
  .openapi('Badges')

const route = routeGroup({ tags: ['common'] })

const badgesRoute = route.get('/common/badges/', {
  summary: 'Counts for the header icons: orders, basket units, favourites',
  description:
    'Of the signed-in customer (Bearer), else of the visitor in the `Fingerprint` header; all 0 with neither. ' +
    'Basket and favourites calls answer with their new counts too, so the header can settle right after a change.',
  responses: { 200: jsonContent(badges, 'Header badge counts') },
})

/** The customer's open orders for the header badge (statuses 1, 3, 4, 5: docs/orders-and-payments.md "Order states"). */
function ordersTotal(db: Db, userId: number): Promise<number> {
  return countOrders(db, userId, openStatuses)
}

export function badgeRoutes({ database: { db } }: ApiDeps) {
  return createRouter().openapi(badgesRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const owner = ownerKey(c)
    if (!owner) return c.json({ orders_total: 0, cart_total: 0, favourites_total: 0 }, 200)
    const user = currentUser(c)
    const [orders, cart, liked] = await Promise.all([
      user ? ordersTotal(db, user.id) : 0,
      cartUnits(db, owner),
      favouritesCount(db, owner),
    ])
    return c.json({ orders_total: orders, cart_total: cart, favourites_total: liked }, 200)
  })
}
