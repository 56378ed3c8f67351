import type { Context } from 'hono'
import { type ApiDeps, type ApiEnv, createRouter } from '../../http/context.ts'
import { ApiError } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { auditActor, currentStaff, requirePermission } from '../middleware.ts'
import { adminErrorsOf, staffRoutes } from '../openapi.ts'
import type { ProductEditor } from '../products/save.ts'
import { newSize } from './new-size.ts'
import {
  adminLinePage,
  adminLineSchema,
  groupBody,
  lineCreateBody,
  lineIdParams,
  lineListQuery,
  linePatchBody,
  listingSettingSchema,
  newSizeAnswer,
  newSizeBody,
  productIdParams,
  productLineAnswer,
} from './schemas.ts'
import {
  createLine,
  deleteLine,
  groupWith,
  leaveLine,
  listingSetting,
  saveListingSetting,
  updateLine,
} from './service.ts'
import { adminLineView, lineIdOf, listLines } from './view.ts'

const texts = staffRoutes(requirePermission('catalogue.texts'), ['admin: product lines'])
const write = staffRoutes(requirePermission('catalogue.write'), ['admin: product lines'])
const lineAnswer = (description: string) => jsonContent(adminLineSchema, description)
const changes =
  'Audited (`line.create`, `line.update`, `line.delete`); the catalogue cache is emptied in every process. ' +
  'A product is in one line at most: one in another line is refused (409, naming it).'

const listRoute = texts.get('/admin/lines/', {
  summary: 'Product lines (one fragrance in all its sizes), newest first (catalogue.texts)',
  request: { query: lineListQuery },
  responses: { 200: jsonContent(adminLinePage, 'One page of lines'), ...adminErrorsOf(400) },
})

const createRoute = write.post('/admin/lines/', {
  summary: 'Group products into a new line, in the order given (catalogue.write)',
  description: changes,
  request: { body: requiredJson(lineCreateBody) },
  responses: { 201: lineAnswer('The new line'), ...adminErrorsOf(400, 409) },
})

const listingRoute = texts.get('/admin/lines/listing/', {
  summary: "How the shop's lists show a line: one card, or a card per size (catalogue.texts)",
  responses: { 200: jsonContent(listingSettingSchema, 'The setting (`together` until changed)') },
})

const saveListingRoute = write.put('/admin/lines/listing/', {
  summary: "Set how the shop's lists show a line (catalogue.write)",
  description:
    'Lists of products (`products/` without `search`) follow it unless a request names `sizes`. Audited `settings.update`.',
  request: { body: requiredJson(listingSettingSchema) },
  responses: { 200: jsonContent(listingSettingSchema, 'The setting'), ...adminErrorsOf(400) },
})

const detailRoute = texts.get('/admin/lines/{id{[0-9]+}}/', {
  summary: 'A line with all its products, hidden ones too (catalogue.texts)',
  request: { params: lineIdParams },
  responses: { 200: lineAnswer('The line'), ...adminErrorsOf(404) },
})

const patchRoute = write.patch('/admin/lines/{id{[0-9]+}}/', {
  summary: 'Rename a line, reorder its sizes, add or take out products, set what tells them apart (catalogue.write)',
  description: changes,
  request: { params: lineIdParams, body: requiredJson(linePatchBody) },
  responses: { 200: lineAnswer('The line as it now is'), ...adminErrorsOf(400, 404, 409) },
})

const deleteRoute = write.delete('/admin/lines/{id{[0-9]+}}/', {
  summary: 'Ungroup a line: its products stay, each on its own (catalogue.write)',
  description: 'Audited `line.delete`.',
  request: { params: lineIdParams },
  responses: { 204: { description: 'Ungrouped' }, ...adminErrorsOf(404) },
})

const productLineRoute = texts.get('/admin/products/{id{[0-9]+}}/line/', {
  summary: "A product's line, with all its products (catalogue.texts)",
  request: { params: productIdParams },
  responses: { 200: jsonContent(productLineAnswer, 'The line, or null'), ...adminErrorsOf(404) },
})

const groupRoute = write.post('/admin/products/{id{[0-9]+}}/line/', {
  summary: 'Put the product in one line with another one (catalogue.write)',
  description:
    'The other is named by its id, SKU, barcode or slug (`with`). Whichever is in a line brings the other to its end; ' +
    'neither: a new line of the two, named after this one (its Russian title up to the first comma). ' +
    `Both in different lines: 409. ${changes}`,
  request: { params: productIdParams, body: requiredJson(groupBody) },
  responses: { 200: lineAnswer('The line'), ...adminErrorsOf(400, 404, 409) },
})

const leaveRoute = write.delete('/admin/products/{id{[0-9]+}}/line/', {
  summary: 'Take the product out of its line; a line left empty goes (catalogue.write)',
  description: 'Audited `line.update` (or `line.delete`).',
  request: { params: productIdParams },
  responses: { 200: jsonContent(productLineAnswer, 'null: it is in no line now'), ...adminErrorsOf(404) },
})

const newSizeRoute = write.post('/admin/products/{id{[0-9]+}}/sizes/', {
  summary: 'A new size of the product: a copy with its own volume and price, next to it in its line (catalogue.write)',
  description:
    'The texts (the volume in the titles changed), brand, categories, audience, country, visibility and search ' +
    'spellings are copied; pictures, sale, stock (0), barcode and SKU are not (`sku` may be given). IKPU and package ' +
    'code are copied for catalogue.write. Not in a line: a new line of the two. Audited `product.create` and the ' +
    'line change.',
  request: { params: productIdParams, body: requiredJson(newSizeBody) },
  responses: { 201: jsonContent(newSizeAnswer, 'The new product and its line'), ...adminErrorsOf(400, 404, 409) },
})

/** The back office's product lines: grouping, order, new sizes, and how lists show lines. */
export function adminLineRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const editor = (c: Context<ApiEnv>): ProductEditor => ({ ...auditActor(c), role: currentStaff(c).role })
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')
  const productMissing = (c: Context<ApiEnv>) => new ApiError(404, message(c.get('lang'), 'admin_product_not_found'))
  async function view(c: Context<ApiEnv>, id: number) {
    const line = await adminLineView(db, id, c.get('lang'))
    if (!line) throw new ApiError(404, message(c.get('lang'), 'admin_line_not_found'))
    noStore(c)
    return line
  }

  return createRouter()
    .openapi(listRoute, async (c) => {
      const query = c.req.valid('query')
      const { rows, total } = await listLines(db, query)
      noStore(c)
      return c.json(paged(rows, total, query.page, query.size, c.req.url), 200)
    })
    .openapi(createRoute, async (c) => {
      const id = await createLine(db, c.req.valid('json'), editor(c), { lang: c.get('lang') })
      return c.json(await view(c, id), 201)
    })
    .openapi(listingRoute, async (c) => {
      noStore(c)
      return c.json(await listingSetting(db), 200)
    })
    .openapi(saveListingRoute, async (c) =>
      c.json(await saveListingSetting(db, c.req.valid('json').sizes, editor(c)), 200),
    )
    .openapi(detailRoute, async (c) => c.json(await view(c, c.req.valid('param').id), 200))
    .openapi(patchRoute, async (c) => {
      const { id } = c.req.valid('param')
      const found = await updateLine(db, id, c.req.valid('json'), editor(c), { lang: c.get('lang') })
      if (!found) throw new ApiError(404, message(c.get('lang'), 'admin_line_not_found'))
      return c.json(await view(c, id), 200)
    })
    .openapi(deleteRoute, async (c) => {
      if (!(await deleteLine(db, c.req.valid('param').id, editor(c))))
        throw new ApiError(404, message(c.get('lang'), 'admin_line_not_found'))
      return c.body(null, 204)
    })
    .openapi(productLineRoute, async (c) => {
      const lineId = await lineIdOf(db, c.req.valid('param').id)
      if (lineId === undefined) throw productMissing(c)
      noStore(c)
      return c.json({ line: lineId === null ? null : await adminLineView(db, lineId, c.get('lang')) }, 200)
    })
    .openapi(groupRoute, async (c) => {
      const lineId = await groupWith(db, c.req.valid('param').id, c.req.valid('json').with, editor(c), {
        lang: c.get('lang'),
      })
      if (lineId === null) throw productMissing(c)
      return c.json(await view(c, lineId), 200)
    })
    .openapi(leaveRoute, async (c) => {
      const { id } = c.req.valid('param')
      await leaveLine(db, id, editor(c), { lang: c.get('lang') })
      noStore(c)
      return c.json({ line: null }, 200)
    })
    .openapi(newSizeRoute, async (c) => {
      const created = await newSize(db, c.req.valid('param').id, c.req.valid('json'), editor(c), {
        lang: c.get('lang'),
      })
      if (!created) throw productMissing(c)
      return c.json({ product_id: created.productId, line: await view(c, created.lineId) }, 201)
    })
}
