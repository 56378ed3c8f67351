import { asc, gt } from 'drizzle-orm'
import type { ImportMode } from '#contract/catalogue-batches.ts'
import { toLatin } from '../catalogue/uzbek-latin.ts'
import type { Db } from '../db/client.ts'
import { brands, categories, products } from '../db/schema/index.ts'
import type { RowDraft, RowError } from './batches.ts'
import { isEmpty, readCell } from './cells.ts'
import { type Changes, diff, priceFields, type SheetField, type SheetValues, sheetValuesOf } from './fields.ts'
import type { RawRow } from './sheet-read.ts'
import { breathe, pacer } from './slices.ts'

/** "prices and stock only" changes price, sale and stock of existing products; "everything" also creates. */

/** The most rows a file may have (twice the 50,000 the shop was asked to take): counted before it is planned. */
export const IMPORT_MAX_ROWS = 100_000

export type PlanCounts = { rows: number; created: number; changed: number; unchanged: number; rejected: number }

/** Rows of the catalogue read per query while the lookups are built: one query of 100,000 blocks PGlite for a second. */
const KEYS_PER_QUERY = 5000

/** Every product's keys, a page at a time by id, with a turn of the event loop between pages. */
async function productKeys(db: Db) {
  const rows: { id: number; sku: string | null; barcode: string | null; slug: string }[] = []
  for (let after = 0; ; ) {
    const page = await db
      .select({ id: products.id, sku: products.sku, barcode: products.barcode, slug: products.slug })
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(KEYS_PER_QUERY)
    rows.push(...page)
    if (page.length < KEYS_PER_QUERY) return rows
    after = page[page.length - 1]?.id as number
    await breathe()
  }
}

/** Brands by slug and by name, categories by slug, products by SKU, barcode and slug: read once per file. */
async function lookups(db: Db) {
  const brandRows = await db.select({ id: brands.id, slug: brands.slug, name: brands.name }).from(brands)
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories)
  const productRows = await productKeys(db)
  const brandIds = new Map<string, number>()
  for (const b of brandRows) {
    brandIds.set(b.name.trim().toLowerCase(), b.id)
    brandIds.set(b.slug, b.id)
  }
  const bySku = new Map<string, number>()
  const byBarcode = new Map<string, number[]>()
  const bySlug = new Map<string, number>()
  for (const p of productRows) {
    if (p.sku) bySku.set(p.sku, p.id)
    if (p.barcode) byBarcode.set(p.barcode, [...(byBarcode.get(p.barcode) ?? []), p.id])
    bySlug.set(p.slug, p.id)
  }
  return {
    brandIds,
    categoryIds: new Map(categoryRows.map((c) => [c.slug, c.id])),
    bySku,
    byBarcode,
    bySlug,
  }
}
type Lookups = Awaited<ReturnType<typeof lookups>>

const slugify = (s: string) =>
  toLatin(s)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[ʻʼ'‘’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)

type Context = {
  mode: ImportMode
  look: Lookups
  /** Which line took a product, an SKU or a slug first: a second row naming one is rejected. */
  seenProducts: Map<number, number>
  claimedSkus: Map<string, number>
  claimedSlugs: Map<string, number>
}

const keyText = (row: RawRow, field: 'sku' | 'barcode' | 'slug') => {
  const cell = row.cells[field]
  return isEmpty(cell) ? '' : String(cell).trim()
}

/** The product a row names: by SKU, then barcode, then slug; null when none (a new product), or why not. */
function matchRow(row: RawRow, look: Lookups): { id: number | null } | RowError {
  const sku = keyText(row, 'sku')
  const barcode = keyText(row, 'barcode')
  const slug = keyText(row, 'slug').toLowerCase()
  if (!sku && !barcode && !slug) return { field: 'sku', key: 'sheet_no_key' }
  const bySku = sku ? look.bySku.get(sku) : undefined
  if (bySku !== undefined) return { id: bySku }
  const byBarcode = barcode ? look.byBarcode.get(barcode) : undefined
  if (byBarcode && byBarcode.length > 1) return { field: 'barcode', key: 'sheet_barcode_ambiguous' }
  if (byBarcode?.[0] !== undefined) return { id: byBarcode[0] }
  return { id: (slug && look.bySlug.get(slug)) || null }
}

/** The row's cells as changes (in the mode's columns), or the errors of the cells that cannot be read. */
function readChanges(row: RawRow, ctx: Context): { changes: Changes; errors: RowError[] } {
  const changes: Record<string, unknown> = {}
  const errors: RowError[] = []
  const fields = Object.keys(row.cells) as SheetField[]
  for (const field of fields) {
    if (ctx.mode === 'prices' && !priceFields.includes(field)) continue
    const cell = row.cells[field] ?? null
    // An empty required cell leaves the field as it is (a new product then needs it: see newProduct).
    if (isEmpty(cell) && ['slug', 'brand', 'audience', 'country', 'unit', 'price', 'stock', 'hidden'].includes(field))
      continue
    const read = readCell(field, cell)
    if ('error' in read) {
      errors.push({ field, key: read.error, vars: read.vars })
      continue
    }
    if (field === 'brand') {
      const id = ctx.look.brandIds.get(String(read.value).toLowerCase())
      if (id === undefined) errors.push({ field, key: 'sheet_unknown_brand', vars: { value: String(read.value) } })
      else changes.brand = id
    } else if (field === 'categories') {
      const slugs = String(read.value)
        .split(/[,;\s]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
      const unknown = slugs.find((s) => !ctx.look.categoryIds.has(s))
      if (unknown) errors.push({ field, key: 'sheet_unknown_category', vars: { value: unknown } })
      else
        changes.categories = [...new Set(slugs.map((s) => ctx.look.categoryIds.get(s) as number))].sort((a, b) => a - b)
    } else changes[field] = read.value
  }
  return { changes: changes as Changes, errors }
}

/** Rules across fields, on the product as it would become. */
function checkWhole(values: Partial<SheetValues>, errors: RowError[]) {
  if (values.sale_price != null && values.price != null && values.sale_price >= values.price)
    errors.push({ field: 'sale_price', key: 'sheet_sale_not_below' })
  if (values.sale_starts_at && values.sale_ends_at && values.sale_starts_at >= values.sale_ends_at)
    errors.push({ field: 'sale_ends_at', key: 'sheet_sale_window' })
  if (!values.title_uz && !values.title_sr && !values.title_ru)
    errors.push({ field: 'title_ru', key: 'sheet_title_required' })
}

/** SKU and slug stay unique: against other products, and against other rows of the file. */
function checkUnique(productId: number | null, changes: Changes, line: number, ctx: Context, errors: RowError[]) {
  for (const field of ['sku', 'slug'] as const) {
    const value = changes[field]
    if (!value) continue
    const owner = (field === 'sku' ? ctx.look.bySku : ctx.look.bySlug).get(value)
    const claims = field === 'sku' ? ctx.claimedSkus : ctx.claimedSlugs
    const claimedBy = claims.get(value)
    if ((owner !== undefined && owner !== productId) || (claimedBy !== undefined && claimedBy !== line))
      errors.push({ field, key: 'sheet_taken', vars: { value } })
    else claims.set(value, line)
  }
}

/** A free slug for a new product, from its Latin (or transliterated) title. */
function newSlug(changes: Changes, ctx: Context): string {
  const base = slugify(changes.title_sr || changes.title_uz || changes.title_ru || 'product') || 'product'
  let slug = base
  for (let n = 2; ctx.look.bySlug.has(slug) || ctx.claimedSlugs.has(slug); n++) slug = `${base}-${n}`
  return slug
}

function newProduct(row: RawRow, read: Changes, ctx: Context, errors: RowError[]): Changes {
  for (const field of ['brand', 'audience', 'country', 'price'] as const)
    if (read[field] === undefined && !errors.some((e) => e.field === field)) errors.push({ field, key: 'required' })
  const after: Changes = {
    unit: 'ml',
    hidden: false,
    stock: 0,
    categories: [],
    title_uz: '',
    title_sr: '',
    title_ru: '',
    ...read,
  }
  after.slug = read.slug ?? newSlug(after, ctx)
  checkWhole(after, errors)
  checkUnique(null, after, row.line, ctx, errors)
  return after
}

const labelOf = (row: RawRow) =>
  keyText(row, 'sku') || keyText(row, 'barcode') || keyText(row, 'slug') || String(row.cells.title_ru ?? '')

/** One row's draft (null: it changes nothing), counted in `counts`. */
function planRow(
  row: RawRow,
  match: { id: number | null } | RowError,
  current: Map<number, SheetValues>,
  ctx: Context,
  counts: PlanCounts,
): RowDraft | null {
  const base = { line: row.line, label: labelOf(row) }
  const reject = (productId: number | null, errors: RowError[]) => {
    counts.rejected++
    return { ...base, productId, before: null, after: null, errors }
  }
  if ('key' in match) return reject(null, [match])
  const { changes, errors } = readChanges(row, ctx)
  if (match.id === null) {
    if (ctx.mode === 'prices') return reject(null, [{ field: 'sku', key: 'sheet_no_match' }])
    const after = newProduct(row, changes, ctx, errors)
    if (errors.length) return reject(null, errors)
    counts.created++
    return { ...base, productId: null, before: null, after, errors: null }
  }
  const values = current.get(match.id) as SheetValues
  const earlier = ctx.seenProducts.get(match.id)
  if (earlier !== undefined)
    return reject(match.id, [{ field: 'sku', key: 'sheet_duplicate_row', vars: { line: earlier } }])
  ctx.seenProducts.set(match.id, row.line)
  checkWhole({ ...values, ...changes }, errors)
  checkUnique(match.id, changes, row.line, ctx, errors)
  if (errors.length) return reject(match.id, errors)
  const changed = diff(values, changes)
  if (!changed) {
    counts.unchanged++
    return null
  }
  counts.changed++
  return { ...base, productId: match.id, ...changed, errors: null }
}

/** Plans one slice of rows: the products they name are read in one query. */
async function planSlice(db: Db, slice: RawRow[], ctx: Context, counts: PlanCounts): Promise<RowDraft[]> {
  const matched = slice.map((row) => ({ row, match: matchRow(row, ctx.look) }))
  const ids = matched.flatMap(({ match }) => ('id' in match && match.id !== null ? [match.id] : []))
  const current = await sheetValuesOf(db, ids)
  const drafts: RowDraft[] = []
  for (const { row, match } of matched) {
    const planned = planRow(row, match, current, ctx, counts)
    if (planned) drafts.push(planned)
  }
  return drafts
}

/**
 * Reads a file's rows against the catalogue as it is now: for each, the
 * product it names (SKU, then barcode, then slug), what would change
 * (before → after), what would be created ("everything" mode), or why the
 * row is rejected (column and message key). Writes nothing itself: the
 * drafts of each slice go to `onSlice` with the rows read so far, in slices
 * sized to keep the shop answering (slices.ts).
 */
export async function planImport(
  db: Db,
  rows: AsyncIterable<RawRow>,
  mode: ImportMode,
  onSlice: (drafts: RowDraft[], read: number) => Promise<void>,
): Promise<PlanCounts> {
  const ctx: Context = {
    mode,
    look: await lookups(db),
    seenProducts: new Map(),
    claimedSkus: new Map(),
    claimedSlugs: new Map(),
  }
  const counts: PlanCounts = { rows: 0, created: 0, changed: 0, unchanged: 0, rejected: 0 }
  const pace = pacer(500, 50, 5000)
  let slice: RawRow[] = []
  const flush = () =>
    pace.slice(async () => {
      const drafts = await planSlice(db, slice, ctx, counts)
      slice = []
      await onSlice(drafts, counts.rows)
    })
  for await (const row of rows) {
    counts.rows++
    slice.push(row)
    if (slice.length >= pace.size) await flush()
  }
  await flush()
  return counts
}
