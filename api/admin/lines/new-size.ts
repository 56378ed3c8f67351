import type { z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import type { VolumeUnit } from '#contract/catalogue.ts'
import { lockKey } from '../../db/advisory-lock.ts'
import type { Db } from '../../db/client.ts'
import { productCategories, products } from '../../db/schema/index.ts'
import { ApiError } from '../../http/errors.ts'
import { type Lang, type Localized, languages } from '../../http/locale.ts'
import { message } from '../../http/messages.ts'
import { can } from '../../staff/permissions.ts'
import { createProduct, type ProductEditor } from '../products/save.ts'
import { linesLockKey, lockProducts, memberIds } from './members.ts'
import type { newSizeBody } from './schemas.ts'
import { changeLine, startLine } from './service.ts'

const unitWords = 'мл|ml|гр|г|gr|g|кг|kg'

/**
 * The title with the new volume: "…, 100 мл" becomes "…, 50 мл" in each
 * language; a title that does not say its volume gets it at the end.
 */
export function retitled(title: Localized, from: number | null, to: number, unit: VolumeUnit): Localized {
  const next = { ...title }
  for (const lang of languages) {
    const text = title[lang]
    if (!text) continue
    const said = from === null ? null : new RegExp(`(^|[^\\d])${from}(\\s*)(${unitWords})(?!\\p{L})`, 'u')
    next[lang] =
      said?.test(text) === true
        ? text.replace(said, `$1${to}$2$3`)
        : `${text}, ${to} ${message(lang as Lang, `unit_${unit}`)}`
  }
  return next
}

/**
 * A new size of a product: a copy (texts, brand, categories, pictures aside)
 * with its own volume, price and SKU, stock 0, put right after it in its line
 * (a new line of the two when it is in none). Audited as `product.create` and
 * the line's change. Answers the new product's and the line's ids; null when
 * there is no such product.
 */
export async function newSize(
  db: Db,
  productId: number,
  input: z.infer<typeof newSizeBody>,
  editor: ProductEditor,
  { lang }: { lang: Lang },
): Promise<{ productId: number; lineId: number } | null> {
  const [source] = await db.select().from(products).where(eq(products.id, productId))
  if (!source) return null
  const categories = await db
    .select({ id: productCategories.categoryId })
    .from(productCategories)
    .where(eq(productCategories.productId, productId))
  const fiscal = can(editor.role, 'catalogue.write') ? { ikpu: source.ikpu, package_code: source.packageCode } : {}
  let lineId = 0
  const created = await createProduct(
    db,
    {
      title: retitled(source.title, source.volume, input.volume, source.unit),
      description: source.description,
      brand_id: source.brandId,
      manufacturer_id: source.manufacturerId,
      category_ids: categories.map((c) => c.id),
      audience: source.audience,
      country: source.country,
      release_year: source.releaseYear,
      volume: input.volume,
      unit: source.unit,
      price: input.price,
      is_hidden: source.isHidden,
      sku: input.sku ?? null,
      aliases: source.aliases,
      ...fiscal,
    },
    editor,
    { lang },
    async (tx, id) => {
      await lockKey(tx, linesLockKey)
      const self = (await lockProducts(tx, [productId])).get(productId)
      if (!self) throw new ApiError(404, message(lang, 'admin_product_not_found'))
      await tx
        .update(products)
        .set({ concentration: input.concentration ?? self.concentration, sizeKind: input.size_kind ?? null })
        .where(eq(products.id, id))
      if (self.lineId === null) {
        lineId = await startLine(tx, db, [productId, id], undefined, editor, lang)
        return
      }
      lineId = self.lineId
      const ids = await memberIds(tx, lineId)
      const at = ids.indexOf(productId) + 1
      const members = [...ids.slice(0, at), id, ...ids.slice(at)].map((member) => ({ id: member }))
      await changeLine(tx, db, lineId, { members }, editor, lang)
    },
  )
  return { productId: created, lineId }
}
