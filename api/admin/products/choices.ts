import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { brands, categories, categoryGroups, manufacturers } from '../../db/schema/index.ts'
import { type Lang, pick } from '../../http/locale.ts'
import type { ProductChoices } from './schemas.ts'

/** Every brand, manufacturer and category, hidden ones too: what a product form and the list's filters offer. */
export async function productChoices(db: Db, lang: Lang): Promise<ProductChoices> {
  const [brandRows, makers, categoryRows] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, is_hidden: brands.isHidden })
      .from(brands)
      .orderBy(asc(brands.name), asc(brands.id)),
    db
      .select({ id: manufacturers.id, name: manufacturers.name, is_hidden: manufacturers.isHidden })
      .from(manufacturers)
      .orderBy(asc(manufacturers.name), asc(manufacturers.id)),
    db
      .select({
        id: categories.id,
        title: categories.title,
        isHidden: categories.isHidden,
        group: categoryGroups.title,
      })
      .from(categories)
      .leftJoin(categoryGroups, eq(categoryGroups.id, categories.groupId))
      .orderBy(asc(categoryGroups.position), asc(categories.position), asc(categories.id)),
  ])
  return {
    brands: brandRows,
    manufacturers: makers,
    categories: categoryRows.map((c) => ({
      id: c.id,
      name: pick(c.title, lang),
      is_hidden: c.isHidden,
      group: c.group ? pick(c.group, lang) : null,
    })),
  }
}
