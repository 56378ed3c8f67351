// The product page: one shown product with its categories, its maker, the
// alternative texts of its pictures, and the similar products offered beside it.
import { and, asc, desc, eq, gt, ne, notInArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { brands, categories, manufacturers, productCategories, productImages, products } from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import type { MediaLinks } from '../media/links.ts'
import { country } from './countries.ts'
import { cardColumns, inCategories, shownProduct, toCards } from './products.ts'
import type { ProductDetail } from './schemas.ts'

const SIMILAR = 8

/** Everything the product page shows but its line (lines.ts); null when there is no such product (or it is hidden). */
export async function getProduct(
  db: Db,
  slug: string,
  lang: Lang,
  media: MediaLinks,
): Promise<Omit<ProductDetail, 'line'> | null> {
  const [row] = await db
    .select({
      ...cardColumns,
      lineId: products.lineId,
      description: products.description,
      audience: products.audience,
      country: products.country,
      releaseYear: products.releaseYear,
      manufacturerId: manufacturers.id,
      manufacturerSlug: manufacturers.slug,
      manufacturerName: manufacturers.name,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(
      manufacturers,
      and(
        eq(manufacturers.id, sql`coalesce(${products.manufacturerId}, ${brands.manufacturerId})`),
        eq(manufacturers.isHidden, false),
      ),
    )
    .where(and(eq(products.slug, slug), shownProduct))
  if (!row) return null

  const shownCategories = await db
    .select({ id: categories.id, slug: categories.slug, title: categories.title })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(eq(productCategories.productId, row.id), eq(categories.isHidden, false)))
    .orderBy(asc(categories.position), asc(categories.id))

  const similar = await similarProducts(
    db,
    row,
    shownCategories.map((c) => c.id),
  )
  const [card, ...similarCards] = await toCards(db, [row, ...similar], lang, media)
  const alts = await db
    .select({ alt: productImages.alt })
    .from(productImages)
    .where(eq(productImages.productId, row.id))
    .orderBy(asc(productImages.position), asc(productImages.id))
  return {
    ...card!,
    // Staff's alternative text in the page's language, else the title.
    image_alts: alts.map(({ alt }) => alt?.[lang] || card!.title),
    description: pick(row.description, lang),
    audience: row.audience,
    audience_label: message(lang, `audience_${row.audience}`),
    country: country(row.country, lang),
    release_year: row.releaseYear,
    manufacturer:
      row.manufacturerId !== null
        ? { id: row.manufacturerId, slug: row.manufacturerSlug!, name: row.manufacturerName! }
        : null,
    categories: shownCategories.map((c) => ({ id: c.id, slug: c.slug, title: pick(c.title, lang) })),
    stock: row.stock,
    similar: similarCards,
  }
}

/**
 * Products named like it first (titles that start with the same name, the
 * part before the first comma: its body products), then the rest of the
 * brand, then the same categories; only what can be ordered now. Its own
 * line's products are the page's choices, not similar products.
 */
async function similarProducts(
  db: Db,
  product: { id: number; brandId: number; title: { ru: string }; lineId: number | null },
  categoryIds: number[],
) {
  const name = product.title.ru.split(',')[0]!.trim()
  const sameLine = sql`(${products.title}->>'ru') like ${`${name.replace(/[\\%_]/g, '\\$&')},%`}`
  const otherLine = product.lineId === null ? undefined : sql`${products.lineId} is distinct from ${product.lineId}`
  const sameBrand = await db
    .select(cardColumns)
    .from(products)
    .where(
      and(
        eq(products.brandId, product.brandId),
        ne(products.id, product.id),
        gt(products.stock, 0),
        shownProduct,
        otherLine,
      ),
    )
    .orderBy(desc(sameLine), desc(products.popularity), asc(products.id))
    .limit(SIMILAR)
  if (sameBrand.length >= SIMILAR || !categoryIds.length) return sameBrand
  const sameCategory = await db
    .select(cardColumns)
    .from(products)
    .where(
      and(
        notInArray(products.id, [product.id, ...sameBrand.map((p) => p.id)]),
        gt(products.stock, 0),
        shownProduct,
        otherLine,
        inCategories(db, categoryIds),
      ),
    )
    .orderBy(desc(products.popularity), asc(products.id))
    .limit(SIMILAR - sameBrand.length)
  return [...sameBrand, ...sameCategory]
}
