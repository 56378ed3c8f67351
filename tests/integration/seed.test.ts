import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productSearchKey } from '#api/catalogue/search-key.ts'
import { toLatin } from '#api/catalogue/uzbek-latin.ts'
import type { Database } from '#api/db/client.ts'
import {
  banners,
  brands,
  categories,
  categoryGroups,
  footerLinks,
  orderItems,
  orders,
  pages,
  posts,
  productCategories,
  productImages,
  products,
  promoCodes,
  reviews,
  settings,
  staff,
  stories,
  storyItems,
  users,
} from '#api/db/schema/index.ts'
import { seedDatabase } from '#api/db/seed/index.ts'
import { referenceDate } from '#api/db/seed/products.ts'
import { activeDemoPromoCodes } from '#api/db/seed/promo.ts'
import { LocalStore } from '#api/media/local-store.ts'
import { OrderStatus } from '#api/orders/states.ts'
import { oneRow } from '../../api/db/rows.ts'
import { migratedDatabase } from './support/templates.ts'

const count = 300
const mediaDir = mkdtempSync(join(tmpdir(), 'atir-seed-'))
const media = new LocalStore(mediaDir)
const uploadsDir = join(mediaDir, 'uploads')
let database: Database
let first: Awaited<ReturnType<typeof seedDatabase>>

const productRows = (db: Database['db']) => db.select().from(products).orderBy(asc(products.id))

beforeAll(async () => {
  ;({ database } = await migratedDatabase())
  first = await seedDatabase(database.db, { mode: 'demo', products: count, media })
})

afterAll(async () => {
  await database?.close()
  rmSync(mediaDir, { recursive: true, force: true })
})

describe('seedDatabase', () => {
  it('fills the catalogue', async () => {
    const { db } = database
    expect(first).toEqual({ seeded: true, products: count })
    expect(await db.$count(brands)).toBeGreaterThanOrEqual(60)
    expect(await db.$count(brands, eq(brands.isPopular, true))).toBeGreaterThanOrEqual(10)
    expect(await db.$count(products)).toBe(count)
  })

  it('writes three non-empty titles and descriptions, the Latin one spelling the Cyrillic one', async () => {
    for (const p of await productRows(database.db)) {
      for (const text of [p.title, p.description]) {
        expect(text.ru && text.uz && text.sr, p.slug).toBeTruthy()
        expect(text.uz, p.slug).toMatch(/[а-яўқғҳ]/)
        expect(text.sr, p.slug).not.toMatch(/[\u0400-\u04ff]/)
        expect(text.sr, p.slug).toBe(toLatin(text.uz))
      }
      expect(p.searchKey, p.slug).not.toBe('')
    }
  })

  it('keeps prices, sales, stock and ratings consistent', async () => {
    const rows = await productRows(database.db)
    for (const p of rows) {
      expect(p.price % 1000, p.slug).toBe(0)
      if (p.salePrice !== null) expect(p.salePrice, p.slug).toBeLessThan(p.price)
      if (p.reviewCount > 0) {
        expect(p.ratingSum / p.reviewCount, p.slug).toBeGreaterThanOrEqual(1)
        expect(p.ratingSum / p.reviewCount, p.slug).toBeLessThanOrEqual(5)
      } else expect(p.ratingSum, p.slug).toBe(0)
    }
    expect(rows.some((p) => p.salePrice !== null)).toBe(true)
    expect(rows.some((p) => p.stock === 0)).toBe(true)
    expect(rows.some((p) => p.isRecommendation)).toBe(true)
    expect(new Set(rows.map((p) => p.slug)).size).toBe(count)
  })

  it('has the famous lines even in a small catalogue', async () => {
    const titles = (await productRows(database.db)).map((p) => p.title.ru)
    for (const name of [
      'Dior Sauvage',
      'Chanel Coco Mademoiselle',
      'Chanel N°5',
      'Armani Code',
      'Lancôme La Vie Est Belle',
      'Dolce & Gabbana Light Blue',
      'Yves Saint Laurent Black Opium',
      'Rabanne 1 Million',
      'Versace Eros',
      'Tom Ford Black Orchid',
    ]) {
      expect(
        titles.some((t) => t.startsWith(`${name},`)),
        name,
      ).toBe(true)
    }
    expect(titles[0]).toBe('Dior Sauvage, туалетная вода, 100 мл')
  })

  it('gives every product a picture that exists and a category', async () => {
    const { db } = database
    const images = await db.select().from(productImages)
    const pictured = new Set(images.map((i) => i.productId))
    const linked = new Set((await db.select().from(productCategories)).map((l) => l.productId))
    for (const p of await productRows(db)) {
      expect(pictured.has(p.id), p.slug).toBe(true)
      expect(linked.has(p.id), p.slug).toBe(true)
    }
    for (const path of new Set(images.map((i) => i.path))) expect(existsSync(join(uploadsDir, path)), path).toBe(true)
    expect(images.every((i) => i.width === 800 && i.height === 800)).toBe(true)
  })

  it('puts header categories in titled groups, each with products', async () => {
    const { db } = database
    const header = await db
      .select({ id: categories.id, slug: categories.slug, group: categoryGroups.slug, title: categoryGroups.title })
      .from(categories)
      .innerJoin(categoryGroups, eq(categories.groupId, categoryGroups.id))
      .where(eq(categories.inHeader, true))
    expect(header.length).toBeGreaterThanOrEqual(6)
    expect(header.length).toBeLessThanOrEqual(8)
    expect(header.map((c) => c.slug)).toContain('womens-perfume')
    for (const c of header) {
      expect(c.title.ru && c.title.uz && c.title.sr, c.group).toBeTruthy()
      expect(await db.$count(productCategories, eq(productCategories.categoryId, c.id)), c.slug).toBeGreaterThan(0)
    }
    expect(await db.$count(categories, eq(categories.inFooter, true))).toBeGreaterThan(0)
  })

  it('stores the contact settings the storefront shows', async () => {
    const row = oneRow(await database.db.select().from(settings).where(eq(settings.key, 'contacts')))
    const contacts = row.value as Record<string, unknown>
    expect(contacts).toMatchObject({
      phone: expect.stringMatching(/^\+998 \d{2} \d{3} \d{2} \d{2}$/),
      phone2: expect.stringMatching(/^\+998 \d{2} \d{3} \d{2} \d{2}$/),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      address: { uz: expect.any(String), sr: expect.any(String), ru: expect.any(String) },
      facebook: expect.stringMatching(/^https:\/\//),
      instagram: expect.stringMatching(/^https:\/\//),
      telegram: expect.stringMatching(/^https:\/\/t\.me\//),
    })
    // Tashkent, latitude first.
    expect(contacts.latitude).toBeCloseTo(41.31, 1)
    expect(contacts.longitude).toBeCloseTo(69.28, 1)
    const apps = oneRow(await database.db.select().from(settings).where(eq(settings.key, 'apps')))
    expect(apps.value).toEqual({ ios: null, android: null })
  })

  it('writes the pages, footer, banners and stories', async () => {
    const { db } = database
    const rows = await db.select().from(pages)
    const slugs = rows.map((p) => p.slug)
    for (const slug of ['about', 'contact', 'privacy', 'offer', 'help', 'terms-of-use', 'delivery'])
      expect(slugs).toContain(slug)
    expect(rows.filter((p) => p.kind === 'instruction')).toHaveLength(3)
    for (const p of rows) {
      expect(p.body.ru.split('\n\n').length, p.slug).toBeGreaterThan(1)
      expect(p.body.sr, p.slug).toBe(toLatin(p.body.uz))
    }
    for (const link of await db.select().from(footerLinks)) expect(slugs).toContain(link.slug)
    expect(await db.$count(banners)).toBe(4)
    expect(await db.$count(stories)).toBe(6)
    const items = await db.select().from(storyItems)
    expect(items.length).toBeGreaterThanOrEqual(18)
    for (const path of [...items.map((i) => i.image), ...(await db.select().from(banners)).map((b) => b.image)])
      expect(existsSync(join(uploadsDir, path)), path).toBe(true)
  })

  it('builds the same search key as the catalogue rebuilds from the stored columns', async () => {
    const rows = await database.db
      .select({ product: products, brandName: brands.name, brandAliases: brands.aliases })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .orderBy(asc(products.id))
    expect(rows.find((r) => r.product.title.ru.startsWith('Dior Sauvage'))?.product.aliases).toContain('sauvaje')
    for (const { product, brandName, brandAliases } of rows) {
      expect(product.searchKey).toBe(productSearchKey(product, { name: brandName, aliases: brandAliases }))
    }
  })

  it("sets every product's rating sum and count from its review rows", async () => {
    const { db } = database
    const totals = new Map(
      (
        await db
          .select({
            productId: reviews.productId,
            sum: sql<number>`sum(${reviews.rating})::int`,
            count: sql<number>`count(*)::int`,
          })
          .from(reviews)
          .groupBy(reviews.productId)
      ).map((r) => [r.productId, r]),
    )
    const rows = await productRows(db)
    for (const p of rows) {
      const own = totals.get(p.id)
      expect({ sum: p.ratingSum, count: p.reviewCount }, p.slug).toEqual({ sum: own?.sum ?? 0, count: own?.count ?? 0 })
    }
    // Some products are reviewed, many are not; the best-known ones are.
    const reviewed = rows.filter((p) => p.reviewCount > 0)
    expect(reviewed.length).toBeGreaterThan(count / 5)
    expect(reviewed.length).toBeLessThan(count)
    expect(rows[0]!.reviewCount).toBeGreaterThan(1)
    expect(new Set((await db.select({ r: reviews.rating }).from(reviews)).map((r) => r.r)).size).toBeGreaterThanOrEqual(
      4,
    )
  })

  it('backs every review with a delivered order of that product by its author, in time order', async () => {
    const { db } = database
    const rows = await db
      .select({
        review: reviews,
        product: { createdAt: products.createdAt, slug: products.slug, price: products.price },
        order: orders,
        item: orderItems,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .leftJoin(
        orderItems,
        and(
          eq(orderItems.productId, reviews.productId),
          inArray(
            orderItems.orderId,
            db.select({ id: orders.id }).from(orders).where(eq(orders.userId, reviews.userId)),
          ),
        ),
      )
      .leftJoin(orders, eq(orders.id, orderItems.orderId))
    expect(rows.length).toBe(await db.$count(reviews))
    for (const { review, product, order, item } of rows) {
      expect(order, product.slug).not.toBeNull()
      expect(order!.userId).toBe(review.userId)
      expect(order!.status).toBe(OrderStatus.delivered)
      expect(order!.paymentStatus).toBe('paid')
      expect(item!.regularPrice).toBe(product.price)
      expect(order!.subtotal).toBe(item!.unitPrice * item!.quantity)
      expect(order!.total).toBe(order!.subtotal + order!.deliveryPrice)
      expect(order!.createdAt.getTime()).toBeGreaterThan(product.createdAt.getTime())
      expect(order!.deliveredAt!.getTime()).toBeGreaterThan(order!.createdAt.getTime())
      expect(review.createdAt.getTime()).toBeGreaterThanOrEqual(order!.deliveredAt!.getTime())
      expect(review.createdAt.getTime()).toBeLessThan(referenceDate)
    }
    // Spread over the past months.
    const months = new Set(rows.map((r) => r.review.createdAt.toISOString().slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(6)
  })

  it('writes the reviews as demo customers who cannot sign in, in Russian and Uzbek (both scripts)', async () => {
    const { db } = database
    const authors = await db
      .select()
      .from(users)
      .where(inArray(users.id, db.selectDistinct({ id: reviews.userId }).from(reviews)))
    expect(authors.length).toBeGreaterThan(20)
    for (const user of authors) {
      expect(user.phone).toBeNull()
      expect(user.passwordHash).toBeNull()
      expect(user.deletedAt).toBeNull()
      expect(user.fullName).toMatch(/^\p{Lu}\p{Ll}+(?:ʻ\p{Ll}+)? \p{Lu}\p{Ll}+(?:ʻ\p{Ll}+)?$/u)
    }
    const comments = (await db.select({ comment: reviews.comment }).from(reviews))
      .map((r) => r.comment)
      .filter((c): c is string => c !== null)
    // Russian, Uzbek Cyrillic (ў қ ғ ҳ) and Uzbek Latin (oʻ gʻ, no Cyrillic at all).
    expect(comments.some((c) => /Аромат|Стойкость|Очень|Запах|Доставили/.test(c))).toBe(true)
    expect(comments.some((c) => /[ўқғҳ]/.test(c))).toBe(true)
    expect(comments.some((c) => /^[^\u0400-\u04ff]+$/.test(c) && /[a-z]/.test(c))).toBe(true)
    expect(comments.some((c) => /oʻ|gʻ/.test(c))).toBe(true)
  })

  it('does nothing the second time', async () => {
    const { db } = database
    const before = await productRows(db)
    const [marker] = await db.select().from(settings).where(eq(settings.key, 'seeded'))
    expect(await seedDatabase(db, { mode: 'demo', products: count, media })).toEqual({
      seeded: false,
      products: 0,
    })
    expect(await productRows(db)).toEqual(before)
    expect(await db.select().from(settings).where(eq(settings.key, 'seeded'))).toEqual([marker])
  })

  it('seeds the same rows into another database', async () => {
    const { database: other } = await migratedDatabase()
    try {
      await seedDatabase(other.db, { mode: 'demo', products: count, media })
      expect(await productRows(other.db)).toEqual(await productRows(database.db))
      const images = (db: Database['db']) => db.select().from(productImages).orderBy(asc(productImages.id))
      expect(await images(other.db)).toEqual(await images(database.db))
      const reviewRows = (db: Database['db']) => db.select().from(reviews).orderBy(asc(reviews.id))
      expect(await reviewRows(other.db)).toEqual(await reviewRows(database.db))
    } finally {
      await other.close()
    }
  })
})

describe('seedDatabase in live mode', () => {
  let live: Database
  const liveUploads = mkdtempSync(join(tmpdir(), 'atir-seed-live-'))
  beforeAll(async () => {
    ;({ database: live } = await migratedDatabase())
  })
  afterAll(async () => {
    await live?.close()
    rmSync(liveUploads, { recursive: true, force: true })
  })

  it('writes the pages, footer and contacts a shop runs on, and no demo catalogue, customers or promo codes', async () => {
    const { db } = live
    expect(await seedDatabase(db, { mode: 'live', products: count, media: new LocalStore(liveUploads) })).toEqual({
      seeded: true,
      products: 0,
    })
    for (const [name, table] of Object.entries({
      products,
      brands,
      categories,
      users,
      orders,
      reviews,
      promoCodes,
      staff,
    }))
      expect(await db.$count(table), name).toBe(0)
    for (const [name, table] of Object.entries({ posts, banners, stories }))
      expect(await db.$count(table), name).toBe(0)
    expect(await activeDemoPromoCodes(db)).toEqual([])
    const slugs = (await db.select().from(pages)).map((p) => p.slug)
    for (const slug of ['about', 'contact', 'privacy', 'offer', 'help', 'terms-of-use', 'delivery'])
      expect(slugs).toContain(slug)
    for (const link of await db.select().from(footerLinks)) expect(slugs).toContain(link.slug)
    const keys = (await db.select({ key: settings.key }).from(settings)).map((r) => r.key)
    expect(keys.sort()).toEqual(['apps', 'contacts', 'seeded'])
    // No demo pictures either.
    expect(readdirSync(liveUploads)).toEqual([])
  })
})

describe('the demo promo codes', () => {
  it('come with the demo seed, also without products, and count until switched off', async () => {
    const { database: demo } = await migratedDatabase()
    try {
      await seedDatabase(demo.db, { mode: 'demo', products: 0, media })
      expect(await demo.db.$count(products)).toBe(0)
      expect(await activeDemoPromoCodes(demo.db)).toEqual(['ATIR10', 'ATIR50K', 'YANGIYIL2024'])
      // What the live start's refusal tells the operator to run.
      await demo.db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, 'ATIR10'))
      expect(await activeDemoPromoCodes(demo.db)).toEqual(['ATIR50K', 'YANGIYIL2024'])
    } finally {
      await demo.close()
    }
  })
})
