import { asc, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { invalidateCatalogue } from '#api/catalogue/cache.ts'
import { updateBrand } from '#api/catalogue/service.ts'
import { compactCatalogue, refreshPlannerStatistics } from '#api/catalogue/statistics.ts'
import { safeRichText } from '#api/content/rich-text.ts'
import {
  brands,
  categories,
  pages,
  posts,
  productCategories,
  products,
  stories,
  storyItems,
} from '#api/db/schema/index.ts'
import { rowsOf } from '../../api/db/recordset.ts'
import { oneRow } from '../../api/db/rows.ts'
import { setupTestApi } from './support/api.ts'

// Everything of the catalogue around the product list: categories, brands,
// manufacturers, banners, stories, pages, posts and the OpenAPI document.

const t = setupTestApi({ products: 300 })
const db = () => t.database.db
const visitor = 'visitor_catalogue_0001'
const otherVisitor = 'visitor_catalogue_0002'

const imageLinks = {
  extra_small: expect.stringMatching(/^\/api\/v1\/media\/extra_small\//),
  small: expect.stringMatching(/^\/api\/v1\/media\/small\//),
  medium: expect.stringMatching(/^\/api\/v1\/media\/medium\//),
  large: expect.stringMatching(/^\/api\/v1\/media\/large\//),
}

describe('products/categories/ (tree)', () => {
  it('lists header groups with their categories in menu order', async () => {
    const { status, body, headers } = await t.json('products/categories/')
    expect(status).toBe(200)
    expect(headers.get('etag')).toBeTruthy()
    const all = await db().select().from(categories).orderBy(asc(categories.position), asc(categories.id))
    expect(body.results.map((g: { slug: string }) => g.slug)).toEqual(['perfume', 'body-care', 'bath'])
    const children = body.results.flatMap((g: { children: { slug: string }[] }) => g.children.map((c) => c.slug))
    expect(children.sort()).toEqual(all.map((c) => c.slug).sort())
    const first = body.results[0]
    expect(first).toEqual({ id: expect.any(Number), slug: 'perfume', title: 'Парфюмерия', children: expect.any(Array) })
    expect(first.children[0]).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      title: expect.any(String),
      image: imageLinks,
    })
  })

  it('is localised', async () => {
    const uz = (await t.json('products/categories/', { lang: 'uz' })).body.results
    const sr = (await t.json('products/categories/', { lang: 'sr' })).body.results
    expect(uz[1].title).toBe('Тана парвариши')
    expect(sr[1].title).toBe('Tana parvarishi')
  })
})

describe('products/categories/{id}/ and products/category/{slug}/', () => {
  it('finds a category by id and by slug, with its group and product count', async () => {
    const [womens] = await db().select().from(categories).where(eq(categories.slug, 'womens-perfume'))
    const { n } = oneRow(
      await db().select({ n: count() }).from(productCategories).where(eq(productCategories.categoryId, womens!.id)),
    )
    const byId = await t.json(`products/categories/${womens!.id}/`)
    expect(byId.status).toBe(200)
    expect(byId.body).toEqual({
      id: womens!.id,
      slug: 'womens-perfume',
      title: 'Женская парфюмерия',
      image: imageLinks,
      group: { id: expect.any(Number), slug: 'perfume', title: 'Парфюмерия' },
      product_count: n,
    })
    const bySlug = await t.json('products/category/womens-perfume/', { lang: 'uz' })
    expect(bySlug.body).toMatchObject({ id: womens!.id, title: 'Аёллар парфюмерияси', product_count: n })
  })

  it('answers a non-digit id, an unknown id and an unknown slug with a localised 404', async () => {
    for (const path of ['products/categories/abc/', 'products/categories/12a/', 'products/categories/999999/']) {
      const { status, body } = await t.json(path)
      expect(status, path).toBe(404)
      expect(body).toEqual({ detail: 'Категория не найдена.' })
    }
    const sr = await t.json('products/category/no-such-category/', { lang: 'sr' })
    expect(sr.status).toBe(404)
    expect(sr.body).toEqual({ detail: 'Kategoriya topilmadi.' })
  })
})

describe('products/popular-categories/ and products/categories-list/footer/', () => {
  it('pages the popular categories, 12 by default', async () => {
    const popular = await db().select().from(categories).where(eq(categories.isPopular, true))
    const { status, body } = await t.json('products/popular-categories/?size=12')
    expect(status).toBe(200)
    expect(body.total).toBe(popular.length)
    expect(body.results.map((c: { slug: string }) => c.slug).sort()).toEqual(popular.map((c) => c.slug).sort())
    expect(body.results[0]).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      title: expect.any(String),
      image: imageLinks,
      group: expect.any(Object),
      product_count: expect.any(Number),
    })
    const small = await t.json('products/popular-categories/?size=2&page=2')
    expect(small.body.results).toHaveLength(2)
    expect(small.body.current_page).toBe(2)
  })

  it('pages the footer categories with results and total', async () => {
    const footer = await db().select().from(categories).where(eq(categories.inFooter, true))
    const { body } = await t.json('products/categories-list/footer/')
    expect(body.total).toBe(footer.length)
    expect(body.results).toHaveLength(Math.min(12, footer.length))
    expect(body.links).toEqual({ next: footer.length > 12 ? expect.any(String) : null, previous: null })
  })

  it('rejects bad paging and 404s past the end', async () => {
    for (const path of ['products/popular-categories/', 'products/categories-list/footer/']) {
      expect((await t.json(`${path}?size=0`)).status).toBe(400)
      expect((await t.json(`${path}?size=101`)).status).toBe(400)
      expect((await t.json(`${path}?page=x`)).status).toBe(400)
      const unknown = await t.json(`${path}?sort=1`)
      expect(unknown.status).toBe(400)
      expect(unknown.body.errors).toEqual([{ field: 'sort', message: 'Неизвестный параметр.' }])
      const past = await t.json(`${path}?page=50`)
      expect(past.status).toBe(404)
      expect(past.body.detail).toBe('Такой страницы нет: список короче.')
    }
  })
})

describe('products/brands/', () => {
  it('lists every brand A–Z with its letter, country and product count', async () => {
    const { status, body } = await t.json('products/brands/')
    expect(status).toBe(200)
    const all = await db().select().from(brands)
    expect(body.total).toBe(all.length)
    const names = body.results.map((b: { name: string }) => b.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })))
    const dior = body.results.find((b: { slug: string }) => b.slug === 'dior')
    const { n } = oneRow(await db().select({ n: count() }).from(products).where(eq(products.brandId, dior.id)))
    expect(dior).toEqual({
      id: expect.any(Number),
      slug: 'dior',
      name: 'Dior',
      letter: 'D',
      country: { code: 'FR', name: 'Франция' },
      is_popular: expect.any(Boolean),
      product_count: n,
    })
    const lancome = body.results.find((b: { slug: string }) => b.slug === 'lancome')
    expect(lancome.letter).toBe('L')
    const total = body.results.reduce((sum: number, b: { product_count: number }) => sum + b.product_count, 0)
    expect(total).toBe(300)
  })

  it('filters the popular ones and rejects bad values', async () => {
    const { body } = await t.json('products/brands/?popular=true')
    expect(body.results.length).toBeGreaterThan(0)
    expect(body.results.every((b: { is_popular: boolean }) => b.is_popular)).toBe(true)
    expect((await t.json('products/brands/?popular=often')).status).toBe(400)
    expect((await t.json('products/brands/?letter=a')).status).toBe(400)
  })

  it('shows one brand with its manufacturer, or a localised 404', async () => {
    const { status, body } = await t.json('products/brands/dior/', { lang: 'sr' })
    expect(status).toBe(200)
    expect(body).toMatchObject({
      slug: 'dior',
      country: { code: 'FR', name: 'Fransiya' },
      manufacturer: { slug: 'lvmh', name: 'LVMH' },
    })
    const missing = await t.json('products/brands/no-such-brand/', { lang: 'uz' })
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual({ detail: 'Бренд топилмади.' })
  })

  it('shows a renamed brand at once', async () => {
    const before = (await t.json('products/brands/zara/')).body
    await updateBrand(db(), before.id, { name: 'Zara Home' })
    expect((await t.json('products/brands/zara/')).body.name).toBe('Zara Home')
    await updateBrand(db(), before.id, { name: before.name })
  })
})

describe('products/manufacturers/{slug}/', () => {
  it('shows a manufacturer with its brands and product count', async () => {
    const { status, body } = await t.json('products/manufacturers/lvmh/')
    expect(status).toBe(200)
    expect(body).toMatchObject({ slug: 'lvmh', name: 'LVMH', country: { code: 'FR', name: 'Франция' } })
    expect(body.brands.map((b: { slug: string }) => b.slug)).toContain('dior')
    // The count is of products, every size of a line one: the list of a card per size.
    const listed = (await t.json('products/?manufacturer=lvmh&size=1&sizes=separate')).body.total
    expect(body.product_count).toBe(listed)
  })

  it('answers an unknown manufacturer with a localised 404', async () => {
    const { status, body } = await t.json('products/manufacturers/nobody/')
    expect(status).toBe(404)
    expect(body).toEqual({ detail: 'Производитель не найден.' })
  })
})

describe('products/banner/', () => {
  it('lists the active banners in order, localised, with pictures in four sizes', async () => {
    const ru = await t.json('products/banner/')
    expect(ru.status).toBe(200)
    expect(ru.body.results.length).toBeGreaterThan(0)
    expect(ru.body.results[0]).toEqual({
      id: expect.any(Number),
      title: 'Ароматы для неё',
      subtitle: expect.any(String),
      image: imageLinks,
      image_phone: null,
      link: '/products/category/womens-perfume',
    })
    const sr = await t.json('products/banner/', { lang: 'sr' })
    expect(sr.body.results[0].title).toBe('Ayollar uchun iforlar')
  })
})

describe('common/story/ and common/story-item/{id}/read/', () => {
  it('lists stories with their items, all unread for a new visitor', async () => {
    const { status, body, headers } = await t.json('common/story/', { fingerprint: visitor })
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('private, no-cache')
    const { n } = oneRow(await db().select({ n: count() }).from(stories))
    expect(body.results).toHaveLength(n)
    const story = body.results[0]
    expect(story).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      cover: imageLinks,
      is_read: false,
      items: expect.any(Array),
    })
    expect(story.items[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      image: imageLinks,
      link: expect.toBeOneOf([expect.any(String), null]),
      is_read: false,
    })
  })

  it('remembers what this visitor read, and only for this visitor', async () => {
    const story = (await t.json('common/story/', { fingerprint: visitor })).body.results[0]
    for (const item of story.items) {
      const { status, body, headers } = await t.json(`common/story-item/${item.id}/read/`, { fingerprint: visitor })
      expect(status).toBe(200)
      expect(body).toEqual({ id: item.id, story_id: story.id, is_read: true })
      expect(headers.get('cache-control')).toBe('no-store')
    }
    // Reading twice is fine.
    expect((await t.json(`common/story-item/${story.items[0].id}/read/`, { fingerprint: visitor })).status).toBe(200)
    const mine = (await t.json('common/story/', { fingerprint: visitor })).body.results
    const read = mine.find((s: { id: number }) => s.id === story.id)
    expect(read.is_read).toBe(true)
    expect(read.items.every((i: { is_read: boolean }) => i.is_read)).toBe(true)
    // Seen stories move to the end of the rail.
    expect(mine.at(-1).id).toBe(story.id)
    const theirs = (await t.json('common/story/', { fingerprint: otherVisitor })).body.results
    expect(theirs.every((s: { is_read: boolean }) => !s.is_read)).toBe(true)
    const anonymous = (await t.json('common/story/')).body.results
    expect(anonymous.every((s: { is_read: boolean }) => !s.is_read)).toBe(true)
  })

  it('revalidates with the ETag per visitor', async () => {
    const first = await t.request('common/story/', { fingerprint: visitor })
    const etag = first.headers.get('etag')!
    const same = await t.request('common/story/', { fingerprint: visitor, headers: { 'If-None-Match': etag } })
    expect(same.status).toBe(304)
    const other = await t.request('common/story/', { fingerprint: otherVisitor, headers: { 'If-None-Match': etag } })
    expect(other.status).toBe(200)
  })

  it('marks nothing without a visitor, and 404s an unknown or malformed item', async () => {
    const [item] = await db().select().from(storyItems).limit(1)
    const { status, body } = await t.json(`common/story-item/${item!.id}/read/`)
    expect(status).toBe(200)
    expect(body.is_read).toBe(false)
    for (const id of ['999999', 'abc', '1.5']) {
      const missing = await t.json(`common/story-item/${id}/read/`, { fingerprint: visitor, lang: 'uz' })
      expect(missing.status, id).toBe(404)
      expect(missing.body).toEqual({ detail: 'Ҳикоя топилмади.' })
    }
    const badVisitor = await t.json(`common/story-item/${item!.id}/read/`, { fingerprint: 'x' })
    expect(badVisitor.status).toBe(400)
  })
})

describe('pages/ and pages/{slug}/', () => {
  it('shows a page in each language', async () => {
    const [about] = await db().select().from(pages).where(eq(pages.slug, 'about'))
    const ru = await t.json('pages/about/')
    expect(ru.status).toBe(200)
    expect(ru.body).toEqual({
      id: about!.id,
      slug: 'about',
      kind: about!.kind,
      title: about!.title.ru,
      // Stored as plain text (the seed's): answered as the rich-text subset's paragraphs.
      body: safeRichText(about!.body.ru),
    })
    expect(ru.body.body).toMatch(/^<p>/)
    const sr = await t.json('pages/about/', { lang: 'sr' })
    expect(sr.body.title).toBe(about!.title.sr)
    const uz = await t.json('pages/about/', { lang: 'uz' })
    expect(uz.body.body).toBe(safeRichText(about!.body.uz))
  })

  it('lists pages, optionally of one kind', async () => {
    const all = await t.json('pages/')
    const { n } = oneRow(await db().select({ n: count() }).from(pages))
    expect(all.body.results).toHaveLength(n)
    const instructions = await t.json('pages/?kind=instruction')
    expect(instructions.body.results.length).toBeGreaterThan(0)
    expect(instructions.body.results.every((p: { kind: string }) => p.kind === 'instruction')).toBe(true)
    expect(instructions.body.results[0]).toEqual({
      id: expect.any(Number),
      slug: expect.any(String),
      kind: 'instruction',
      title: expect.any(String),
    })
    expect((await t.json('pages/?kind=blog')).status).toBe(400)
  })

  it('answers an unknown page with a localised 404', async () => {
    const { status, body } = await t.json('pages/no-such-page/')
    expect(status).toBe(404)
    expect(body).toEqual({ detail: 'Такой страницы нет.' })
  })
})

describe('posts/ and posts/{id}/', () => {
  it('pages the posts newest first with an excerpt', async () => {
    const { status, body } = await t.json('posts/')
    expect(status).toBe(200)
    const { n } = oneRow(await db().select({ n: count() }).from(posts))
    expect(body.total).toBe(n)
    const dates = body.results.map((p: { published_at: string }) => p.published_at)
    expect(dates).toEqual([...dates].sort().reverse())
    const first = body.results[0]
    expect(first).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      excerpt: expect.any(String),
      image: imageLinks,
      published_at: expect.any(String),
    })
    expect(first.excerpt.length).toBeLessThanOrEqual(201)
    expect((await t.json('posts/?page=9')).status).toBe(404)
    expect((await t.json('posts/?size=1000')).status).toBe(400)
  })

  it('shows one post, localised, and 404s unknown or malformed ids', async () => {
    const list = (await t.json('posts/')).body.results
    const { status, body } = await t.json(`posts/${list[0].id}/`, { lang: 'sr' })
    expect(status).toBe(200)
    expect(body.body).not.toMatch(/[а-яё]/i)
    expect(body.title).toBe((await t.json('posts/', { lang: 'sr' })).body.results[0].title)
    for (const id of ['999999', 'first']) {
      const missing = await t.json(`posts/${id}/`)
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ detail: 'Статья не найдена.' })
    }
  })

  it('keeps a scheduled post hidden until its time', async () => {
    const [row] = await db()
      .insert(posts)
      .values({
        title: { ru: 'Скоро', uz: 'Тез орада', sr: 'Tez orada' },
        body: { ru: 'Текст', uz: 'Матн', sr: 'Matn' },
        publishedAt: new Date(Date.now() + 86_400_000),
      })
      .returning()
    await invalidateCatalogue(db())
    expect((await t.json(`posts/${row!.id}/`)).status).toBe(404)
    const listed = (await t.json('posts/?size=100')).body.results.map((p: { id: number }) => p.id)
    expect(listed).not.toContain(row!.id)
  })
})

describe('catalogue HTTP caching beyond products', () => {
  it('gives ETags and 304s on every shared catalogue read', async () => {
    for (const path of [
      'products/banner/',
      'products/categories/',
      'products/brands/',
      'products/popular-categories/',
      'products/categories-list/footer/',
      'products/category/soap/',
      'products/manufacturers/lvmh/',
      'pages/about/',
      'posts/',
    ]) {
      const first = await t.request(path)
      expect(first.status, path).toBe(200)
      expect(first.headers.get('cache-control'), path).toBe('public, no-cache')
      const etag = first.headers.get('etag')!
      const again = await t.request(path, { headers: { 'If-None-Match': etag } })
      expect(again.status, path).toBe(304)
    }
  })
})

describe('planner statistics', () => {
  it('analyses the catalogue tables after seeding, then only when much has changed', async () => {
    await refreshPlannerStatistics(db())
    const rows = await db().execute<{ reltuples: number }>(
      sql`select reltuples::float8 as reltuples from pg_class where oid = 'products'::regclass`,
    )
    const [row] = (Array.isArray(rows) ? rows : (rows as { rows: { reltuples: number }[] }).rows) as {
      reltuples: number
    }[]
    expect(Number(row!.reltuples)).toBeGreaterThan(0)
    expect(await refreshPlannerStatistics(db())).toEqual([])
  })

  it('analyses a table again when an expression index of it has no statistics yet', async () => {
    // What a migration adding one (the search's word index) leaves behind.
    await db().execute(sql`create index products_probe_idx on products ((lower(slug)))`)
    try {
      expect(await refreshPlannerStatistics(db())).toEqual(['products'])
      expect(await refreshPlannerStatistics(db())).toEqual([])
    } finally {
      await db().execute(sql`drop index products_probe_idx`)
    }
  })

  it('on PGlite, compaction leaves no page of dead rows after a bulk write; PostgreSQL keeps its autovacuum', async () => {
    const size = async () =>
      Number(
        oneRow(rowsOf<{ bytes: number }>(await db().execute(sql`select pg_relation_size('products')::float8 as bytes`)))
          .bytes,
      )
    // Every product written twice, as the seed and a start that rewrites the search keys do.
    await db().execute(sql`update products set stock = stock + 1`)
    await db().execute(sql`update products set stock = stock - 1`)
    const bloated = await size()
    const compacted = await compactCatalogue(t.database)
    expect(compacted).toBe(t.database.kind === 'pglite')
    if (!compacted) return
    const after = await size()
    expect(after).toBeLessThan(bloated / 2)
    await db().execute(sql`vacuum full products`)
    expect(await size()).toBe(after)
  })
})

describe('OpenAPI document', () => {
  it('describes every catalogue path with its parameters', async () => {
    const { status, body } = await t.json('openapi.json')
    expect(status).toBe(200)
    const paths = Object.keys(body.paths)
    for (const path of [
      '/api/v1/products/',
      '/api/v1/products/{slug}/',
      '/api/v1/products/banner/',
      '/api/v1/common/story/',
      '/api/v1/common/story-item/{id}/read/',
      '/api/v1/products/popular-categories/',
      '/api/v1/products/categories-list/footer/',
      '/api/v1/products/categories/',
      '/api/v1/products/categories/{id}/',
      '/api/v1/products/category/{slug}/',
      '/api/v1/products/brands/',
      '/api/v1/products/brands/{slug}/',
      '/api/v1/products/manufacturers/{slug}/',
      '/api/v1/pages/',
      '/api/v1/pages/{slug}/',
      '/api/v1/posts/',
      '/api/v1/posts/{id}/',
      '/api/v1/media/{size}/{version}/{path}',
    ]) {
      expect(paths, path).toContain(path)
    }
    const list = body.paths['/api/v1/products/'].get
    expect(list.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      [
        'page',
        'size',
        'search',
        'ordering',
        'sale_price__isnull',
        'is_recommendation',
        'sections',
        'brand',
        'manufacturer',
        'audience',
        'price__gte',
        'price__lte',
        'in_stock',
        'sizes',
      ].sort(),
    )
    const ordering = list.parameters.find((p: { name: string }) => p.name === 'ordering')
    expect(ordering.schema.enum).toContain('-rating')
    expect(list.responses['200'].content['application/json'].schema.$ref).toBe('#/components/schemas/ProductPage')
    expect(Object.keys(body.components.schemas)).toEqual(
      expect.arrayContaining(['ProductCard', 'ProductDetail', 'ImageLinks', 'Category', 'Brand', 'Story', 'Error']),
    )
  })
})
