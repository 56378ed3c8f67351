import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { toCyrillic } from '../../catalogue/uzbek-cyrillic.ts'
import { toLatin } from '../../catalogue/uzbek-latin.ts'
import { type ApiDeps, type ApiEnv, createRouter, documentedPath } from '../../http/context.ts'
import { ApiError, fieldErrors } from '../../http/errors.ts'
import { message } from '../../http/messages.ts'
import { requiredForm, requiredJson } from '../../http/openapi.ts'
import { paged } from '../../http/paging.ts'
import { jsonContent } from '../../http/schemas.ts'
import { MediaLinks } from '../../media/links.ts'
import { auditActor, currentStaff, requirePermission } from '../middleware.ts'
import { adminErrors, adminErrorsOf, staffRoutes } from '../openapi.ts'
import { productChoices } from './choices.ts'
import { adminProductView, productFacts } from './detail.ts'
import { listAdminProducts } from './list.ts'
import {
  addPictures,
  deletePicture,
  orderPictures,
  picturesBodyLimit,
  readPictureFiles,
  setPictureAlt,
} from './pictures.ts'
import { createProduct, duplicateProduct, type ProductEditor, updateProduct } from './save.ts'
import {
  adminProductPage,
  adminProductSchema,
  choicesSchema,
  pictureAltBody,
  pictureOrderBody,
  pictureParams,
  productCreateBody,
  productIdParams,
  productListQuery,
  productPatchBody,
  transliterateBody,
  transliterateSchema,
  uploadNote,
} from './schemas.ts'

const right = 'catalogue.texts' as const
const productAnswer = (description: string) => jsonContent(adminProductSchema, description)
const fieldsNote =
  'catalogue.texts alone (content) changes the texts only: title, description, aliases and slug; any other field ' +
  'changed (visibility, recommendation, SKU, barcode, fiscal codes, brand, maker, categories, facts, prices) needs ' +
  'catalogue.write and gets 403 naming the fields. Fields sent unchanged are not refused.'

const texts = staffRoutes(requirePermission(right), ['admin: products'])
const write = staffRoutes(requirePermission('catalogue.write'), ['admin: products'])

const listRoute = texts.get('/admin/products/', {
  summary: 'Products, hidden ones too: search, filters, paging (catalogue.texts)',
  request: { query: productListQuery },
  responses: { 200: jsonContent(adminProductPage, 'One page of products'), ...adminErrorsOf(400) },
})

const createProductRoute = write.post('/admin/products/', {
  summary: 'Create a product, stock 0 (catalogue.write)',
  description:
    'The slug comes from the Latin title (else the Russian one, transliterated), made unique. ' +
    'SKU, barcode or slug of another product: 409. Audited `product.create`; found by the search at once.',
  request: { body: requiredJson(productCreateBody) },
  responses: {
    201: productAnswer('The new product'),
    ...adminErrorsOf(400, 409),
  },
})

const transliterateRoute = texts.post('/admin/products/transliterate/', {
  summary: 'An Uzbek text in the other script: Cyrillic → Latin, or Latin → Cyrillic to check (catalogue.texts)',
  request: { body: requiredJson(transliterateBody) },
  responses: {
    200: jsonContent(transliterateSchema, 'The text in the other script'),
    ...adminErrorsOf(400),
  },
})

const choicesRoute = texts.get('/admin/products/choices/', {
  summary: 'Every brand, manufacturer and category, hidden ones too: for product forms and filters (catalogue.texts)',
  responses: { 200: jsonContent(choicesSchema, 'The choices') },
})

const detailRoute = texts.get('/admin/products/{id{[0-9]+}}/', {
  summary: 'Every field of a product, its pictures, and the doctor: why it cannot be bought or found (catalogue.texts)',
  request: { params: productIdParams },
  responses: { 200: productAnswer('The product'), ...adminErrorsOf(404) },
})

const duplicateRoute = write.post('/admin/products/{id{[0-9]+}}/duplicate/', {
  summary: 'A hidden copy of a product, to make its sibling (another volume) (catalogue.write)',
  description:
    'Texts, brand, categories, price, volume, aliases, IKPU and package code are copied; the slug is new, SKU and ' +
    'barcode empty, no sale, no pictures, stock 0, hidden and not recommended. Audited `product.duplicate` with ' +
    '`duplicate_of`, the product copied.',
  request: { params: productIdParams },
  responses: { 201: productAnswer('The copy'), ...adminErrorsOf(404) },
})

const patchRoute = texts.patch('/admin/products/{id{[0-9]+}}/', {
  summary: 'Change the fields given (catalogue.texts: the texts; catalogue.write: every field)',
  description:
    `${fieldsNote} A new title makes a new slug unless \`slug\` is given; the old slug then redirects (301) to the ` +
    'product. Audited `product.update` with the changed fields; re-indexed for search and the catalogue cache emptied ' +
    'in every process.',
  request: { params: productIdParams, body: requiredJson(productPatchBody) },
  responses: {
    200: productAnswer('The product as it now is'),
    ...adminErrorsOf(400, 404, 409),
  },
})

const uploadRoute = texts.post('/admin/products/{id{[0-9]+}}/pictures/', {
  summary: "Add pictures after the product's last ones (catalogue.texts)",
  description: `${uploadNote} Audited \`product.pictures_add\`.`,
  request: {
    params: productIdParams,
    body: requiredForm(z.object({ files: z.array(z.string().openapi({ format: 'binary' })) })),
  },
  responses: {
    201: productAnswer('The product with its pictures'),
    ...adminErrorsOf(400, 404),
    413: jsonContent(adminErrors[400].content['application/json'].schema, 'The request is larger than the limit'),
  },
})

const orderRoute = texts.patch('/admin/products/{id{[0-9]+}}/pictures/order/', {
  summary: "The product's pictures in a new order: every picture id once, first is the main one (catalogue.texts)",
  request: { params: productIdParams, body: requiredJson(pictureOrderBody) },
  responses: { 200: productAnswer('The product'), ...adminErrorsOf(400, 404) },
})

const altRoute = texts.patch('/admin/products/{id{[0-9]+}}/pictures/{pictureId{[0-9]+}}/', {
  summary: "A picture's alternative text per language; empty: the title stands in (catalogue.texts)",
  request: { params: pictureParams, body: requiredJson(pictureAltBody) },
  responses: { 200: productAnswer('The product'), ...adminErrorsOf(400, 404) },
})

const deleteRoute = texts.delete('/admin/products/{id{[0-9]+}}/pictures/{pictureId{[0-9]+}}/', {
  summary: 'Remove a picture and its files (catalogue.texts)',
  request: { params: pictureParams },
  responses: { 200: productAnswer('The product'), ...adminErrorsOf(404) },
})

/** The back office's products: list, edit, pictures, the product doctor. */
export function adminProductRoutes(deps: ApiDeps) {
  const { db } = deps.database
  const { config } = deps
  const now = () => deps.now?.() ?? new Date()
  const lowStockDefault = config.TELEGRAM_LOW_STOCK_THRESHOLD
  const editor = (c: Context<ApiEnv>): ProductEditor => ({ ...auditActor(c), role: currentStaff(c).role })
  const noStore = (c: Context<ApiEnv>) => c.header('Cache-Control', 'private, no-store')
  async function view(c: Context<ApiEnv>, id: number) {
    const lang = c.get('lang')
    const facts = await productFacts(db, id)
    if (!facts) throw new ApiError(404, message(lang, 'admin_product_not_found'))
    const media = await new MediaLinks(config).load(facts.pictures.map((p) => p.path))
    noStore(c)
    return adminProductView(facts, { lang, media, lowStockDefault, now: now() })
  }

  const router = createRouter()
  // Multipart: read and checked by the route itself (the OpenAPI validator knows no files).
  router.openAPIRegistry.registerPath({ ...uploadRoute, path: documentedPath(uploadRoute.path) })
  router.post('/admin/products/:id{[0-9]+}/pictures/', requirePermission(right), picturesBodyLimit, async (c) => {
    const lang = c.get('lang')
    const params = productIdParams.safeParse({ id: c.req.param('id') })
    if (!params.success) throw new ApiError(400, message(lang, 'invalid_input'), fieldErrors(params.error.issues, lang))
    const productId = params.data.id
    await view(c, productId)
    const files = await readPictureFiles(c)
    await addPictures(db, config, { productId, files, editor: editor(c) }, lang)
    return c.json(await view(c, productId), 201)
  })

  return router
    .openapi(listRoute, async (c) => {
      const { page, size, ...filters } = c.req.valid('query')
      const lang = c.get('lang')
      const media = new MediaLinks(config)
      const { rows, total } = await listAdminProducts(db, filters, { page, size }, { lang, media, lowStockDefault })
      noStore(c)
      return c.json(paged(rows, total, page, size, c.req.url), 200)
    })
    .openapi(createProductRoute, async (c) => {
      const id = await createProduct(db, c.req.valid('json'), editor(c), { lang: c.get('lang') })
      return c.json(await view(c, id), 201)
    })
    .openapi(transliterateRoute, async (c) => {
      const { text, to } = c.req.valid('json')
      return c.json({ text: to === 'sr' ? toLatin(text) : toCyrillic(text) }, 200)
    })
    .openapi(choicesRoute, async (c) => {
      noStore(c)
      return c.json(await productChoices(db, c.get('lang')), 200)
    })
    .openapi(detailRoute, async (c) => c.json(await view(c, c.req.valid('param').id), 200))
    .openapi(duplicateRoute, async (c) => {
      const lang = c.get('lang')
      const copy = await duplicateProduct(db, c.req.valid('param').id, editor(c), { lang })
      if (copy === null) throw new ApiError(404, message(lang, 'admin_product_not_found'))
      return c.json(await view(c, copy), 201)
    })
    .openapi(patchRoute, async (c) => {
      const lang = c.get('lang')
      const { id } = c.req.valid('param')
      const found = await updateProduct(db, id, c.req.valid('json'), editor(c), { lang })
      if (!found) throw new ApiError(404, message(lang, 'admin_product_not_found'))
      return c.json(await view(c, id), 200)
    })
    .openapi(orderRoute, async (c) => {
      const { id } = c.req.valid('param')
      await orderPictures(db, { productId: id, ids: c.req.valid('json').ids, editor: editor(c) }, c.get('lang'))
      return c.json(await view(c, id), 200)
    })
    .openapi(altRoute, async (c) => {
      const { id, pictureId } = c.req.valid('param')
      const { alt } = c.req.valid('json')
      await setPictureAlt(db, { productId: id, pictureId, alt, editor: editor(c) }, c.get('lang'))
      return c.json(await view(c, id), 200)
    })
    .openapi(deleteRoute, async (c) => {
      const { id, pictureId } = c.req.valid('param')
      await deletePicture(db, config, { productId: id, pictureId, editor: editor(c) }, c.get('lang'))
      return c.json(await view(c, id), 200)
    })
}
