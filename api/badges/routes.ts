import { z } from '@hono/zod-openapi'
import { cartQuantities, cartUnits } from '../cart/service.ts'
import type { Db } from '../db/client.ts'
import { favouriteIds, favouritesCount } from '../favourites/service.ts'
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

/** How many favourites `items=true` lists: the latest; older ones are on the favourites page. */
export const FAVOURITE_IDS_MAX = 100

export const badgesWithItems = badges
  .extend({
    basket: z
      .array(z.object({ product_id: z.number().int(), quantity: z.number().int() }))
      .optional()
      .openapi({ description: "With `items=true`: the basket's lines, product id and units" }),
    favourite_ids: z
      .array(z.number().int())
      .optional()
      .openapi({ description: `With \`items=true\`: the latest ${FAVOURITE_IDS_MAX} favourites' product ids` }),
  })
  .openapi('BadgesWithItems')

const badgesQuery = z.strictObject({
  items: z.enum(['true', 'false']).optional().openapi({
    description:
      'Also list what the basket and favourites hold (for the pressed state of buttons): one call instead of three',
  }),
})

const route = routeGroup({ tags: ['common'] })

const badgesRoute = route.get('/common/badges/', {
  summary: 'Counts for the header icons: orders, basket units, favourites',
  description:
    'Of the signed-in customer (Bearer), else of the visitor in the `Fingerprint` header; all 0 with neither. ' +
    'Basket and favourites calls answer with their new counts too, so the header can settle right after a change.',
  request: { query: badgesQuery },
  responses: { 200: jsonContent(badgesWithItems, 'Header badge counts') },
})

/** The customer's open orders for the header badge (statuses 1, 3, 4, 5: docs/orders-and-payments.md "Order states"). */
function ordersTotal(db: Db, userId: number): Promise<number> {
  return countOrders(db, userId, openStatuses)
}

export function badgeRoutes({ database: { db } }: ApiDeps) {
  return createRouter().openapi(badgesRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store')
    const items = c.req.valid('query').items === 'true'
    const owner = ownerKey(c)
    const none = { orders_total: 0, cart_total: 0, favourites_total: 0 }
    if (!owner) return c.json(items ? { ...none, basket: [], favourite_ids: [] } : none, 200)
    const user = currentUser(c)
    const orders = user ? ordersTotal(db, user.id) : 0
    if (!items) {
      const [open, cart, liked] = await Promise.all([orders, cartUnits(db, owner), favouritesCount(db, owner)])
      return c.json({ orders_total: open, cart_total: cart, favourites_total: liked }, 200)
    }
    // The counts follow from the lists, but for favourites past the listed ones.
    const [open, basket, liked] = await Promise.all([
      orders,
      cartQuantities(db, owner),
      favouriteIds(db, owner, FAVOURITE_IDS_MAX),
    ])
    const likedTotal = liked.length < FAVOURITE_IDS_MAX ? liked.length : await favouritesCount(db, owner)
    return c.json(
      {
        orders_total: open,
        cart_total: basket.reduce((units, line) => units + line.quantity, 0),
        favourites_total: likedTotal,
        basket,
        favourite_ids: liked,
      },
      200,
    )
  })
}
