import { eq, inArray, sql } from 'drizzle-orm'
import type { VolumeUnit } from '#contract/catalogue.ts'
import type { Concentration, SizeKind } from '#contract/product-lines.ts'
import type { Db } from '../db/client.ts'
import { productCategories, productLines, products } from '../db/schema/index.ts'

/**
 * A product as a spreadsheet row sees it: the import's and export's columns,
 * with the brand as its id and categories as sorted ids (the sheet shows
 * slugs), sale window moments as ISO strings. Batches keep before/after in
 * these names.
 */
export type SheetValues = {
  sku: string | null
  barcode: string | null
  slug: string
  title_uz: string
  title_sr: string
  title_ru: string
  description_uz: string
  description_sr: string
  description_ru: string
  brand: number
  categories: number[]
  audience: 'women' | 'men' | 'unisex'
  country: string
  year: number | null
  volume: number | null
  unit: VolumeUnit
  price: number
  sale_price: number | null
  sale_starts_at: string | null
  sale_ends_at: string | null
  stock: number
  hidden: boolean
  ikpu: string | null
  package_code: string | null
  /** The product line's slug (products naming one slug are one line; a new slug makes a line). */
  line: string | null
  concentration: Concentration | null
  size_kind: SizeKind | null
}
export type SheetField = keyof SheetValues

/** The columns in the order the template and the export write them. */
export const sheetFields: readonly SheetField[] = [
  'sku',
  'barcode',
  'slug',
  'title_uz',
  'title_sr',
  'title_ru',
  'description_uz',
  'description_sr',
  'description_ru',
  'brand',
  'categories',
  'audience',
  'country',
  'year',
  'volume',
  'unit',
  'price',
  'sale_price',
  'sale_starts_at',
  'sale_ends_at',
  'stock',
  'hidden',
  'ikpu',
  'package_code',
  'line',
  'concentration',
  'size_kind',
]

/** What "prices and stock only" may change. */
export const priceFields: readonly SheetField[] = ['price', 'sale_price', 'sale_starts_at', 'sale_ends_at', 'stock']
/** The columns the stock export writes: enough to find the product, read it, and import it back. */
export const stockSheetFields: readonly SheetField[] = ['sku', 'barcode', 'slug', 'title_ru', ...priceFields]
/** Fields the search key is built from: changing one re-indexes the product. */
export const searchFields: readonly SheetField[] = ['title_uz', 'title_sr', 'title_ru', 'brand', 'volume', 'unit']

export type Changes = Partial<SheetValues>

const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** The current values of these products, by id. */
export async function sheetValuesOf(tx: Db, ids: number[]): Promise<Map<number, SheetValues>> {
  const found = new Map<number, SheetValues>()
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000)
    const rows = await tx
      .select({
        id: products.id,
        p: products,
        line: productLines.slug,
        categories: sql<number[]>`coalesce((select array_agg(pc.category_id order by pc.category_id)
          from ${productCategories} pc where pc.product_id = ${products.id}), '{}')`,
      })
      .from(products)
      .leftJoin(productLines, eq(productLines.id, products.lineId))
      .where(inArray(products.id, chunk))
    for (const { id, p, categories, line } of rows)
      found.set(id, {
        sku: p.sku,
        barcode: p.barcode,
        slug: p.slug,
        title_uz: p.title.uz ?? '',
        title_sr: p.title.sr ?? '',
        title_ru: p.title.ru ?? '',
        description_uz: p.description.uz ?? '',
        description_sr: p.description.sr ?? '',
        description_ru: p.description.ru ?? '',
        brand: p.brandId,
        categories: categories.map(Number),
        audience: p.audience,
        country: p.country,
        year: p.releaseYear,
        volume: p.volume,
        unit: p.unit,
        price: p.price,
        sale_price: p.salePrice,
        sale_starts_at: iso(p.saleStartsAt),
        sale_ends_at: iso(p.saleEndsAt),
        stock: p.stock,
        hidden: p.isHidden,
        ikpu: p.ikpu,
        package_code: p.packageCode,
        line,
        concentration: p.concentration,
        size_kind: p.sizeKind,
      })
  }
  return found
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/** The fields of `next` that differ from `current`: a batch row's before and after. */
export function diff(current: SheetValues, next: Changes): { before: Changes; after: Changes } | null {
  const before: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(next)) {
    const was = current[field as SheetField]
    if (sameValue(was, value)) continue
    before[field] = was
    after[field] = value
  }
  return Object.keys(after).length ? { before: before as Changes, after: after as Changes } : null
}

/** The fields of `expected` whose current value is no longer what the batch expects (stock aside: it moves). */
export function driftedFields(current: SheetValues, expected: Changes): SheetField[] {
  return (Object.keys(expected) as SheetField[]).filter(
    (field) => field !== 'stock' && !sameValue(current[field], expected[field]),
  )
}

const moment = (value: string | null | undefined) => (value ? new Date(value) : null)

/**
 * The products columns for `changes` (all but stock, categories and the
 * line: batches.ts places products in lines), texts merged into the
 * product's current ones.
 */
export function productColumns(current: SheetValues | null, changes: Changes) {
  const set: Partial<typeof products.$inferInsert> = {}
  const has = (field: SheetField) => field in changes
  const text = (kind: 'title' | 'description') => {
    const pick = (lang: 'uz' | 'sr' | 'ru') => {
      const field = `${kind}_${lang}` as SheetField
      return String((has(field) ? changes[field] : current?.[field]) ?? '')
    }
    return { uz: pick('uz'), sr: pick('sr'), ru: pick('ru') }
  }
  if (has('title_uz') || has('title_sr') || has('title_ru')) set.title = text('title')
  if (has('description_uz') || has('description_sr') || has('description_ru')) set.description = text('description')
  if (has('sku')) set.sku = changes.sku ?? null
  if (has('barcode')) set.barcode = changes.barcode ?? null
  if (has('slug') && changes.slug) set.slug = changes.slug
  if (has('brand') && changes.brand) set.brandId = changes.brand
  if (has('audience') && changes.audience) set.audience = changes.audience
  if (has('country') && changes.country !== undefined) set.country = changes.country
  if (has('year')) set.releaseYear = changes.year ?? null
  if (has('volume')) set.volume = changes.volume ?? null
  if (has('unit') && changes.unit) set.unit = changes.unit
  if (has('price') && changes.price) set.price = changes.price
  if (has('sale_price')) set.salePrice = changes.sale_price ?? null
  if (has('sale_starts_at')) set.saleStartsAt = moment(changes.sale_starts_at)
  if (has('sale_ends_at')) set.saleEndsAt = moment(changes.sale_ends_at)
  if (has('hidden') && changes.hidden !== undefined) set.isHidden = changes.hidden
  if (has('ikpu')) set.ikpu = changes.ikpu ?? null
  if (has('package_code')) set.packageCode = changes.package_code ?? null
  if (has('concentration')) set.concentration = changes.concentration ?? null
  if (has('size_kind')) set.sizeKind = changes.size_kind ?? null
  return set
}
