import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { requiredJson } from '../../http/openapi.ts'
import { idParam, jsonContent } from '../../http/schemas.ts'
import { auditActor, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import { brandSpec, categorySpec, groupSpec, type KindSpec, manufacturerSpec } from './kinds.ts'
import { brandSchemas, categorySchemas, groupSchemas, manufacturerSchemas, orderBody } from './schemas.ts'
import { createRow, listRows, oneRow, orderRows, updateRow } from './service.ts'

// The back office's taxonomy: brands, manufacturers, categories and the header
// menu's groups. Reading needs catalogue.texts (content editors see them),
// every change catalogue.write.

const params = z.object({ id: idParam('id', 3) })

type KindRoutes = {
  path: string
  label: string
  spec: KindSpec<never>
  create: z.ZodType
  update: z.ZodType
  row: z.ZodType
}

const kinds: KindRoutes[] = [
  { path: 'brands', label: 'brand', spec: brandSpec as KindSpec<never>, ...brandSchemas },
  { path: 'manufacturers', label: 'manufacturer', spec: manufacturerSpec as KindSpec<never>, ...manufacturerSchemas },
  { path: 'categories', label: 'category', spec: categorySpec as KindSpec<never>, ...categorySchemas },
  { path: 'category-groups', label: 'header menu group', spec: groupSpec as KindSpec<never>, ...groupSchemas },
]

const slugNote =
  'The slug is made from the Latin name (Cyrillic is spelt in Latin), unique (-2, -3 …); a slug that followed the ' +
  'name follows a new name, one set by hand stays. A replaced slug keeps answering in the shop with a 301 to the ' +
  'new one. 409 when `slug` is taken. Nothing is deleted: hide instead (`is_hidden`).'

function kindRouter({ database: { db } }: ApiDeps, kind: KindRoutes) {
  const tags = [`admin: ${kind.path}`]
  const { spec } = kind
  const base = `/admin/${kind.path}/`
  const ctx = (c: Context<ApiEnv>) => ({ lang: c.get('lang'), actor: auditActor(c) })
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')
  const list = z.object({ results: z.array(kind.row) })

  const texts = staffRoutes(requirePermission('catalogue.texts'), tags)
  const listRoute = texts.get(base, {
    summary: `Every ${kind.label}, hidden ones too, in the shop's order (catalogue.texts)`,
    responses: { 200: jsonContent(list, 'All of them') },
  })
  const getRoute = texts.get(`${base}{id}/`, {
    summary: `One ${kind.label} (catalogue.texts)`,
    request: { params },
    responses: { 200: jsonContent(kind.row, 'It'), ...adminErrorsOf(400, 404) },
  })
  const write = staffRoutes(requirePermission('catalogue.write'), tags)
  const createRouteDef = write.post(base, {
    summary: `Add a ${kind.label}, last in the order (catalogue.write)`,
    description: `${slugNote} Audited \`${spec.entity}.create\`.`,
    request: { body: requiredJson(kind.create) },
    responses: {
      201: jsonContent(kind.row, 'Created'),
      ...adminErrorsOf(400, 409),
    },
  })
  const updateRouteDef = write.patch(`${base}{id}/`, {
    summary: `Change, hide or show a ${kind.label} (catalogue.write)`,
    description: `Only the fields sent change. ${slugNote} Audited \`${spec.entity}.update\` with the changed fields.`,
    request: { params, body: requiredJson(kind.update) },
    responses: {
      200: jsonContent(kind.row, 'As it now is'),
      ...adminErrorsOf(400, 404, 409),
    },
  })
  const orderRoute = write.put(`${base}order/`, {
    summary: `Set the order of the ${kind.path.replace('-', ' ')} (catalogue.write)`,
    description: `The ids in the new order. Audited \`${spec.entity}.order\` (the positions that moved).`,
    request: { body: requiredJson(orderBody) },
    responses: { 200: jsonContent(list, 'All of them, in the new order'), ...adminErrorsOf(400) },
  })

  return createRouter()
    .openapi(listRoute, async (c) => {
      noStore(c)
      return c.json({ results: await listRows(db, spec) } as never, 200)
    })
    .openapi(getRoute, async (c) => {
      noStore(c)
      return c.json((await oneRow(db, spec, c.req.valid('param').id, c.get('lang'))) as never, 200)
    })
    .openapi(createRouteDef, async (c) => {
      const id = await createRow(db, spec, c.req.valid('json') as never, ctx(c))
      return c.json((await oneRow(db, spec, id, c.get('lang'))) as never, 201)
    })
    .openapi(updateRouteDef, async (c) => {
      const { id } = c.req.valid('param')
      await updateRow(db, spec, id, c.req.valid('json') as never, ctx(c))
      return c.json((await oneRow(db, spec, id, c.get('lang'))) as never, 200)
    })
    .openapi(orderRoute, async (c) => {
      await orderRows(db, spec, c.req.valid('json').ids, ctx(c))
      return c.json({ results: await listRows(db, spec) } as never, 200)
    })
}

export function adminTaxonomyRoutes(deps: ApiDeps) {
  const router = createRouter()
  for (const kind of kinds) router.route('/', kindRouter(deps, kind))
  return router
}
