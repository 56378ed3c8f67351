import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { brands, categories, categoryGroups, manufacturers, productCategories, products } from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { MediaLinks } from '../media/links.ts'
import { country } from './countries.ts'

// Categories, header groups, brands and manufacturers as the catalogue shows them.

type CategoryRow = typeof categories.$inferSelect

/** One category by id or slug, or the ones flagged for the popular or footer lists. */
export type CategoryFilter = { id: number } | { slug: string } | { flagged: 'popular' | 'footer' }

// Hidden categories, groups, brands and manufacturers are left out of every
// menu, list and filter here, and their pages are 404; their products stay.
const shownCategory = eq(categories.isHidden, false)

function categoryCondition(filter: CategoryFilter): SQL {
  if ('id' in filter) return and(shownCategory, eq(categories.id, filter.id))!
  if ('slug' in filter) return and(shownCategory, eq(categories.slug, filter.slug))!
  return and(shownCategory, eq(filter.flagged === 'popular' ? categories.isPopular : categories.inFooter, true))!
}

async function productCounts(db: Db, categoryIds: number[]) {
  const counts = new Map<number, number>()
  if (!categoryIds.length) return counts
  const rows = await db
    .select({ id: productCategories.categoryId, n: count() })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(and(inArray(productCategories.categoryId, categoryIds), eq(products.isHidden, false)))
    .groupBy(productCategories.categoryId)
  for (const row of rows) counts.set(row.id, row.n)
  return counts
}

/** Categories matching `filter` in menu order, with their group and product count. */
export async function categoryList(
  db: Db,
  lang: Lang,
  media: MediaLinks,
  filter: CategoryFilter,
  page?: { limit: number; offset: number },
) {
  let select = db
    .select({ category: categories, group: categoryGroups })
    .from(categories)
    .leftJoin(categoryGroups, and(eq(categoryGroups.id, categories.groupId), eq(categoryGroups.isHidden, false)))
    .where(categoryCondition(filter))
    .orderBy(asc(categories.position), asc(categories.id))
    .$dynamic()
  if (page) select = select.limit(page.limit).offset(page.offset)
  const rows = await select
  const counts = await productCounts(
    db,
    rows.map((r) => r.category.id),
  )
  await media.load(rows.map((r) => r.category.image))
  return rows.map(({ category, group }) => ({
    id: category.id,
    slug: category.slug,
    title: pick(category.title, lang),
    image: media.maybe(category.image),
    group: group ? { id: group.id, slug: group.slug, title: pick(group.title, lang) } : null,
    product_count: counts.get(category.id) ?? 0,
  }))
}

export async function countCategories(db: Db, filter: CategoryFilter) {
  const [row] = await db.select({ n: count() }).from(categories).where(categoryCondition(filter))
  return row?.n ?? 0
}

/** Header groups with their categories, the category menu and the /products/categories page. */
export async function categoryTree(db: Db, lang: Lang, media: MediaLinks) {
  const [groups, rows] = await Promise.all([
    db
      .select()
      .from(categoryGroups)
      .where(eq(categoryGroups.isHidden, false))
      .orderBy(asc(categoryGroups.position), asc(categoryGroups.id)),
    db.select().from(categories).where(shownCategory).orderBy(asc(categories.position), asc(categories.id)),
  ])
  await media.load(rows.map((r) => r.image))
  const child = (c: CategoryRow) => ({
    id: c.id,
    slug: c.slug,
    title: pick(c.title, lang),
    image: media.maybe(c.image),
  })
  const tree: { id: number | null; slug: string | null; title: string; children: ReturnType<typeof child>[] }[] =
    groups.map((g) => ({
      id: g.id,
      slug: g.slug,
      title: pick(g.title, lang),
      children: rows.filter((c) => c.groupId === g.id).map(child),
    }))
  // A hidden group's column leaves the menu with its categories.
  const loose = rows.filter((c) => c.groupId === null)
  if (loose.length)
    tree.push({ id: null, slug: null, title: message(lang, 'other_categories'), children: loose.map(child) })
  return tree.filter((g) => g.children.length > 0)
}

const indexLetter = (name: string) => {
  const first = name.normalize('NFD').replace(/\p{M}/gu, '').charAt(0).toUpperCase()
  return /\p{L}/u.test(first) ? first : '#'
}

/** Brands A–Z with how many products each has; `popular` keeps only the popular (or the other) ones, `slug` one brand. */
export async function brandList(db: Db, lang: Lang, filter: { popular?: boolean; slug?: string } = {}) {
  const counts = db
    .select({ brandId: products.brandId, n: count().as('n') })
    .from(products)
    .where(eq(products.isHidden, false))
    .groupBy(products.brandId)
    .as('counts')
  const rows = await db
    .select({ brand: brands, n: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
    .from(brands)
    .leftJoin(counts, eq(counts.brandId, brands.id))
    .where(
      and(
        eq(brands.isHidden, false),
        filter.popular === undefined ? undefined : eq(brands.isPopular, filter.popular),
        filter.slug === undefined ? undefined : eq(brands.slug, filter.slug),
      ),
    )
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
  return rows
    .map(({ brand, n }) => ({
      id: brand.id,
      slug: brand.slug,
      name: brand.name,
      letter: indexLetter(brand.name),
      country: country(brand.country, lang),
      is_popular: brand.isPopular,
      product_count: n,
      manufacturerId: brand.manufacturerId,
    }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

export async function brandDetail(db: Db, lang: Lang, slug: string) {
  const [found] = await brandList(db, lang, { slug })
  if (!found) return null
  const { manufacturerId, ...brand } = found
  const [maker] = manufacturerId
    ? await db
        .select({ id: manufacturers.id, slug: manufacturers.slug, name: manufacturers.name })
        .from(manufacturers)
        .where(and(eq(manufacturers.id, manufacturerId), eq(manufacturers.isHidden, false)))
    : []
  return { ...brand, manufacturer: maker ?? null }
}

export async function manufacturerDetail(db: Db, lang: Lang, slug: string) {
  const [maker] = await db
    .select()
    .from(manufacturers)
    .where(and(eq(manufacturers.slug, slug), eq(manufacturers.isHidden, false)))
  if (!maker) return null
  const allBrands = await db
    .select({ id: brands.id, slug: brands.slug, name: brands.name, isHidden: brands.isHidden })
    .from(brands)
    .where(eq(brands.manufacturerId, maker.id))
    .orderBy(asc(brands.name))
  // A hidden brand leaves the list; its products still count (they stay on sale).
  const ownBrands = allBrands.filter((b) => !b.isHidden).map(({ isHidden: _, ...b }) => b)
  const brandIds = allBrands.map((b) => b.id)
  const [counted] = await db
    .select({ n: count() })
    .from(products)
    .where(
      and(
        eq(products.isHidden, false),
        brandIds.length
          ? sql`(${products.manufacturerId} = ${maker.id} or (${products.manufacturerId} is null and ${inArray(products.brandId, brandIds)}))`
          : eq(products.manufacturerId, maker.id),
      ),
    )
  return {
    id: maker.id,
    slug: maker.slug,
    name: maker.name,
    country: country(maker.country, lang),
    brands: ownBrands,
    product_count: counted?.n ?? 0,
  }
}
