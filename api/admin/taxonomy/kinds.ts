import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { languages } from '#contract/languages.ts'
import { reindexProducts } from '../../catalogue/search-key.ts'
import type { Db, Tx } from '../../db/client.ts'
import {
  brands,
  categories,
  categoryGroups,
  manufacturers,
  productCategories,
  products,
} from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import type { Lang, Localized } from '../../http/locale.ts'
import { type MessageKey, message } from '../../http/messages.ts'
import type { BrandInput, CategoryInput, GroupInput, ManufacturerInput } from './schemas.ts'
import type { SluggedKind } from './slugs.ts'

// What differs between the four kinds of the taxonomy: their table, how
// their slug is made, which body fields are which columns, what the list
// shows and what a change must also do. service.ts does the rest alike.

type Table = typeof brands | typeof manufacturers | typeof categories | typeof categoryGroups
type Columns = Record<string, unknown>

export type KindSpec<Input> = {
  kind: SluggedKind
  /** The audit log's entity, and the path under /admin/. */
  entity: 'brand' | 'manufacturer' | 'category' | 'category_group'
  table: Table
  notFound: MessageKey
  /** The text the slug is made from (Latin first). */
  slugSource(columns: Columns): string
  /** Body fields as column values (`slug` apart). */
  columns(input: Input): Columns
  /** A referenced row that does not exist: 400 on its field. */
  checkReferences?(tx: Tx, columns: Columns, lang: Lang): Promise<void>
  /** After a write, in its transaction: e.g. search keys that follow a brand's name. */
  afterWrite?(db: Db, tx: Tx, id: number, changed: string[]): Promise<void>
  /** Rows in list order (by position, then id) as the back office shows them; one row with `id`. */
  rows(db: Db, id?: number): Promise<Record<string, unknown>[]>
}

const defined = (columns: Columns) => Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined))

/** The first non-empty title, Latin first: what a slug is made of. */
const latinFirst = (title: Localized | undefined) => title?.sr || title?.ru || title?.uz || ''

export const missingTranslations = (title: Localized) => languages.filter((lang) => !title[lang])

const fieldError = (lang: Lang, field: string, key: MessageKey) => {
  const detail = message(lang, key)
  return new ApiError(400, detail, [{ field, message: detail }])
}

async function exists(tx: Tx, table: Table, id: number) {
  const found = await tx.select({ id: table.id }).from(table).where(eq(table.id, id))
  return found.length > 0
}

const byPosition = (table: Table) => [asc(table.position), asc(table.id)]

/** How many rows point at each id through `child` (brands.manufacturerId…): a subquery to left-join, and the count. */
function countsBy(db: Db, child: AnyPgColumn) {
  const counts = db
    .select({ parentId: child, n: count().as('n') })
    .from(child.table)
    .groupBy(child)
    .as('counts')
  return { counts, n: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) }
}

export const brandSpec: KindSpec<BrandInput> = {
  kind: 'brand',
  entity: 'brand',
  table: brands,
  notFound: 'brand_not_found',
  slugSource: (c) => String(c.name ?? ''),
  columns: (input) =>
    defined({
      name: input.name,
      country: input.country,
      manufacturerId: input.manufacturer_id,
      aliases: input.aliases,
      isPopular: input.is_popular,
      isHidden: input.is_hidden,
    }),
  async checkReferences(tx, columns, lang) {
    const id = columns.manufacturerId
    if (typeof id === 'number' && !(await exists(tx, manufacturers, id)))
      throw fieldError(lang, 'manufacturer_id', 'manufacturer_not_found')
  },
  async afterWrite(db, tx, id, changed) {
    // The brand's name and spellings are part of every one of its products' search keys.
    if (changed.includes('name') || changed.includes('aliases')) await reindexProducts(db, { brandId: id }, tx)
  },
  async rows(db, id) {
    const { counts, n } = countsBy(db, products.brandId)
    const rows = await db
      .select({ brand: brands, maker: { id: manufacturers.id, name: manufacturers.name }, n })
      .from(brands)
      .leftJoin(counts, eq(counts.parentId, brands.id))
      .leftJoin(manufacturers, eq(manufacturers.id, brands.manufacturerId))
      .where(id === undefined ? undefined : eq(brands.id, id))
      .orderBy(...byPosition(brands))
    return rows.map(({ brand, maker, n }) => ({
      id: brand.id,
      slug: brand.slug,
      position: brand.position,
      is_hidden: brand.isHidden,
      name: brand.name,
      country: brand.country,
      manufacturer: maker?.id ? { id: maker.id, name: maker.name } : null,
      aliases: brand.aliases,
      is_popular: brand.isPopular,
      product_count: n,
    }))
  },
}

export const manufacturerSpec: KindSpec<ManufacturerInput> = {
  kind: 'manufacturer',
  entity: 'manufacturer',
  table: manufacturers,
  notFound: 'manufacturer_not_found',
  slugSource: (c) => String(c.name ?? ''),
  columns: (input) => defined({ name: input.name, country: input.country, isHidden: input.is_hidden }),
  async rows(db, id) {
    const { counts, n } = countsBy(db, brands.manufacturerId)
    const rows = await db
      .select({ maker: manufacturers, n })
      .from(manufacturers)
      .leftJoin(counts, eq(counts.parentId, manufacturers.id))
      .where(id === undefined ? undefined : eq(manufacturers.id, id))
      .orderBy(...byPosition(manufacturers))
    return rows.map(({ maker, n }) => ({
      id: maker.id,
      slug: maker.slug,
      position: maker.position,
      is_hidden: maker.isHidden,
      name: maker.name,
      country: maker.country,
      brand_count: n,
    }))
  },
}

export const categorySpec: KindSpec<CategoryInput> = {
  kind: 'category',
  entity: 'category',
  table: categories,
  notFound: 'category_not_found',
  slugSource: (c) => latinFirst(c.title as Localized | undefined),
  columns: (input) =>
    defined({
      title: input.title,
      groupId: input.group_id,
      inHeader: input.in_header,
      inFooter: input.in_footer,
      isPopular: input.is_popular,
      image: input.image === '' ? null : input.image,
      isHidden: input.is_hidden,
    }),
  async checkReferences(tx, columns, lang) {
    const id = columns.groupId
    if (typeof id === 'number' && !(await exists(tx, categoryGroups, id)))
      throw fieldError(lang, 'group_id', 'category_group_not_found')
  },
  async rows(db, id) {
    const rows = await db
      .select({ category: categories, group: { id: categoryGroups.id, title: categoryGroups.title } })
      .from(categories)
      .leftJoin(categoryGroups, eq(categoryGroups.id, categories.groupId))
      .where(id === undefined ? undefined : eq(categories.id, id))
      .orderBy(...byPosition(categories))
    const ids = rows.map((r) => r.category.id)
    const counted = ids.length
      ? await db
          .select({ id: productCategories.categoryId, n: count() })
          .from(productCategories)
          .where(inArray(productCategories.categoryId, ids))
          .groupBy(productCategories.categoryId)
      : []
    const counts = new Map(counted.map((r) => [r.id, r.n]))
    return rows.map(({ category: c, group }) => ({
      id: c.id,
      slug: c.slug,
      position: c.position,
      is_hidden: c.isHidden,
      title: c.title,
      missing_translations: missingTranslations(c.title),
      group: group?.id ? { id: group.id, title: group.title } : null,
      in_header: c.inHeader,
      in_footer: c.inFooter,
      is_popular: c.isPopular,
      image: c.image,
      product_count: counts.get(c.id) ?? 0,
    }))
  },
}

export const groupSpec: KindSpec<GroupInput> = {
  kind: 'category_group',
  entity: 'category_group',
  table: categoryGroups,
  notFound: 'category_group_not_found',
  slugSource: (c) => latinFirst(c.title as Localized | undefined),
  columns: (input) => defined({ title: input.title, isHidden: input.is_hidden }),
  async rows(db, id) {
    const { counts, n } = countsBy(db, categories.groupId)
    const rows = await db
      .select({ group: categoryGroups, n })
      .from(categoryGroups)
      .leftJoin(counts, eq(counts.parentId, categoryGroups.id))
      .where(id === undefined ? undefined : eq(categoryGroups.id, id))
      .orderBy(...byPosition(categoryGroups))
    return rows.map(({ group: g, n }) => ({
      id: g.id,
      slug: g.slug,
      position: g.position,
      is_hidden: g.isHidden,
      title: g.title,
      missing_translations: missingTranslations(g.title),
      category_count: n,
    }))
  },
}
