import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { VolumeUnit } from '#contract/catalogue.ts'
import {
  type Concentration,
  concentrations,
  DEFAULT_LISTING_SIZES,
  type ListingSizes,
  type SizeKind,
} from '#contract/product-lines.ts'
import { readSetting } from '../content/settings.ts'
import type { Db } from '../db/client.ts'
import { productLines, products } from '../db/schema/index.ts'
import { type Lang, pick } from '../http/locale.ts'
import { message } from '../http/messages.ts'
import { memoize } from './cache.ts'
import { activeSalePrice, pricePaid, shownProduct } from './products.ts'
import type { LineSize, LineSummary, ProductLine } from './schemas.ts'
import { isNamedSize, type NamedSize } from './size-words.ts'

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

/**
 * A line's choices by concentration, weakest first (contract/product-lines.ts),
 * the products of none ("other forms": a gift set, a body spray) last; each
 * group's products in the line's order.
 */
function concentrationGroups(rows: (Choice & { id: number })[], lang: Lang): ProductLine['groups'] {
  const keys = [...concentrations, null]
  return keys.flatMap((concentration) => {
    const ids = rows.filter((row) => row.concentration === concentration).map((row) => row.id)
    if (!ids.length) return []
    const name = message(lang, `concentration_${concentration ?? 'other'}`)
    return [{ concentration, name, member_ids: ids }]
  })
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
    groups: concentrationGroups(rows, lang),
    members: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      title: pick(row.title, lang),
      label: choiceLabel(row, rows, lang) || pick(row.title, lang),
      size_label: choiceLabel(row, [row], lang) || pick(row.title, lang),
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
 * One product per line among those `filters` keep and every product of no
 * line: a list of one card per fragrance. A line stands as its first product
 * in the line's order, or, with `preferred` (a search naming a size), the
 * first by those orderings.
 */
export function firstOfEachLine(db: Db, filters: SQL[], preferred: SQL[] = []): SQL {
  const firsts = db
    .selectDistinctOn([products.lineId], { id: products.id })
    .from(products)
    .where(and(isNotNull(products.lineId), ...filters))
    .orderBy(asc(products.lineId), ...preferred, asc(products.linePosition), asc(products.id))
  return or(isNull(products.lineId), inArray(products.id, firsts))!
}

type MemberRow = {
  id: number
  lineId: number
  slug: string
  volume: number | null
  unit: VolumeUnit
  concentration: Concentration | null
  sizeKind: SizeKind | null
  paid: number
  inStock: boolean
}

/**
 * The sizes a card shows as chips: each volume of the line once, smallest
 * first, as the product a chip opens: of the card's concentration where the
 * line has it in that volume, a regular bottle before a tester or miniature,
 * in stock before sold out, then the line's order.
 */
function sizeChips(members: MemberRow[], card: MemberRow): LineSize[] {
  const rank = (m: MemberRow) =>
    (m.concentration === card.concentration ? 0 : 4) + (m.sizeKind === null ? 0 : 2) + (m.inStock ? 0 : 1)
  const byVolume = new Map<number, MemberRow>()
  // Members come in the line's order: the first of the lowest rank wins.
  for (const m of members) {
    if (m.volume === null) continue
    const known = byVolume.get(m.volume)
    if (m.id === card.id || !known || (known.id !== card.id && rank(m) < rank(known))) byVolume.set(m.volume, m)
  }
  return [...byVolume.values()]
    .sort((a, b) => a.volume! - b.volume!)
    .map((m) => ({
      volume: m.volume!,
      unit: m.unit,
      slug: m.slug,
      price: m.paid,
      in_stock: m.inStock,
      current: m.id === card.id,
    }))
}

/** The price range a list asked for (`price__gte`, `price__lte`), in sum. */
export type PriceBounds = { price__gte?: number; price__lte?: number }

/**
 * What a card standing for its whole line says of it: how many sizes are
 * shown, the lowest price paid among those in stock (of all, when none is) and
 * within the list's price range, its volumes as chips, and whether it is the
 * size a search named; by product id, only for lines with more than one shown product.
 */
export async function lineSummaries(
  db: Db,
  productIds: number[],
  named: NamedSize | null = null,
  { price__gte = 0, price__lte = Number.POSITIVE_INFINITY }: PriceBounds = {},
): Promise<Map<number, LineSummary>> {
  const byProduct = new Map<number, LineSummary>()
  if (!productIds.length) return byProduct
  const cards = await db
    .select({ id: products.id, lineId: products.lineId })
    .from(products)
    .where(and(inArray(products.id, productIds), isNotNull(products.lineId)))
  const lineIds = [...new Set(cards.map((c) => c.lineId as number))]
  if (!lineIds.length) return byProduct
  const [lines, members] = await Promise.all([
    db
      .select({ id: productLines.id, name: productLines.name })
      .from(productLines)
      .where(inArray(productLines.id, lineIds)),
    db
      .select({
        id: products.id,
        lineId: sql<number>`${products.lineId}`.mapWith(Number),
        slug: products.slug,
        volume: products.volume,
        unit: products.unit,
        concentration: products.concentration,
        sizeKind: products.sizeKind,
        paid: pricePaid,
        stock: products.stock,
      })
      .from(products)
      .where(and(inArray(products.lineId, lineIds), shownProduct))
      .orderBy(asc(products.lineId), asc(products.linePosition), asc(products.id)),
  ])
  const names = new Map(lines.map((l) => [l.id, l.name]))
  const rows: MemberRow[] = members.map(({ stock, ...m }) => ({ ...m, inStock: stock > 0 }))
  for (const card of cards) {
    const own = rows.filter((m) => m.lineId === card.lineId)
    const self = own.find((m) => m.id === card.id)
    if (own.length < 2 || !self) continue
    // A list filtered by price says "from" a price inside its range (the card's own size is in it).
    const inRange = own.filter((m) => m.paid >= price__gte && m.paid <= price__lte)
    const priced = inRange.length ? inRange : own
    const inStock = priced.filter((m) => m.inStock)
    byProduct.set(card.id, {
      id: self.lineId,
      name: names.get(self.lineId) ?? '',
      size_count: own.length,
      price_from: Math.min(...(inStock.length ? inStock : priced).map((m) => m.paid)),
      sizes: sizeChips(own, self),
      size_named: isNamedSize(named, self),
    })
  }
  return byProduct
}
