import { and, count, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import {
  cachedResponseBytes,
  cachedResponseCount,
  invalidateCatalogue,
  limitCachedAnswers,
} from '#api/catalogue/cache.ts'
import { productRoutes } from '#api/catalogue/product-routes.ts'
import { updateProduct } from '#api/catalogue/service.ts'
import { parseConfig } from '#api/config.ts'
import {
  brands,
  categories,
  categoryGroups,
  manufacturers,
  productCategories,
  products,
  settings,
} from '#api/db/schema/index.ts'
import { createRouter } from '#api/http/context.ts'
import type { ProductCard } from '#api/types.ts'
import { volumeUnits } from '#contract/catalogue.ts'
import { oneRow } from '../../api/db/rows.ts'
import { setupTestApi } from './support/api.ts'

// products/ and products/{slug}/: every filter, ordering, paging edge, bad
// input, language and the HTTP caching, on the seeded demo catalogue.

const t = setupTestApi({ products: 300 })

const db = () => t.database.db

// Every filter and ordering here is of products, each size of a line one: the
// shop set to list a card per size (product-lines.test.ts tests a card per line).
beforeAll(async () => {
  await db()
    .insert(settings)
    .values({ key: 'listing', value: { sizes: 'separate' } })
})
const paid = (c: ProductCard) => c.sale_price ?? c.price

/** Every product of a filtered list, page by page. */
async function all(query = ''): Promise<ProductCard[]> {
  const cards: ProductCard[] = []
  for (let page = 1; ; page++) {
    const { status, body } = await t.json(`products/?size=100&page=${page}${query ? `&${query}` : ''}`)
    expect(status, query).toBe(200)
    cards.push(...body.results)
    if (!body.links.next) return cards
  }
}

const ids = (cards: { id: number }[]) => cards.map((c) => c.id).sort((a, b) => a - b)

async function dbIds(where: SQL | undefined) {
  const rows = await db().select({ id: products.id }).from(products).where(where)
  return rows.map((r) => r.id).sort((a, b) => a - b)
}

describe('products/ list', () => {
  it('returns the first page of 12, newest first, in the Django REST shape', async () => {
    const { status, body, headers } = await t.json('products/')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toContain('application/json')
    const { n } = oneRow(await db().select({ n: count() }).from(products))
    expect(body).toMatchObject({ total: n, total_pages: Math.ceil(n / 12), current_page: 1 })
    expect(body.results).toHaveLength(12)
    expect(body.links.previous).toBeNull()
    expect(new URL(body.links.next).searchParams.get('page')).toBe('2')
    const dates = body.results.map((c: ProductCard) => c.created_at)
    expect(dates).toEqual([...dates].sort().reverse())
  })

  it('gives every card the fields the storefront shows', async () => {
    const { body } = await t.json('products/?size=50')
    for (const card of body.results as ProductCard[]) {
      expect(Object.keys(card).sort()).toEqual(
        [
          'id',
          'slug',
          'title',
          'price',
          'sale_price',
          'discount_percent',
          'images',
          'brand',
          'volume',
          'unit',
          'rating',
          'review_count',
          'in_stock',
          'is_recommendation',
          'created_at',
          'updated_at',
        ].sort(),
      )
      expect(card.images.length).toBeGreaterThan(0)
      for (const image of card.images) {
        expect(Object.keys(image).sort()).toEqual(['extra_small', 'large', 'medium', 'small'])
        expect(image.small).toMatch(/^\/api\/v1\/media\/small\/[\w-]+\/.+\.svg$/)
      }
      expect(card.brand).toEqual({ id: expect.any(Number), slug: expect.any(String), name: expect.any(String) })
      expect(volumeUnits).toContain(card.unit)
      if (card.sale_price !== null) {
        expect(card.sale_price).toBeLessThan(card.price)
        expect(card.discount_percent).toBeGreaterThan(0)
      }
      if (card.rating !== null) expect(card.rating).toBeGreaterThanOrEqual(1)
      expect(new Date(card.created_at).toISOString()).toBe(card.created_at)
    }
  })
})

describe('products/ paging', () => {
  it('pages through everything exactly once', async () => {
    const cards = await all()
    expect(cards).toHaveLength(300)
    expect(new Set(cards.map((c) => c.id)).size).toBe(300)
  })

  it('has a short last page without next, and 404 past it', async () => {
    const last = await t.json('products/?size=7&page=43')
    expect(last.status).toBe(200)
    expect(last.body.results).toHaveLength(300 - 42 * 7)
    expect(last.body.links.next).toBeNull()
    expect(new URL(last.body.links.previous).searchParams.get('page')).toBe('42')
    const past = await t.json('products/?size=7&page=44', { lang: 'ru' })
    expect(past.status).toBe(404)
    expect(past.body).toEqual({ detail: 'Такой страницы нет: список короче.' })
    const far = await t.json('products/?page=99999')
    expect(far.status).toBe(404)
  })

  it('accepts sizes from 1 to 100', async () => {
    expect((await t.json('products/?size=1')).body.results).toHaveLength(1)
    expect((await t.json('products/?size=100')).body.results).toHaveLength(100)
    for (const size of ['0', '101', '-1', '1.5', 'ten']) {
      const { status, body } = await t.json(`products/?size=${size}`)
      expect(status, size).toBe(400)
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['size'])
    }
  })

  it('keeps the other parameters in the page links', async () => {
    const { body } = await t.json('products/?size=5&brand=chanel&ordering=price')
    const next = new URL(body.links.next)
    expect(Object.fromEntries(next.searchParams)).toEqual({ size: '5', brand: 'chanel', ordering: 'price', page: '2' })
  })

  it('gives an empty first page when nothing matches, and 404 after it', async () => {
    const empty = await t.json('products/?brand=no-such-brand')
    expect(empty.status).toBe(200)
    expect(empty.body).toMatchObject({ results: [], total: 0, total_pages: 1, links: { next: null, previous: null } })
    expect((await t.json('products/?brand=no-such-brand&page=2')).status).toBe(404)
  })
})

describe('products/ ordering', () => {
  const ordered = <T>(values: T[], compare: (a: T, b: T) => number) =>
    values.every((v, i) => i === 0 || compare(values[i - 1]!, v) <= 0)

  it('orders by the price paid, both ways', async () => {
    expect(ordered((await all('ordering=price')).map(paid), (a, b) => a - b)).toBe(true)
    expect(ordered((await all('ordering=-price')).map(paid), (a, b) => b - a)).toBe(true)
  })

  it('orders by date, both ways', async () => {
    expect(
      ordered(
        (await all('ordering=created_at')).map((c) => c.created_at),
        (a, b) => a.localeCompare(b),
      ),
    ).toBe(true)
    expect(
      ordered(
        (await all('ordering=-created_at')).map((c) => c.created_at),
        (a, b) => b.localeCompare(a),
      ),
    ).toBe(true)
  })

  it('orders by rating with unrated products last, both ways', async () => {
    for (const [ordering, sign] of [
      ['rating', 1],
      ['-rating', -1],
    ] as const) {
      const ratings = (await all(`ordering=${ordering}`)).map((c) => c.rating)
      const rated = ratings.filter((r) => r !== null) as number[]
      expect(ratings.slice(0, rated.length)).toEqual(rated)
      expect(ordered(rated, (a, b) => sign * (a - b))).toBe(true)
    }
  })

  it('orders by popularity, most popular first', async () => {
    const { body } = await t.json('products/?ordering=popularity&size=20')
    const expected = await db()
      .select({ id: products.id })
      .from(products)
      .orderBy(sql`${products.popularity} desc, ${products.id} desc`)
      .limit(20)
    expect(body.results.map((c: ProductCard) => c.id)).toEqual(expected.map((r) => r.id))
  })
})

describe('products/ filters', () => {
  it('sale_price__isnull splits the catalogue into regular and discounted', async () => {
    const onSale = await all('sale_price__isnull=false')
    const regular = await all('sale_price__isnull=true')
    expect(onSale.length).toBeGreaterThan(0)
    expect(onSale.every((c) => c.sale_price !== null)).toBe(true)
    expect(regular.every((c) => c.sale_price === null)).toBe(true)
    expect(onSale.length + regular.length).toBe(300)
    expect((await all('sale_price__isnull=False')).length).toBe(onSale.length)
    expect((await all('sale_price__isnull=1')).length).toBe(regular.length)
  })

  it('is_recommendation', async () => {
    const yes = await all('is_recommendation=true')
    expect(yes.length).toBeGreaterThan(0)
    expect(yes.every((c) => c.is_recommendation)).toBe(true)
    expect((await all('is_recommendation=0')).every((c) => !c.is_recommendation)).toBe(true)
  })

  it('sections takes category slugs and header-group slugs', async () => {
    const [womens] = await db().select().from(categories).where(eq(categories.slug, 'womens-perfume'))
    const [niche] = await db().select().from(categories).where(eq(categories.slug, 'niche-perfume'))
    const inCategories = (categoryIds: number[]) =>
      dbIds(
        inArray(
          products.id,
          db()
            .select({ id: productCategories.productId })
            .from(productCategories)
            .where(inArray(productCategories.categoryId, categoryIds)),
        ),
      )
    expect(ids(await all('sections=womens-perfume'))).toEqual(await inCategories([womens!.id]))
    expect(ids(await all('sections=womens-perfume,niche-perfume'))).toEqual(await inCategories([womens!.id, niche!.id]))
    const [perfume] = await db().select().from(categoryGroups).where(eq(categoryGroups.slug, 'perfume'))
    const groupIds = (await db().select().from(categories).where(eq(categories.groupId, perfume!.id))).map((c) => c.id)
    expect(ids(await all('sections=perfume'))).toEqual(await inCategories(groupIds))
    expect(ids(await all('sections=womens-perfume, no-such-section'))).toEqual(await inCategories([womens!.id]))
  })

  it('brand takes brand slugs', async () => {
    const cards = await all('brand=dior,chanel')
    expect(new Set(cards.map((c) => c.brand.slug))).toEqual(new Set(['dior', 'chanel']))
    const brandIds = (
      await db()
        .select()
        .from(brands)
        .where(inArray(brands.slug, ['dior', 'chanel']))
    ).map((b) => b.id)
    expect(ids(cards)).toEqual(await dbIds(inArray(products.brandId, brandIds)))
  })

  it('manufacturer takes manufacturer slugs', async () => {
    const [maker] = await db().select().from(manufacturers).where(eq(manufacturers.slug, 'lvmh'))
    const cards = await all('manufacturer=lvmh')
    expect(cards.length).toBeGreaterThan(0)
    expect(ids(cards)).toEqual(await dbIds(eq(products.manufacturerId, maker!.id)))
  })

  it('audience takes women, men, unisex', async () => {
    for (const audience of ['women', 'men', 'unisex'] as const) {
      expect(ids(await all(`audience=${audience}`))).toEqual(await dbIds(eq(products.audience, audience)))
    }
    expect(ids(await all('audience=men,unisex'))).toEqual(await dbIds(inArray(products.audience, ['men', 'unisex'])))
  })

  it('price__gte and price__lte bound the price paid', async () => {
    const cards = await all('price__gte=300000&price__lte=1000000')
    expect(cards.length).toBeGreaterThan(0)
    expect(cards.every((c) => paid(c) >= 300000 && paid(c) <= 1000000)).toBe(true)
    const outside = (await all()).filter((c) => paid(c) < 300000 || paid(c) > 1000000)
    expect(cards.length + outside.length).toBe(300)
    expect((await all('price__gte=1000000&price__lte=1000000')).every((c) => paid(c) === 1000000)).toBe(true)
  })

  it('in_stock', async () => {
    const inStock = await all('in_stock=true')
    const soldOut = await all('in_stock=false')
    expect(inStock.every((c) => c.in_stock)).toBe(true)
    expect(soldOut.every((c) => !c.in_stock)).toBe(true)
    expect(inStock.length + soldOut.length).toBe(300)
    expect(ids(inStock)).toEqual(await dbIds(gt(products.stock, 0)))
  })

  it('combines filters with AND', async () => {
    const cards = await all('brand=dior&sale_price__isnull=false&in_stock=true&ordering=-price')
    const brandId = (await db().select().from(brands).where(eq(brands.slug, 'dior')))[0]!.id
    expect(ids(cards)).toEqual(
      await dbIds(and(eq(products.brandId, brandId), isNotNull(products.salePrice), gt(products.stock, 0))),
    )
  })

  it('treats empty values as absent, as a plain HTML form sends them', async () => {
    const { status, body } = await t.json('products/?brand=&sections=&price__gte=&in_stock=&search=&ordering=')
    expect(status).toBe(200)
    expect(body.total).toBe(300)
  })
})

describe('products/ bad input', () => {
  const cases: [string, string][] = [
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['size=500', 'size'],
    [`search=${'x'.repeat(101)}`, 'search'],
    ['ordering=name', 'ordering'],
    ['ordering=-popularity', 'ordering'],
    ['sale_price__isnull=maybe', 'sale_price__isnull'],
    ['is_recommendation=yes', 'is_recommendation'],
    ['sections=Womens Perfume', 'sections'],
    [`sections=${Array.from({ length: 31 }, (_, i) => `c${i}`).join(',')}`, 'sections'],
    ['brand=dior;chanel', 'brand'],
    ['manufacturer=%2e%2e', 'manufacturer'],
    ['audience=kids', 'audience'],
    ['audience=men,children', 'audience'],
    ['price__gte=-5', 'price__gte'],
    ['price__gte=cheap', 'price__gte'],
    ['price__lte=1e5', 'price__lte'],
    ['price__gte=500&price__lte=100', 'price__lte'],
    ['in_stock=2', 'in_stock'],
    ['colour=red', 'colour'],
  ]

  it.each(cases)('%s → 400 on %s', async (query, field) => {
    const { status, body } = await t.json(`products/?${query}`)
    expect(status).toBe(400)
    expect(body.detail).toBe('Проверьте введённые данные.')
    expect(body.errors).toEqual([{ field, message: expect.any(String) }])
  })

  it('reports every bad parameter at once, in the asked language', async () => {
    const { status, body } = await t.json('products/?size=0&ordering=x&colour=red&audience=kids', { lang: 'sr' })
    expect(status).toBe(400)
    expect(body.detail).toBe('Kiritilgan maʼlumotlarni tekshiring.')
    expect(body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['audience', 'colour', 'ordering', 'size'].sort(),
    )
    const unknown = body.errors.find((e: { field: string }) => e.field === 'colour')
    expect(unknown.message).toBe('Nomaʼlum parametr.')
  })
})

describe('products/ languages', () => {
  it('shows titles in the language asked, ru by default and for unknown languages', async () => {
    const title = async (lang?: string) =>
      (await t.json('products/?size=1&ordering=popularity', { lang })).body.results[0].title
    const ru = await title('ru')
    expect(ru).toMatch(/[а-я]/)
    expect(await title()).toBe(ru)
    expect(await title('en-US,en;q=0.9')).toBe(ru)
    expect(await title('de')).toBe(ru)
    const uz = await title('uz')
    expect(uz).toMatch(/[а-яўқғҳ]/)
    expect(uz).not.toBe(ru)
    const sr = await title('sr')
    expect(sr).not.toMatch(/[а-яё]/i)
    expect(await title('uz-Latn')).toBe(sr)
    expect(await title('uz-Cyrl-UZ')).toBe(uz)
  })

  it('falls back to Russian where a translation is empty', async () => {
    const [row] = await db().select().from(products).limit(1)
    await updateProduct(db(), row!.id, { title: { ...row!.title, uz: '' } })
    const { body } = await t.json(`products/${row!.slug}/`, { lang: 'uz' })
    expect(body.title).toBe(row!.title.ru)
    await updateProduct(db(), row!.id, { title: row!.title })
  })
})

describe('products/{slug}/', () => {
  it('has everything the product page shows', async () => {
    const [row] = await db()
      .select()
      .from(products)
      .where(and(gt(products.stock, 0), isNotNull(products.releaseYear)))
      .limit(1)
    const { status, body } = await t.json(`products/${row!.slug}/`)
    expect(status).toBe(200)
    expect(body).toMatchObject({
      id: row!.id,
      slug: row!.slug,
      title: row!.title.ru,
      description: row!.description.ru,
      price: row!.price,
      sale_price: row!.salePrice,
      audience: row!.audience,
      release_year: row!.releaseYear,
      volume: row!.volume,
      unit: row!.unit,
      stock: row!.stock,
      in_stock: true,
      country: { code: row!.country, name: expect.any(String) },
      manufacturer: { id: row!.manufacturerId, slug: expect.any(String), name: expect.any(String) },
    })
    expect(body.audience_label).toMatch(/^(Для женщин|Для мужчин|Унисекс)$/)
    expect(body.categories.length).toBeGreaterThan(0)
    expect(body.images[0].large).toContain('/media/large/')
    expect(body.similar.length).toBeGreaterThan(0)
    expect(body.similar.length).toBeLessThanOrEqual(8)
    expect(body.similar.map((s: ProductCard) => s.id)).not.toContain(row!.id)
    expect(body.similar.every((s: ProductCard) => s.in_stock)).toBe(true)
  })

  it('lists the same line first among similar products', async () => {
    const { body } = await t.json('products/?search=dior%20sauvage&size=1')
    const detail = (await t.json(`products/${body.results[0].slug}/`)).body
    const name = detail.title.split(',')[0]
    const sameLine = detail.similar.filter((s: ProductCard) => s.title.startsWith(`${name},`)).length
    expect(sameLine).toBeGreaterThan(0)
    expect(detail.similar.slice(0, sameLine).every((s: ProductCard) => s.title.startsWith(`${name},`))).toBe(true)
    expect(detail.similar[0].brand.slug).toBe('dior')
  })

  it('speaks every language, country names included', async () => {
    const { body } = await t.json('products/?brand=chanel&size=1')
    const slug = body.results[0].slug
    const ru = (await t.json(`products/${slug}/`, { lang: 'ru' })).body
    const uz = (await t.json(`products/${slug}/`, { lang: 'uz' })).body
    const sr = (await t.json(`products/${slug}/`, { lang: 'sr' })).body
    expect(ru.country).toEqual({ code: 'FR', name: 'Франция' })
    expect(uz.country).toEqual({ code: 'FR', name: 'Франция' })
    expect(sr.country).toEqual({ code: 'FR', name: 'Fransiya' })
    expect(sr.description).not.toMatch(/[а-яё]/i)
    expect(uz.audience_label).toMatch(/учун|Унисекс/)
    expect(sr.audience_label).toMatch(/uchun|Uniseks/)
  })

  it('answers an unknown product with a localised 404', async () => {
    const ru = await t.json('products/no-such-product/')
    expect(ru.status).toBe(404)
    expect(ru.body).toEqual({ detail: 'Товар не найден.' })
    const uz = await t.json('products/no-such-product/', { lang: 'uz' })
    expect(uz.body).toEqual({ detail: 'Маҳсулот топилмади.' })
  })

  it('leaves fixed products/… paths of modules mounted after it to them', async () => {
    const app = createRouter()
    app.use(async (c, next) => {
      c.set('lang', 'ru')
      c.set('fingerprint', null)
      await next()
    })
    app.route('/', productRoutes({ database: t.database, config: parseConfig({ SESSION_SECRET: 'x'.repeat(40) }) }))
    app.get('/products/extra/', (c) => c.json({ extra: true }))
    const response = await app.request('/products/extra/')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ extra: true })
    expect(response.headers.get('etag')).toBeNull()
  })

  it('answers without the trailing slash too', async () => {
    const { body } = await t.json('products/?size=1')
    expect((await t.json(`products/${body.results[0].slug}`)).status).toBe(200)
  })
})

describe('HTTP caching', () => {
  it('sends a strong ETag and Cache-Control, and 304 for a matching If-None-Match', async () => {
    const first = await t.request('products/?size=3')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[\w-]+"$/)
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    expect(first.headers.get('vary')).toContain('Accept-Language')
    const again = await t.request('products/?size=3', { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    const listOf = await t.request('products/?size=3', { headers: { 'If-None-Match': `"other", W/${etag}` } })
    expect(listOf.status).toBe(304)
    const stale = await t.request('products/?size=3', { headers: { 'If-None-Match': '"stale"' } })
    expect(stale.status).toBe(200)
  })

  it('gives each language its own representation', async () => {
    const ru = await t.request('products/?size=3', { lang: 'ru' })
    const uz = await t.request('products/?size=3', { lang: 'uz' })
    expect(ru.headers.get('etag')).not.toBe(uz.headers.get('etag'))
    const cross = await t.request('products/?size=3', {
      lang: 'uz',
      headers: { 'If-None-Match': ru.headers.get('etag')! },
    })
    expect(cross.status).toBe(200)
  })

  it('serves repeats from memory and drops them when a product changes', async () => {
    const { body } = await t.json('products/?size=1&ordering=-price')
    const slug = body.results[0].slug
    const before = await t.request(`products/${slug}/`)
    const cached = await t.request(`products/${slug}/`)
    expect(cached.headers.get('x-cache')).toBe('hit')
    expect(cached.headers.get('etag')).toBe(before.headers.get('etag'))
    const product = await before.json()
    await updateProduct(db(), product.id, { price: product.price + 1000 })
    const after = await t.request(`products/${slug}/`)
    expect(after.headers.get('x-cache')).toBe('miss')
    expect((await after.json()).price).toBe(product.price + 1000)
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'))
    const revalidated = await t.request(`products/${slug}/`, {
      headers: { 'If-None-Match': before.headers.get('etag')! },
    })
    expect(revalidated.status).toBe(200)
    await updateProduct(db(), product.id, { price: product.price })
  })

  it('keeps an answer while nothing changes for ten minutes, not one: a large catalogue is costly to count again', async () => {
    const list = 'products/?size=2&ordering=-price'
    await invalidateCatalogue(db())
    expect((await t.request(list)).headers.get('x-cache')).toBe('miss')
    const start = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now: start + 9 * 60_000 })
    try {
      expect((await t.request(list)).headers.get('x-cache')).toBe('hit')
      vi.setSystemTime(start + 10 * 60_000 + 1000)
      expect((await t.request(list)).headers.get('x-cache')).toBe('miss')
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps its answers within their size setting, the least recently used dropped first', async () => {
    const page = (n: number) => `products/?size=1&page=${n}&ordering=price`
    await invalidateCatalogue(db())
    await t.request(page(1))
    const one = cachedResponseBytes(db())
    // Room for about a dozen such answers (one may take up to an eighth of it).
    const limit = 12 * one
    limitCachedAnswers(db(), limit)
    try {
      for (let n = 1; n <= 30; n++) await t.request(page(n))
      expect(cachedResponseBytes(db())).toBeGreaterThan(0)
      expect(cachedResponseBytes(db())).toBeLessThanOrEqual(limit)
      expect(cachedResponseCount(db())).toBeLessThan(30)
      expect((await t.request(page(30))).headers.get('x-cache')).toBe('hit')
      expect((await t.request(page(1))).headers.get('x-cache')).toBe('miss')
    } finally {
      limitCachedAnswers(db(), 32 * 2 ** 20)
    }
  })

  it('keeps the search key in step with the product', async () => {
    const [row] = await db().select().from(products).limit(1)
    expect((await t.json('products/?search=zzmoonflower')).body.total).toBe(0)
    await updateProduct(db(), row!.id, { title: { ...row!.title, ru: `${row!.title.ru} Zzmoonflower` } })
    const found = await t.json('products/?search=zzmoonflower')
    expect(found.body.results.map((c: ProductCard) => c.id)).toEqual([row!.id])
    await updateProduct(db(), row!.id, { title: row!.title })
    expect((await t.json('products/?search=zzmoonflower')).body.total).toBe(0)
  })

  it('never caches a 4xx', async () => {
    const a = await t.request('products/?size=0')
    expect(a.status).toBe(400)
    expect(a.headers.get('etag')).toBeNull()
  })
})

describe('updated_at (the sitemaps’ lastmod)', () => {
  it('moves forward when a product changes, and only for that product', async () => {
    const list = async () => (await t.json('products/?size=2&ordering=created_at')).body.results
    const [first, second] = await list()
    expect(Date.parse(first.updated_at)).toBeGreaterThanOrEqual(Date.parse(first.created_at))
    await updateProduct(db(), first.id, { price: first.price + 1000 })
    const [changed, untouched] = await list()
    expect(Date.parse(changed.updated_at)).toBeGreaterThan(Date.parse(first.updated_at))
    expect(untouched.updated_at).toBe(second.updated_at)
    await updateProduct(db(), first.id, { price: first.price })
  })
})
