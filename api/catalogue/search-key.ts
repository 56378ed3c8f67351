import { eq, inArray, sql } from 'drizzle-orm'
import type { VolumeUnit } from '#contract/catalogue.ts'
import type { Db } from '../db/client.ts'
import { recordset } from '../db/recordset.ts'
import { brands, products, settings } from '../db/schema/index.ts'
import type { Localized } from '../http/locale.ts'
import { invalidateCatalogue } from './cache.ts'
import { buildSearchKey } from './search-text.ts'
import { announceSearchKeyWords } from './vocabulary.ts'

export type SearchKeyProduct = {
  title: Localized
  aliases?: readonly string[] | null
  volume?: number | null
  unit?: VolumeUnit | null
}
export type SearchKeyBrand = { name: string; aliases?: readonly string[] | null }

/**
 * The text a product is found by: brand, titles in every language, the local
 * spellings of brand and line, and the volume, folded to plain Latin. Kept in
 * `products.search_key` and rebuilt by the application whenever one of these
 * changes (pg_trgm ignores Cyrillic on a C-locale database, so SQL cannot
 * build it). The brand comes first so "dior sauvage" meets "dior" and
 * "sauvage" side by side, which word similarity rewards.
 */
export function productSearchKey(product: SearchKeyProduct, brand: SearchKeyBrand): string {
  return buildSearchKey([
    brand.name,
    product.title.ru,
    product.title.sr,
    product.title.uz,
    ...(brand.aliases ?? []),
    ...(product.aliases ?? []),
    product.volume ? `${product.volume} ${product.unit ?? 'ml'}` : null,
  ])
}

/**
 * Rebuilds the search keys of these products (all of a brand's when `brandId`
 * is given). Inside a transaction pass it as `tx`; `db` keys the caches.
 */
export async function reindexProducts(db: Db, where: { productIds?: number[]; brandId?: number }, tx: Db = db) {
  // Thousands of ids (an import) are read a slice at a time: a parameter each.
  const conditions =
    where.brandId !== undefined
      ? [eq(products.brandId, where.brandId)]
      : chunks(where.productIds ?? [], 5000).map((ids) => inArray(products.id, ids))
  const written: { id: number; key: string }[] = []
  for (const condition of conditions) {
    const rows = await tx
      .select({
        id: products.id,
        title: products.title,
        aliases: products.aliases,
        volume: products.volume,
        unit: products.unit,
        searchKey: products.searchKey,
        brandName: brands.name,
        brandAliases: brands.aliases,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(condition)
    for (const row of rows) {
      const key = productSearchKey(row, { name: row.brandName, aliases: row.brandAliases })
      if (key !== row.searchKey) written.push({ id: row.id, key })
    }
  }
  for (const slice of chunks(written, 5000))
    await tx.execute(sql`update ${products} p set search_key = v.key, updated_at = now()
      from ${recordset(slice, { id: 'integer', key: 'text' })} where p.id = v.id`)
  if (written.length) {
    await announceSearchKeyWords(
      db,
      written.map((w) => w.key),
      tx,
    )
    await invalidateCatalogue(db, tx)
  }
  return written.length
}

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))

const sharedSpellingsKey = 'search_line_spellings'

/**
 * Once per database: a product of a line named after another line of its
 * brand ("Sauvage Shower Gel" after "Sauvage") gets that line's local
 * spellings, so «соваж» finds the shower gel too. Seeds now write
 * them; this brings databases seeded before that up to date at start. A product's
 * first alias is its line's name (seed/products.ts).
 */
export async function shareLineSpellings(db: Db): Promise<number> {
  const done = await db.select({ key: settings.key }).from(settings).where(eq(settings.key, sharedSpellingsKey))
  if (done.length) return 0
  const rows = await db.select({ id: products.id, brandId: products.brandId, aliases: products.aliases }).from(products)
  const lines = new Map<string, Set<string>>()
  const lineKey = (brandId: number, name: string) => `${brandId} ${name}`
  for (const { brandId, aliases } of rows) {
    const [name, ...spellings] = aliases
    if (!name) continue
    const known = lines.get(lineKey(brandId, name)) ?? new Set()
    for (const spelling of spellings) known.add(spelling)
    lines.set(lineKey(brandId, name), known)
  }
  const changed: { id: number; aliases: string[] }[] = []
  for (const { id, brandId, aliases } of rows) {
    const name = aliases[0]
    if (!name) continue
    const words = name.split(' ')
    // The lines this one extends: its name's leading words, one word shorter at a time.
    const inherited = words
      .slice(1)
      .flatMap((_, i) => [...(lines.get(lineKey(brandId, words.slice(0, i + 1).join(' '))) ?? [])])
    const missing = [...new Set(inherited)].filter((spelling) => !aliases.includes(spelling))
    if (missing.length) changed.push({ id, aliases: [...aliases, ...missing] })
  }
  await db.transaction(async (tx) => {
    for (const { id, aliases } of changed) await tx.update(products).set({ aliases }).where(eq(products.id, id))
    if (changed.length) await reindexProducts(db, { productIds: changed.map((c) => c.id) }, tx)
    await tx
      .insert(settings)
      .values({ key: sharedSpellingsKey, value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
  })
  return changed.length
}
