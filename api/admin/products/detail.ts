import { asc, eq } from 'drizzle-orm'
import { languages } from '#contract/languages.ts'
import { toCyrillic } from '../../catalogue/uzbek-cyrillic.ts'
import { toLatin } from '../../catalogue/uzbek-latin.ts'
import type { Db } from '../../db/client.ts'
import { brands, categories, productCategories, productImages, products } from '../../db/schema/index.ts'
import { type Lang, type Localized, pick } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import type { MediaLinks } from '../../media/links.ts'
import type { AdminProduct, DoctorReason } from './schemas.ts'

type ProductRow = typeof products.$inferSelect
type Brand = { id: number; slug: string; name: string; isHidden: boolean }
type Category = { id: number; slug: string; title: Localized; isHidden: boolean }
type Picture = typeof productImages.$inferSelect

export type ProductFacts = {
  product: ProductRow
  brand: Brand
  categories: Category[]
  pictures: Picture[]
}

/** Everything the edit page shows of a product; null when there is none. */
export async function productFacts(db: Db, id: number): Promise<ProductFacts | null> {
  const [row] = await db
    .select({
      product: products,
      brand: { id: brands.id, slug: brands.slug, name: brands.name, isHidden: brands.isHidden },
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id))
  if (!row) return null
  const [inCategories, pictures] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, title: categories.title, isHidden: categories.isHidden })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, id))
      .orderBy(asc(categories.position), asc(categories.id)),
    picturesOf(db, id),
  ])
  return { ...row, categories: inCategories, pictures }
}

export const picturesOf = (db: Db, productId: number) =>
  db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))

/** A moment as Tashkent (UTC+5, no summer time) reads it: 01.12.2026 09:00. */
function shopDate(at: Date) {
  const local = new Date(at.getTime() + 5 * 3600_000)
  const two = (n: number) => String(n).padStart(2, '0')
  return (
    `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()} ` +
    `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`
  )
}

/**
 * The product doctor: why the product cannot be bought or found (`blocks`),
 * or is shown worse than it could be, most serious first.
 */
export function diagnose(facts: ProductFacts, lang: Lang, now: Date): DoctorReason[] {
  const { product, brand } = facts
  const reasons: DoctorReason[] = []
  const add = (code: DoctorReason['code'], blocks: boolean, text: string, forLang: Lang | null = null) =>
    reasons.push({ code, lang: forLang, blocks, message: text })
  if (product.isHidden) add('hidden', true, message(lang, 'admin_product_doctor_hidden'))
  if (product.stock <= 0) add('out_of_stock', true, message(lang, 'admin_product_doctor_out_of_stock'))
  if (brand.isHidden)
    add('brand_hidden', false, message(lang, 'admin_product_doctor_brand_hidden', { brand: brand.name }))
  if (!facts.categories.length) add('no_category', false, message(lang, 'admin_product_doctor_no_category'))
  else if (facts.categories.every((c) => c.isHidden))
    add('categories_hidden', false, message(lang, 'admin_product_doctor_categories_hidden'))
  if (!facts.pictures.length) add('no_picture', false, message(lang, 'admin_product_doctor_no_picture'))
  for (const l of ['uz', 'sr'] as const)
    if (!product.title[l]) add('missing_title', false, message(lang, `admin_product_doctor_missing_title_${l}`), l)
  for (const l of languages)
    if (!product.description[l])
      add('missing_description', false, message(lang, `admin_product_doctor_missing_description_${l}`), l)
  if (product.salePrice !== null) {
    if (product.saleStartsAt && product.saleStartsAt > now)
      add(
        'sale_not_started',
        false,
        message(lang, 'admin_product_doctor_sale_not_started', { date: shopDate(product.saleStartsAt) }),
      )
    else if (product.saleEndsAt && product.saleEndsAt <= now)
      add('sale_ended', false, message(lang, 'admin_product_doctor_sale_ended', { date: shopDate(product.saleEndsAt) }))
  }
  return reasons
}

/** An Uzbek text written in one script only, offered in the other. */
export function scriptSuggestion(text: Localized): { uz?: string; sr?: string } {
  if (text.uz && !text.sr) return { sr: toLatin(text.uz) }
  if (text.sr && !text.uz) return { uz: toCyrillic(text.sr) }
  return {}
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())

export function adminProductView(
  facts: ProductFacts,
  context: { lang: Lang; media: MediaLinks; lowStockDefault: number; now: Date },
): AdminProduct {
  const { product: p, brand } = facts
  const { lang, media } = context
  return {
    id: p.id,
    slug: p.slug,
    title: p.title,
    description: p.description,
    brand: { id: brand.id, slug: brand.slug, name: brand.name, is_hidden: brand.isHidden },
    manufacturer_id: p.manufacturerId,
    categories: facts.categories.map((c) => ({
      id: c.id,
      slug: c.slug,
      title: pick(c.title, lang),
      is_hidden: c.isHidden,
    })),
    audience: p.audience,
    country: p.country,
    release_year: p.releaseYear,
    volume: p.volume,
    unit: p.unit,
    price: p.price,
    sale_price: p.salePrice,
    sale_starts_at: iso(p.saleStartsAt),
    sale_ends_at: iso(p.saleEndsAt),
    stock: p.stock,
    low_stock_threshold: p.lowStockThreshold ?? context.lowStockDefault,
    is_hidden: p.isHidden,
    is_recommendation: p.isRecommendation,
    ikpu: p.ikpu,
    package_code: p.packageCode,
    sku: p.sku,
    barcode: p.barcode,
    aliases: p.aliases,
    pictures: facts.pictures.map((picture) => pictureView(picture, media)),
    doctor: diagnose(facts, lang, context.now),
    suggestions: { title: scriptSuggestion(p.title), description: scriptSuggestion(p.description) },
    created_at: iso(p.createdAt)!,
    updated_at: iso(p.updatedAt)!,
  }
}

export const pictureView = (picture: Picture, media: MediaLinks) => ({
  id: picture.id,
  position: picture.position,
  width: picture.width,
  height: picture.height,
  alt: picture.alt ?? null,
  image: media.links(picture.path),
})
