import { parse } from 'csv-parse/sync'
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { invalidateCatalogue } from '#api/catalogue/cache.ts'
import { batchJobsSettled } from '#api/catalogue-batches/jobs.ts'
import { auditLog, productLines, products } from '#api/db/schema/index.ts'
import type { AdminLine, AdminProduct, ProductCard, ProductDetail } from '#api/types.ts'
import { meta } from '#app/routes/$lang/products/$slug.tsx'
import type { Json } from '#tests/support/json.ts'
import { setupTestApi } from './support/api.ts'
import { catalogueRefs, productBody } from './support/products.ts'
import { signedInStaff } from './support/staff.ts'

// Product lines: one fragrance in all its sizes. The product page's choices
// (API), one card per line in lists with "from …", the shop's setting and the
// list's own choice, the back office's grouping, order and new sizes, the
// spreadsheet's `line` column, and the JSON-LD a line's page carries.

const t = setupTestApi({ products: 60 })
const db = () => t.database.db

let manager: { id: number; token: string }
let content: { id: number; token: string }
let warehouse: { token: string }
let refs: Awaited<ReturnType<typeof catalogueRefs>>
beforeAll(async () => {
  manager = await signedInStaff(t, 'manager')
  content = await signedInStaff(t, 'content')
  warehouse = await signedInStaff(t, 'warehouse')
  refs = await catalogueRefs(t)
})

const admin = (method: string, path: string, body?: unknown, token = manager.token, lang = 'ru') =>
  t.json(`admin/${path}`, { method, token, lang, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

/** A new product of the first seeded brand titled "<name>, <volume> мл", with the columns given set directly. */
async function newProduct(
  name: string,
  volume: number,
  price: number,
  set: Partial<typeof products.$inferInsert> = {},
): Promise<AdminProduct> {
  const word = { uz: name, sr: name, ru: name }
  const created = await admin('POST', 'products/', {
    ...productBody(refs.brand.id, [refs.categories[0]!.id], word),
    title: { uz: `${name}, ${volume} мл`, sr: `${name}, ${volume} ml`, ru: `${name}, ${volume} мл` },
    volume,
    price,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  await db()
    .update(products)
    .set({ stock: 10, ...set })
    .where(eq(products.id, created.body.id))
  await invalidateCatalogue(db())
  return created.body
}

const detail = async (slug: string, lang = 'ru') => {
  const answer = await t.json<ProductDetail>(`products/${slug}/`, { lang })
  expect(answer.status).toBe(200)
  return answer.body
}

const list = async (query: string) => {
  const answer = await t.json(`products/?size=100&${query}`)
  expect(answer.status, query).toBe(200)
  return answer.body as { results: ProductCard[]; total: number; sizes: string }
}

describe('the demo seed', () => {
  it("groups a fragrance's sizes into one line, smaller first: Sauvage's page offers them all", async () => {
    const page = await detail('dior-sauvage-eau-de-toilette-100-ml')
    expect(page.line?.name).toBe('Dior Sauvage')
    const members = page.line!.members
    expect(members.length).toBeGreaterThanOrEqual(2)
    expect(members.map((m) => m.slug)).toContain(page.slug)
    for (const m of members) {
      expect(m.slug).toMatch(/^dior-sauvage-/)
      expect(m.price_per_10).toBe(Math.round(((m.sale_price ?? m.price) * 10) / m.volume!))
      expect(m.label).toBe(`${m.volume} мл`)
    }
    const volumes = members.map((m) => m.volume!)
    expect(volumes).toEqual([...volumes].sort((a, b) => a - b))
  })

  it('makes lines of two products or more, each of one brand', async () => {
    const lines = await db()
      .select({
        id: products.lineId,
        n: sql<number>`count(*)`.mapWith(Number),
        brands: sql<number>`count(distinct ${products.brandId})`.mapWith(Number),
      })
      .from(products)
      .where(isNotNull(products.lineId))
      .groupBy(products.lineId)
    expect(lines.length).toBeGreaterThan(3)
    for (const line of lines) expect(line, String(line.id)).toMatchObject({ brands: 1 })
    expect(lines.every((l) => l.n >= 2)).toBe(true)
  })
})

describe('a line on the product page and in lists', () => {
  let small: AdminProduct
  let middle: AdminProduct
  let large: AdminProduct
  let line: AdminLine
  beforeAll(async () => {
    small = await newProduct('Lunaria Nocturna', 30, 300_000, { stock: 0 })
    middle = await newProduct('Lunaria Nocturna', 50, 450_000, { salePrice: 400_000, stock: 3 })
    large = await newProduct('Lunaria Nocturna', 100, 800_000)
    const created = await admin('POST', 'lines/', { name: 'Lunaria Nocturna', product_ids: [large.id, small.id] })
    expect(created.status).toBe(201)
    const patched = await admin('PATCH', `lines/${created.body.id}/`, {
      members: [
        { product_id: small.id, concentration: 'edt' },
        { product_id: middle.id, concentration: 'edt' },
        { product_id: large.id, concentration: 'edp', size_kind: 'tester' },
      ],
    })
    expect(patched.status).toBe(200)
    line = patched.body
  })

  it("gives each choice its address, label, price, sale, price per 10 ml and stock, in the line's order", async () => {
    const page = await detail(middle.slug)
    expect(page.line).toMatchObject({ id: line.id, slug: 'lunaria-nocturna', name: 'Lunaria Nocturna' })
    expect(page.line!.members).toEqual([
      expect.objectContaining({
        id: small.id,
        slug: small.slug,
        label: 'Туалетная вода, 30 мл',
        concentration: 'edt',
        size_kind: null,
        price: 300_000,
        sale_price: null,
        price_per_10: 100_000,
        in_stock: false,
      }),
      expect.objectContaining({
        id: middle.id,
        label: 'Туалетная вода, 50 мл',
        sale_price: 400_000,
        price_per_10: 80_000,
      }),
      expect.objectContaining({ id: large.id, label: 'Парфюмерная вода, тестер, 100 мл', in_stock: true }),
    ])
    const uz = await detail(middle.slug, 'uz')
    expect(uz.line!.members.map((m) => m.label)).toEqual([
      'Туалет суви, 30 мл',
      'Туалет суви, 50 мл',
      'Парфюм суви, тестер, 100 мл',
    ])
    const sr = await detail(middle.slug, 'sr')
    expect(sr.line!.members[2]!.label).toBe('Parfyum suvi, tester, 100 ml')
    // Its own line is the page's choices, not "similar products".
    expect(page.similar.map((c) => c.id)).not.toContain(small.id)
    expect(page.similar.map((c) => c.id)).not.toContain(large.id)
  })

  it('leaves a hidden product out of the choices, and names only what differs', async () => {
    await db().update(products).set({ isHidden: true }).where(eq(products.id, large.id))
    await invalidateCatalogue(db())
    try {
      const page = await detail(small.slug)
      expect(page.line!.members.map((m) => m.label)).toEqual(['30 мл', '50 мл'])
    } finally {
      await db().update(products).set({ isHidden: false }).where(eq(products.id, large.id))
      await invalidateCatalogue(db())
    }
  })

  it('lists one card per line with the count and "from", or a card each when asked', async () => {
    const brand = refs.brand.slug
    const together = await list(`brand=${brand}&sizes=together`)
    expect(together.sizes).toBe('together')
    const cards = together.results.filter((c) => [small.id, middle.id, large.id].includes(c.id))
    // The first of the line in its order; "from" is the lowest price paid of those in stock.
    expect(cards).toEqual([expect.objectContaining({ id: small.id })])
    expect(cards[0]!.line).toEqual({
      id: line.id,
      name: 'Lunaria Nocturna',
      size_count: 3,
      price_from: 400_000,
      // Its volumes as chips, smallest first, each opening its product with its price paid.
      sizes: [
        { volume: 30, unit: 'ml', slug: small.slug, price: 300_000, in_stock: false, current: true },
        { volume: 50, unit: 'ml', slug: middle.slug, price: 400_000, in_stock: true, current: false },
        { volume: 100, unit: 'ml', slug: large.slug, price: 800_000, in_stock: true, current: false },
      ],
      size_named: false,
    })

    const separate = await list(`brand=${brand}&sizes=separate`)
    expect(separate.sizes).toBe('separate')
    expect(separate.results.filter((c) => c.line !== undefined)).toEqual([])
    const lineCounts = await db()
      .select({ n: sql<number>`count(distinct coalesce(-${products.lineId}, ${products.id}))`.mapWith(Number) })
      .from(products)
      .where(and(eq(products.brandId, refs.brand.id), eq(products.isHidden, false)))
    expect(together.total).toBe(lineCounts[0]!.n)
    expect(separate.total).toBeGreaterThan(together.total)
  })

  it('shows a line as its first product the filters keep', async () => {
    const brand = refs.brand.slug
    const inStock = await list(`brand=${brand}&in_stock=true`)
    expect(inStock.results.filter((c) => c.line?.id === line.id).map((c) => c.id)).toEqual([middle.id])
    const dear = await list(`brand=${brand}&price__gte=420000`)
    expect(dear.results.filter((c) => c.line?.id === line.id).map((c) => c.id)).toEqual([large.id])
    // "From" a price inside the asked range: the 400 000 size in stock is below it.
    expect(dear.results.find((c) => c.line?.id === line.id)!.line!.price_from).toBe(800_000)
    // Only the sold-out 300 000 size within the range: "from" its price rather than one outside.
    const cheap = await list(`brand=${brand}&price__lte=350000`)
    expect(cheap.results.find((c) => c.line?.id === line.id)).toMatchObject({
      id: small.id,
      line: { price_from: 300_000 },
    })
  })

  it('lists a line once in a search, with its sizes and "from", or each size when asked', async () => {
    const found = await list('search=lunaria')
    expect(found.sizes).toBe('together')
    expect(found.total).toBe(1)
    expect(found.results.map((c) => c.id)).toEqual([small.id])
    expect(found.results[0]!.line).toMatchObject({ id: line.id, size_count: 3, price_from: 400_000, size_named: false })
    expect(found.results[0]!.line!.sizes.map((s) => s.volume)).toEqual([30, 50, 100])
    const separate = await list('search=lunaria&sizes=separate')
    expect(separate.sizes).toBe('separate')
    expect(separate.total).toBe(3)
    expect(separate.results.map((c) => c.id).sort()).toEqual([small.id, middle.id, large.id].sort())
    expect(separate.results.every((c) => c.line === undefined)).toBe(true)
  })

  it('shows the size a search names: a volume, or a concentration in any of its names', async () => {
    const shownAs = async (search: string) => {
      const found = await list(`search=${encodeURIComponent(search)}`)
      const card = found.results.find((c) => c.line?.id === line.id)
      return { id: card?.id, named: card?.line?.size_named, current: card?.line?.sizes.find((s) => s.current)?.volume }
    }
    expect(await shownAs('lunaria 100')).toEqual({ id: large.id, named: true, current: 100 })
    expect(await shownAs('nocturna 50 ml')).toEqual({ id: middle.id, named: true, current: 50 })
    // "edp" and "eau de parfum" are in no title: they choose the size rather than find nothing.
    expect(await shownAs('lunaria edp')).toEqual({ id: large.id, named: true, current: 100 })
    expect(await shownAs('Lunaria Eau de Parfum')).toEqual({ id: large.id, named: true, current: 100 })
    expect(await shownAs('lunaria edt')).toEqual({ id: small.id, named: true, current: 30 })
    // A concentration the line lacks: still the line, as its first size, with "from".
    expect(await shownAs('lunaria parfum')).toEqual({ id: small.id, named: false, current: 30 })
  })

  it('lists the demo\'s Sauvage once for "sauvage", as its 100 ml for "sauvage 100" and its EDT for "eau de toilette"', async () => {
    const cardsOf = async (search: string) => {
      const found = await list(`search=${encodeURIComponent(search)}`)
      return found.results.filter((c) => c.line?.name === 'Dior Sauvage')
    }
    const [plain, ...more] = await cardsOf('sauvage')
    expect(more).toEqual([])
    expect(plain!.line!.size_named).toBe(false)
    expect(new Set(plain!.line!.sizes.map((s) => s.volume)).size).toBe(plain!.line!.sizes.length)
    const [hundred] = await cardsOf('sauvage 100')
    expect(hundred).toMatchObject({ volume: 100, line: { size_named: true } })
    const [edt] = await cardsOf('sauvage eau de toilette')
    expect(edt!.slug).toMatch(/^dior-sauvage-eau-de-toilette-/)
    expect(edt!.line!.size_named).toBe(true)
    // Every other size is one tap away: each chip opens a product of the line.
    const page = await detail(edt!.slug)
    expect(edt!.line!.sizes.map((s) => s.slug).every((slug) => page.line!.members.some((m) => m.slug === slug))).toBe(
      true,
    )
  })

  it("follows the shop's setting unless the list asks; only catalogue.write changes it, audited", async () => {
    expect((await admin('GET', 'lines/listing/')).body).toEqual({ sizes: 'together' })
    expect((await list(`brand=${refs.brand.slug}`)).sizes).toBe('together')
    expect((await admin('PUT', 'lines/listing/', { sizes: 'separate' }, content.token)).status).toBe(403)
    expect((await admin('PUT', 'lines/listing/', { sizes: 'apart' })).status).toBe(400)
    const saved = await admin('PUT', 'lines/listing/', { sizes: 'separate' })
    try {
      expect(saved).toMatchObject({ status: 200, body: { sizes: 'separate' } })
      const listed = await list(`brand=${refs.brand.slug}`)
      expect(listed.sizes).toBe('separate')
      expect(listed.results.filter((c) => c.line?.id === line.id)).toEqual([])
      expect((await list(`brand=${refs.brand.slug}&sizes=together`)).sizes).toBe('together')
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.entityId, 'listing')))
      expect(entry).toMatchObject({ before: { sizes: 'together' }, after: { sizes: 'separate' } })
    } finally {
      await admin('PUT', 'lines/listing/', { sizes: 'together' })
    }
  })

  it('documents the line in the OpenAPI document', async () => {
    const doc = (await t.json('openapi.json')).body
    expect(doc.components.schemas.ProductDetail.properties.line).toBeDefined()
    expect(doc.components.schemas.ProductLine.properties.members).toBeDefined()
    expect(doc.components.schemas.LineMember.properties.price_per_10).toBeDefined()
    expect(doc.components.schemas.ProductCard.properties.line).toBeDefined()
    const parameters = doc.paths['/api/v1/products/'].get.parameters.map((p: { name: string }) => p.name)
    expect(parameters).toContain('sizes')
    expect(doc.paths['/api/v1/admin/products/{id}/sizes/'].post).toBeDefined()
  })

  it('groups the choices by concentration, weakest first, each named by its volume and kind', async () => {
    const page = await detail(middle.slug)
    expect(page.line!.groups).toEqual([
      { concentration: 'edt', name: 'Туалетная вода', member_ids: [small.id, middle.id] },
      { concentration: 'edp', name: 'Парфюмерная вода', member_ids: [large.id] },
    ])
    expect(page.line!.members.map((m) => m.size_label)).toEqual(['30 мл', '50 мл', 'Тестер, 100 мл'])
    const sr = await detail(middle.slug, 'sr')
    expect(sr.line!.groups.map((g) => g.name)).toEqual(['Tualet suvi', 'Parfyum suvi'])
    const uz = await detail(middle.slug, 'uz')
    expect(uz.line!.groups.map((g) => g.name)).toEqual(['Туалет суви', 'Парфюм суви'])
  })

  it("puts a ProductGroup per concentration, its sizes as variants at their own addresses, in the page's JSON-LD", async () => {
    const origin = 'https://atir.uz'
    const { similar: _similar, ...product } = await detail(large.slug)
    const crumbs = [{ name: 'Главная', to: '/ru' }]
    const tags = meta({
      loaderData: { lang: 'ru', product, crumbs, metaTitle: product.title, origin },
    } as never) as Record<string, unknown>[]
    const lds = tags.flatMap((tag) => ('script:ld+json' in tag ? [tag['script:ld+json'] as Json] : []))
    // The groups stand for the product: no lone Product beside them; this page's concentration first.
    expect(lds.map((l) => l['@type'])).toEqual(['ProductGroup', 'ProductGroup', 'BreadcrumbList'])
    const [edp, edt] = lds as [Json, Json]
    const url = (slug: string) => `${origin}/ru/products/${slug}`
    for (const group of [edp, edt]) {
      expect(group).toMatchObject({
        '@context': 'https://schema.org',
        brand: { '@type': 'Brand', name: product.brand.name },
        variesBy: ['https://schema.org/size'],
      })
      // Variants differ only in what variesBy names.
      const sizes = group.hasVariant.map((v: { size: string }) => v.size)
      expect(new Set(sizes).size).toBe(sizes.length)
      for (const v of group.hasVariant) expect(v.inProductGroupWithID).toBe(group.productGroupID)
    }
    expect(edp).toMatchObject({ name: 'Lunaria Nocturna, Парфюмерная вода', productGroupID: `line-${line.id}-edp` })
    expect(edt).toMatchObject({ name: 'Lunaria Nocturna, Туалетная вода', productGroupID: `line-${line.id}-edt` })
    expect(edt.hasVariant.map((v: { url: unknown }) => v.url)).toEqual([url(small.slug), url(middle.slug)])
    expect(edt.hasVariant[0]).toMatchObject({
      '@type': 'Product',
      size: '30 мл',
      offers: {
        url: url(small.slug),
        price: 300_000,
        priceCurrency: 'UZS',
        availability: 'https://schema.org/OutOfStock',
      },
    })
    expect(edt.hasVariant[1]).toMatchObject({ size: '50 мл', offers: { price: 400_000 } })
    // This page's own product in full, in its own group.
    expect(edp.hasVariant).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        url: url(large.slug),
        description: product.description,
        size: 'Тестер, 100 мл',
        offers: expect.objectContaining({ price: 800_000, availability: 'https://schema.org/InStock' }),
      }),
    ])
    expect(edp.hasVariant[0]['@context']).toBeUndefined()
    // The canonical stays this size's own address.
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: url(large.slug) })
  })
})

describe('grouping in the back office', () => {
  it('groups two products by SKU or slug, and brings a third to the end of their line', async () => {
    const one = await newProduct('Vetiver Azul', 50, 500_000, { sku: 'VA-50' })
    const two = await newProduct('Vetiver Azul', 100, 700_000)
    const three = await newProduct('Vetiver Azul', 30, 350_000)
    // Grouping is catalogue.write's: a content editor is refused.
    expect((await admin('POST', `products/${two.id}/line/`, { with: 'VA-50' }, content.token)).status).toBe(403)
    const grouped = await admin('POST', `products/${two.id}/line/`, { with: 'VA-50' })
    expect(grouped.status).toBe(200)
    expect(grouped.body).toMatchObject({ name: 'Vetiver Azul', members: [{ id: two.id }, { id: one.id }] })
    const joined = await admin('POST', `products/${one.id}/line/`, { with: three.slug })
    expect(joined.body.members.map((m: { id: number }) => m.id)).toEqual([two.id, one.id, three.id])
    expect((await admin('GET', `products/${three.id}/line/`)).body.line.id).toBe(grouped.body.id)
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product_line'), eq(auditLog.entityId, String(grouped.body.id))))
      .orderBy(asc(auditLog.id))
    expect(audits.map((a) => a.action)).toEqual(['line.create', 'line.update'])
  })

  it('refuses itself, an unknown product and two products of two lines, in the reader’s language', async () => {
    const a = await newProduct('Ambra Lenta', 50, 500_000)
    const b = await newProduct('Ambra Lenta', 100, 700_000)
    const c = await newProduct('Mirra Lenta', 50, 500_000)
    const d = await newProduct('Mirra Lenta', 100, 700_000)
    expect((await admin('POST', 'lines/', { product_ids: [a.id, b.id] })).status).toBe(201)
    expect((await admin('POST', 'lines/', { product_ids: [c.id, d.id] })).status).toBe(201)
    const self = await admin('POST', `products/${a.id}/line/`, { with: a.slug })
    expect(self).toMatchObject({ status: 400, body: { errors: [{ field: 'with' }] } })
    const unknown = await admin('POST', `products/${a.id}/line/`, { with: 'no-such-thing' }, manager.token, 'uz')
    expect(unknown.status).toBe(400)
    expect(unknown.body.detail).toBe(
      '«no-such-thing» маҳсулоти топилмади: унинг артикули, штрихкоди, манзили ёки рақамини кўрсатинг.',
    )
    const two = await admin('POST', `products/${a.id}/line/`, { with: String(c.id) })
    expect(two.status).toBe(409)
    expect(two.body.detail).toContain('«Ambra Lenta»')
    expect(two.body.detail).toContain('«Mirra Lenta»')
    const taken = await admin('POST', 'lines/', { product_ids: [b.id, c.id] }, manager.token, 'sr')
    expect(taken.status).toBe(409)
    expect(taken.body.errors).toHaveLength(2)
    const twice = await admin('PATCH', `lines/${(await lineOf(a.id))!}/`, {
      members: [{ product_id: a.id }, { product_id: a.id }],
    })
    expect(twice.status).toBe(400)
    const missing = await admin('PATCH', `lines/${(await lineOf(a.id))!}/`, { members: [{ product_id: 2_000_000 }] })
    expect(missing.status).toBe(400)
    expect((await admin('GET', 'lines/', undefined, warehouse.token)).status).toBe(403)
  })

  it('reorders, takes products out, and ungroups; a line left empty goes', async () => {
    const a = await newProduct('Tabacco Dolce', 30, 300_000)
    const b = await newProduct('Tabacco Dolce', 50, 450_000)
    const c = await newProduct('Tabacco Dolce', 100, 800_000)
    const made = await admin('POST', 'lines/', { product_ids: [a.id, b.id, c.id] })
    const id = made.body.id
    const reordered = await admin('PATCH', `lines/${id}/`, {
      name: 'Tabacco Dolce Intense',
      members: [{ product_id: c.id }, { product_id: a.id }],
    })
    expect(reordered.body).toMatchObject({ name: 'Tabacco Dolce Intense', members: [{ id: c.id }, { id: a.id }] })
    expect((await admin('GET', `products/${b.id}/line/`)).body).toEqual({ line: null })
    expect((await admin('DELETE', `products/${c.id}/line/`)).status).toBe(200)
    expect((await admin('DELETE', `products/${a.id}/line/`)).status).toBe(200)
    expect(await db().select().from(productLines).where(eq(productLines.id, id))).toEqual([])
    const again = await admin('POST', 'lines/', { product_ids: [a.id, b.id] })
    const gone = await t.request(`admin/lines/${again.body.id}/`, { method: 'DELETE', token: manager.token })
    expect(gone.status).toBe(204)
    expect(await lineOf(a.id)).toBeNull()
    expect((await admin('GET', `lines/${again.body.id}/`)).status).toBe(404)
  })

  it('makes a new size from a product: a copy with its volume and price, next to it in its line', async () => {
    const base = await newProduct('Iris Pallida', 50, 600_000, { ikpu: '03303001001000000', concentration: 'edp' })
    const other = await newProduct('Iris Pallida', 100, 900_000)
    await admin('POST', `products/${base.id}/line/`, { with: String(other.id) })
    const made = await admin('POST', `products/${base.id}/sizes/`, { volume: 75, price: 750_000, sku: 'IP-75' })
    expect(made.status).toBe(201)
    expect(made.body.line.members.map((m: { id: number }) => m.id)).toEqual([base.id, made.body.product_id, other.id])
    const copy = (await admin('GET', `products/${made.body.product_id}/`)).body as AdminProduct
    expect(copy).toMatchObject({
      title: { ru: 'Iris Pallida, 75 мл', sr: 'Iris Pallida, 75 ml', uz: 'Iris Pallida, 75 мл' },
      volume: 75,
      price: 750_000,
      sale_price: null,
      stock: 0,
      sku: 'IP-75',
      ikpu: '03303001001000000',
      pictures: [],
      brand: { id: refs.brand.id },
    })
    expect(made.body.line.members[1]).toMatchObject({ concentration: 'edp', size_kind: null })
    // A product in no line makes one with its new size (catalogue.write: content is refused), fiscal codes and all.
    const single = await newProduct('Rosa Alba', 50, 500_000, { ikpu: '03303001001000000' })
    const size = { volume: 50, price: 400_000, size_kind: 'tester' }
    expect((await admin('POST', `products/${single.id}/sizes/`, size, content.token)).status).toBe(403)
    const tester = await admin('POST', `products/${single.id}/sizes/`, size)
    expect(tester.status).toBe(201)
    expect(tester.body.line.members).toEqual([
      expect.objectContaining({ id: single.id }),
      expect.objectContaining({ id: tester.body.product_id, size_kind: 'tester' }),
    ])
    expect((await admin('GET', `products/${tester.body.product_id}/`)).body.ikpu).toBe('03303001001000000')
    const taken = await admin('POST', `products/${single.id}/sizes/`, { volume: 30, price: 300_000, sku: 'IP-75' })
    expect(taken).toMatchObject({ status: 409, body: { errors: [{ field: 'sku' }] } })
    expect((await admin('POST', `products/${single.id}/sizes/`, { volume: 0, price: 1 })).status).toBe(400)
    expect((await admin('POST', 'products/2000000/sizes/', { volume: 30, price: 300_000 })).status).toBe(404)
    const refused = await admin('POST', `products/${single.id}/sizes/`, { volume: 30, price: 1 }, warehouse.token)
    expect(refused.status).toBe(403)
  })

  it('puts a product in one line only when two staff group it at once', async () => {
    const a = await newProduct('Cedro Alto', 50, 500_000)
    const b = await newProduct('Cedro Alto', 100, 700_000)
    const c = await newProduct('Fico Alto', 50, 500_000)
    const d = await newProduct('Fico Alto', 100, 700_000)
    const free = await newProduct('Alto Libero', 50, 500_000)
    await admin('POST', 'lines/', { product_ids: [a.id, b.id] })
    await admin('POST', 'lines/', { product_ids: [c.id, d.id] })
    const answers = await Promise.all([
      admin('POST', `products/${free.id}/line/`, { with: String(a.id) }),
      admin('POST', `products/${free.id}/line/`, { with: String(c.id) }),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const joined = answers.find((a) => a.status === 200)!.body as AdminLine
    expect(await lineOf(free.id)).toBe(joined.id)
    const sizes = await db()
      .select({ line: products.lineId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(inArray(products.id, [a.id, b.id, c.id, d.id, free.id]))
      .groupBy(products.lineId)
    expect(sizes.map((s) => s.n).sort()).toEqual([2, 3])
  })
})

const lineOf = async (productId: number) =>
  (await db().select({ line: products.lineId }).from(products).where(eq(products.id, productId)))[0]?.line ?? null

describe('the spreadsheet carries the line', () => {
  async function preview(bytes: Buffer, name: string) {
    const form = new FormData()
    form.set('file', new File([new Uint8Array(bytes)], name))
    form.set('mode', 'everything')
    const started = await t.json('admin/products/import/', { method: 'POST', body: form, token: manager.token })
    expect(started.status).toBe(202)
    await batchJobsSettled()
    return (await t.json(`admin/batches/${started.body.id}/?size=500`, { token: manager.token, lang: 'ru' })).body
  }
  const exportCsv = async () =>
    Buffer.from(await (await t.request('admin/products/export/?format=csv', { token: manager.token })).arrayBuffer())
  const rowsOf = (bytes: Buffer) =>
    parse(bytes.toString('utf8').replace(/^\uFEFF/, ''), { delimiter: ';', columns: true }) as Record<string, string>[]

  it('exports the line, concentration and size kind, and imports the export back unchanged', async () => {
    const a = await newProduct('Neroli Chiaro', 50, 500_000, { concentration: 'edt' })
    const b = await newProduct('Neroli Chiaro', 100, 700_000, { sizeKind: 'tester' })
    await admin('POST', 'lines/', { product_ids: [a.id, b.id] })
    // A formula-like title stays text, behind its apostrophe, in a line's row too.
    await db()
      .update(products)
      .set({ title: { uz: '=Neroli', sr: '=Neroli', ru: '=HYPERLINK("http://evil.example","n")' } })
      .where(eq(products.id, b.id))
    const bytes = await exportCsv()
    const rows = rowsOf(bytes)
    expect(rows.find((r) => r.slug === a.slug)).toMatchObject({
      line: 'neroli-chiaro',
      concentration: 'edt',
      size_kind: '',
    })
    expect(rows.find((r) => r.slug === b.slug)).toMatchObject({
      line: 'neroli-chiaro',
      size_kind: 'tester',
      title_ru: `'=HYPERLINK("http://evil.example","n")`,
    })
    expect(rows.find((r) => r.slug === 'dior-sauvage-eau-de-toilette-100-ml')?.line).toBe('dior-sauvage')
    const total = (await db().select({ id: products.id }).from(products)).length
    const batch = await preview(bytes, 'export.csv')
    expect(batch.counts).toEqual({ rows: total, created: 0, changed: 0, unchanged: total, rejected: 0 })
  })

  it('moves products between lines, makes a line of a new slug, and undoes it all', async () => {
    const a = await newProduct('Salvia Marina', 50, 500_000)
    const b = await newProduct('Salvia Marina', 100, 700_000)
    const stray = await newProduct('Salvia Terra', 50, 500_000)
    const made = await admin('POST', 'lines/', { product_ids: [a.id, b.id] })
    const header = 'slug;line;concentration;size_kind'
    const file = Buffer.from(
      `\uFEFF${header}\r\n${stray.slug};${made.body.slug};edp;\r\n${b.slug};salvia-nuova;;travel\r\n${a.slug};Not a slug!;;\r\n`,
    )
    const batch = await preview(file, 'lines.csv')
    expect(batch.counts).toMatchObject({ changed: 2, rejected: 1 })
    const rejected = batch.rows.results.find((r: { line: number }) => r.line === 4)
    expect(rejected.errors).toEqual([{ field: 'line', message: 'Только строчные латинские буквы, цифры и дефис.' }])
    const applied = await t.json(`admin/batches/${batch.id}/apply/`, { method: 'POST', token: manager.token })
    expect(applied.status).toBe(202)
    await batchJobsSettled()
    expect((await admin('GET', `lines/${made.body.id}/`)).body.members.map((m: { id: number }) => m.id)).toEqual([
      a.id,
      stray.id,
    ])
    const [fresh] = await db().select().from(productLines).where(eq(productLines.slug, 'salvia-nuova'))
    expect(fresh).toMatchObject({ name: 'Salvia Marina' })
    expect(await lineOf(b.id)).toBe(fresh!.id)
    const [straySaved] = await db().select().from(products).where(eq(products.id, stray.id))
    expect(straySaved).toMatchObject({ concentration: 'edp' })

    const undone = await t.json(`admin/batches/${batch.id}/undo/`, { method: 'POST', token: manager.token, body: '{}' })
    expect(undone.status).toBe(202)
    await batchJobsSettled()
    expect(await lineOf(stray.id)).toBeNull()
    expect(await lineOf(b.id)).toBe(made.body.id)
    const [strayBack] = await db().select().from(products).where(eq(products.id, stray.id))
    expect(strayBack).toMatchObject({ concentration: null })
  })
})
