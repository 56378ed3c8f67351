import type { BrandRow, CategoryRow, GroupRow, ManufacturerRow } from '#api/types.ts'
import type { Lang } from '#app/utils/i18n.ts'

// Rows of the taxonomy lists as admin/brands/, admin/manufacturers/,
// admin/categories/ and admin/category-groups/ answer them.
export type { BrandRow, CategoryRow, GroupRow, ManufacturerRow }

export type TaxonomyRow = BrandRow | ManufacturerRow | CategoryRow | GroupRow

/** A row's name in the staff member's language, the title falling back visibly to another language. */
export function rowName(row: TaxonomyRow, lang: Lang): { text: string; missing: boolean } {
  if ('name' in row) return { text: row.name, missing: false }
  const own = row.title[lang]
  return own ? { text: own, missing: false } : { text: row.title.sr || row.title.ru || row.title.uz, missing: true }
}

/** How many products (or brands, or categories) a row has, for the list's count column. */
export const rowCount = (row: TaxonomyRow) =>
  'product_count' in row ? row.product_count : 'brand_count' in row ? row.brand_count : row.category_count
