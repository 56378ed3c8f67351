import type { Db } from '../client.ts'
import {
  brands as brandsTable,
  categories as categoriesTable,
  categoryGroups,
  manufacturers,
  productCategories,
  productImages,
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

async function seedProducts(
  db: Db,
  products: ProductSeed[],
  brandIds: Map<string, { id: number; manufacturerId: number }>,
): Promise<Map<string, number>> {
  const rows = products.map(({ categories: _c, picture: _p, famous: _f, kind: _k, brandSlug, ...columns }) => {
    const brand = brandIds.get(brandSlug)!
    return { ...columns, brandId: brand.id, manufacturerId: brand.manufacturerId }
  })
  const inserted = await insertJson<{ id: number; slug: string }>(db, productsTable, rows, {
    batch: 1000,
    returning: ['id', 'slug'],
  })
  return byKey(inserted, (r) => r.slug)
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
    productImagePaths(p).map((path, position) => ({
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
