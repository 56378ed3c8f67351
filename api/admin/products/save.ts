import { and, eq, inArray, ne } from 'drizzle-orm'
import { type AuditActor, changedFields, recordAudit } from '../../audit/record.ts'
import { invalidateCatalogue } from '../../catalogue/cache.ts'
import { reindexProducts } from '../../catalogue/search-key.ts'
import type { Db, Tx } from '../../db/client.ts'
import { brands, categories, manufacturers, productCategories, products } from '../../db/schema/index.ts'
import { ApiError, type FieldError } from '../../http/errors.ts'
import type { Lang } from '../../http/locale.ts'
import { type MessageKey, message } from '../../http/messages.ts'
import { isUniqueViolation } from '../../orders/db-errors.ts'
import { can, type StaffRole } from '../../staff/permissions.ts'
import type { ProductInput } from './schemas.ts'
import { freeSlug, rememberOldSlug, slugBase } from './slug.ts'

export type ProductEditor = AuditActor & { role: StaffRole }
type Context = { lang: Lang }

/**
 * What `catalogue.texts` alone (content) may change: the product's words (titles, descriptions, the
 * spellings the search finds, the address made from the title). Everything else — visibility,
 * recommendation, codes, brand, maker, categories, facts, prices — is `catalogue.write`'s, field by field.
 */
const textFields = ['title', 'description', 'aliases', 'slug'] as const

type Snapshot = Required<Omit<ProductInput, 'slug'>> & { slug: string }

type ProductRow = typeof products.$inferSelect

const iso = (at: Date | null) => (at ? at.toISOString() : null)
const moment = (value: string | null | undefined) => (value ? new Date(value) : null)

/** A product as its API fields: what the audit log compares. */
function snapshot(row: ProductRow, categoryIds: number[]): Snapshot {
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    brand_id: row.brandId,
    manufacturer_id: row.manufacturerId,
    category_ids: categoryIds,
    audience: row.audience,
    country: row.country,
    release_year: row.releaseYear,
    volume: row.volume,
    unit: row.unit,
    price: row.price,
    sale_price: row.salePrice,
    sale_starts_at: iso(row.saleStartsAt),
    sale_ends_at: iso(row.saleEndsAt),
    is_recommendation: row.isRecommendation,
    is_hidden: row.isHidden,
    ikpu: row.ikpu,
    package_code: row.packageCode,
    sku: row.sku,
    barcode: row.barcode,
    aliases: row.aliases,
  }
}

function columnsOf(input: Snapshot) {
  return {
    slug: input.slug,
    title: input.title,
    description: input.description,
    brandId: input.brand_id,
    manufacturerId: input.manufacturer_id,
    audience: input.audience,
    country: input.country,
    releaseYear: input.release_year,
    volume: input.volume,
    unit: input.unit,
    price: input.price,
    salePrice: input.sale_price,
    saleStartsAt: moment(input.sale_starts_at),
    saleEndsAt: moment(input.sale_ends_at),
    isRecommendation: input.is_recommendation,
    isHidden: input.is_hidden,
    ikpu: input.ikpu,
    packageCode: input.package_code,
    sku: input.sku,
    barcode: input.barcode,
    aliases: input.aliases,
  }
}

const invalid = (errors: FieldError[]) => new ApiError(400, errors[0]!.message, errors)

/** One spelling per value, so an unchanged field compares equal (moments as UTC ISO, country upper case). */
function normalized(next: Snapshot): Snapshot {
  const at = (value: string | null) => (value ? new Date(value).toISOString() : null)
  return {
    ...next,
    country: next.country.toUpperCase(),
    sale_starts_at: at(next.sale_starts_at),
    sale_ends_at: at(next.sale_ends_at),
  }
}
const fieldError = (lang: Lang, field: string, key: MessageKey) => ({ field, message: message(lang, key) })

/** The fields of `before` the role may not change: for `catalogue.texts` alone, all but the texts. */
function forbiddenChanges(role: StaffRole, before: Snapshot, after: Snapshot) {
  if (can(role, 'catalogue.write')) return []
  const texts: readonly string[] = textFields
  return (Object.keys(after) as (keyof Snapshot)[]).filter(
    (field) => !texts.includes(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  )
}

/** What the database would refuse or the shop could not use, as field errors and conflicts. */
async function check(tx: Tx, lang: Lang, next: Snapshot, productId: number | null) {
  const errors: FieldError[] = []
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, next.brand_id))
  if (!brand) errors.push(fieldError(lang, 'brand_id', 'admin_product_brand_unknown'))
  if (next.manufacturer_id !== null) {
    const [found] = await tx
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(eq(manufacturers.id, next.manufacturer_id))
    if (!found) errors.push(fieldError(lang, 'manufacturer_id', 'admin_product_manufacturer_unknown'))
  }
  const wanted = [...new Set(next.category_ids)]
  if (wanted.length) {
    const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, wanted))
    if (found.length !== wanted.length) errors.push(fieldError(lang, 'category_ids', 'admin_product_category_unknown'))
  }
  if (next.sale_price !== null && next.sale_price >= next.price)
    errors.push(fieldError(lang, 'sale_price', 'admin_product_sale_not_below'))
  if (next.sale_starts_at && next.sale_ends_at && moment(next.sale_ends_at)! <= moment(next.sale_starts_at)!)
    errors.push(fieldError(lang, 'sale_ends_at', 'admin_product_sale_window'))
  if (errors.length) throw invalid(errors)

  const others = (column: typeof products.sku | typeof products.barcode | typeof products.slug, value: string) =>
    tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(column, value), productId === null ? undefined : ne(products.id, productId)))
      .limit(1)
  const conflicts: FieldError[] = []
  if (next.sku && (await others(products.sku, next.sku)).length)
    conflicts.push({ field: 'sku', message: message(lang, 'admin_product_sku_taken', { sku: next.sku }) })
  if (next.barcode && (await others(products.barcode, next.barcode)).length)
    conflicts.push({
      field: 'barcode',
      message: message(lang, 'admin_product_barcode_taken', { barcode: next.barcode }),
    })
  if ((await others(products.slug, next.slug)).length)
    conflicts.push({ field: 'slug', message: message(lang, 'admin_product_slug_taken', { slug: next.slug }) })
  if (conflicts.length) throw new ApiError(409, conflicts[0]!.message, conflicts)
}

/** The slug to save: the one given, else a fresh one from the title when it is new or changed. */
async function slugFor(
  tx: Tx,
  input: ProductInput,
  before: Snapshot | null,
  title: Snapshot['title'],
  id: number | null,
) {
  if (input.slug) return input.slug
  if (before && (!input.title || JSON.stringify(input.title) === JSON.stringify(before.title))) return before.slug
  const base = slugBase(title)
  // Unchanged by the new title (a typo fixed in another language): keep it.
  if (before && (before.slug === base || before.slug.startsWith(`${base}-`))) return before.slug
  return freeSlug(tx, base, id)
}

function forbidden(lang: Lang, fields: readonly string[]) {
  const detail = message(lang, 'admin_product_field_forbidden', { fields: fields.join(', ') })
  return new ApiError(
    403,
    detail,
    fields.map((field) => ({ field, message: detail })),
  )
}

async function saveInTransaction(
  db: Db,
  run: (tx: Tx) => Promise<number>,
  lang: Lang,
  input: ProductInput,
): Promise<number> {
  try {
    return await db.transaction((tx) => run(tx))
  } catch (error) {
    // Two saves raced for one SKU or slug: the loser hears it like a checked conflict.
    if (!isUniqueViolation(error)) throw error
    const sku = /sku/.test(String((error as { cause?: unknown }).cause ?? error))
    const detail = sku
      ? message(lang, 'admin_product_sku_taken', { sku: input.sku ?? '' })
      : message(lang, 'admin_product_slug_taken', { slug: input.slug ?? '' })
    throw new ApiError(409, detail, [{ field: sku ? 'sku' : 'slug', message: detail }])
  }
}

const defaults: Omit<Snapshot, 'slug' | 'title' | 'brand_id' | 'audience' | 'country' | 'price'> = {
  description: { uz: '', sr: '', ru: '' },
  manufacturer_id: null,
  category_ids: [],
  release_year: null,
  volume: null,
  unit: 'ml',
  sale_price: null,
  sale_starts_at: null,
  sale_ends_at: null,
  is_recommendation: false,
  is_hidden: false,
  ikpu: null,
  package_code: null,
  sku: null,
  barcode: null,
  aliases: [],
}

/** Writes the product's categories, search key, the catalogue cache's notice and the audit row. */
async function afterWrite(
  db: Db,
  tx: Tx,
  productId: number,
  next: Snapshot,
  audit: { editor: ProductEditor; action: string; before: Snapshot | null; duplicateOf?: number },
) {
  if (!audit.before || JSON.stringify(audit.before.category_ids) !== JSON.stringify(next.category_ids)) {
    await tx.delete(productCategories).where(eq(productCategories.productId, productId))
    const ids = [...new Set(next.category_ids)]
    if (ids.length) await tx.insert(productCategories).values(ids.map((categoryId) => ({ productId, categoryId })))
  }
  await reindexProducts(db, { productIds: [productId] }, tx)
  await invalidateCatalogue(db, tx)
  const created = audit.duplicateOf === undefined ? next : { ...next, duplicate_of: audit.duplicateOf }
  const diff = audit.before ? changedFields(audit.before, next) : { before: null, after: created }
  if (diff)
    await recordAudit(tx, {
      ...audit.editor,
      action: audit.action,
      entity: 'product',
      entityId: productId,
      before: diff.before,
      after: diff.after,
    })
}

/**
 * Creates a product (stock 0); returns its id. `within` adds to the same transaction (a line to join);
 * `duplicateOf` names the product it copies (audited `product.duplicate` with it, else `product.create`).
 */
export async function createProduct(
  db: Db,
  input: ProductInput & Pick<Snapshot, 'title' | 'brand_id' | 'audience' | 'country' | 'price'>,
  editor: ProductEditor,
  { lang, duplicateOf }: Context & { duplicateOf?: number },
  within?: (tx: Tx, id: number) => Promise<void>,
): Promise<number> {
  return saveInTransaction(
    db,
    async (tx) => {
      const { slug: _slug, ...given } = input
      const next = normalized({ ...defaults, ...given, slug: await slugFor(tx, input, null, input.title, null) })
      next.category_ids = [...new Set(next.category_ids)]
      await check(tx, lang, next, null)
      const [row] = await tx.insert(products).values(columnsOf(next)).returning({ id: products.id })
      const action = duplicateOf === undefined ? 'product.create' : 'product.duplicate'
      await afterWrite(db, tx, row!.id, next, { editor, action, before: null, duplicateOf })
      await within?.(tx, row!.id)
      return row!.id
    },
    lang,
    input,
  )
}

/** Changes the fields given; false when there is no such product. */
export async function updateProduct(
  db: Db,
  id: number,
  input: ProductInput,
  editor: ProductEditor,
  { lang }: Context,
): Promise<boolean> {
  const found = await saveInTransaction(
    db,
    async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update')
      if (!row) return 0
      const current = await tx
        .select({ id: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.productId, id))
      const before = snapshot(
        row,
        current.map((c) => c.id).sort((a, b) => a - b),
      )
      const { slug: _slug, ...given } = input
      const next = normalized({ ...before, ...given })
      next.category_ids = [...new Set(next.category_ids)].sort((a, b) => a - b)
      next.slug = await slugFor(tx, input, before, next.title, id)
      const refused = forbiddenChanges(editor.role, before, next)
      if (refused.length) throw forbidden(lang, refused)
      await check(tx, lang, next, id)
      await tx.update(products).set(columnsOf(next)).where(eq(products.id, id))
      if (next.slug !== before.slug) await rememberOldSlug(tx, id, before.slug, next.slug)
      await afterWrite(db, tx, id, next, { editor, action: 'product.update', before })
      return id
    },
    lang,
    input,
  )
  return found > 0
}

/**
 * A copy of a product to make its sibling (another volume, another shade):
 * every text, the brand, categories and price, hidden until it is checked;
 * a slug of its own, no SKU or barcode (they name one product), no sale, no
 * pictures, stock 0. Audited `product.duplicate` with `duplicate_of`, the
 * product it copies; null when there is no such product.
 */
export async function duplicateProduct(db: Db, id: number, editor: ProductEditor, context: Context) {
  const [row] = await db.select().from(products).where(eq(products.id, id))
  if (!row) return null
  const current = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, id))
  const {
    slug: _slug,
    sku: _sku,
    barcode: _barcode,
    ...source
  } = snapshot(
    row,
    current.map((c) => c.id),
  )
  return createProduct(
    db,
    {
      ...source,
      sale_price: null,
      sale_starts_at: null,
      sale_ends_at: null,
      is_hidden: true,
      is_recommendation: false,
    },
    editor,
    { ...context, duplicateOf: id },
  )
}
