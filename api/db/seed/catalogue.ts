import { concentrations, sizeKinds } from '../../../contract/product-lines.ts'
import type { Db } from '../client.ts'
import {
  brands as brandsTable,
  categories as categoriesTable,
  categoryGroups,
  manufacturers,
  productCategories,
  productImages,
  productLines,
  products as productsTable,
} from '../schema/index.ts'
import { insertJson } from './batches.ts'
import { popularBrands } from './brand-traits.ts'
import { brands } from './brands.ts'
import { categories, groups } from './categories.ts'
import { categoryImagePath, productImagePaths, productImageSize } from './images.ts'
import type { ProductSeed } from './products.ts'
import { slugify } from './slug.ts'
import { localize } from './text.ts'

// Where a group's brands don't tell: the home country of the group itself.
const groupCountries: Record<string, string> = {
  Coty: 'US',
  Puig: 'ES',
  Shiseido: 'JP',
  'Kering Beauté': 'FR',
  Richemont: 'CH',
  Unilever: 'GB',
  'Inter Parfums': 'FR',
}

const byKey = <T extends { id: number }>(rows: T[], key: (row: T) => string) =>
  new Map(rows.map((row) => [key(row), row.id]))

async function seedBrands(db: Db): Promise<Map<string, { id: number; manufacturerId: number }>> {
  const names = [...new Set(brands.map((b) => b.manufacturer))]
  const makers = await db
    .insert(manufacturers)
    .values(
      names.map((name) => ({
        slug: slugify(name),
        name,
        country: groupCountries[name] ?? brands.find((b) => b.manufacturer === name)!.country,
      })),
    )
    .returning({ id: manufacturers.id, name: manufacturers.name })
  const makerIds = byKey(makers, (m) => m.name)
  const rows = await db
    .insert(brandsTable)
    .values(
      brands.map((b) => ({
        slug: b.slug,
        name: b.name,
        country: b.country,
        manufacturerId: makerIds.get(b.manufacturer)!,
        aliases: b.aliases,
        isPopular: popularBrands.has(b.slug),
      })),
    )
    .returning({ id: brandsTable.id, slug: brandsTable.slug, manufacturerId: brandsTable.manufacturerId })
  return new Map(rows.map((r) => [r.slug, { id: r.id, manufacturerId: r.manufacturerId! }]))
}

async function seedCategories(db: Db): Promise<Map<string, number>> {
  const groupRows = await db
    .insert(categoryGroups)
    .values(groups.map((g, position) => ({ slug: g.slug, title: localize(g.title), position })))
    .returning({ id: categoryGroups.id, slug: categoryGroups.slug })
  const groupIds = byKey(groupRows, (g) => g.slug)
  const rows = await db
    .insert(categoriesTable)
    .values(
      categories.map((c, position) => ({
        slug: c.slug,
        title: localize(c.title),
        groupId: groupIds.get(c.group)!,
        position,
        inHeader: c.inHeader,
        inFooter: c.inFooter,
        isPopular: c.isPopular,
        image: categoryImagePath(c),
      })),
    )
    .returning({ id: categoriesTable.id, slug: categoriesTable.slug })
  return byKey(rows, (c) => c.slug)
}

// A line's choices in the order the product page shows them: by concentration,
// the regular bottles before miniatures and testers, smaller volumes first.
const rank = <T>(list: readonly T[], value: T | null) => (value === null ? list.length : list.indexOf(value))
const choiceOrder = (a: ProductSeed, b: ProductSeed) =>
  rank(concentrations, a.concentration) - rank(concentrations, b.concentration) ||
  rank([null, ...sizeKinds], a.sizeKind) - rank([null, ...sizeKinds], b.sizeKind) ||
  a.volume - b.volume

/**
 * The lines of two or more products (a line of one offers no choice), and each
 * product's line id and place in it, by product slug.
 */
async function seedLines(db: Db, products: ProductSeed[]) {
  const members = new Map<string, ProductSeed[]>()
  for (const p of products) if (p.line) members.set(p.line.key, [...(members.get(p.line.key) ?? []), p])
  const lines = [...members].filter(([, list]) => list.length > 1)
  const placed = new Map<string, { lineId: number; linePosition: number }>()
  if (!lines.length) return placed
  const rows = await insertJson<{ id: number; slug: string }>(
    db,
    productLines,
    lines.map(([key, list]) => ({ slug: key, name: list[0]!.line!.name })),
    { batch: 1000, returning: ['id', 'slug'] },
  )
  const ids = byKey(rows, (r) => r.slug)
  for (const [key, list] of lines)
    for (const [position, p] of [...list].sort(choiceOrder).entries())
      placed.set(p.slug, { lineId: ids.get(key)!, linePosition: position })
  return placed
}

async function seedProducts(
  db: Db,
  products: ProductSeed[],
  brandIds: Map<string, { id: number; manufacturerId: number }>,
): Promise<Map<string, number>> {
  const lines = await seedLines(db, products)
  const row = ({ categories: _c, picture: _p, famous: _f, kind: _k, line: _l, brandSlug, ...columns }: ProductSeed) => {
    const brand = brandIds.get(brandSlug)!
    // Every row names the same columns (insertJson takes them from the first).
    const line = lines.get(columns.slug) ?? { lineId: null, linePosition: 0 }
    return { ...columns, brandId: brand.id, manufacturerId: brand.manufacturerId, ...line }
  }
  const ids = new Map<string, number>()
  // A thousand rows at a time: each row's description is made as it is read (ProductSeed), and let go after.
  for (let at = 0; at < products.length; at += 1000) {
    const rows = products.slice(at, at + 1000).map(row)
    const inserted = await insertJson<{ id: number; slug: string }>(db, productsTable, rows, {
      batch: 1000,
      returning: ['id', 'slug'],
    })
    for (const r of inserted) ids.set(r.slug, r.id)
  }
  return ids
}

async function seedProductLinks(
  db: Db,
  products: ProductSeed[],
  productIds: Map<string, number>,
  categoryIds: Map<string, number>,
) {
  const links = products.flatMap((p) =>
    p.categories.map((slug) => ({ productId: productIds.get(p.slug)!, categoryId: categoryIds.get(slug)! })),
  )
  await insertJson(db, productCategories, links, { batch: 10_000 })
  const images = products.flatMap((p) =>
    productImagePaths(p.picture).map((path, position) => ({
      productId: productIds.get(p.slug)!,
      position,
      path,
      width: productImageSize,
      height: productImageSize,
    })),
  )
  await insertJson(db, productImages, images, { batch: 5000 })
}

/** Manufacturers, brands, categories and the given products with their categories and pictures; the products' ids by slug. */
export async function seedCatalogue(db: Db, products: ProductSeed[]) {
  const brandIds = await seedBrands(db)
  const categoryIds = await seedCategories(db)
  const productIds = await seedProducts(db, products, brandIds)
  await seedProductLinks(db, products, productIds, categoryIds)
  return productIds
}
