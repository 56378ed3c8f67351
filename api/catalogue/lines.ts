import { and, asc, count, eq, gt, inArray, isNotNull, min, sql } from 'drizzle-orm'
import type { VolumeUnit } from '#contract/catalogue.ts'
import { type Concentration, DEFAULT_LISTING_SIZES, type ListingSizes, type SizeKind } from '#contract/product-lines.ts'
import { readSetting } from '../content/settings.ts'
import type { Db } from '../db/client.ts'
import { productLines, products } from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { memoize } from './cache.ts'
import { activeSalePrice, pricePaid, shownProduct } from './products.ts'
import type { LineSummary, ProductLine } from './schemas.ts'

// A line's products as the shop offers them: the product page's choices and
// the "from …" of a list's card. Membership is written by the back office
// (api/admin/lines/).

/** The settings row (db/schema/content.ts `settings`) that says how lists show a line's sizes. */
export const listingSettingKey = 'listing'
export type StoredListing = { sizes: ListingSizes }

/** How lists show lines unless a request asks otherwise: the staff's choice, else the default. */
export function listingSizes(db: Db): Promise<ListingSizes> {
  return memoize(db, 'listing sizes', async () => {
    const stored = await readSetting<StoredListing>(db, listingSettingKey)
    return stored?.sizes ?? DEFAULT_LISTING_SIZES
  })
}

/** Price per 10 ml (or 10 g) of what is paid, whole sum; null where the volume says nothing of it. */
export function pricePer10(paid: number, volume: number | null, unit: VolumeUnit): number | null {
  if (!volume || unit === 'kg') return null
  return Math.round((paid * 10) / volume)
}

type Choice = {
  volume: number | null
  unit: VolumeUnit
  concentration: Concentration | null
  sizeKind: SizeKind | null
}

/**
 * A choice's name in the line: the concentration where the line has more than
 * one, tester or miniature, the volume ("Туалетная вода, тестер, 100 мл"); a
 * line of one concentration names only the rest ("50 мл").
 */
export function choiceLabel(choice: Choice, line: Choice[], lang: Lang): string {
  const several = new Set(line.map((c) => c.concentration)).size > 1
  const parts = [
    several && choice.concentration ? message(lang, `concentration_${choice.concentration}`) : null,
    choice.sizeKind ? message(lang, `size_kind_${choice.sizeKind}`) : null,
    choice.volume ? `${choice.volume} ${message(lang, `unit_${choice.unit}`)}` : null,
  ].filter(Boolean)
  const label = parts.join(', ')
  return label.charAt(0).toLocaleUpperCase(lang === 'sr' ? 'uz' : lang) + label.slice(1)
}

/** The line of this product with its choices (shown products, in the line's order); null outside a line. */
export async function productLine(db: Db, productId: number, lang: Lang): Promise<ProductLine | null> {
  const [line] = await db
    .select({ id: productLines.id, slug: productLines.slug, name: productLines.name })
    .from(products)
    .innerJoin(productLines, eq(productLines.id, products.lineId))
    .where(eq(products.id, productId))
  if (!line) return null
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      volume: products.volume,
      unit: products.unit,
      concentration: products.concentration,
      sizeKind: products.sizeKind,
      price: products.price,
      salePrice: activeSalePrice,
      stock: products.stock,
    })
    .from(products)
    .where(and(eq(products.lineId, line.id), shownProduct))
    .orderBy(asc(products.linePosition), asc(products.id))
  return {
    ...line,
    members: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: pick(row.title, lang),
      label: choiceLabel(row, rows, lang) || pick(row.title, lang),
      volume: row.volume,
      unit: row.unit,
      concentration: row.concentration,
      size_kind: row.sizeKind,
      price: row.price,
      sale_price: row.salePrice,
      price_per_10: pricePer10(row.salePrice ?? row.price, row.volume, row.unit),
      in_stock: row.stock > 0,
    })),
  }
}

/**
 * What a card standing for its whole line says of it: how many sizes are shown
 * and the lowest price paid among those in stock (of all, when none is), by
 * product id; only for lines with more than one shown product.
 */
export async function lineSummaries(db: Db, productIds: number[]): Promise<Map<number, LineSummary>> {
  const byProduct = new Map<number, LineSummary>()
  if (!productIds.length) return byProduct
  const cards = await db
    .select({ id: products.id, lineId: products.lineId })
    .from(products)
    .where(and(inArray(products.id, productIds), isNotNull(products.lineId)))
  const lineIds = [...new Set(cards.map((c) => c.lineId as number))]
  if (!lineIds.length) return byProduct
  const lines = await db
    .select({
      id: productLines.id,
      name: productLines.name,
      sizes: count(),
      fromInStock: sql<number | null>`min(${pricePaid}) filter (where ${gt(products.stock, 0)})`.mapWith(Number),
      fromAll: min(pricePaid).mapWith(Number),
    })
    .from(products)
    .innerJoin(productLines, eq(productLines.id, products.lineId))
    .where(and(inArray(products.lineId, lineIds), shownProduct))
    .groupBy(productLines.id, productLines.name)
  const byLine = new Map(lines.map((l) => [l.id, l]))
  for (const card of cards) {
    const line = byLine.get(card.lineId as number)
    if (!line || line.sizes < 2) continue
    byProduct.set(card.id, {
      id: line.id,
      name: line.name,
      size_count: line.sizes,
      price_from: line.fromInStock ?? line.fromAll,
    })
  }
  return byProduct
}
