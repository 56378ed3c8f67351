import { z } from '@hono/zod-openapi'
import type { Db } from '../db/client.ts'
import type { ApiDeps } from '../http/context.ts'
import { createRouter } from '../http/context.ts'
import { ApiError, notFound } from '../http/errors.ts'
import type { Lang } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { routeGroup } from '../http/openapi.ts'
import { paged, pagedSchema } from '../http/paging.ts'
import { errorResponses, jsonContent } from '../http/schemas.ts'
import { MediaLinks } from '../media/links.ts'
import { catalogueCache } from './cache.ts'
import { currentSlug, movedAnswer, movedResponse } from './moved.ts'
import { brandListQuery, pagedQuery } from './query.ts'
import {
  brandDetailSchema,
  brandSchema,
  categoryGroupSchema,
  categorySchema,
  manufacturerSchema,
  resultsSchema,
} from './schemas.ts'
import {
  brandDetail,
  brandList,
  type CategoryFilter,
  categoryList,
  categoryTree,
  countCategories,
  manufacturerDetail,
} from './taxonomy.ts'

const slugParam = z.object({ slug: z.string().openapi({ param: { name: 'slug', in: 'path' } }) })

/** The catalogue's taxonomy: categories (the menu, the home page's and footer's lists), brands, manufacturers. */
export function taxonomyRoutes(deps: ApiDeps) {
  return createRouter().route('/', categoryRoutes(deps)).route('/', makerRoutes(deps))
}

/** Catalogue reads, cached (cache.ts). */
const cachedRoutes = (db: Db) => routeGroup({ tags: ['catalogue'], middleware: [catalogueCache(db, { shared: true })] })

/** The category menu, one category by id or slug, and the home page's and footer's lists. */
function categoryRoutes({ database: { db }, config }: ApiDeps) {
  const categoryPage = pagedSchema(categorySchema).openapi('CategoryPage')
  const route = cachedRoutes(db)
  const treeRoute = route.get('/products/categories/', {
    summary: 'Header groups with their categories (the category menu)',
    responses: { 200: jsonContent(z.object({ results: z.array(categoryGroupSchema) }), 'Category tree') },
  })

  const categoryByIdRoute = route.get('/products/categories/{id}/', {
    summary: 'One category by id (digits only; anything else is 404)',
    request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: '3' }) }) },
    responses: { 200: jsonContent(categorySchema, 'The category'), 404: errorResponses[404] },
  })

  const categoryBySlugRoute = route.get('/products/category/{slug}/', {
    summary: 'One category by slug',
    request: { params: slugParam },
    responses: { 200: jsonContent(categorySchema, 'The category'), 301: movedResponse, 404: errorResponses[404] },
  })

  const popularRoute = route.get('/products/popular-categories/', {
    summary: 'Popular categories for the home page (size 12 there)',
    request: { query: pagedQuery },
    responses: { 200: jsonContent(categoryPage, 'A page of categories'), ...errorResponses },
  })

  const footerRoute = route.get('/products/categories-list/footer/', {
    summary: 'Categories listed in the footer',
    request: { query: pagedQuery },
    responses: { 200: jsonContent(categoryPage, 'A page of categories'), ...errorResponses },
  })

  /** A paged category list, or 404 past its last page. */
  const categoryPageOf = async (
    flagged: 'popular' | 'footer',
    query: { page: number; size: number },
    lang: Lang,
    url: string,
  ) => {
    const total = await countCategories(db, { flagged })
    const offset = (query.page - 1) * query.size
    if (offset > 0 && offset >= total) throw new ApiError(404, message(lang, 'page_out_of_range'))
    const results = await categoryList(db, lang, new MediaLinks(config), { flagged }, { limit: query.size, offset })
    return paged(results, total, query.page, query.size, url)
  }

  const categoryWhere = async (filter: CategoryFilter, lang: Lang) => {
    const [found] = await categoryList(db, lang, new MediaLinks(config), filter)
    if (!found) throw notFound(lang, 'category_not_found')
    return found
  }

  return createRouter()
    .openapi(treeRoute, async (c) => {
      return c.json({ results: await categoryTree(db, c.get('lang'), new MediaLinks(config)) }, 200)
    })
    .openapi(categoryByIdRoute, async (c) => {
      const lang = c.get('lang')
      const { id } = c.req.valid('param')
      if (!/^\d{1,9}$/.test(id)) throw notFound(lang, 'category_not_found')
      return c.json(await categoryWhere({ id: Number(id) }, lang), 200)
    })
    .openapi(categoryBySlugRoute, async (c) => {
      const lang = c.get('lang')
      const { slug } = c.req.valid('param')
      const [found] = await categoryList(db, lang, new MediaLinks(config), { slug })
      if (found) return c.json(found, 200)
      const moved = await currentSlug(db, 'category', slug)
      if (moved) return movedAnswer(c, slug, moved)
      throw notFound(lang, 'category_not_found')
    })
    .openapi(popularRoute, async (c) =>
      c.json(await categoryPageOf('popular', c.req.valid('query'), c.get('lang'), c.req.url), 200),
    )
    .openapi(footerRoute, async (c) =>
      c.json(await categoryPageOf('footer', c.req.valid('query'), c.get('lang'), c.req.url), 200),
    )
}

/** Brands A–Z and each brand's and manufacturer's own page. */
function makerRoutes({ database: { db } }: ApiDeps) {
  const route = cachedRoutes(db)
  const brandsRoute = route.get('/products/brands/', {
    summary: 'Brands A–Z with their product counts',
    request: { query: brandListQuery },
    responses: { 200: jsonContent(resultsSchema(brandSchema), 'All brands, by name'), 400: errorResponses[400] },
  })

  const brandRoute = route.get('/products/brands/{slug}/', {
    summary: 'One brand; its products are products/?brand={slug}',
    request: { params: slugParam },
    responses: { 200: jsonContent(brandDetailSchema, 'The brand'), 301: movedResponse, 404: errorResponses[404] },
  })

  const manufacturerRoute = route.get('/products/manufacturers/{slug}/', {
    summary: 'One manufacturer with its brands; its products are products/?manufacturer={slug}',
    request: { params: slugParam },
    responses: {
      200: jsonContent(manufacturerSchema, 'The manufacturer'),
      301: movedResponse,
      404: errorResponses[404],
    },
  })

  return createRouter()
    .openapi(brandsRoute, async (c) => {
      const { popular } = c.req.valid('query')
      const list = await brandList(db, c.get('lang'), { popular })
      return c.json({ results: list.map(({ manufacturerId: _, ...brand }) => brand), total: list.length }, 200)
    })
    .openapi(brandRoute, async (c) => {
      const lang = c.get('lang')
      const { slug } = c.req.valid('param')
      const found = await brandDetail(db, lang, slug)
      if (found) return c.json(found, 200)
      const moved = await currentSlug(db, 'brand', slug)
      if (moved) return movedAnswer(c, slug, moved)
      throw notFound(lang, 'brand_not_found')
    })
    .openapi(manufacturerRoute, async (c) => {
      const lang = c.get('lang')
      const { slug } = c.req.valid('param')
      const found = await manufacturerDetail(db, lang, slug)
      if (found) return c.json(found, 200)
      const moved = await currentSlug(db, 'manufacturer', slug)
      if (moved) return movedAnswer(c, slug, moved)
      throw notFound(lang, 'manufacturer_not_found')
    })
}
