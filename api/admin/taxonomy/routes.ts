import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { idParam, jsonContent } from '../../http/schemas.ts'
import { auditActor, requirePermission } from '../middleware.ts'
import { adminErrors, requiredJson, staffRoute } from '../openapi.ts'
import { brandSpec, categorySpec, groupSpec, type KindSpec, manufacturerSpec } from './kinds.ts'
import {
  brandCreate,
  brandUpdate,
  categoryCreate,
  categoryUpdate,
  groupCreate,
  groupUpdate,
  manufacturerCreate,
  manufacturerUpdate,
  orderBody,
  staffBrandSchema,
  staffCategorySchema,
  staffGroupSchema,
  staffManufacturerSchema,
} from './schemas.ts'
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
  {
    path: 'brands',
    label: 'brand',
    spec: brandSpec as KindSpec<never>,
    create: brandCreate,
    update: brandUpdate,
    row: staffBrandSchema,
  },
  {
    path: 'manufacturers',
    label: 'manufacturer',
    spec: manufacturerSpec as KindSpec<never>,
    create: manufacturerCreate,
    update: manufacturerUpdate,
    row: staffManufacturerSchema,
  },
  {
    path: 'categories',
    label: 'category',
    spec: categorySpec as KindSpec<never>,
    create: categoryCreate,
    update: categoryUpdate,
    row: staffCategorySchema,
  },
  {
    path: 'category-groups',
    label: 'header menu group',
    spec: groupSpec as KindSpec<never>,
    create: groupCreate,
    update: groupUpdate,
    row: staffGroupSchema,
  },
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

  const listRoute = staffRoute(requirePermission('catalogue.texts'), {
    method: 'get',
    path: base,
    tags,
    summary: `Every ${kind.label}, hidden ones too, in the shop's order (catalogue.texts)`,
    responses: { 200: jsonContent(list, 'All of them') },
  })
  const getRoute = staffRoute(requirePermission('catalogue.texts'), {
    method: 'get',
    path: `${base}{id}/`,
    tags,
    summary: `One ${kind.label} (catalogue.texts)`,
    request: { params },
    responses: { 200: jsonContent(kind.row, 'It'), 400: adminErrors[400], 404: adminErrors[404] },
  })
  const createRouteDef = staffRoute(requirePermission('catalogue.write'), {
    method: 'post',
    path: base,
    tags,
    summary: `Add a ${kind.label}, last in the order (catalogue.write)`,
    description: `${slugNote} Audited \`${spec.entity}.create\`.`,
    request: { body: requiredJson(kind.create) },
    responses: {
      201: jsonContent(kind.row, 'Created'),
      400: adminErrors[400],
      409: adminErrors[409],
    },
  })
  const updateRouteDef = staffRoute(requirePermission('catalogue.write'), {
    method: 'patch',
    path: `${base}{id}/`,
    tags,
    summary: `Change, hide or show a ${kind.label} (catalogue.write)`,
    description: `Only the fields sent change. ${slugNote} Audited \`${spec.entity}.update\` with the changed fields.`,
    request: { params, body: requiredJson(kind.update) },
    responses: {
      200: jsonContent(kind.row, 'As it now is'),
      400: adminErrors[400],
      404: adminErrors[404],
      409: adminErrors[409],
    },
  })
  const orderRoute = staffRoute(requirePermission('catalogue.write'), {
    method: 'put',
    path: `${base}order/`,
    tags,
    summary: `Set the order of the ${kind.path.replace('-', ' ')} (catalogue.write)`,
    description: `The ids in the new order. Audited \`${spec.entity}.order\` (the positions that moved).`,
    request: { body: requiredJson(orderBody) },
    responses: { 200: jsonContent(list, 'All of them, in the new order'), 400: adminErrors[400] },
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
