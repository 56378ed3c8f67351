import { createRoute, z } from '@hono/zod-openapi'
import { count, eq, sum } from 'drizzle-orm'
import { cartItems, favourites } from '../db/schema/index.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { ownerKey } from '../http/identity.ts'
import { jsonContent } from '../http/schemas.ts'

const badges = z
  .object({
    orders_total: z.number().int(),
    cart_total: z.number().int().openapi({ description: 'Units in the basket' }),
    favourites_total: z.number().int(),
  })
  .openapi('Badges')

const badgesRoute = createRoute({
  method: 'get',
  path: '/common/badges/',
  tags: ['common'],
  summary: 'Counts for the header icons: orders, basket units, favourites',
  responses: { 200: jsonContent(badges, 'Header badge counts') },
})

export function badgeRoutes({ database: { db } }: ApiDeps) {
  return createRouter().openapi(badgesRoute, async (c) => {
    const owner = ownerKey(c)
    if (!owner) return c.json({ orders_total: 0, cart_total: 0, favourites_total: 0 }, 200)
    const [[cart], [liked]] = await Promise.all([
      db
        .select({ units: sum(cartItems.quantity) })
        .from(cartItems)
        .where(eq(cartItems.owner, owner)),
      db.select({ n: count() }).from(favourites).where(eq(favourites.owner, owner)),
    ])
    // Orders need an account; they join this count when accounts land.
    return c.json({ orders_total: 0, cart_total: Number(cart?.units ?? 0), favourites_total: liked?.n ?? 0 }, 200)
  })
}
