import { z } from '@hono/zod-openapi'
import { catalogueCache } from '../catalogue/cache.ts'
import { type ApiDeps, createRouter } from '../http/context.ts'
import { notFound } from '../http/errors.ts'
import { routeGroup } from '../http/openapi.ts'
import { errorResponses, jsonContent } from '../http/schemas.ts'
import { pickupPointSchema } from './pickup-points.ts'
import { footerLinkList, getApps, getContacts, headerMenu } from './service.ts'

export const menuItem = z.object({ id: z.number().int(), title: z.string(), slug: z.string() }).openapi('MenuItem')
export const menu = z.object({ results: z.array(menuItem) })

export const contacts = z
  .object({
    phone: z.string(),
    phone2: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    address: z.string(),
    facebook: z.string(),
    instagram: z.string(),
    telegram: z.string(),
    email: z.string().nullable(),
    pickup_points: z
      .array(pickupPointSchema)
      .openapi({ description: 'Where orders with delivery `pickup` are collected (none: pickup not offered)' }),
  })
  .openapi('Contacts')

export const apps = z.object({ ios: z.string().nullable(), android: z.string().nullable() }).openapi('StoreLinks')

export function contentRoutes({ database: { db } }: ApiDeps) {
  // The same for every visitor, around every page: kept like the catalogue's answers, emptied by the
  // content desk's and the categories' changes on any process (api/admin/content/common.ts).
  const cached = catalogueCache(db, { shared: true })
  const common = routeGroup({ tags: ['common'], middleware: [cached] })

  const headerMenuRoute = common.get('/common/header-menu/', {
    summary: 'Categories shown in the header strip',
    responses: { 200: jsonContent(menu, 'Header menu items') },
  })

  const footerRoute = common.get('/common/footer/', {
    summary: 'Footer links to content pages',
    responses: { 200: jsonContent(menu, 'Footer items') },
  })

  const settings = routeGroup({ tags: ['settings'], middleware: [cached] })

  const contactsRoute = settings.get('/settings/contacts/', {
    summary: "The shop's phones, address, map point and social links",
    responses: { 200: jsonContent(contacts, 'Contacts'), 404: errorResponses[404] },
  })

  const appsRoute = settings.get('/settings/apps/', {
    summary: 'Mobile app store links; null where the app is not published yet',
    responses: { 200: jsonContent(apps, 'Store links') },
  })

  return createRouter()
    .openapi(headerMenuRoute, async (c) => {
      return c.json({ results: await headerMenu(db, c.get('lang')) }, 200)
    })
    .openapi(footerRoute, async (c) => {
      return c.json({ results: await footerLinkList(db, c.get('lang')) }, 200)
    })
    .openapi(contactsRoute, async (c) => {
      const found = await getContacts(db, c.get('lang'))
      if (!found) throw notFound(c.get('lang'))
      return c.json(found, 200)
    })
    .openapi(appsRoute, async (c) => c.json(await getApps(db), 200))
}
