import { z } from '@hono/zod-openapi'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { routeGroup } from '../http/openapi.ts'
import { jsonContent } from '../http/schemas.ts'
import { regions, regionView } from './regions.ts'

const placeSchema = z.object({
  code: z.string().openapi({ description: 'SOATO code', example: '1726294' }),
  name: z.string(),
})

export const regionSchema = z
  .object({
    code: z.string().openapi({ description: 'SOATO code', example: '1726' }),
    name: z.string(),
    districts: z.array(placeSchema).openapi({
      description: 'Tashkent city (1726): its 12 districts; other regions: empty (the district is free text)',
    }),
  })
  .openapi('Region')

const route = routeGroup({ tags: ['geo'] })

const regionsRoute = route.get('/geo/regions/', {
  summary: 'The 14 regions of Uzbekistan, and Tashkent city districts, for the checkout address',
  description:
    'Names in the language of Accept-Language. POST orders/ takes `address.region` as one of these codes and, ' +
    'for Tashkent city, `address.district` as one of its district codes; elsewhere the district is free text.',
  responses: { 200: jsonContent(z.object({ results: z.array(regionSchema) }), 'All regions') },
})

export function geoRoutes(_deps: ApiDeps) {
  return createRouter().openapi(regionsRoute, (c) => {
    c.header('Cache-Control', 'public, max-age=86400')
    return c.json({ results: regions.map((r) => regionView(r, c.get('lang'))) }, 200)
  })
}
